package wordblock

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"wordengine/game"
	"wordengine/lexicon"
)

// ErrIllegal is wrapped by every error of ParseMove for a move that the
// rules forbid (as opposed to text that is not a move).
var ErrIllegal = errors.New("wordblock: illegal move")

// CellName returns the name of the cell at row r, column c: the column as
// a letter from 'a', the row as a number from 1 at the top ("a1", "c4").
func CellName(r, c int) string { return string(rune('a'+c)) + strconv.Itoa(r+1) }

func cellName(c int) string { return CellName(c/stride, c%stride) }

// FormatMove implements game.State: the word in upper case and its cells
// in word order, "TIER a1,b3,c2,d4"; "pass" for a pass.
func (s *State) FormatMove(m game.Move) string {
	n := moveLen(m)
	if n == passLen {
		return "pass"
	}
	var cells [MaxWordLen]uint8
	switch {
	case isLong(m) && int(m.A>>moveLenBits) < len(s.wordList().slots):
		n = len(s.longCells(m, cells[:0]))
	case n < 2 || n > maxPacked:
		return fmt.Sprintf("<bad move %x:%x>", m.A, m.B)
	default:
		for i := range n {
			cells[i] = uint8(cellAt(m, i))
		}
	}
	var buf [MaxWordLen]lexicon.Tile
	for i := range n {
		buf[i] = s.board.tiles[cells[i]]
	}
	var b strings.Builder
	s.lx.Alphabet.AppendFormat(&b, buf[:n])
	for i := range n {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(cellName(int(cells[i])))
	}
	return b.String()
}

// ParseMove implements game.State. It reads "pass" (or "-"), a word with
// its cells in word order ("TIER a1,b3,c2,d4"; commas or spaces between
// cells; any cells that spell the word, equal letters in any order), or
// a word alone ("TIER"), which takes the cells AppendMoves' first choice
// for that word takes. Letters may be in either case. Errors for moves the
// rules forbid wrap ErrIllegal.
func (s *State) ParseMove(text string) (game.Move, error) {
	text = strings.TrimSpace(text)
	if s.over {
		return game.Move{}, fmt.Errorf("%w: the game is over", ErrIllegal)
	}
	if strings.EqualFold(text, "pass") || text == "-" {
		return Pass, nil
	}
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	if len(fields) == 0 {
		return game.Move{}, errors.New("wordblock: empty move: want a word, its cells, or pass")
	}
	w, err := s.lx.Alphabet.Parse(nil, strings.ToUpper(fields[0]))
	if err != nil {
		return game.Move{}, fmt.Errorf("wordblock: move %q: %w", text, err)
	}
	for _, t := range w {
		if t.Letter() == 0 {
			return game.Move{}, fmt.Errorf("wordblock: move %q: '?' is not a letter", text)
		}
	}
	word := s.lx.Alphabet.Word(w)
	switch {
	case len(w) < 2:
		return game.Move{}, fmt.Errorf("%w: %s: a word has at least 2 letters", ErrIllegal, word)
	case len(w) > MaxWordLen:
		return game.Move{}, fmt.Errorf("%w: %s: words of more than %d letters do not fit a move", ErrIllegal, word, MaxWordLen)
	case !s.hasWord(w):
		return game.Move{}, fmt.Errorf("%w: %s is not in lexicon %s", ErrIllegal, word, s.lx.Name)
	}
	if k := keyOf(w); s.isBlocked(k) {
		return game.Move{}, fmt.Errorf("%w: %s", ErrIllegal, s.blockReason(k, w))
	}
	var cells [MaxWordLen]uint8
	if len(fields) == 1 {
		if !s.choose(w, cells[:len(w)]) {
			return game.Move{}, fmt.Errorf("%w: the board's letters cannot spell %s", ErrIllegal, word)
		}
		return s.moveOf(w, cells[:len(w)]), nil
	}
	// Each cell's syntax first: "a1;b2;c3" is one bad cell, not a wrong
	// count of cells.
	for _, f := range fields[1:] {
		if _, _, err := s.parseCell(f); err != nil {
			return game.Move{}, fmt.Errorf("wordblock: move %q: %w", text, err)
		}
	}
	if len(fields)-1 != len(w) {
		return game.Move{}, fmt.Errorf("wordblock: move %q: %d cells for a word of %d letters", text, len(fields)-1, len(w))
	}
	var used uint64
	for i, f := range fields[1:] {
		r, c, err := s.parseCell(f)
		if err != nil {
			return game.Move{}, fmt.Errorf("wordblock: move %q: %w", text, err)
		}
		cell := r*stride + c
		if used>>cell&1 != 0 {
			return game.Move{}, fmt.Errorf("%w: cell %s used twice", ErrIllegal, f)
		}
		used |= 1 << cell
		if t := s.board.tiles[cell]; t != w[i] {
			return game.Move{}, fmt.Errorf("%w: cell %s holds %s, not %s", ErrIllegal, f, s.lx.Alphabet.Letter(t), s.lx.Alphabet.Letter(w[i]))
		}
		cells[i] = uint8(cell)
	}
	s.canonical(w, cells[:len(w)])
	return s.moveOf(w, cells[:len(w)]), nil
}

// canonical reorders, for each letter, the cells of its occurrences in w
// by the position's cell preference for the player to move.
func (s *State) canonical(w []lexicon.Tile, cells []uint8) {
	g := s.prepare(s.turn)
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			if w[j] == w[i] && g.rank[cells[j]] < g.rank[cells[i]] {
				cells[i], cells[j] = cells[j], cells[i]
			}
		}
	}
}

func (s *State) parseCell(f string) (r, c int, err error) {
	f = strings.ToLower(f)
	if len(f) < 2 || f[0] < 'a' || f[0] > 'z' {
		return 0, 0, fmt.Errorf("cell %q: want a column letter and a row number, like b3", f)
	}
	if strings.Trim(f[1:], "0123456789") != "" {
		return 0, 0, fmt.Errorf("cell %q: want a column letter and a row number, like b3", f)
	}
	c = int(f[0] - 'a')
	r, err = strconv.Atoi(f[1:])
	if err != nil || r < 1 || r > s.board.rows || c >= s.board.cols {
		return 0, 0, fmt.Errorf("cell %q: off the %dx%d board (a1 to %s)", f, s.board.rows, s.board.cols, CellName(s.board.rows-1, s.board.cols-1))
	}
	return r - 1, c, nil
}

// blockReason says which played word blocks k.
func (s *State) blockReason(k wkey, w []lexicon.Tile) string {
	word := s.lx.Alphabet.Word(w)
	var buf [MaxWordLen]lexicon.Tile
	for _, pk := range s.words {
		if pk == k {
			return word + " was played"
		}
	}
	for _, pk := range s.words {
		pw := s.wordTiles(pk, buf[:0])
		if contains(pw, w, s.contain) {
			if s.contain == Prefix {
				return fmt.Sprintf("%s is a prefix of the played word %s", word, s.lx.Alphabet.Word(pw))
			}
			return fmt.Sprintf("%s is contained in the played word %s", word, s.lx.Alphabet.Word(pw))
		}
	}
	return word + " is blocked"
}

// contains reports whether played blocks w under rule c.
func contains(played, w []lexicon.Tile, c Contain) bool {
	for i := 0; i+len(w) <= len(played); i++ {
		match := true
		for j := range w {
			if played[i+j] != w[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
		if c == Prefix {
			break
		}
	}
	return false
}

// String implements game.State: Render without colour.
func (s *State) String() string { return s.Render(false) }

// colourMark is the marker of each seat in text: b, o, v, y.
var colourMark = [MaxPlayers]byte{'b', 'o', 'v', 'y'}

// ansiColour is each seat's background colour for Render(true).
var ansiColour = [MaxPlayers]string{"44", "48;5;208", "45", "43"}

// Render draws the position: a header line (rule, whose turn, words
// played, passes), the board with column letters and row numbers, and a
// line per seat with its score and secured cells, then the played words.
// A cell is its letter followed by its colour mark (b, o, v, y for BLUE,
// ORANGE, VIOLET, YELLOW; '.' when uncoloured) and '*' when secured:
// "Tb*" is a T secured by BLUE. With ansi, cells are also drawn on their
// colour's background, secured cells in bold and underlined.
func (s *State) Render(ansi bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "wordblock %dx%d, %d players, contain=%s; ", s.board.rows, s.board.cols, s.players, s.contain)
	if s.over {
		b.WriteString("game over")
	} else {
		fmt.Fprintf(&b, "%s to move", Colours[s.turn])
	}
	fmt.Fprintf(&b, "; %d/%d words; %d passes\n", len(s.words), MaxWords, s.passes)
	width := 1
	for _, l := range s.lx.Alphabet.Letters() {
		width = max(width, utf8.RuneCountInString(l))
	}
	var line strings.Builder
	endLine := func() {
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
		line.Reset()
	}
	line.WriteString("   ")
	for c := range s.board.cols {
		fmt.Fprintf(&line, " %-*c", width+2, 'a'+c)
	}
	endLine()
	for r := range s.board.rows {
		fmt.Fprintf(&line, "%2d ", r+1)
		for c := range s.board.cols {
			l := s.lx.Alphabet.Letter(s.board.Tile(r, c))
			o := s.Owner(r, c)
			mark, sec := byte('.'), byte(' ')
			if o >= 0 {
				mark = colourMark[o]
			}
			if s.IsSecured(r, c) {
				sec = '*'
			}
			line.WriteByte(' ')
			cell := fmt.Sprintf("%-*s%c%c", width, l, mark, sec)
			if ansi && o >= 0 {
				style := ansiColour[o]
				if sec == '*' {
					style += ";1;4"
				}
				cell = "\x1b[" + style + "m" + cell + "\x1b[0m"
			}
			line.WriteString(cell)
		}
		endLine()
	}
	for p := range s.players {
		fmt.Fprintf(&b, "%-6s (%c) %2d cells, %2d secured\n", Colours[p], colourMark[p], s.Score(p), s.Secured(p))
	}
	b.WriteString("played:")
	for _, w := range s.PlayedWords(nil) {
		b.WriteByte(' ')
		b.WriteString(w)
	}
	b.WriteByte('\n')
	return b.String()
}

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
// lexicon lx (nil: the embedded default). Blank lines and lines starting
// with '#' are ignored; the header's fields may come in any order and
// default to players=2 contain=anywhere turn=BLUE passes=0; the words
// line may be left out. Every played word must be a word of the lexicon,
// not blocked by an earlier one, and spellable from the board's letters.
// The game is over when every cell is coloured, when passes equals the
// number of players, or when MaxWords words were played. Errors are
// *SyntaxError values giving the line and column.
func ParsePosition(lx *lexicon.Lexicon, text string) (*State, error) {
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	type lineText struct {
		n    int
		text string
	}
	var lines []lineText
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		lines = append(lines, lineText{i + 1, l})
	}
	if len(lines) == 0 {
		return nil, &SyntaxError{Line: 1, Col: 1, Msg: "empty position: want a line starting with wordblock"}
	}
	errAt := func(line int, text string, byteOff int, format string, args ...any) error {
		if byteOff > len(text) {
			byteOff = len(text)
		}
		return &SyntaxError{Line: line, Col: utf8.RuneCountInString(text[:byteOff]) + 1, Msg: fmt.Sprintf(format, args...)}
	}
	// Header.
	h := lines[0]
	players, contain, turn, passes := 2, Anywhere, 0, 0
	turnOff := -1
	passOff := 0
	first := true
	for off, f := range fieldsWithOffsets(h.text) {
		if first {
			if f != Name {
				return nil, errAt(h.n, h.text, off, "want %q, found %q", Name, f)
			}
			first = false
			continue
		}
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, errAt(h.n, h.text, off, "field %q: want key=value", f)
		}
		switch k {
		case "players":
			n, err := strconv.Atoi(v)
			if err != nil || n < MinPlayers || n > MaxPlayers {
				return nil, errAt(h.n, h.text, off, "players=%s: want %d to %d", v, MinPlayers, MaxPlayers)
			}
			players = n
		case "contain":
			c, ok := parseContain(v)
			if !ok {
				return nil, errAt(h.n, h.text, off, "contain=%s: want anywhere or prefix", v)
			}
			contain = c
		case "turn":
			turn, turnOff = -1, off
			for p, name := range Colours {
				if strings.EqualFold(v, name) {
					turn = p
				}
			}
			if turn < 0 {
				return nil, errAt(h.n, h.text, off, "turn=%s: want a colour: BLUE, ORANGE, VIOLET or YELLOW", v)
			}
		case "passes":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > MaxPlayers {
				return nil, errAt(h.n, h.text, off, "passes=%s: want 0 to the number of players", v)
			}
			passes, passOff = n, off
		default:
			return nil, errAt(h.n, h.text, off, "unknown field %q (known: players, contain, turn, passes)", k)
		}
	}
	if turn >= players {
		return nil, errAt(h.n, h.text, turnOff, "turn=%s but only %d players", Colours[turn], players)
	}
	if passes > players {
		return nil, errAt(h.n, h.text, passOff, "passes=%d but only %d players", passes, players)
	}
	// Board rows.
	var rows [][]lexicon.Tile
	var owners [][]int
	rest := lines[1:]
	for len(rest) > 0 && !strings.HasPrefix(strings.TrimSpace(rest[0].text), "words") {
		l := rest[0]
		rest = rest[1:]
		row, own, err := parseRow(lx.Alphabet, l.text, l.n, players)
		if err != nil {
			return nil, err
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return nil, errAt(l.n, l.text, 0, "row of %d cells, the first row has %d", len(row), len(rows[0]))
		}
		if len(rows) == MaxSize {
			return nil, errAt(l.n, l.text, 0, "more than %d rows", MaxSize)
		}
		rows, owners = append(rows, row), append(owners, own)
	}
	if len(rows) < MinSize {
		return nil, errAt(h.n, h.text, len(h.text), "%d board rows follow: want %d to %d", len(rows), MinSize, MaxSize)
	}
	if n := len(rows[0]); n < MinSize || n > MaxSize {
		return nil, errAt(h.n+1, "", 0, "%d columns: want %d to %d", n, MinSize, MaxSize)
	}
	b, err := NewBoard(rows)
	if err != nil {
		return nil, err
	}
	s, err := New(lx, b, players, contain)
	if err != nil {
		return nil, err
	}
	for r, row := range owners {
		for c, o := range row {
			if o >= 0 {
				s.own[o] |= 1 << (r*stride + c)
			}
		}
	}
	// Played words.
	if len(rest) > 0 {
		l := rest[0]
		if len(rest) > 1 {
			return nil, errAt(rest[1].n, rest[1].text, 0, "text after the words line")
		}
		firstField := true
		for off, f := range fieldsWithOffsets(l.text) {
			if firstField {
				if f != "words" && f != "words:" {
					return nil, errAt(l.n, l.text, off, "want \"words\", found %q", f)
				}
				firstField = false
				continue
			}
			w, err := lx.Alphabet.Parse(nil, strings.ToUpper(f))
			if err != nil {
				return nil, errAt(l.n, l.text, off, "%v", err)
			}
			if len(s.words) == MaxWords {
				return nil, errAt(l.n, l.text, off, "more than %d words", MaxWords)
			}
			if err := s.canPlay(w); err != nil {
				return nil, errAt(l.n, l.text, off, "%v", err)
			}
			k := keyOf(w)
			s.words = append(s.words, k)
			s.hash ^= k.zhash()
			s.sync()
		}
	}
	var all uint64
	for q := range players {
		s.sec[q] = s.securedOf(s.own[q])
		all |= s.own[q]
		for x := s.own[q]; x != 0; x &= x - 1 {
			s.hash ^= zCell[bits.TrailingZeros64(x)][q]
		}
	}
	s.hash ^= zTurn[0] ^ zTurn[turn] ^ zPass[0] ^ zPass[passes]
	s.turn, s.passes = turn, passes
	s.over = all == s.mask || passes >= players || len(s.words) >= MaxWords
	return s, nil
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
func parseRow(a *lexicon.Alphabet, text string, line, players int) ([]lexicon.Tile, []int, error) {
	var row []lexicon.Tile
	var own []int
	col := func(i int) int { return utf8.RuneCountInString(text[:i]) + 1 }
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
			continue
		case r == '.':
			if len(row) == 0 {
				return nil, nil, &SyntaxError{Line: line, Col: col(i), Msg: "colour mark before any letter"}
			}
			i += size
			continue
		}
		if m := strings.IndexRune("bovy", r); m >= 0 {
			if len(row) == 0 {
				return nil, nil, &SyntaxError{Line: line, Col: col(i), Msg: "colour mark before any letter"}
			}
			if m >= players {
				return nil, nil, &SyntaxError{Line: line, Col: col(i), Msg: fmt.Sprintf("colour %s in a game of %d players", Colours[m], players)}
			}
			if own[len(own)-1] >= 0 {
				return nil, nil, &SyntaxError{Line: line, Col: col(i), Msg: "two colour marks on one cell"}
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
				return nil, nil, &SyntaxError{Line: line, Col: col(i), Msg: "'[' without ']'"}
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
				return nil, nil, &SyntaxError{Line: line, Col: col(i + k), Msg: fmt.Sprintf("%q: letters are upper-case; colour marks are b, o, v, y and '.'", string(r2))}
			}
		}
		tiles, off, err := splitRun(a, text[i:j])
		if err != nil {
			return nil, nil, &SyntaxError{Line: line, Col: col(i + off), Msg: err.Error()}
		}
		for _, t := range tiles {
			row = append(row, t)
			own = append(own, -1)
		}
		i = j
	}
	if len(row) == 0 {
		return nil, nil, &SyntaxError{Line: line, Col: 1, Msg: "empty row"}
	}
	return row, own, nil
}

// fieldsWithOffsets iterates over the space-separated fields of text with
// their byte offsets.
func fieldsWithOffsets(text string) func(yield func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for i := 0; i < len(text); {
			r, size := utf8.DecodeRuneInString(text[i:])
			if unicode.IsSpace(r) {
				i += size
				continue
			}
			j := i
			for j < len(text) {
				r, size := utf8.DecodeRuneInString(text[j:])
				if unicode.IsSpace(r) {
					break
				}
				j += size
			}
			if !yield(i, text[i:j]) {
				return
			}
			i = j
		}
	}
}
