package wordblock

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"wordengine/game/option"
	"wordengine/game/textpos"
	"wordengine/lexicon"
)

// Format writes the position in the text format ParsePosition reads:
//
//	wordblock players=2 contain=anywhere turn=BLUE passes=0
//	Tb Ib E. R. S.
//	A. Bo C. D. E.
//	...
//	words TIER
//
// The first line names the game and its state: players (2 to 4), the
// played-word rule, the colour to move, and the passes just played in a
// row. One line per board row follows: each cell is its letter (bracketed
// when it has several characters, "[QU]") and its colour mark (b, o, v, y,
// or '.' for uncoloured); spaces between cells are optional. The last
// line lists the played words in order. Secured cells are not written:
// they follow from the colours.
func (s *State) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "wordblock players=%d contain=%s turn=%s passes=%d\n", s.players, s.contain, Colours[s.turn], s.passes)
	for r := range s.board.rows {
		for c := range s.board.cols {
			if c > 0 {
				b.WriteByte(' ')
			}
			s.lx.Alphabet.AppendFormat(&b, []lexicon.Tile{s.board.Tile(r, c)})
			if o := s.Owner(r, c); o >= 0 {
				b.WriteByte(colourMark[o])
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("words")
	for _, w := range s.PlayedWords(nil) {
		b.WriteByte(' ')
		b.WriteString(w)
	}
	b.WriteByte('\n')
	return b.String()
}

// ParsePosition reads a position in the format of Format, judged by
// lexicon lx (nil: the embedded default). A '#' starts a comment, which
// runs to the end of the line, and blank lines are skipped (package
// textpos has what the text position formats share); the header's fields
// may come in any order, separated by spaces or commas, and default to
// players=2 contain=anywhere turn=BLUE passes=0; the words line may be
// left out. Every played word must be a word of the lexicon, not blocked
// by an earlier one, and spellable from the board's letters. The game is
// over when every cell is coloured, when passes equals the number of
// players, or when MaxWords words were played. Errors are *SyntaxError
// values giving the line and column.
func ParsePosition(lx *lexicon.Lexicon, text string) (*State, error) {
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	doc := textpos.Split(text)
	head, err := doc.Header(Name, "wordblock [players=2] [contain=anywhere] [turn=BLUE] [passes=0]")
	if err != nil {
		return nil, err
	}
	h := header{players: 2}
	opts := h.options()
	if err := head.Options(opts); err != nil {
		return nil, err
	}
	if h.turn >= h.players {
		return nil, head.OptionError(opts.Errorf("turn", "only %d players", h.players))
	}
	if h.passes > h.players {
		return nil, head.OptionError(opts.Errorf("passes", "only %d players", h.players))
	}
	rows, owners, rest, err := readRows(lx.Alphabet, head, doc.Lines[1:], h.players)
	if err != nil {
		return nil, err
	}
	b, err := NewBoard(rows)
	var s *State
	if err == nil {
		s, err = New(lx, b, h.players, h.contain)
	}
	if err != nil {
		return nil, head.Errorf(0, "%v", err)
	}
	for r, row := range owners {
		for c, o := range row {
			if o >= 0 {
				s.own[o] |= 1 << (r*stride + c)
			}
		}
	}
	if len(rest) > 1 {
		return nil, rest[1].Errorf(1, "text after the words line")
	}
	if len(rest) == 1 {
		if err := s.readWords(rest[0]); err != nil {
			return nil, err
		}
	}
	s.setTurn(h.turn, h.passes)
	return s, nil
}

// header is what a position's first line gives.
type header struct {
	players, turn, passes int
	contain               Contain
}

// options binds the header's fields to h.
func (h *header) options() *option.Set {
	s := option.NewSet("", "")
	s.Int(&h.players, "players", MinPlayers, MaxPlayers)
	containOption(s, &h.contain)
	colours := make([]option.Value[int], MaxPlayers)
	for p, c := range Colours {
		colours[p] = option.Is(p, c)
	}
	option.Choice(s, &h.turn, "turn", colours...)
	s.Int(&h.passes, "passes", 0, MaxPlayers)
	return s
}

// readRows reads the board rows that follow the header, up to the words
// line, and returns the lines after them.
func readRows(a *lexicon.Alphabet, head textpos.Line, lines []textpos.Line, players int) (rows [][]lexicon.Tile, owners [][]int, rest []textpos.Line, err error) {
	firstRow := head.No + 1
	for len(lines) > 0 && !strings.HasPrefix(lines[0].Key(), "words") {
		l := lines[0]
		if len(rows) == 0 {
			firstRow = l.No
		}
		lines = lines[1:]
		row, own, err := parseRow(a, l, players)
		if err != nil {
			return nil, nil, nil, err
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return nil, nil, nil, l.Errorf(1, "row of %d cells, the first row has %d", len(row), len(rows[0]))
		}
		if len(rows) == MaxSize {
			return nil, nil, nil, l.Errorf(1, "more than %d rows", MaxSize)
		}
		rows, owners = append(rows, row), append(owners, own)
	}
	if len(rows) < MinSize {
		return nil, nil, nil, head.Errorf(head.Col(len(head.Text)), "%d board rows follow: want %d to %d", len(rows), MinSize, MaxSize)
	}
	if n := len(rows[0]); n < MinSize || n > MaxSize {
		return nil, nil, nil, textpos.Errorf(firstRow, 1, "%d columns: want %d to %d", n, MinSize, MaxSize)
	}
	return rows, owners, lines, nil
}

// readWords reads the words line: the played words, in order.
func (s *State) readWords(l textpos.Line) error {
	if k := l.Key(); k != "words" && k != "words:" {
		return l.Errorf(l.Fields[0].Col, "want \"words\", found %q", k)
	}
	for _, f := range l.Args() {
		w, err := s.lx.Alphabet.Parse(nil, strings.ToUpper(f.Text))
		if err != nil {
			return f.Errorf("%v", err)
		}
		if len(s.words) == MaxWords {
			return f.Errorf("more than %d words", MaxWords)
		}
		if err := s.canPlay(w); err != nil {
			return f.Errorf("%v", err)
		}
		k := keyOf(w)
		s.words = append(s.words, k)
		s.hash ^= k.zhash()
		s.sync()
	}
	return nil
}

// setTurn completes a parsed position: the secured cells, the hash, the
// seat to move, the passes in a row and whether the game is over.
func (s *State) setTurn(turn, passes int) {
	var all uint64
	for q := range s.players {
		s.sec[q] = s.securedOf(s.own[q])
		all |= s.own[q]
		for x := s.own[q]; x != 0; x &= x - 1 {
			s.hash ^= zCell[bits.TrailingZeros64(x)][q]
		}
	}
	s.hash ^= zTurn[0] ^ zTurn[turn] ^ zPass[0] ^ zPass[passes]
	s.turn, s.passes = turn, passes
	s.over = all == s.mask || passes >= s.players || len(s.words) >= MaxWords
}

// canPlay checks that word w could have been played in this game: a word
// of the lexicon, not blocked, spellable from the board's letters.
func (s *State) canPlay(w []lexicon.Tile) error {
	word := s.lx.Alphabet.Word(w)
	var count [lexicon.MaxLetters + 1]int
	for _, t := range w {
		if t.Letter() == 0 || t.IsBlank() {
			return fmt.Errorf("%q is not a word", s.lx.Alphabet.Format(w))
		}
		count[t]++
	}
	switch {
	case len(w) < 2 || len(w) > MaxWordLen:
		return fmt.Errorf("%s: a word has 2 to %d letters", word, MaxWordLen)
	case !s.hasWord(w):
		return fmt.Errorf("%s is not in lexicon %s", word, s.lx.Name)
	}
	if k := keyOf(w); s.isBlocked(k) {
		return errors.New(s.blockReason(k, w))
	}
	for _, t := range s.board.tiles {
		if t != 0 {
			count[t]--
		}
	}
	for _, t := range w {
		if count[t] > 0 {
			return fmt.Errorf("the board's letters cannot spell %s", word)
		}
	}
	return nil
}

// parseRow reads one board row of a position: letters with optional
// colour marks.
func parseRow(a *lexicon.Alphabet, l textpos.Line, players int) ([]lexicon.Tile, []int, error) {
	var row []lexicon.Tile
	var own []int
	text := l.Text
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
			continue
		case r == '.':
			if len(row) == 0 {
				return nil, nil, l.Errorf(l.Col(i), "colour mark before any letter")
			}
			i += size
			continue
		}
		if m := strings.IndexRune("bovy", r); m >= 0 {
			if len(row) == 0 {
				return nil, nil, l.Errorf(l.Col(i), "colour mark before any letter")
			}
			if m >= players {
				return nil, nil, l.Errorf(l.Col(i), "colour %s in a game of %d players", Colours[m], players)
			}
			if own[len(own)-1] >= 0 {
				return nil, nil, l.Errorf(l.Col(i), "two colour marks on one cell")
			}
			own[len(own)-1] = m
			i += size
			continue
		}
		// A run of letters: up to a space, a mark, or the end.
		j := i
		if r == '[' {
			k := strings.IndexByte(text[i:], ']')
			if k < 0 {
				return nil, nil, l.Errorf(l.Col(i), "'[' without ']'")
			}
			j = i + k + 1
		} else {
			for j < len(text) {
				r2, size2 := utf8.DecodeRuneInString(text[j:])
				if unicode.IsSpace(r2) || r2 == '.' || r2 == '[' || strings.ContainsRune("bovy", r2) {
					break
				}
				j += size2
			}
		}
		for k, r2 := range text[i:j] {
			if unicode.IsLower(r2) {
				return nil, nil, l.Errorf(l.Col(i+k), "%q: letters are upper-case; colour marks are b, o, v, y and '.'", string(r2))
			}
		}
		tiles, off, err := splitRun(a, text[i:j])
		if err != nil {
			return nil, nil, l.Errorf(l.Col(i+off), "%v", err)
		}
		for _, t := range tiles {
			row = append(row, t)
			own = append(own, -1)
		}
		i = j
	}
	if len(row) == 0 {
		return nil, nil, l.Errorf(1, "empty row")
	}
	return row, own, nil
}
