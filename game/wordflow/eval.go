package wordflow

import (
	"sync"

	"wordengine/lexicon"
)

// Evaluation weights, chosen by paired self-play of static against
// greedy (see the package doc).
var (
	// openWeight is the share, in milli-points per point, of the best
	// opening that Evaluate counts for the player to move.
	openWeight = 300
	// probeLetters are the faces of the probe pieces: the commonest
	// letters, each with both arrows.
	probeLetters = []string{"E", "A", "I", "O", "S", "T", "R", "N"}
)

var (
	facesMu    sync.Mutex
	facesCache = map[*Set][]Piece{}
)

// facesOf returns the set's pieces followed by the probe pieces (one per
// probe letter of the alphabet, both arrows, parity any, the points of
// the set's first inner piece with that letter, else 1).
func facesOf(set *Set) []Piece {
	facesMu.Lock()
	defer facesMu.Unlock()
	if f, ok := facesCache[set]; ok {
		return f
	}
	f := append([]Piece(nil), set.Pieces...)
	for _, l := range probeLetters {
		t, err := set.Alphabet.Split(nil, l)
		if err != nil || len(t) != 1 {
			continue
		}
		p := Piece{Kind: Inner, Label: [2]lexicon.Tile{t[0]}, Len: 1, Points: 1, Arrows: Right | Down, Parity: AnyParity}
		for _, q := range set.Pieces {
			if q.Kind == Inner && q.Len == 1 && q.Label[0] == t[0] {
				p.Points = q.Points
				break
			}
		}
		f = append(f, p)
	}
	facesCache[set] = f
	return f
}

// Evaluate implements game.Evaluator: 1000 per point of seat's score,
// plus, for the player to move only, openWeight per point of the best
// opening: the most points a probe piece (a common letter with both
// arrows, see probeLetters) would score on an empty cell where a piece
// may go, found with the word finder. The opening is the next mover's
// chance: after a move, the one-ply static player thus weighs the points
// it scores against the opening it leaves to the next player. It reads no
// hand, so it is the same for every observer.
func (s *State) Evaluate(seat int) int {
	v := 1000 * s.Score(seat)
	if s.over || seat != s.ToMove() {
		return v
	}
	return v + openWeight*s.bestOpen()
}

// bestOpen returns the most points a probe piece scores on an empty cell
// next to a piece (see Evaluate). Only cells next to an arrow into the
// cell or to a piece right of or below it are probed.
func (s *State) bestOpen() int {
	best := 0
	rows, cols := s.Extent()
	for r := range min(rows+1, MaxSide) {
		for c := range min(cols+1, MaxSide) {
			x := r*stride + c
			if s.cell[x] != empty || !s.touches(r, c) {
				continue
			}
			if s.opts.Layout == Framed && (r == 0 || c == 0 || r >= s.opts.H-1 || c >= s.opts.W-1) {
				continue
			}
			if !s.linked(x) {
				continue
			}
			for id := len(s.set.Pieces); id < len(s.faces); id++ {
				s.cell[x] = uint8(id)
				s.words = s.fs.find(s, x, s.words[:0])
				t := 0
				for _, w := range s.words {
					t += w.Points
				}
				best = max(best, t)
			}
			s.cell[x] = empty
		}
	}
	return best
}

// linked reports whether a piece on empty cell x could join a path: an
// arrow leads into x, or a labelled piece lies right of or below x.
func (s *State) linked(x int) bool {
	r, c := x/stride, x%stride
	if c > 0 {
		if p, ok := s.labelledAt(x - 1); ok && p.Arrows&Right != 0 {
			return true
		}
	}
	if r > 0 {
		if p, ok := s.labelledAt(x - stride); ok && p.Arrows&Down != 0 {
			return true
		}
	}
	if c < MaxSide-1 {
		if _, ok := s.labelledAt(x + 1); ok {
			return true
		}
	}
	if r < MaxSide-1 {
		if _, ok := s.labelledAt(x + stride); ok {
			return true
		}
	}
	return false
}

func (s *State) labelledAt(x int) (*Piece, bool) {
	id := s.cell[x]
	if id == empty {
		return nil, false
	}
	p := &s.faces[id]
	return p, p.Len > 0
}
