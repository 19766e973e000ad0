package crossword

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAnchorTables checks shadow with anchor tables against shadow
// working each anchor out from the rack (noTabs), on seeded random
// positions of both games, with racks of no blank and of one, a short
// rack in part, and thresholds from none to above most spans: for every
// anchor of the position the two put the same spans on the heap, with the
// same bounds and in the same order. It goes over every anchor twice in a
// row with tables, so that the second time reads the tables the first
// built.
func TestAnchorTables(t *testing.T) {
	lx := testLexicon(t)
	n := positionCount(200, 40)
	anchors, spans := 0, 0
	for _, name := range []string{"wwf", "scrabble", "super"} {
		r := testRules(t, name)
		rng := rand.New(rand.NewPCG(13, 13))
		for seed := range uint64(n / 2) {
			var s *State
			if seed%5 == 4 {
				s = endgamePosition(t, r, lx, seed+900)
			} else {
				s = randomPosition(t, r, lx, seed+900, int(seed%2))
			}
			if s.Over() {
				continue
			}
			s.StartBounded(randomLeaves(s, rng), true)
			g := s.gen
			bs := &g.bounded
			if !bs.bestFirst {
				continue
			}
			shadowAll := func(noTabs bool, thr int64) (out []spanRec, keys []uint64) {
				g.noTabs = noTabs
				defer func() { g.noTabs = false }()
				for _, k := range bs.anchorHeap {
					a := anchorOf(k)
					bs.spans, bs.heap = bs.spans[:0], bs.heap[:0]
					g.d, g.lane = a.d, int(a.lane)
					g.shadow(&bs.lanes[a.d][a.lane], int(a.pos), bs.fill, thr)
					for _, sp := range bs.spans {
						out = append(out, plainSpan(sp))
					}
					keys = append(keys, bs.heap...)
				}
				return out, keys
			}
			for _, thr := range []int64{math.MinInt64, 0, 10_000 + rng.Int64N(30_000)} {
				want, wantKeys := shadowAll(true, thr)
				for pass := range 2 {
					got, gotKeys := shadowAll(false, thr)
					if !slices.Equal(got, want) || !slices.Equal(gotKeys, wantKeys) {
						t.Fatalf("%s seed %d threshold %d pass %d: the tables keep %d spans, shadow %d (or different ones)\n%s",
							name, seed, thr, pass, len(got), len(want), s)
					}
				}
				spans += len(want)
			}
			anchors += len(bs.anchorHeap)
		}
	}
	if spans == 0 {
		t.Fatal("no span kept: the test compares nothing")
	}
	t.Logf("%d anchors, %d spans kept", anchors, spans)
}

// plainSpan returns sp with its coefficients in sp.c, read from its anchor
// table record when it has one.
func plainSpan(sp spanRec) spanRec {
	if ts := sp.ts; ts != nil {
		sp.c = spanCoef{k: int(ts.kk), nf: int(ts.nf), restricted: sp.c.restricted}
		for i := range MaxRack {
			sp.c.all[i], sp.c.free[i] = int(ts.all[i]), int(ts.free[i])
		}
		sp.ts = nil
	}
	return sp
}
