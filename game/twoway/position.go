package twoway

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"wordengine/game/option"
	"wordengine/game/textpos"
	"wordengine/lexicon"
)

// Position writes s in the position format that ParsePosition reads:
//
//	twoway lengths=3,4,5,6
//	turn red place          (red|blue, then place|claim; or "turn over")
//	missed 0 0              (turns red and blue will miss)
//	#    a   b   c   d   e   f   g
//	1    .   .   E/T .   .   .   .
//	...                     (rows 1 to 7; a tile is RED/BLUE, ? for a hidden face)
//	red revealed d4 e4      (cells whose red face a wrong claim of red announced;
//	                        only when there are some; likewise blue revealed)
//	red hand E/T A/?
//	blue hand ?/? ?/?
//	red words C/X-A/B-T/R   (claimed words, tile by tile)
//	blue words
//	bag 60                  (a number of hidden tiles, or the tiles in order)
func (s *State) Position() string {
	var b strings.Builder
	b.WriteString("twoway " + s.rules.String() + "\n")
	switch {
	case s.over:
		b.WriteString("turn over\n")
	default:
		b.WriteString("turn " + ColourNames[s.toMove] + [2]string{" place", " claim"}[s.phase] + "\n")
	}
	fmt.Fprintf(&b, "missed %d %d\n", s.miss[0], s.miss[1])
	var row strings.Builder
	row.WriteString("#  ")
	for c := range Size {
		fmt.Fprintf(&row, " %-4c", 'a'+c)
	}
	b.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	for r := range Size {
		row.Reset()
		fmt.Fprintf(&row, "%d  ", r+1)
		for c := range Size {
			cell := r*Size + c
			tok := "."
			if s.occ>>cell&1 != 0 {
				tok = s.tileText(s.grid[cell])
			}
			fmt.Fprintf(&row, " %-4s", tok)
		}
		b.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	}
	for k := range 2 {
		if s.revealed[k]&s.occ != 0 {
			b.WriteString(ColourNames[k] + " revealed")
			for c := range Cells {
				if s.revealed[k]&s.occ>>c&1 != 0 {
					b.WriteString(" " + CellName(c))
				}
			}
			b.WriteString("\n")
		}
	}
	for p := range 2 {
		b.WriteString(ColourNames[p] + " hand")
		for _, t := range s.hands[p] {
			b.WriteString(" " + s.tileText(t))
		}
		b.WriteString("\n")
	}
	for p := range 2 {
		b.WriteString(ColourNames[p] + " words")
		for _, w := range s.words[p] {
			b.WriteString(" ")
			for i, t := range w.tiles[:w.n] {
				if i > 0 {
					b.WriteString("-")
				}
				b.WriteString(s.tileText(t))
			}
		}
		b.WriteString("\n")
	}
	if s.bagCount > 0 {
		fmt.Fprintf(&b, "bag %d\n", s.bagCount)
	} else {
		b.WriteString("bag")
		for _, t := range s.bag {
			b.WriteString(" " + s.tileText(t))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// PositionError is the error of ParsePosition: what is wrong and where
// (Line and Col from 1; Col 0 when the whole line is at fault, Line 0
// when no one line is: the tile set cannot supply the tiles shown),
// written "line L, column C: message".
type PositionError = textpos.Error

// ParsePosition reads a position in the format of Position (an
// Observation too). Hidden faces (?) and a bag given as a number are
// filled in with rng consistently with the tile set and everything the
// text shows (see Determinize); rng may be nil when nothing is hidden.
// A '#' starts a comment, which runs to the end of the line, and blank
// lines are skipped (package textpos has what the text position formats
// share); a carriage return is white space (CRLF files read); the
// header's options may be separated by spaces as well as commas. Filled
// tells whether a face the player would see was made up. The error is a
// *PositionError: an unknown keyword, a bad tile or cell, a row of the
// wrong width, a missing line, or tiles the tile set cannot supply.
func ParsePosition(text string, lx *lexicon.Lexicon, rng *rand.Rand) (*State, error) {
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	doc := textpos.Split(text)
	head, err := doc.Header(Name, "twoway VARIANT")
	if err != nil {
		return nil, err
	}
	opts := option.NewSet("", "")
	rules, err := readRules(opts, func() error { return head.Options(opts) }, lx.Alphabet)
	if err != nil {
		return nil, head.OptionError(err)
	}
	p := &posReader{s: newState(lx, rules), seen: textpos.Seen{}}
	for _, l := range doc.Lines[1:] {
		if err := p.line(l); err != nil {
			return nil, err
		}
	}
	if p.rows != Size {
		return nil, doc.Errorf("%d grid rows, want %d", p.rows, Size)
	}
	for _, k := range []string{"turn", "red hand", "blue hand", "bag"} {
		if _, ok := p.seen[k]; !ok {
			return nil, doc.Errorf("no %q line", k)
		}
	}
	for _, f := range p.revealed {
		if c, _ := ParseCell(f.Text); p.s.occ>>c&1 == 0 {
			return nil, f.Errorf("revealed cell %s is empty (a wrong claim reveals faces of tiles on the grid)", CellName(c))
		}
	}
	return p.s, p.finish(rng)
}

// posReader is the state of one ParsePosition.
type posReader struct {
	s        *State
	seen     textpos.Seen
	rows     int
	over     bool
	turn     textpos.Line
	revealed []textpos.Field // the cells of the revealed lines
}

// lineKeys are the keywords of the lines other than rows.
var lineKeys = []string{"turn", "missed", "red revealed", "blue revealed", "red hand", "blue hand", "red words", "blue words", "bag"}

// line reads one line after the header.
func (p *posReader) line(l textpos.Line) error {
	key, args := l.Key(), l.Args()
	if key == "red" || key == "blue" {
		if len(args) == 0 {
			return l.Errorf(l.Fields[0].Col, "want %q, %q or %q", key+" hand", key+" words", key+" revealed")
		}
		key, args = key+" "+args[0].Text, args[1:]
	}
	if len(key) == 1 && key[0] >= '1' && key[0] < '1'+Size {
		return p.row(l)
	}
	if !slices.Contains(lineKeys, key) {
		return l.Errorf(l.Fields[0].Col, "unknown line %q (want turn, missed, rows 1-7, red/blue revealed, red/blue hand, red/blue words, bag)", key)
	}
	if err := p.seen.Once(l, key); err != nil {
		return err
	}
	s := p.s
	seat := slices.Index(ColourNames[:], strings.Fields(key)[0])
	switch key {
	case "turn":
		return p.turnLine(l, args)
	case "missed":
		if len(args) != 2 {
			return l.Errorf(l.Fields[0].Col, "want \"missed N N\" (turns red and blue will miss)")
		}
		for q, a := range args {
			n, err := a.Int("missed turns", 0, 1000)
			if err != nil {
				return err
			}
			s.miss[q] = int16(n)
		}
	case "red revealed", "blue revealed":
		for _, a := range args {
			c, err := ParseCell(a.Text)
			if err != nil {
				return a.Errorf("%v", err)
			}
			s.revealed[seat] |= 1 << c
			p.revealed = append(p.revealed, a)
		}
	case "red hand", "blue hand":
		if len(args) > HandSize {
			return args[HandSize].Errorf("more than %d tiles in a hand", HandSize)
		}
		for _, a := range args {
			t, err := s.parseTile(a.Text)
			if err != nil {
				return a.Errorf("%v", err)
			}
			s.hands[seat] = append(s.hands[seat], t)
		}
	case "red words", "blue words":
		for _, a := range args {
			if err := p.word(seat, a); err != nil {
				return err
			}
		}
	case "bag":
		return p.bag(args)
	}
	return nil
}

// row reads a grid row: its number and a tile or '.' for each cell.
func (p *posReader) row(l textpos.Line) error {
	s, f := p.s, l.Fields
	r := int(l.Key()[0] - '1')
	if r != p.rows {
		return l.Errorf(f[0].Col, "row %d where row %d is due", r+1, p.rows+1)
	}
	if len(f) != Size+1 {
		return l.Errorf(f[0].Col, "row %d has %d cells, want %d", r+1, len(f)-1, Size)
	}
	for c, tok := range f[1:] {
		if tok.Text == "." {
			continue
		}
		t, err := s.parseTile(tok.Text)
		if err != nil {
			return tok.Errorf("cell %s: %v", CellName(r*Size+c), err)
		}
		s.grid[r*Size+c] = t
		s.occ |= 1 << (r*Size + c)
	}
	p.rows++
	return nil
}

// turnLine reads "turn red|blue place|claim" or "turn over".
func (p *posReader) turnLine(l textpos.Line, args []textpos.Field) error {
	p.turn = l
	if len(args) == 1 && args[0].Text == "over" {
		p.over = true
		return nil
	}
	if len(args) != 2 {
		return l.Errorf(l.Fields[0].Col, "want \"turn red|blue place|claim\" or \"turn over\"")
	}
	if p.s.toMove = slices.Index(ColourNames[:], args[0].Text); p.s.toMove < 0 {
		return args[0].Errorf("colour %q: want red or blue", args[0].Text)
	}
	switch args[1].Text {
	case "place":
		p.s.phase = 0
	case "claim":
		p.s.phase = 1
	default:
		return args[1].Errorf("%q: want place (the placement is to come) or claim (placed)", args[1].Text)
	}
	return nil
}

// word reads a word claimed by seat: its tiles joined by '-'.
func (p *posReader) word(seat int, a textpos.Field) error {
	s := p.s
	parts := strings.Split(a.Text, "-")
	if len(parts) < MinWord || len(parts) > MaxWord {
		return a.Errorf("word %q: want %d to %d tiles joined by -", a.Text, MinWord, MaxWord)
	}
	var w word
	var letters []lexicon.Tile
	for i, pt := range parts {
		t, err := s.parseTile(pt)
		if err == nil && (t[0] == 0 || t[1] == 0) {
			err = errors.New("both faces of a claimed tile are known")
		}
		if err != nil {
			return a.Errorf("word %q, tile %d: %v", a.Text, i+1, err)
		}
		w.tiles[i] = t
		letters = append(letters, t[seat])
	}
	w.n = int8(len(parts))
	if !s.lx.ContainsTiles(letters) {
		return a.Errorf("%s's word %s is not in the lexicon", ColourNames[seat], s.lx.Alphabet.Word(letters))
	}
	if s.claimed[seat][w.n] >= s.need[w.n] {
		return a.Errorf("%s has more %d-letter words than the variant's lengths allow", ColourNames[seat], w.n)
	}
	s.claimed[seat][w.n]++
	s.letters[seat] += int(w.n)
	s.words[seat] = append(s.words[seat], w)
	return nil
}

// bag reads the bag: a number of hidden tiles, or the tiles in order.
func (p *posReader) bag(args []textpos.Field) error {
	s := p.s
	if len(args) == 1 && !strings.Contains(args[0].Text, "/") {
		n, ok := option.Whole(args[0].Text, 0, TileCount)
		if !ok {
			return args[0].Errorf("bag %q: want a number of tiles from 0 to %d, or the tiles", args[0].Text, TileCount)
		}
		s.bagCount = n
		return nil
	}
	for _, a := range args {
		t, err := s.parseTile(a.Text)
		if err == nil && (t[0] == 0 || t[1] == 0) {
			err = errors.New("a listed bag tile has both faces")
		}
		if err != nil {
			return a.Errorf("%v", err)
		}
		s.bag = append(s.bag, t)
	}
	return nil
}

// finish fills in the hidden faces and tiles with rng and judges the end
// of the game.
func (p *posReader) finish(rng *rand.Rand) error {
	s := p.s
	for k := range 2 {
		for occ := s.occ; occ != 0; occ &= occ - 1 {
			if s.grid[trailing(occ)][k] == 0 {
				s.filled[k] = true
			}
		}
		for _, t := range s.hands[k] {
			if t[k] == 0 {
				s.filled[k] = true
			}
		}
	}
	if err := s.complete(rng); err != nil {
		return &PositionError{Msg: err.Error()}
	}
	for q := range 2 {
		done := true
		for l := MinWord; l <= MaxWord; l++ {
			done = done && s.claimed[q][l] >= s.need[l]
		}
		if done {
			s.over, s.winner = true, int8(q)
		}
	}
	if p.over && !s.over {
		if s.occ != fullGrid && len(s.hands[0])+len(s.hands[1]) > 0 {
			return p.turn.Errorf(0, "\"turn over\" but nobody has every length, the grid has empty cells and a hand has tiles")
		}
		s.over = true
	}
	if !p.over && s.over {
		return p.turn.Errorf(0, "%s has claimed every length: write \"turn over\"", ColourNames[s.winner])
	}
	return nil
}

// parseTile reads "E/T" (red face E, blue face T; ? for an unknown face).
func (s *State) parseTile(text string) (Tile, error) {
	r, b, ok := strings.Cut(text, "/")
	if !ok {
		return Tile{}, fmt.Errorf("tile %q: want RED/BLUE, e.g. E/T (? for a hidden face)", text)
	}
	var t Tile
	for c, x := range []string{r, b} {
		if x == "?" {
			continue
		}
		l, err := letterTile(s.lx.Alphabet, x)
		if err != nil {
			return Tile{}, fmt.Errorf("tile %q: %v", text, err)
		}
		t[c] = l
	}
	if t[0] != 0 && t[0] == t[1] {
		return Tile{}, fmt.Errorf("tile %q: the same letter on both faces", text)
	}
	return t, nil
}
