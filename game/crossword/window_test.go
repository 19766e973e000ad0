package crossword

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/lexicon"
)

// spanMaxBound returns, for anchor p of lane l, the highest bound shadow
// could give one of its spans, computed span by span from the rules in
// the comment at the top of shadow.go, independently of shadow and
// windowBound; it errs upwards where the rules allow (the square
// coefficients paired with the rack's values, no extension limit next to
// a run of tiles, the bingo whenever two play-through tiles or more are
// in the span; through one tile, as shadow, only when the rack and its
// letter may make a word), so a window bound at least as high is at
// least as high as shadow's. ok is false when the anchor has no span.
func spanMaxBound(g *generator, l *laneData, p int) (best int64, ok bool) {
	bs := &g.bounded
	b := g.s.board
	n := g.rack.n
	best = math.MinInt64
	for lo := p; lo >= 0; lo-- {
		if lo < p && l.anchor[lo] {
			break // the walk never goes left onto another anchor
		}
		if lo > 0 && l.tiles[lo-1] != 0 {
			continue
		}
		for hi := max(p, lo+1); hi < l.n; hi++ {
			if hi < l.n-1 && l.tiles[hi+1] != 0 {
				continue
			}
			var coef []int
			kk, npt, pt, x, w, fits := 0, 0, 0, 0, 1, true
			var letter lexicon.Tile
			for q := lo; q <= hi; q++ {
				if t := l.tiles[q]; t != 0 {
					npt++
					pt += b.value(t)
					letter = t.Letter()
					continue
				}
				if l.cross[q]&bs.fill == 0 {
					fits = false
				}
				kk++
				w *= int(l.wm[q])
			}
			if !fits || kk == 0 || kk > n {
				continue
			}
			for q := lo; q <= hi; q++ {
				if l.tiles[q] != 0 {
					continue
				}
				xw := 0
				if l.hasX[q] {
					xw = int(l.wm[q])
					x += int(l.xs[q]) * int(l.wm[q])
				}
				coef = append(coef, int(l.lm[q])*(w+xw))
			}
			slices.Sort(coef)
			slices.Reverse(coef)
			bingo := 0
			if kk == g.rackSize {
				if npt == 0 && !bs.seven || npt == 1 && bs.eight>>letter&1 == 0 {
					continue
				}
				bingo = g.bingo
			}
			if npt == 0 && !bs.wordK[kk] {
				continue
			}
			sc := w*pt + x + bingo
			for i, c := range coef {
				sc += c * bs.vals[i]
			}
			best = max(best, 1000*int64(sc)+bs.leaveK[kk])
			ok = true
		}
	}
	return best, ok
}

// TestWindowBound checks StartBounded's anchor bounds (windowBound)
// against the bounds of the anchor's spans enumerated one by one
// (spanMaxBound) on seeded positions of both games: midgames with zero
// to two blanks on the rack, the empty board, and endgames with short
// racks, with random leave terms of either sign. Every anchor with a span
// must be listed with a bound at least the spans' highest; an anchor
// StartBounded drops must have no span.
//
// Checks INV-3 (MOVEGEN.md).
func TestWindowBound(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := positionCount(200, 16)
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		rng := rand.New(rand.NewPCG(11, 11))
		anchors, tight, checked, short := 0, 0, 0, 0
		for seed := range uint64(n / 2) {
			var s *State
			switch {
			case seed < 3:
				var err error
				if s, err = New(r, lx, seed+700); err != nil {
					t.Fatal(err)
				}
			case seed%4 == 0:
				s = endgamePosition(t, r, lx, seed+700)
			default:
				s = randomPosition(t, r, lx, seed+700, int(seed%3))
			}
			if s.Over() {
				continue
			}
			if s.racks[s.toMove].n < r.RackSize {
				short++
			}
			s.StartBounded(randomLeaves(s, rng), false)
			g := s.gen
			bs := &g.bounded
			listed := map[[3]int]int64{}
			for _, a := range bs.order {
				listed[[3]int{int(a.d), int(a.lane), int(a.pos)}] = a.bound
			}
			for d := Across; d <= Down; d++ {
				for k := range s.board.lanes(d) {
					l := &bs.lanes[d][k]
					for p := range l.n {
						if !l.anchor[p] {
							continue
						}
						want, ok := spanMaxBound(g, l, p)
						got, listedOK := listed[[3]int{int(d), k, p}]
						switch {
						case ok && !listedOK:
							t.Fatalf("%s seed %d: %s anchor %s dropped, but a span bounded %d exists\n%s",
								name, seed, d, laneSquare(d, k, p), want, s)
						case ok && got < want:
							t.Fatalf("%s seed %d: %s anchor %s: window bound %d below a span's bound %d\n%s",
								name, seed, d, laneSquare(d, k, p), got, want, s)
						case ok:
							anchors++
							if got == want {
								tight++
							}
						}
					}
				}
			}
			checked++
		}
		t.Logf("%s: %d positions (%d with a short rack), %d anchors, window bound equal to the best span's on %d",
			name, checked, short, anchors, tight)
		if checked < n/4 || short == 0 || anchors == 0 {
			t.Errorf("%s: too few positions of some kind", name)
		}
	}
}

// laneSquare names square p of lane k in direction d.
func laneSquare(d Direction, k, p int) string {
	if d == Across {
		return squareName(k, p)
	}
	return squareName(p, k)
}
