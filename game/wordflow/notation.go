package wordflow

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"wordengine/game"
)

// arrowGlyph is the arrow character of a piece token and of the drawn
// puzzle: '.' none, '>' right, 'v' down, '+' both.
var arrowGlyph = [4]byte{'.', '>', 'v', '+'}

// PieceText writes piece p as a token: a corner is its side ("NE"); an
// edge is its side, a colon, its letter, points and arrow ("N:T1>"); an
// inner piece is its label, points and arrow ("TH5v", "E1.").
func (set *Set) PieceText(p *Piece) string {
	if p.Kind == Corner {
		return p.Side.String()
	}
	t := set.Alphabet.Word(p.Letters()) + strconv.Itoa(int(p.Points)) + string(arrowGlyph[p.Arrows])
	if p.Kind == Edge {
		return p.Side.String() + ":" + t
	}
	return t
}

// pieceQuery is a parsed piece token; unset parts match anything.
type pieceQuery struct {
	corner   bool
	side     Side // NoSide: an inner piece (or, for a query, any kind)
	label    string
	points   int // -1: any
	arrows   int // -1: any
	anyKind  bool
	original string
}

// parsePieceToken reads a piece token as PieceText writes it; the points
// and the arrow may be left out ("TH", "TH5"), and the label is read in
// either case.
func parsePieceToken(tok string) (pieceQuery, error) {
	q := pieceQuery{points: -1, arrows: -1, original: tok}
	for _, sd := range []Side{NW, NE, SE, SW} {
		if strings.EqualFold(tok, sd.String()) {
			q.corner, q.side = true, sd
			return q, nil
		}
	}
	if side, rest, ok := strings.Cut(tok, ":"); ok {
		found := false
		for _, sd := range []Side{N, E, S, W} {
			if strings.EqualFold(side, sd.String()) {
				q.side, found = sd, true
			}
		}
		if !found {
			return q, fmt.Errorf("piece %q: edge side %q: want N, E, S or W", tok, side)
		}
		tok = rest
	}
	if n := len(tok); n > 1 {
		switch tok[n-1] {
		case '.', '>', '+', 'v':
			q.arrows = strings.IndexByte(string(arrowGlyph[:]), tok[n-1])
			tok = tok[:n-1]
		default:
			// Not an arrow, a digit (points) nor a letter: a wrong arrow.
			if c := tok[n-1]; c < 0x80 && !unicode.IsLetter(rune(c)) && (c < '0' || c > '9') {
				return q, fmt.Errorf("piece %q: arrow %q: want . (none), > (right), v (down) or + (both)", q.original, c)
			}
		}
	}
	i := len(tok)
	for i > 0 && tok[i-1] >= '0' && tok[i-1] <= '9' {
		i--
	}
	if i < len(tok) {
		n, err := strconv.Atoi(tok[i:])
		if err != nil || n > 99 {
			return q, fmt.Errorf("piece %q: points %q: want 0 to 99", q.original, tok[i:])
		}
		q.points = n
	}
	q.label = strings.ToUpper(tok[:i])
	if q.label == "" {
		return q, fmt.Errorf("piece %q: no letters (write e.g. TH5> or N:T1v)", q.original)
	}
	for _, r := range q.label {
		if !unicode.IsLetter(r) {
			return q, fmt.Errorf("piece %q: %q is not a letter (a piece is LETTERS, POINTS and an arrow . > v or +, e.g. TH5> or N:T1v)", q.original, r)
		}
	}
	return q, nil
}

func (set *Set) matches(q pieceQuery, p *Piece) bool {
	if q.corner {
		return p.Kind == Corner && p.Side == q.side
	}
	if p.Kind == Corner || (q.side != NoSide && (p.Kind != Edge || p.Side != q.side)) || (q.side == NoSide && p.Kind == Edge && !q.anyKind) {
		return false
	}
	if set.Alphabet.Word(p.Letters()) != q.label {
		return false
	}
	return (q.points < 0 || int(p.Points) == q.points) && (q.arrows < 0 || int(p.Arrows) == q.arrows)
}

// ParseCell reads a cell name ("c5": column letter, row from 1).
// The error of a name off the largest puzzle ("z9") names its range.
func ParseCell(t string) (r, c int, err error) {
	t = strings.ToLower(strings.TrimSpace(t))
	if !cellShaped(t) {
		return 0, 0, fmt.Errorf("cell %q: want a column letter a-%c and a row 1-%d, e.g. c5", t, 'a'+MaxSide-1, MaxSide)
	}
	n, err := strconv.Atoi(t[1:])
	if err != nil || n < 1 || n > MaxSide || t[0] >= 'a'+MaxSide {
		return 0, 0, fmt.Errorf("cell %s is off the board (a1 to %s: at most %dx%d)", t, CellName(MaxSide-1, MaxSide-1), MaxSide, MaxSide)
	}
	return n - 1, int(t[0] - 'a'), nil
}

// cellShaped reports whether t has the shape of a cell name, on the board
// or not: a column letter and a row number ("c5", "z9").
func cellShaped(t string) bool {
	return len(t) >= 2 && len(t) <= 6 && t[0] >= 'a' && t[0] <= 'z' && strings.Trim(t[1:], "0123456789") == ""
}

// FormatMove implements game.State: "TH5> c4" (the piece token, see
// PieceText, and the cell), "pass"; a placement with missed words adds
// " missed=0,2" (indexes in Words order), a zeroed turn " zeroed".
func (s *State) FormatMove(m game.Move) string {
	id, r, c, ok := Decode(m)
	if !ok {
		if m == Pass {
			return "pass"
		}
		return fmt.Sprintf("<bad move %x/%x>", m.A, m.B)
	}
	out := s.set.PieceText(&s.set.Pieces[id]) + " " + CellName(r, c)
	if b := m.B &^ zeroedBit; b != 0 {
		var idx []string
		for i := range 63 {
			if b&(1<<i) != 0 {
				idx = append(idx, strconv.Itoa(i))
			}
		}
		out += " missed=" + strings.Join(idx, ",")
	}
	if m.B&zeroedBit != 0 {
		out += " zeroed"
	}
	return out
}

// ParseMove implements game.State: it reads FormatMove's notation for the
// player to move and checks that the hand holds such a piece and that it
// fits the cell. Points and arrow may be left out of the piece token when
// only one piece of the hand matches.
func (s *State) ParseMove(text string) (game.Move, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return game.Move{}, fmt.Errorf("wordflow: empty move")
	}
	if s.over {
		return game.Move{}, fmt.Errorf("wordflow: the game is over")
	}
	if len(f) == 1 && strings.EqualFold(f[0], "pass") {
		for _, m := range s.AppendMoves(nil) {
			if m == Pass {
				return Pass, nil
			}
		}
		return game.Move{}, fmt.Errorf("wordflow: cannot pass: a piece of the hand fits (pass only when none does)")
	}
	if len(f) < 2 {
		return game.Move{}, fmt.Errorf("wordflow: move %q: want PIECE CELL, e.g. TH5> c4, or pass", text)
	}
	q, err := parsePieceToken(f[0])
	if err != nil {
		return game.Move{}, fmt.Errorf("wordflow: %w", err)
	}
	r, c, err := ParseCell(f[1])
	if err != nil {
		return game.Move{}, fmt.Errorf("wordflow: %w", err)
	}
	if o := s.opts; o.Layout == Framed && (r >= o.H || c >= o.W) {
		return game.Move{}, fmt.Errorf("wordflow: cell %s is off the %dx%d frame (a1 to %s)", CellName(r, c), o.W, o.H, CellName(o.H-1, o.W-1))
	}
	hand := s.hands[s.ToMove()]
	var match []uint8
	var held bool
	for _, id := range hand {
		p := &s.set.Pieces[id]
		if !s.set.matches(q, p) {
			continue
		}
		held = true
		if !s.Fits(id, r, c) {
			continue
		}
		dup := false
		for _, m := range match {
			if s.set.Pieces[m] == *p {
				dup = true
			}
		}
		if !dup {
			match = append(match, id)
		}
	}
	switch {
	case !held:
		return game.Move{}, fmt.Errorf("wordflow: no piece %s in the hand (%s)", f[0], s.HandText(s.ToMove()))
	case len(match) == 0:
		return game.Move{}, fmt.Errorf("wordflow: %s does not fit %s (%s)", f[0], CellName(r, c), s.whyNot(q, r, c))
	case len(match) > 1:
		var names []string
		for _, id := range match {
			names = append(names, s.set.PieceText(&s.set.Pieces[id]))
		}
		return game.Move{}, fmt.Errorf("wordflow: %s is ambiguous: %s", f[0], strings.Join(names, " or "))
	}
	// The canonical piece: the first of the hand equal to the match.
	id := match[0]
	for _, h := range hand {
		if s.set.Pieces[h] == s.set.Pieces[id] {
			id = h
			break
		}
	}
	m := Placement(id, r, c)
	for _, opt := range f[2:] {
		switch {
		case strings.EqualFold(opt, "zeroed"):
			m = Zeroed(m)
		case strings.HasPrefix(strings.ToLower(opt), "missed="):
			for _, n := range strings.Split(opt[len("missed="):], ",") {
				i, err := strconv.Atoi(n)
				if err != nil || i < 0 || i > 62 {
					return game.Move{}, fmt.Errorf("wordflow: missed word index %q: want 0 to 62", n)
				}
				m.B |= 1 << i
			}
		default:
			return game.Move{}, fmt.Errorf("wordflow: move %q: unknown part %q (want missed=I,J or zeroed)", text, opt)
		}
	}
	if m.B&^zeroedBit != 0 {
		n := len(s.Words(nil, m))
		if m.B&^zeroedBit>>n != 0 {
			return game.Move{}, fmt.Errorf("wordflow: move %q: the placement creates %d words (indexes 0 to %d)", text, n, n-1)
		}
	}
	return m, nil
}

// whyNot explains why a piece of query q does not fit cell (r, c).
func (s *State) whyNot(q pieceQuery, r, c int) string {
	switch {
	case s.cell[r*stride+c] != empty:
		return "the cell is taken"
	case !s.touches(r, c):
		return "it touches no placed piece"
	}
	par := A
	if (r+c)%2 != 0 {
		par = B
	}
	for _, id := range s.hands[s.ToMove()] {
		if p := &s.set.Pieces[id]; s.set.matches(q, p) && p.Parity != AnyParity && p.Parity != par {
			return fmt.Sprintf("the cell takes parity %s pieces", par)
		}
	}
	if s.opts.Layout == Framed {
		return "only inner pieces go on empty interior cells of the frame"
	}
	return "the border rules: row 1 holds N edges, column a W edges, fixed borders E edges and S edges, inner pieces no border"
}

// HandText writes seat p's hand as piece tokens.
func (s *State) HandText(p int) string {
	var t []string
	for _, id := range s.hands[p] {
		t = append(t, s.set.PieceText(&s.set.Pieces[id]))
	}
	return strings.Join(t, " ")
}

// shownExtent is the part of the board a drawing or a view shows: the
// puzzle (Extent) and, in a free-form game, the row below and the column
// to the right of it while no border is fixed there, where a piece may
// still go.
func (s *State) shownExtent() (rows, cols int) {
	rows, cols = s.Extent()
	if s.opts.Layout == FreeForm {
		if s.bottom < 0 {
			rows = min(rows+1, MaxSide)
		}
		if s.right < 0 {
			cols = min(cols+1, MaxSide)
		}
	}
	return rows, cols
}

// BoardText draws the puzzle: each cell as its label, points and arrow
// ("TH 5>", '>' right, 'v' down, '+' both), corners "##", empty cells
// '.' (parity A) or ':' (parity B); columns a.. across, rows 1.. down.
// A free-form puzzle shows one more row and column than it spans, where
// pieces may go.
func (s *State) BoardText() string {
	rows, cols := s.shownExtent()
	var b strings.Builder
	b.WriteString("   ")
	for c := range cols {
		fmt.Fprintf(&b, "   %c  ", 'a'+c)
	}
	b.WriteString("\n")
	for r := range rows {
		fmt.Fprintf(&b, "%2d ", r+1)
		for c := range cols {
			id := s.cell[r*stride+c]
			switch {
			case id == empty && (r+c)%2 == 0:
				b.WriteString("   .  ")
			case id == empty:
				b.WriteString("   :  ")
			default:
				p := &s.set.Pieces[id]
				if p.Kind == Corner {
					b.WriteString("  ##  ")
					continue
				}
				fmt.Fprintf(&b, " %-2s%2d%c", s.set.Alphabet.Word(p.Letters()), p.Points, arrowGlyph[p.Arrows])
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// String implements game.State: the puzzle, the scores (and best words),
// every hand, the pool size and whose turn it is.
func (s *State) String() string {
	var b strings.Builder
	b.WriteString(s.BoardText())
	fmt.Fprintf(&b, "%s %s, pool %d, round %d\n", Name, s.opts, len(s.pool), s.round)
	for p := range s.opts.Players {
		mark := " "
		if p == s.ToMove() && !s.over {
			mark = "*"
		}
		fmt.Fprintf(&b, "%s seat %d: %3d points (best word %d)  hand %s\n", mark, p, s.scores[p], s.best[p], s.HandText(p))
	}
	if s.opts.Mode == Simultaneous && s.pos > 0 {
		b.WriteString("committed this round:")
		for i := range s.pos {
			fmt.Fprintf(&b, " seat %d %s;", s.order[i], s.FormatMove(s.pending[i]))
		}
		b.WriteString("\n")
	}
	if s.over {
		b.WriteString("game over\n")
	}
	return b.String()
}
