package wordflow

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

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

// PositionError is an error of ParsePosition at a line and column (both
// from 1; column 0 when the whole line is concerned).
type PositionError struct {
	Line, Col int
	Msg       string
}

// Error writes "line:col: message" (or "line: message").
func (e *PositionError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%d: %s", e.Line, e.Msg)
}

// ParsePosition reads a position written by Format, with the default
// set (or the variant's pieces= file) over lx's alphabet. The pieces not
// on the board nor in the given hand are dealt to the other hands and the
// pool with rng (nil: a fixed seed); without a hand line the player to
// move is dealt a hand and its draw too. In simultaneous play no
// commitments are read: the round restarts at the player to move. Errors
// are *PositionError with the line and column.
func ParsePosition(lx *lexicon.Lexicon, text string, rng *rand.Rand) (*State, error) {
	if rng == nil {
		rng = rand.New(rand.NewPCG(1, 1))
	}
	lines := strings.Split(text, "\n")
	errAt := func(line, col int, format string, args ...any) error {
		return &PositionError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	type field struct {
		text string
		col  int
	}
	fields := func(l string) []field {
		var out []field
		i := 0
		for i < len(l) {
			for i < len(l) && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r') {
				i++
			}
			j := i
			for j < len(l) && l[j] != ' ' && l[j] != '\t' && l[j] != '\r' {
				j++
			}
			if j > i {
				out = append(out, field{l[i:j], i + 1})
			}
			i = j
		}
		return out
	}
	var s *State
	var turn, handSeat = -1, -1
	var handToks []field
	handLine := 0
	var scores, best []int
	row := 0
	headerSeen := false
	var o Options
	var players = -1
	var variant string
	headerLine, playersLine, turnLine := 1, 0, 0
	var countLine [2]int // the scores and best lines
	var set *Set
	used := make([]bool, SetSize)
	for n, l := range lines {
		ln := n + 1
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		f := fields(l)
		if len(f) == 0 {
			continue
		}
		if !headerSeen {
			if f[0].text != Name {
				return nil, errAt(ln, f[0].col, "want the header line %q, got %q", Name+" VARIANT", f[0].text)
			}
			if len(f) > 1 {
				variant = f[1].text
			}
			headerSeen, headerLine = true, ln
			continue
		}
		key := f[0].text
		ints := func() ([]int, error) {
			var out []int
			for _, x := range f[1:] {
				v, err := strconv.Atoi(x.text)
				if err != nil || v < 0 || v > 100000 {
					return nil, errAt(ln, x.col, "%s: %q is not a number from 0 to 100000", key, x.text)
				}
				out = append(out, v)
			}
			return out, nil
		}
		switch key {
		case "players":
			v, err := ints()
			if err != nil {
				return nil, err
			}
			if len(v) != 1 || v[0] < 1 || v[0] > MaxPlayers {
				return nil, errAt(ln, f[0].col, "players: want one number from 1 to %d", MaxPlayers)
			}
			players, playersLine = v[0], ln
		case "turn", "scores", "best":
			v, err := ints()
			if err != nil {
				return nil, err
			}
			switch key {
			case "turn":
				if len(v) != 1 {
					return nil, errAt(ln, f[0].col, "turn: want one seat number")
				}
				turn, turnLine = v[0], ln
			case "scores":
				scores, countLine[0] = v, ln
			default:
				best, countLine[1] = v, ln
			}
		case "hand":
			if len(f) < 2 {
				return nil, errAt(ln, f[0].col, "hand: want the seat and its pieces")
			}
			v, err := strconv.Atoi(f[1].text)
			if err != nil || v < 0 {
				return nil, errAt(ln, f[1].col, "hand: seat %q is not a seat number", f[1].text)
			}
			handSeat, handToks, handLine = v, f[2:], ln
		case "row":
			if s == nil {
				if players < 0 {
					players = 2
				}
				var err error
				if o, err = ParseOptions(variant, players); err != nil {
					return nil, errAt(headerLine, 0, "%v", err)
				}
				if o.PiecesFile != "" {
					set, err = LoadSet(o.PiecesFile, lx.Alphabet)
				} else {
					set, err = DefaultSet(lx.Alphabet)
				}
				if err != nil {
					return nil, errAt(headerLine, 0, "%v", err)
				}
				s = newState(lx, set, o)
			}
			if row >= MaxSide {
				return nil, errAt(ln, f[0].col, "more than %d rows", MaxSide)
			}
			if len(f)-1 > MaxSide {
				return nil, errAt(ln, f[MaxSide+1].col, "more than %d cells in the row", MaxSide)
			}
			for c, x := range f[1:] {
				if x.text == "." {
					continue
				}
				q, err := parsePieceToken(x.text)
				if err != nil {
					return nil, errAt(ln, x.col, "%v", err)
				}
				id, ok := findUnused(set, used, q, func(p *Piece) bool { return p.Parity.Fits(row, c) })
				if !ok {
					return nil, errAt(ln, x.col, "cell %s: no unused piece %s of parity %s in set %s", CellName(row, c), x.text, cellParity(row, c), set.Name)
				}
				used[id] = true
				s.put(id, row*stride+c)
			}
			row++
		default:
			return nil, errAt(ln, f[0].col, "unknown line %q (want players, turn, scores, best, hand or row)", key)
		}
	}
	if !headerSeen {
		return nil, errAt(1, 0, "empty position: want the header line %q", Name+" VARIANT")
	}
	if s == nil {
		return nil, errAt(len(lines), 0, "no row lines: the puzzle is missing")
	}
	if players >= 0 && players != o.Players {
		return nil, errAt(playersLine, 0, "players %d given after the puzzle's rows: put the players line before them", players)
	}
	if err := s.checkOutline(); err != nil {
		return nil, errAt(len(lines), 0, "%v", err)
	}
	if turn < 0 {
		turn = 0
	}
	if turn >= o.Players {
		return nil, errAt(turnLine, 0, "turn %d: want a seat from 0 to %d", turn, o.Players-1)
	}
	for i, v := range [][]int{scores, best} {
		if v != nil && len(v) != o.Players {
			return nil, errAt(countLine[i], 0, "%s: %d numbers, want one per seat (%d)", [2]string{"scores", "best"}[i], len(v), o.Players)
		}
	}
	copy(s.scores[:], scores)
	copy(s.best[:], best)
	s.pos = turn
	if handSeat >= 0 && handSeat != turn {
		return nil, errAt(handLine, 0, "hand %d: only the hand of the player to move (%d) is given", handSeat, turn)
	}
	if len(handToks) > o.Hand+1 {
		return nil, errAt(handLine, handToks[o.Hand+1].col, "more than %d pieces in the hand", o.Hand+1)
	}
	for _, x := range handToks {
		tok, par, hasPar := strings.Cut(x.text, "/")
		q, err := parsePieceToken(tok)
		if err != nil {
			return nil, errAt(handLine, x.col, "%v", err)
		}
		if hasPar && par != "A" && par != "B" && par != "*" {
			return nil, errAt(handLine, x.col+len(tok)+1, "parity %q: want A or B", par)
		}
		id, ok := findUnused(set, used, q, func(p *Piece) bool { return !hasPar || p.Parity.String() == par })
		if !ok {
			return nil, errAt(handLine, x.col, "no unused piece %s left in set %s", x.text, set.Name)
		}
		used[id] = true
		s.addHand(turn, id)
	}
	// The rest: the other hands and the pool.
	for id := range SetSize {
		if !used[id] && (o.Layout == FreeForm || set.Pieces[id].Kind == Inner) {
			s.pool = append(s.pool, uint8(id))
		}
	}
	if o.Layout == Framed {
		// As many inner pieces of each parity as empty interior cells.
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
			return nil, errAt(handLine, 0, "the hand holds more pieces of a parity than the frame has empty cells of it")
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
			return nil, errAt(len(lines), 0, "set %s has too few inner pieces left for the empty cells", set.Name)
		}
		s.pool = append(s.pool[:0], keep...)
	}
	rng.Shuffle(len(s.pool), func(i, j int) { s.pool[i], s.pool[j] = s.pool[j], s.pool[i] })
	for p := range o.Players {
		if p == turn && handLine > 0 {
			continue
		}
		n := o.Hand
		if p == turn {
			n++ // no hand line: the player to move gets a hand and its draw
		}
		for range n {
			if len(s.pool) > 0 {
				s.addHand(p, s.popPool())
			}
		}
	}
	s.drew = len(s.hands[turn]) > o.Hand
	if s.drew {
		s.zob ^= zDrew
	}
	s.roundKey = rng.Uint64()
	s.over = s.checkOver()
	return s, nil
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
