package wordflow

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"wordengine/game/option"
	"wordengine/game/textpos"
	"wordengine/lexicon"
)

// Format writes the position as text that ParsePosition reads:
//
//	wordflow layout=frame,size=4x4,hand=3
//	players 2
//	turn 0
//	scores 12 7
//	best 5 4
//	hand 0 TH5>/A E1./B
//	row NW N:P3. N:A1+ NE
//	row W:E1> TH5v . E:R1v
//	...
//
// Each row line lists the cells of one row from column a: a piece token
// (PieceText) or "." for an empty cell; trailing empty cells may be left
// out, and rows below the last piece too. Hand tokens add the piece's
// parity ("/A" or "/B"). Only the hand of the player to move is written:
// the other hands and the pool are what the rest of the set holds.
func (s *State) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\nplayers %d\nturn %d\nscores", Name, s.opts, s.opts.Players, s.ToMove())
	for p := range s.opts.Players {
		fmt.Fprintf(&b, " %d", s.scores[p])
	}
	b.WriteString("\nbest")
	for p := range s.opts.Players {
		fmt.Fprintf(&b, " %d", s.best[p])
	}
	fmt.Fprintf(&b, "\nhand %d", s.ToMove())
	for _, id := range s.hands[s.ToMove()] {
		p := &s.set.Pieces[id]
		fmt.Fprintf(&b, " %s/%s", s.set.PieceText(p), p.Parity)
	}
	b.WriteString("\n")
	rows, cols := s.Extent()
	for r := range rows {
		last := -1
		for c := range cols {
			if s.cell[r*stride+c] != empty {
				last = c
			}
		}
		b.WriteString("row")
		for c := 0; c <= last; c++ {
			if id := s.cell[r*stride+c]; id == empty {
				b.WriteString(" .")
			} else {
				b.WriteString(" " + s.set.PieceText(&s.set.Pieces[id]))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// PositionError is the error of ParsePosition: what is wrong and where
// (Line and Col from 1; Col 0 when the whole line is at fault), written
// "line L, column C: message".
type PositionError = textpos.Error

// ParsePosition reads a position written by Format, with the default
// set (or the variant's pieces= file) over lx's alphabet (nil: the
// embedded default lexicon). The pieces not
// on the board nor in the given hand are dealt to the other hands and the
// pool with rng (nil: a fixed seed); without a hand line the player to
// move is dealt a hand and its draw too. In simultaneous play no
// commitments are read: the round restarts at the player to move. A '#'
// starts a comment, which runs to the end of the line, and blank lines
// are skipped (package textpos has what the text position formats share);
// the header's options may be separated by spaces as well as commas.
// Errors are *PositionError with the line and column.
func ParsePosition(lx *lexicon.Lexicon, text string, rng *rand.Rand) (*State, error) {
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	if rng == nil {
		rng = rand.New(rand.NewPCG(1, 1))
	}
	doc := textpos.Split(text)
	head, err := doc.Header(Name, Name+" VARIANT")
	if err != nil {
		return nil, err
	}
	p := &posReader{lx: lx, head: head, players: -1, turn: 0, handSeat: -1, used: make([]bool, SetSize)}
	for _, l := range doc.Lines[1:] {
		if err := p.line(l); err != nil {
			return nil, err
		}
	}
	s := p.s
	if s == nil {
		return nil, doc.Errorf("no row lines: the puzzle is missing")
	}
	o := s.opts
	if p.players >= 0 && p.players != o.Players {
		return nil, p.at["players"].Errorf(0, "players %d given after the puzzle's rows: put the players line before them", p.players)
	}
	if err := s.checkOutline(); err != nil {
		return nil, doc.Errorf("%v", err)
	}
	if p.turn >= o.Players {
		return nil, p.at["turn"].Errorf(0, "turn %d: want a seat from 0 to %d", p.turn, o.Players-1)
	}
	for i, v := range [][]int{p.scores, p.best} {
		if key := [2]string{"scores", "best"}[i]; v != nil && len(v) != o.Players {
			return nil, p.at[key].Errorf(0, "%s: %d numbers, want one per seat (%d)", key, len(v), o.Players)
		}
	}
	copy(s.scores[:], p.scores)
	copy(s.best[:], p.best)
	s.pos = p.turn
	if err := p.hand(); err != nil {
		return nil, err
	}
	return s, p.deal(rng, doc)
}

// posReader is the state of one ParsePosition.
type posReader struct {
	lx            *lexicon.Lexicon
	head          textpos.Line
	s             *State // made at the first row line
	set           *Set
	used          []bool // pieces on the board or in the hand
	row           int    // rows read
	players, turn int    // -1: players not given
	scores, best  []int
	handSeat      int
	handToks      []textpos.Field
	at            map[string]textpos.Line // the players, turn, scores, best and hand lines
}

// line reads one line after the header.
func (p *posReader) line(l textpos.Line) error {
	key, args := l.Key(), l.Args()
	switch key {
	case "players", "turn", "scores", "best", "hand":
		if p.at == nil {
			p.at = map[string]textpos.Line{}
		}
		if first, ok := p.at[key]; ok {
			return l.Errorf(l.Fields[0].Col, "second %q line (the first is line %d)", key, first.No)
		}
		p.at[key] = l
	case "row":
		return p.rowLine(l)
	default:
		return l.Unknown("players", "turn", "scores", "best", "hand", "row")
	}
	if key == "hand" {
		if len(args) == 0 {
			return l.Errorf(l.Fields[0].Col, "hand: want the seat and its pieces")
		}
		seat, err := args[0].Int("seat", 0, MaxPlayers-1)
		p.handSeat, p.handToks = seat, args[1:]
		return err
	}
	var v []int
	for _, f := range args {
		n, err := f.Int(key, 0, 100000)
		if err != nil {
			return err
		}
		v = append(v, n)
	}
	switch key {
	case "players":
		if len(v) != 1 || v[0] < 1 || v[0] > MaxPlayers {
			return l.Errorf(l.Fields[0].Col, "players: want one number from 1 to %d", MaxPlayers)
		}
		p.players = v[0]
	case "turn":
		if len(v) != 1 {
			return l.Errorf(l.Fields[0].Col, "turn: want one seat number")
		}
		p.turn = v[0]
	case "scores":
		p.scores = v
	case "best":
		p.best = v
	}
	return nil
}

// rowLine reads a row of the puzzle; the first one sets the game up from
// the header's options and the players line.
func (p *posReader) rowLine(l textpos.Line) error {
	if p.s == nil {
		if err := p.setUp(); err != nil {
			return err
		}
	}
	cells := l.Args()
	if p.row >= MaxSide {
		return l.Errorf(l.Fields[0].Col, "more than %d rows", MaxSide)
	}
	if len(cells) > MaxSide {
		return cells[MaxSide].Errorf("more than %d cells in the row", MaxSide)
	}
	for c, x := range cells {
		if x.Text == "." {
			continue
		}
		q, err := parsePieceToken(x.Text)
		if err != nil {
			return x.Errorf("%v", err)
		}
		row := p.row
		id, ok := findUnused(p.set, p.used, q, func(pc *Piece) bool { return pc.Parity.Fits(row, c) })
		if !ok {
			return x.Errorf("cell %s: no unused piece %s of parity %s in set %s", CellName(row, c), x.Text, cellParity(row, c), p.set.Name)
		}
		p.used[id] = true
		p.s.put(id, row*stride+c)
	}
	p.row++
	return nil
}

// setUp reads the header's options and makes the game.
func (p *posReader) setUp() error {
	o, err := defaultOptions(max(p.players, 0))
	if err != nil {
		return p.head.Errorf(0, "%v", err)
	}
	opts := option.NewSet("", "")
	o.bind(opts)
	if err = p.head.Options(opts); err != nil {
		return err
	}
	if err := o.check(opts); err != nil {
		return p.head.OptionError(err)
	}
	if o.PiecesFile != "" {
		p.set, err = LoadSet(o.PiecesFile, p.lx.Alphabet)
	} else {
		p.set, err = DefaultSet(p.lx.Alphabet)
	}
	if err != nil {
		return p.head.OptionError(opts.Errorf("pieces", "%w", err))
	}
	p.s = newState(p.lx, p.set, o)
	return nil
}

// hand reads the hand line's pieces into the hand of the player to move.
func (p *posReader) hand() error {
	s, o, l := p.s, p.s.opts, p.at["hand"]
	if p.handSeat >= 0 && p.handSeat != p.turn {
		return l.Errorf(0, "hand %d: only the hand of the player to move (%d) is given", p.handSeat, p.turn)
	}
	if len(p.handToks) > o.Hand+1 {
		return p.handToks[o.Hand+1].Errorf("more than %d pieces in the hand", o.Hand+1)
	}
	for _, x := range p.handToks {
		tok, par, hasPar := strings.Cut(x.Text, "/")
		q, err := parsePieceToken(tok)
		if err != nil {
			return x.Errorf("%v", err)
		}
		if hasPar && par != "A" && par != "B" && par != "*" {
			return textpos.Errorf(x.Line, x.Col+utf8.RuneCountInString(tok)+1, "parity %q: want A or B", par)
		}
		id, ok := findUnused(p.set, p.used, q, func(pc *Piece) bool { return !hasPar || pc.Parity.String() == par })
		if !ok {
			return x.Errorf("no unused piece %s left in set %s", x.Text, p.set.Name)
		}
		p.used[id] = true
		s.addHand(p.turn, id)
	}
	return nil
}

// deal deals the pieces not read, with rng, to the other hands and the
// pool (in a framed puzzle, as many inner pieces of each parity as it has
// empty cells of it).
func (p *posReader) deal(rng *rand.Rand, doc *textpos.Doc) error {
	s, o, turn := p.s, p.s.opts, p.turn
	for id := range SetSize {
		if !p.used[id] && (o.Layout == FreeForm || p.set.Pieces[id].Kind == Inner) {
			s.pool = append(s.pool, uint8(id))
		}
	}
	if o.Layout == Framed {
		var need [2]int
		for r := 1; r < o.H-1; r++ {
			for c := 1; c < o.W-1; c++ {
				if s.cell[r*stride+c] == empty {
					need[(r+c)%2]++
				}
			}
		}
		for _, id := range s.hands[turn] {
			need[s.set.Pieces[id].Parity]--
		}
		if need[0] < 0 || need[1] < 0 {
			return p.at["hand"].Errorf(0, "the hand holds more pieces of a parity than the frame has empty cells of it")
		}
		rng.Shuffle(len(s.pool), func(i, j int) { s.pool[i], s.pool[j] = s.pool[j], s.pool[i] })
		var keep []uint8
		for _, id := range s.pool {
			if pa := s.set.Pieces[id].Parity; need[pa] > 0 {
				need[pa]--
				keep = append(keep, id)
			}
		}
		if need[0] > 0 || need[1] > 0 {
			return doc.Errorf("set %s has too few inner pieces left for the empty cells", p.set.Name)
		}
		s.pool = append(s.pool[:0], keep...)
	}
	rng.Shuffle(len(s.pool), func(i, j int) { s.pool[i], s.pool[j] = s.pool[j], s.pool[i] })
	_, handGiven := p.at["hand"]
	for q := range o.Players {
		if q == turn && handGiven {
			continue
		}
		n := o.Hand
		if q == turn {
			n++ // no hand line: the player to move gets a hand and its draw
		}
		for range n {
			if len(s.pool) > 0 {
				s.addHand(q, s.popPool())
			}
		}
	}
	s.drew = len(s.hands[turn]) > o.Hand
	if s.drew {
		s.zob ^= zDrew
	}
	s.roundKey = rng.Uint64()
	s.over = s.checkOver()
	return nil
}

func cellParity(r, c int) Parity {
	if (r+c)%2 == 0 {
		return A
	}
	return B
}

// findUnused returns the first unused piece of set matching q and ok.
func findUnused(set *Set, used []bool, q pieceQuery, ok func(*Piece) bool) (uint8, bool) {
	for id := range set.Pieces {
		if p := &set.Pieces[id]; !used[id] && set.matches(q, p) && ok(p) {
			return uint8(id), true
		}
	}
	return 0, false
}

// checkOutline checks that the pieces on the board keep the layout's
// rules: a framed puzzle has its whole frame and inner pieces inside; a
// free-form puzzle has the NW corner at a1, edges and corners on their
// borders, nothing beyond a fixed border, no inner piece on a border.
func (s *State) checkOutline() error {
	o := s.opts
	for x := range cells {
		id := s.cell[x]
		r, c := x/stride, x%stride
		if id == empty {
			if o.Layout == Framed && (r == 0 || c == 0 || r == o.H-1 || c == o.W-1) && r < o.H && c < o.W {
				return fmt.Errorf("the frame is incomplete at %s", CellName(r, c))
			}
			continue
		}
		p := &s.set.Pieces[id]
		if o.Layout == Framed {
			if r >= o.H || c >= o.W {
				return fmt.Errorf("%s: piece outside the %dx%d frame", CellName(r, c), o.W, o.H)
			}
			border := r == 0 || c == 0 || r == o.H-1 || c == o.W-1
			if border == (p.Kind == Inner) || (border && (wantTop(p) != (r == 0) || wantLeft(p) != (c == 0) || wantRight(p) != (c == o.W-1) || wantBottom(p) != (r == o.H-1))) {
				return fmt.Errorf("%s: piece %s does not belong there", CellName(r, c), s.set.PieceText(p))
			}
			continue
		}
		if wantTop(p) != (r == 0) || wantLeft(p) != (c == 0) ||
			(s.right >= 0 && (c > int(s.right) || wantRight(p) != (c == int(s.right)))) ||
			(s.bottom >= 0 && (r > int(s.bottom) || wantBottom(p) != (r == int(s.bottom)))) {
			return fmt.Errorf("%s: piece %s breaks the outline", CellName(r, c), s.set.PieceText(p))
		}
	}
	if o.Layout == FreeForm {
		if p, ok := s.At(0, 0); !ok || p.Kind != Corner || p.Side != NW {
			return fmt.Errorf("a1 must hold the NW corner")
		}
		// The last column (row) is kept for the right (bottom) border.
		for i := range MaxSide {
			if p, ok := s.At(i, MaxSide-1); ok && s.right < 0 {
				return fmt.Errorf("%s: piece %s in the last column, which only the right border (E edges, NE, SE) may take", CellName(i, MaxSide-1), s.set.PieceText(p))
			}
			if p, ok := s.At(MaxSide-1, i); ok && s.bottom < 0 {
				return fmt.Errorf("%s: piece %s in the last row, which only the bottom border (S edges, SW, SE) may take", CellName(MaxSide-1, i), s.set.PieceText(p))
			}
		}
	}
	// Every piece was placed touching a placed piece: the pieces are
	// connected (to a1, which a framed puzzle's frame holds too).
	var seen [cells]bool
	stack := []int{0}
	seen[0] = s.cell[0] != empty
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, c := x/stride, x%stride
		for _, y := range [4]int{x - stride, x + stride, x - 1, x + 1} {
			if y < 0 || y >= cells || (y == x-1 && c == 0) || (y == x+1 && c == MaxSide-1) || (r == 0 && y == x-stride) {
				continue
			}
			if !seen[y] && s.cell[y] != empty {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	for x := range cells {
		if s.cell[x] != empty && !seen[x] {
			return fmt.Errorf("%s: piece %s touches no piece joined to the puzzle (every piece is placed touching one)", CellName(x/stride, x%stride), s.set.PieceText(&s.set.Pieces[s.cell[x]]))
		}
	}
	return nil
}
