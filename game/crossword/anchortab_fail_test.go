package crossword

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAnchorTableUnbuilt checks the anchors whose table cannot be built
// (a coefficient above maxPackedCoef, on a layout of quadruple words):
// shadow works them out itself, and the records their failed builds wrote
// in the ring never stand for another anchor's table. The board's upper
// seven rows are quadruple words, so that spans there of four empty
// squares or more have coefficients of 256 or more, while the anchors of
// the lower rows get tables. For each pair of such anchors (A built, B
// not), A's table is placed where B's build writes (the whole ring behind
// the head, still intact), B's build is tried, and A's spans must still be
// shadow's.
//
// Checks INV-8 (MOVEGEN.md).
func TestAnchorTableUnbuilt(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	r := testRules(t, "wwf")
	for i := range 7 * r.Layout.Cols {
		r.Layout.Premiums[i] = Premium{Letter: 1, Word: 4}
	}
	rng := rand.New(rand.NewPCG(21, 21))
	pairs, unbuilt := 0, 0
	for seed := range uint64(positionCount(40, 12)) {
		s := bestFirstState(t, r, lx, seed+70, 0, false, rng)
		if s == nil {
			continue
		}
		g := s.gen
		bs := &g.bounded
		shadowOne := func(a anchorBound, noTabs bool) []spanRec {
			return shadowAnchor(g, a, noTabs, math.MaxUint64) // as a new move starts
		}
		table := func(a anchorBound) *anchorTab {
			return g.anchorTable(&bs.lanes[a.d][a.lane], a.d, int(a.lane), int(a.pos))
		}
		var built, failed []anchorBound
		for _, k := range bs.anchorHeap {
			a := anchorOf(k)
			shadowOne(a, false) // met
			shadowOne(a, false) // built, or not
			if table(a) != nil {
				built = append(built, a)
			} else if len(shadowOne(a, true)) > 0 {
				failed = append(failed, a)
			}
		}
		unbuilt += len(failed)
		for _, a := range built {
			want := shadowOne(a, true)
			for _, b := range failed {
				tab := table(a)
				if tab == nil {
					// Its place went to another anchor (direct-mapped):
					// met again, then built.
					table(a)
					if tab = table(a); tab == nil {
						t.Fatalf("seed %d: anchor %s has no table", seed, laneSquare(a.d, int(a.lane), int(a.pos)))
					}
				}
				// A's records where B's build writes, the ring a whole turn
				// past them: A's table is still intact.
				g.slabHead = tab.start + tabSlabSize
				shadowOne(b, false)
				if got := shadowOne(a, false); !slices.Equal(got, want) {
					t.Fatalf("seed %d: after a failed build of anchor %s %s, the table of anchor %s %s keeps %d spans, shadow %d (or different ones)\n%s",
						seed, b.d, laneSquare(b.d, int(b.lane), int(b.pos)), a.d, laneSquare(a.d, int(a.lane), int(a.pos)), len(got), len(want), s)
				}
				pairs++
			}
		}
	}
	if pairs == 0 || unbuilt == 0 {
		t.Fatalf("%d anchors with no table, %d pairs checked: the test compares nothing", unbuilt, pairs)
	}
	t.Logf("%d anchors with no table, %d pairs checked", unbuilt, pairs)
}
