package crossword

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/eval"
	"wordengine/game"
	"wordengine/lexicon"
)

// endgamePosition plays random plays from a new game until the bag is
// empty (or the game ends), so that racks may be short.
func endgamePosition(t testing.TB, r *Rules, lx *lexicon.Lexicon, seed uint64) *State {
	s, err := New(r, lx, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 77))
	var buf []game.Move
	extra := rng.IntN(3)
	for !s.Over() && (s.BagLen() > 0 || extra > 0) {
		if s.BagLen() == 0 {
			extra--
		}
		buf = s.AppendPlays(buf[:0])
		if len(buf) == 0 {
			s.Play(passMove)
			continue
		}
		// Prefer long plays, to empty the bag in few turns.
		slices.SortFunc(buf, func(a, b game.Move) int { return cmp.Compare(MoveTileCount(b), MoveTileCount(a)) })
		s.Play(buf[rng.IntN(min(len(buf), 20))])
	}
	return s
}

// randomLeaves returns leave terms for the sub-multisets of the mover's
// rack (indexed as game.BoundedMover says), random of either sign, equal
// for equal multisets.
func randomLeaves(s *State, rng *rand.Rand) []int64 {
	rack := s.Rack(nil, s.toMove)
	byKey := map[string]int64{}
	out := make([]int64, 1<<len(rack))
	for m := range out {
		var kept []lexicon.Tile
		for i, t := range rack {
			if m>>i&1 != 0 {
				kept = append(kept, t)
			}
		}
		k := string(kept) // rack order is sorted: equal multisets, equal keys
		if _, ok := byKey[k]; !ok {
			byKey[k] = rng.Int64N(60_000) - 30_000
		}
		out[m] = byKey[k]
	}
	return out
}

// coarseLeaves is randomLeaves in whole multiples of 5000 milli-points:
// coarse leave terms make ties between different plays common.
func coarseLeaves(s *State, rng *rand.Rand) []int64 {
	leave := randomLeaves(s, rng)
	for i := range leave {
		leave[i] -= leave[i] % 5000
	}
	return leave
}

// keptMask returns the mask (over the mover's rack in Rack order) of the
// tiles play m keeps: each tile placed takes the first unused rack tile
// equal to it.
func keptMask(s *State, m game.Move) int {
	rack := s.Rack(nil, s.toMove)
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
	return (1<<len(rack) - 1) ^ used
}

// checkBounded checks the bounded generation of s against AppendMoves:
// the groups hold every play once, AppendUnbounded the other moves, the
// groups come in non-increasing bound order, and no play of a group has
// 1000·score + the leave term of the tiles it keeps above the group's
// bound.
func checkBounded(t *testing.T, name string, seed uint64, s *State, leave []int64) (plays, groups int) {
	t.Helper()
	s.StartBounded(leave, false)
	g := s.gen
	var got []game.Move
	last := int64(math.MaxInt64)
	for {
		var more bool
		before := len(got)
		got, more = s.NextBounded(got, math.MinInt64)
		if !more {
			break
		}
		groups++
		bound := g.bounded.lastBound
		if bound > last {
			t.Fatalf("%s seed %d: group bound %d after %d", name, seed, bound, last)
		}
		last = bound
		for _, m := range got[before:] {
			if MoveKind(m) != Play {
				t.Fatalf("%s seed %d: group holds %s, not a play", name, seed, s.FormatMove(m))
			}
			eq := 1000*int64(s.MoveScore(m)) + leave[keptMask(s, m)]
			if eq > bound {
				t.Fatalf("%s seed %d: %s scores %d (1000·score + leave = %d) above its anchor's bound %d\n%s",
					name, seed, s.FormatMove(m), s.MoveScore(m), eq, bound, s)
			}
		}
	}
	got = s.AppendUnbounded(got)
	want := s.AppendMoves(nil)
	less := func(a, b game.Move) int { return cmp.Or(cmp.Compare(a.A, b.A), cmp.Compare(a.B, b.B)) }
	slices.SortFunc(got, less)
	slices.SortFunc(want, less)
	if !slices.Equal(got, want) {
		t.Fatalf("%s seed %d: bounded generation gives %d moves, AppendMoves %d\n%s", name, seed, len(got), len(want), s)
	}
	return len(want), groups
}

// TestBoundedMatchesAppendMoves checks the shadow bounds (shadow.go) on
// seeded positions of both games: random midgames with and without
// blanks on the rack, the empty board, and positions with the bag empty
// (short racks). The leave bounds are random, of either sign, so that
// every tile count matters.
//
// Checks INV-4, INV-5 (MOVEGEN.md).
func TestBoundedMatchesAppendMoves(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := positionCount(120, 16)
	for _, name := range []string{"wwf", "scrabble", "super"} {
		r := testRules(t, name)
		rng := rand.New(rand.NewPCG(7, 7))
		checked, plays, groups, blanks, endgames, empty := 0, 0, 0, 0, 0, 0
		for seed := range uint64(n / 2) {
			var s *State
			switch {
			case seed < 3:
				var err error
				if s, err = New(r, lx, seed); err != nil { // the empty board
					t.Fatal(err)
				}
			case seed%5 == 0:
				s = endgamePosition(t, r, lx, seed)
			default:
				s = randomPosition(t, r, lx, seed, int(seed%3))
			}
			if s.Over() {
				continue
			}
			l1 := randomLeaves(s, rng)
			p, gr := checkBounded(t, name, seed, s, l1)
			if seed%4 == 1 && s.racks[1-s.toMove].n > 0 {
				// The generator keeps the splits of the last two racks
				// (splitSet): other leave terms for the same rack, the
				// other seat's rack, then the first rack and terms again.
				checkBounded(t, name, seed, s, randomLeaves(s, rng))
				x := s.toMove
				s.SetToMove(1 - x)
				checkBounded(t, name, seed, s, randomLeaves(s, rng))
				s.SetToMove(x)
				checkBounded(t, name, seed, s, l1)
			}
			checked++
			plays += p
			groups += gr
			if s.racks[s.toMove].counts[0] > 0 {
				blanks++
			}
			if s.BagLen() == 0 {
				endgames++
			}
			if s.board.Empty() {
				empty++
			}
		}
		t.Logf("%s: %d positions (%d with blanks on the rack, %d with the bag empty, %d on the empty board), %d moves in %d groups, all within their bounds",
			name, checked, blanks, endgames, empty, plays, groups)
		if checked < n/4 || blanks == 0 || endgames == 0 || empty == 0 {
			t.Errorf("%s: too few positions of some kind", name)
		}
	}
}

// TestBoundedThreshold checks how NextBounded stops. With two blanks on
// the rack the groups are the anchors: it hands out exactly those whose
// bound reaches the threshold. With fewer, the plays come best first,
// span by span, and every play that reaches the threshold is handed
// out. Either way a stopped generation stays stopped at that threshold
// and hands out no play twice; by anchors it resumes at a lower one.
//
// Checks INV-6 (MOVEGEN.md).
func TestBoundedThreshold(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	r := testRules(t, "wwf")
	for _, blanks := range []int{0, 1, 2} {
		s := randomPosition(t, r, lx, 3, blanks)
		for seed := uint64(4); int(s.racks[s.toMove].counts[0]) != blanks; seed++ {
			if seed == 100 {
				t.Fatalf("no position with %d blanks on the rack", blanks)
			}
			s = randomPosition(t, r, lx, seed, blanks)
		}
		s.StartBounded(make([]int64, 1<<s.racks[s.toMove].n), false)
		order := s.gen.bounded.order
		if len(order) < 3 {
			t.Fatalf("only %d anchors", len(order))
		}
		if s.gen.bounded.bestFirst != (blanks < 2) {
			t.Fatalf("%d blanks: best first %v", blanks, s.gen.bounded.bestFirst)
		}
		plays := s.AppendPlays(nil)
		scores := make([]int, len(plays))
		for i, m := range plays {
			scores[i] = s.MoveScore(m)
		}
		slices.Sort(scores)
		cut := 1000 * int64(scores[len(scores)*9/10])
		if blanks == 2 {
			cut = order[2].bound + 1
		}
		wantGroups := 0
		for _, a := range order {
			if a.bound >= cut {
				wantGroups++
			}
		}
		var got []game.Move
		more, groups := true, 0
		for more {
			got, more = s.NextBounded(got, cut)
			if more {
				groups++
			}
		}
		if blanks == 2 && (groups != wantGroups || wantGroups == 0) {
			t.Errorf("two blanks: threshold %d: %d groups handed out, want %d", cut, groups, wantGroups)
		}
		have := map[game.Move]bool{}
		for _, m := range got {
			if have[m] {
				t.Errorf("%d blanks: %s handed out twice", blanks, s.FormatMove(m))
			}
			have[m] = true
		}
		above := 0
		for _, m := range plays {
			if 1000*int64(s.MoveScore(m)) >= cut {
				above++
				if !have[m] {
					t.Errorf("%d blanks: threshold %d: %s (%d points) left out", blanks, cut, s.FormatMove(m), s.MoveScore(m))
				}
			}
		}
		if blanks < 2 && above == 0 || len(got) >= len(plays) {
			t.Errorf("%d blanks: threshold %d: %d plays handed out of %d, %d above it: no pruning to check", blanks, cut, len(got), len(plays), above)
		}
		if again, more := s.NextBounded(nil, cut); more || len(again) > 0 {
			t.Errorf("%d blanks: after a stop, the same threshold handed out %d plays", blanks, len(again))
		}
		if _, more := s.NextBounded(nil, math.MinInt64); blanks == 2 && !more {
			t.Errorf("two blanks: after a stop, a lower threshold should resume")
		}
	}
}

// TestBoundedKeepsPlaysAboveThreshold checks the pruning inside an
// anchor's walk: with a threshold, NextBounded may leave out plays, but
// never one whose 1000·score + leave term reaches the threshold. The
// thresholds are taken among the plays' own values (the best, the tenth
// best, the median), as a player's best-so-far would be.
//
// Checks INV-6 (MOVEGEN.md).
func TestBoundedKeepsPlaysAboveThreshold(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := positionCount(120, 16)
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		rng := rand.New(rand.NewPCG(8, 8))
		checked, kept, all := 0, 0, 0
		for seed := range uint64(n / 2) {
			var s *State
			if seed%5 == 0 {
				s = endgamePosition(t, r, lx, seed+500)
			} else {
				s = randomPosition(t, r, lx, seed+500, int(seed%3))
			}
			if s.Over() {
				continue
			}
			leave := randomLeaves(s, rng)
			plays := s.AppendPlays(nil)
			if len(plays) == 0 {
				continue
			}
			eq := func(m game.Move) int64 { return 1000*int64(s.MoveScore(m)) + leave[keptMask(s, m)] }
			vals := make([]int64, len(plays))
			for i, m := range plays {
				vals[i] = eq(m)
			}
			slices.Sort(vals)
			slices.Reverse(vals)
			for _, threshold := range []int64{vals[0], vals[min(9, len(vals)-1)], vals[len(vals)/2]} {
				s.StartBounded(leave, false)
				var got []game.Move
				for more := true; more; {
					got, more = s.NextBounded(got, threshold)
				}
				have := map[game.Move]bool{}
				for _, m := range got {
					have[m] = true
				}
				for _, m := range plays {
					if eq(m) >= threshold && !have[m] {
						t.Fatalf("%s seed %d: threshold %d: %s (value %d) left out\n%s", name, seed, threshold, s.FormatMove(m), eq(m), s)
					}
				}
				kept += len(got)
				all += len(plays)
			}
			checked++
		}
		t.Logf("%s: %d positions, 3 thresholds each: %d of %d plays generated, none above a threshold missed", name, checked, kept, all)
		if checked < n/4 {
			t.Errorf("%s: only %d positions", name, checked)
		}
	}
}

// BenchmarkStartBounded times the anchor bounds (StartBounded) on seeded
// midgame positions, with the leave terms of the embedded WWF table.
func BenchmarkStartBounded(b *testing.B) {
	lx := testLexicon(b)
	r := testRules(b, "wwf")
	l, err := eval.DefaultLeaves("wwf")
	if err != nil {
		b.Fatal(err)
	}
	e := eval.NewStatic(l)
	var states []*State
	var leaves [][]int64
	for seed := range uint64(40) {
		s := randomPosition(b, r, lx, seed, 0)
		if !s.Over() {
			lt, _ := e.LeaveTerms(s, nil)
			states = append(states, s)
			leaves = append(leaves, lt)
		}
	}
	// Untimed: the lexicon's word set, built on first use (some 0.15 s).
	states[0].StartBounded(leaves[0], true)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		states[i%len(states)].StartBounded(leaves[i%len(states)], true)
		i++
	}
}

// TestBoundedOnlyBest checks StartBounded with onlyBest as the static
// player uses it: the threshold of each NextBounded is the best value
// found so far, and the plays handed out must include every play of the
// highest value (1000·score + the exact leave term), ties and all.
//
// Checks INV-7 (MOVEGEN.md).
func TestBoundedOnlyBest(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := positionCount(120, 16)
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		rng := rand.New(rand.NewPCG(9, 9))
		checked, ties, blanks := 0, 0, 0
		for seed := range uint64(n / 2) {
			var s *State
			switch {
			case seed < 2:
				var err error
				if s, err = New(r, lx, seed+900); err != nil {
					t.Fatal(err)
				}
			case seed%5 == 0:
				s = endgamePosition(t, r, lx, seed+900)
			default:
				s = randomPosition(t, r, lx, seed+900, int(seed%3))
			}
			if s.Over() {
				continue
			}
			leave := coarseLeaves(s, rng)
			if len(s.AppendPlays(nil)) == 0 {
				continue
			}
			nbest := checkOnlyBest(t, name, seed, s, leave)
			if nbest > 1 {
				ties++
			}
			if s.racks[s.toMove].counts[0] > 0 {
				blanks++
			}
			checked++
		}
		t.Logf("%s: %d positions (%d with blanks on the rack, %d with a tie for the best), every best play handed out", name, checked, blanks, ties)
		if checked < n/4 || ties == 0 || blanks == 0 {
			t.Errorf("%s: too few positions of some kind", name)
		}
	}
}

// TestSortAnchors checks the packed sort of the anchors against the
// comparison sort (cmpAnchorBound): random anchors with bounds of either
// sign, ties, math.MaxInt64 (no bound), and bounds too large to pack.
//
// Checks INV-14 (MOVEGEN.md).
func TestSortAnchors(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		var bs boundedState
		n := rng.IntN(120)
		for range n {
			a := anchorBound{d: Direction(rng.IntN(2)), lane: uint8(rng.IntN(MaxDim)), pos: uint8(rng.IntN(MaxDim))}
			switch rng.IntN(10) {
			case 0:
				a.bound = math.MaxInt64
			case 1:
				a.bound = int64(rng.IntN(5)) * 1000 // ties
			case 2:
				if trial%50 == 0 {
					a.bound = 1 << 55 // too large to pack
				}
			default:
				a.bound = rng.Int64N(4_000_000) - 2_000_000
			}
			bs.order = append(bs.order, a)
		}
		want := slices.Clone(bs.order)
		slices.SortFunc(want, cmpAnchorBound)
		sortAnchors(&bs)
		if !slices.Equal(bs.order, want) {
			t.Fatalf("trial %d: packed sort differs from the comparison sort\n got %v\nwant %v", trial, bs.order, want)
		}
	}
}

// TestBoundedTop checks StartBoundedTop against the full generation: on
// seeded positions (coarse leave terms, so that ties are common), with k
// from 1 to 6, MaxTop, MaxTop+1 and 40, and a caller that keeps its
// threshold at the k-th best equity it has seen, every play whose equity
// reaches the true k-th best is handed out.
//
// Checks INV-7 (MOVEGEN.md).
func TestBoundedTop(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := positionCount(120, 16)
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		rng := rand.New(rand.NewPCG(19, 19))
		checked, blanks := 0, 0
		for seed := range uint64(n / 2) {
			s := randomPosition(t, r, lx, seed+1900, int(seed%3))
			if seed%5 == 0 {
				s = endgamePosition(t, r, lx, seed+1900)
			}
			if s.Over() {
				continue
			}
			leave := coarseLeaves(s, rng)
			if len(s.AppendPlays(nil)) == 0 {
				continue
			}
			k := []int{1, 2, 3, 4, 5, 6, MaxTop, MaxTop + 1, 40}[seed%9]
			checkTop(t, name, seed, s, leave, k)
			if s.racks[s.toMove].counts[0] > 0 {
				blanks++
			}
			checked++
		}
		t.Logf("%s: %d positions (%d with blanks on the rack), every play of the k best handed out", name, checked, blanks)
		if checked < n/4 || blanks == 0 {
			t.Errorf("%s: too few positions of some kind", name)
		}
	}
}

// TestBoundedHugeLeaves checks leave terms too large for the span keys
// of best-first generation (see spanKeyBits): StartBounded then goes by
// anchors, and the best plays are still all handed out.
//
// Checks INV-7 (MOVEGEN.md).
func TestBoundedHugeLeaves(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	r := testRules(t, "wwf")
	rng := rand.New(rand.NewPCG(10, 10))
	checked := 0
	for seed := range uint64(12) {
		s := randomPosition(t, r, lx, seed+1200, 0)
		if s.Over() || len(s.AppendPlays(nil)) == 0 {
			continue
		}
		leave := randomLeaves(s, rng)
		for i := range leave {
			leave[i] *= 1 << 30 // about ±2^44: beyond leaveKeyLimit
		}
		s.StartBounded(leave, true)
		if s.gen.bounded.bestFirst {
			t.Fatalf("seed %d: best first with leave terms beyond ±2^40", seed)
		}
		checkOnlyBest(t, "wwf", seed, s, leave)
		for i := range leave {
			leave[i] /= 1 << 30
		}
		s.StartBounded(leave, true)
		if !s.gen.bounded.bestFirst {
			t.Fatalf("seed %d: not best first with leave terms within ±2^40", seed)
		}
		checked++
	}
	if checked < 6 {
		t.Errorf("only %d positions", checked)
	}
}
