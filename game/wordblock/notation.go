package wordblock

import (
	"errors"
	"fmt"
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
	if !cellShaped(f) {
		return 0, 0, fmt.Errorf("cell %q: want a column letter and a row number, like b3", f)
	}
	c = int(f[0] - 'a')
	r, err = strconv.Atoi(f[1:])
	if err != nil || r < 1 || r > s.board.rows || c >= s.board.cols {
		return 0, 0, fmt.Errorf("cell %s is off the %dx%d board (a1 to %s)", f, s.board.rows, s.board.cols, CellName(s.board.rows-1, s.board.cols-1))
	}
	return r - 1, c, nil
}

// cellShaped reports whether f has the shape of a cell name, on the
// board or not: a column letter and a row number ("b3", "z9").
func cellShaped(f string) bool {
	f = strings.ToLower(f)
	return len(f) >= 2 && f[0] >= 'a' && f[0] <= 'z' && strings.Trim(f[1:], "0123456789") == ""
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
