package crossword

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/lexicon"
)

// TestAnchorTables checks shadow with anchor tables against shadow
// working each anchor out from the rack (noTabs), on seeded random
// positions of both games, with racks of no blank and of one, a short
// rack in part, and thresholds from none to above most spans: for every
// anchor of the position the two put the same spans on the heap, with the
// same bounds and in the same order. It goes over every anchor three
// times in a row with tables: the first time meets the anchor (and works
// it out without a table), the second builds its table, the third reads
// it.
//
// Checks INV-8 (MOVEGEN.md).
func TestAnchorTables(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := positionCount(200, 16)
	anchors, spans := 0, 0
	for _, name := range []string{"wwf", "scrabble", "super"} {
		r := testRules(t, name)
		rng := rand.New(rand.NewPCG(13, 13))
		for seed := range uint64(n / 2) {
			s := bestFirstState(t, r, lx, seed+900, int(seed%2), seed%5 == 4, rng)
			if s == nil {
				continue
			}
			g := s.gen
			bs := &g.bounded
			shadowAll := func(noTabs bool, thr int64) (out []spanRec, keys []uint64) {
				g.off = tabsOff(noTabs)
				defer func() { g.off = 0 }()
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
				for pass := range 3 {
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
			sh := 16 * (i % 4)
			sp.c.all[i], sp.c.free[i] = int(ts.all[i/4]>>sh&0xffff), int(ts.free[i/4]>>sh&0xffff)
		}
		sp.ts = nil
	}
	return sp
}

// TestAnchorTableRing checks the ring of span records through the ways a
// table goes: read as built, copied to the head once half the ring is
// past it, built again once the whole ring is, built at the start of the
// ring's array when it would not fit before its end, and not built (shadow
// works the anchor out itself) when the ring could write over spans on
// the heap. Each time the spans kept are those of shadow without tables.
//
// Checks INV-8 (MOVEGEN.md).
func TestAnchorTableRing(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	r := testRules(t, "wwf")
	rng := rand.New(rand.NewPCG(17, 17))
	checked, copied, rebuilt, refused := 0, 0, 0, 0
	for seed := range uint64(positionCount(20, 6)) {
		s := bestFirstState(t, r, lx, seed+40, 0, false, rng)
		if s == nil {
			continue
		}
		g := s.gen
		bs := &g.bounded
		inTheWay := false
		shadowOne := func(a anchorBound, noTabs bool) []spanRec {
			low := uint64(math.MaxUint64) // as a new move starts
			if inTheWay {
				// Spans on the heap from a table a build could write over.
				low = g.slabHead - tabSlabSize + 1
			}
			return shadowAnchor(g, a, noTabs, low)
		}
		for _, k := range bs.anchorHeap {
			a := anchorOf(k)
			want := shadowOne(a, true)
			check := func(what string) {
				t.Helper()
				if got := shadowOne(a, false); !slices.Equal(got, want) {
					t.Fatalf("seed %d, %s anchor %s, %s: the tables keep %d spans, shadow %d (or different ones)\n%s",
						seed, a.d, laneSquare(a.d, int(a.lane), int(a.pos)), what, len(got), len(want), s)
				}
				checked++
			}
			check("built")
			tab := g.anchorTable(&bs.lanes[a.d][a.lane], a.d, int(a.lane), int(a.pos))
			if tab == nil {
				t.Fatal("no table")
			}
			start := tab.start
			check("read")
			if tab.start != start {
				t.Fatal("a fresh table moved")
			}
			g.slabHead += tabSlabSize/2 + 1
			check("half the ring past it")
			if tab.start == start {
				t.Fatal("a table half the ring behind was not copied to the head")
			}
			copied++
			start = tab.start
			g.slabHead = tab.start + tabSlabSize + 1
			check("the whole ring past it")
			if !tab.ok || tab.start < start+tabSlabSize {
				t.Fatalf("a table the whole ring behind was not built again: ok %v start %d, was %d, head %d", tab.ok, tab.start, start, g.slabHead)
			}
			rebuilt++
			// Past the table, close to the end of the ring's array.
			g.slabHead = ((tab.start+tabSlabSize)/tabSlabSize+1)*tabSlabSize - 3
			check("at the end of the array")
			if tab.start%tabSlabSize != 0 {
				t.Fatalf("a table at the end of the array starts at %d", tab.start%tabSlabSize)
			}
			// Spans on the heap a build could write over.
			g.slabHead += 2*tabSlabSize + 1
			inTheWay = true
			check("with spans on the heap in the way")
			if g.anchorTable(&bs.lanes[a.d][a.lane], a.d, int(a.lane), int(a.pos)) != nil {
				t.Fatal("a table built over spans on the heap")
			}
			refused++
			inTheWay = false
		}
	}
	if checked == 0 {
		t.Fatal("no anchor checked")
	}
	t.Logf("%d checks: %d tables copied, %d built again, %d refused", checked, copied, rebuilt, refused)
}

// TestPackedDot checks packedDot against the sum of products, on random
// numbers and on the largest ones it takes (every coefficient 255, every
// value 63), with and without zeros past some place (spans of fewer
// squares than the rack's tiles, racks of fewer tiles).
//
// Checks INV-8 (MOVEGEN.md).
func TestPackedDot(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 20000 {
		var c, v [MaxRack]int
		k, n := rng.IntN(MaxRack+1), rng.IntN(MaxRack+1)
		for j := range MaxRack {
			switch {
			case i == 0:
				c[j], v[j] = maxPackedCoef, maxPackedValue
			default:
				if j < k {
					c[j] = rng.IntN(maxPackedCoef + 1)
				}
				if j < n {
					v[j] = rng.IntN(maxPackedValue + 1)
				}
			}
		}
		want := 0
		for j := range MaxRack {
			want += c[j] * v[j]
		}
		pc, pv := packCoefs(&c), packValues(&v)
		if got := packedDot(&pc, &pv); got != want {
			t.Fatalf("coefficients %v, values %v: packedDot %d, sum of products %d", c, v, got, want)
		}
	}
}

// bestFirstState returns the seeded position of rules r (an endgame with
// endgame, else a random one whose mover has blanks blanks) after
// StartBounded with random leave terms from rng (onlyBest); nil when the
// game is over or the generator does not go best first.
func bestFirstState(t *testing.T, r *Rules, lx *lexicon.Lexicon, seed uint64, blanks int, endgame bool, rng *rand.Rand) *State {
	t.Helper()
	var s *State
	if endgame {
		s = endgamePosition(t, r, lx, seed)
	} else {
		s = randomPosition(t, r, lx, seed, blanks)
	}
	if s.Over() {
		return nil
	}
	s.StartBounded(randomLeaves(s, rng), true)
	if !s.gen.bounded.bestFirst {
		return nil
	}
	return s
}

// shadowAnchor runs shadow on anchor a of g's bounded state (after
// StartBounded), with no threshold, as a new move would (the heap empty,
// bs.tabLow set to tabLow), without anchor tables with noTabs, and returns
// the spans it keeps (plainSpan).
func shadowAnchor(g *generator, a anchorBound, noTabs bool, tabLow uint64) []spanRec {
	bs := &g.bounded
	g.off = tabsOff(noTabs)
	defer func() { g.off = 0 }()
	bs.spans, bs.heap = bs.spans[:0], bs.heap[:0]
	bs.tabLow = tabLow
	g.d, g.lane = a.d, int(a.lane)
	g.shadow(&bs.lanes[a.d][a.lane], int(a.pos), bs.fill, math.MinInt64)
	var out []spanRec
	for _, sp := range bs.spans {
		out = append(out, plainSpan(sp))
	}
	return out
}

// tabsOff returns the cache layers to switch off for shadow to do
// without anchor tables (noTabs) or not.
func tabsOff(noTabs bool) cacheLayer {
	if noTabs {
		return cacheTabs
	}
	return 0
}
