package wordflow

import "wordengine/lexicon"

// Evaluation weights, chosen by paired self-play of static against
// greedy (see the package doc).
var (
	// openWeight is the share, in milli-points per point, of the
	// openings that Evaluate counts for the player to move.
	openWeight = 150
	// probeLetters are the faces of the probe pieces: the commonest
	// letters, each with both arrows.
	probeLetters = []string{"E", "A", "I", "O", "S", "T", "R", "N"}
)

// facesOf returns the set's pieces followed by the probe pieces (one per
// probe letter of the alphabet, both arrows, parity any, the points of
// the set's first inner piece with that letter, else 1), computed once
// per set.
func facesOf(set *Set) []Piece {
	set.facesOnce.Do(func() {
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
		set.faces = f
	})
	return set.faces
}

// Evaluate implements game.Evaluator: 1000 per point of seat's score,
// plus, for the player to move only, openWeight per point of the
// openings: for every empty cell where a piece may go and that an arrow
// leads into or that has a labelled piece right of or below it, the most
// points a probe piece (a common letter with both arrows, probeLetters)
// would score there, found with the word finder, summed over the cells.
// The openings are the next mover's chances: after a move, the one-ply
// static player thus weighs the points it scores against the openings it
// leaves to the next player (in solo, to itself). In cooperative play
// every seat counts the openings (they serve the shared score), so the
// one-ply values of all moves are equal and the static player plays by
// score. It reads no hand, so it is the same for every observer.
func (s *State) Evaluate(seat int) int {
	v := 1000 * s.Score(seat)
	if s.over || (seat != s.ToMove() && s.opts.Mode != Cooperative) {
		return v
	}
	return v + openWeight*s.Openings()
}

// Openings returns the sum over the empty cells next to a path of the
// most points a probe piece scores there (see Evaluate).
func (s *State) Openings() int {
	sum := 0
	rows, cols := s.Extent()
	for r := range min(rows+1, MaxSide) {
		for c := range min(cols+1, MaxSide) {
			x := r*stride + c
			if s.cell[x] != empty || !s.touches(r, c) || !s.linked(x) {
				continue
			}
			if s.opts.Layout == Framed && (r == 0 || c == 0 || r >= s.opts.H-1 || c >= s.opts.W-1) {
				continue
			}
			best := 0
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
			sum += best
		}
	}
	return sum
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
