package crossword

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// cacheLayerNames names the layers of cacheLayer, bit by bit, for the
// subtests of TestCacheLayers.
var cacheLayerNames = [cacheLayers]string{"tabs", "wordmap", "runfits", "may", "lanes", "extmemo", "runs", "splits", "cross"}

// setCachesOff switches off the cache layers off of s's generator and
// board (see cacheLayer).
func setCachesOff(s *State, off cacheLayer) {
	s.board.noXMemo = off&cacheCross != 0 // before generator brings the cross-sets up to date
	g := s.generator()
	g.off = off
	g.lanes.off = off&cacheLanes != 0
}

// offName names a combination of layers switched off.
func offName(off cacheLayer) string {
	if off == 0 {
		return "all-on"
	}
	var parts []string
	for i, name := range cacheLayerNames {
		if off>>i&1 != 0 {
			parts = append(parts, name)
		}
	}
	return "off=" + strings.Join(parts, "+")
}

// cacheCase is a position of TestCacheLayers: seat y to move at root,
// with a play c of y's; seat x's plays after a pass (before) and after c
// (after), y's plays at root, each sorted, from AppendPlays (the full
// GADDAG walk, checked against brute force by TestMoveGenEqualsBruteForce),
// and leave terms for each rack.
type cacheCase struct {
	name                 string
	root                 *State
	c                    game.Move
	ys, before, after    []game.Move
	leaveY, leaveX, lx2  []int64
	bestY, bestX, bestX2 int64 // the best equity with leaveY, leaveX, lx2
}

func lessMove(a, b game.Move) int { return cmp.Or(cmp.Compare(a.A, b.A), cmp.Compare(a.B, b.B)) }

// sortedPlays returns s's plays, sorted.
func sortedPlays(s *State) []game.Move {
	p := s.AppendPlays(nil)
	slices.SortFunc(p, lessMove)
	return p
}

// bestEquity returns the highest equity of plays on s with leave terms
// leave.
func bestEquity(s *State, plays []game.Move, leave []int64) int64 {
	best := int64(math.MinInt64)
	rack := s.Rack(nil, s.toMove)
	for _, m := range plays {
		best = max(best, equityOf(s, rack, leave, m))
	}
	return best
}

// equityOf is 1000·score + the leave term of the tiles play m keeps of
// rack (the mover's, in Rack order), as keptMask finds them.
func equityOf(s *State, rack []lexicon.Tile, leave []int64, m game.Move) int64 {
	used := 0
	for i := range MoveTileCount(m) {
		t := lexicon.Tile(m.B >> (8 * i))
		if t.IsBlank() {
			t = lexicon.Blank
		}
		for j, r := range rack {
			if used>>j&1 == 0 && r == t {
				used |= 1 << j
				break
			}
		}
	}
	return 1000*int64(s.MoveScore(m)) + leave[(1<<len(rack)-1)^used]
}

// cacheCases makes n cases on seeded positions of the three layouts:
// midgames with 0, 1 or 2 blanks on the rack, and some with the bag
// empty (short racks); with most > 0, only positions of at most most
// plays in all (the three lists).
func cacheCases(t *testing.T, n, most int) []*cacheCase {
	lx := testLexicon(t)
	var out []*cacheCase
	for seed := uint64(0); len(out) < n; seed++ {
		name := []string{"wwf", "scrabble", "super"}[seed%3]
		r := testRules(t, name)
		var s *State
		if seed%7 == 6 {
			s = endgamePosition(t, r, lx, seed+7000)
		} else {
			s = randomPosition(t, r, lx, seed+7000, []int{0, 1, 0, 1, 0, 2}[seed%6]) // two blanks: thousands of plays
		}
		if s.Over() || s.board.Empty() {
			continue
		}
		rng := rand.New(rand.NewPCG(seed, 17))
		cc := &cacheCase{name: fmt.Sprintf("%s seed %d", name, seed+7000), root: s}
		cc.ys = sortedPlays(s)
		if len(cc.ys) == 0 {
			continue
		}
		cc.c = cc.ys[rng.IntN(len(cc.ys))]
		cc.leaveY = randomLeaves(s, rng)
		cc.bestY = bestEquity(s, cc.ys, cc.leaveY)
		s.Play(passMove)
		cc.before = sortedPlays(s)
		cc.leaveX = coarseLeaves(s, rng)
		cc.bestX = bestEquity(s, cc.before, cc.leaveX)
		s.Undo()
		s.Play(cc.c)
		if s.Over() {
			s.Undo()
			continue
		}
		cc.after = sortedPlays(s)
		cc.lx2 = randomLeaves(s, rng)
		cc.bestX2 = bestEquity(s, cc.after, cc.lx2)
		s.Undo()
		if most > 0 && len(cc.ys)+len(cc.before)+len(cc.after) > most {
			continue
		}
		out = append(out, cc)
	}
	return out
}

// TestCacheLayers (INV-10) checks that no cache layer changes what
// bounded generation hands out: for every combination of layers switched
// off (2^cacheLayers of them), on seeded positions, a sequence of bounded
// generations that meets each layer more than once (the lanes, anchors
// and racks come back, so that the caches are filled and then read) must
// agree with AppendPlays each time: all plays, each once (INV-5), within
// their group's bound (INV-4); every play of the best equity with
// onlyBest (INV-7); and after a move, the near groups with the untouched
// plays of before (INV-9). One position a combination by default, a few
// with -positions (make proof).
func TestCacheLayers(t *testing.T) {
	t.Parallel()
	per, pool, most := 1, 24, 1500
	if *positions > 0 {
		per = max(1, *positions/(1<<cacheLayers))
		pool, most = 96, 0
	}
	for i, name := range cacheLayerNames {
		if name == "" {
			t.Fatalf("cache layer %d has no name in cacheLayerNames", i)
		}
	}
	cases := cacheCases(t, pool, most)
	for off := range cacheLayer(1 << cacheLayers) {
		t.Run(offName(off), func(t *testing.T) {
			t.Parallel()
			for j := range per {
				cc := cases[(int(off)*per+j)%len(cases)]
				checkCacheCase(t, cc, off)
			}
		})
	}
}

// checkCacheCase runs TestCacheLayers' sequence on case cc with layers
// off switched off.
func checkCacheCase(t *testing.T, cc *cacheCase, off cacheLayer) {
	t.Helper()
	s := cc.root.clone()
	setCachesOff(s, off)
	g := s.gen
	what := func(step string) string { return fmt.Sprintf("%s, %s, %s", cc.name, offName(off), step) }
	allPlays := func(step string, want []game.Move, leave []int64) {
		t.Helper()
		rack := s.Rack(nil, s.toMove)
		s.StartBounded(leave, false)
		if off&cacheWordMap != 0 && g.bounded.bestFirst {
			t.Fatalf("%s: best first with the word map off", what(step))
		}
		var got []game.Move
		for {
			k := len(got)
			var more bool
			got, more = s.NextBounded(got, math.MinInt64)
			if !more {
				break
			}
			for _, m := range got[k:] {
				if eq := equityOf(s, rack, leave, m); eq > g.bounded.lastBound {
					t.Fatalf("%s: %s: equity %d above its group's bound %d\n%s", what(step), s.FormatMove(m), eq, g.bounded.lastBound, s)
				}
			}
		}
		slices.SortFunc(got, lessMove)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: bounded generation %d plays, AppendPlays %d\n%s", what(step), len(got), len(want), s)
		}
	}
	onlyBest := func(step string, want []game.Move, leave []int64, best int64) {
		t.Helper()
		rack := s.Rack(nil, s.toMove)
		s.StartBounded(leave, true)
		threshold := int64(math.MinInt64)
		have := map[game.Move]bool{}
		var got []game.Move
		for more := true; more; {
			got, more = s.NextBounded(got[:0], threshold)
			for _, m := range got {
				if _, ok := slices.BinarySearchFunc(want, m, lessMove); !ok || have[m] {
					t.Fatalf("%s: %s handed out twice or not a play\n%s", what(step), s.FormatMove(m), s)
				}
				have[m] = true
				threshold = max(threshold, equityOf(s, rack, leave, m))
			}
		}
		for _, m := range want {
			if equityOf(s, rack, leave, m) == best && !have[m] {
				t.Fatalf("%s: best play %s not handed out\n%s", what(step), s.FormatMove(m), s)
			}
		}
	}
	near := func(step string) {
		t.Helper()
		s.StartBoundedNear(cc.lx2, false)
		var got []game.Move
		for more := true; more; {
			got, more = s.NextBounded(got, math.MinInt64)
		}
		kept := map[game.Move]bool{}
		for _, m := range cc.before {
			if s.Untouched(m) {
				kept[m] = true
			}
		}
		for _, m := range got {
			if _, ok := slices.BinarySearchFunc(cc.after, m, lessMove); !ok {
				t.Fatalf("%s: near group holds %s, not a play\n%s", what(step), s.FormatMove(m), s)
			}
			kept[m] = true
		}
		for _, m := range cc.after {
			if !kept[m] {
				t.Fatalf("%s: %s neither untouched nor in the near groups\n%s", what(step), s.FormatMove(m), s)
			}
		}
	}
	allPlays("root", cc.ys, cc.leaveY)
	s.Play(passMove)
	onlyBest("after a pass", cc.before, cc.leaveX, cc.bestX)
	s.Undo()
	s.Play(cc.c)
	onlyBest("after the play", cc.after, cc.lx2, cc.bestX2)
	near("after the play")
	s.Undo()
	onlyBest("root again", cc.ys, cc.leaveY, cc.bestY)
	s.Play(cc.c)
	allPlays("after the play again", cc.after, cc.lx2)
	s.Undo()
	s.Play(passMove)
	onlyBest("after a pass again", cc.before, cc.leaveX, cc.bestX)
	s.Undo()
	// A layer switched off was not used.
	switch {
	case off&cacheTabs != 0 && g.slab != nil:
		t.Fatalf("%s: anchor tables built with the tables off", what("end"))
	case off&cacheLanes != 0 && g.lanes.prem != nil:
		t.Fatalf("%s: lane cache filled with it off", what("end"))
	case off&cacheCross != 0 && s.board.xmemo != nil:
		t.Fatalf("%s: cross-set memo filled with it off", what("end"))
	}
}
