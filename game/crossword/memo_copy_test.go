package crossword

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
)

// bestBounded returns the plays of the highest equity that StartBounded
// with onlyBest hands out for leave, sorted.
func bestBounded(s *State, leave []int64) []game.Move {
	s.StartBounded(leave, true)
	var all []game.Move
	for {
		var more bool
		all, more = s.NextBounded(all, math.MinInt64)
		if !more {
			break
		}
	}
	best := int64(math.MinInt64)
	for _, m := range all {
		best = max(best, 1000*int64(s.MoveScore(m))+leave[keptMask(s, m)])
	}
	var out []game.Move
	for _, m := range all {
		if 1000*int64(s.MoveScore(m))+leave[keptMask(s, m)] == best && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b game.Move) int { return cmp.Or(cmp.Compare(a.A, b.A), cmp.Compare(a.B, b.B)) })
	return out
}

// TestSplitMemoAcrossCopyFrom checks that the splits StartBounded keeps
// for the last two racks (splitSet) are not reused for a state of other
// rules: one state becomes, by CopyFrom, positions of WWF and of Scrabble
// (other tile values) in turn, with the same rack and the same leave
// terms, and its best plays must be those of a fresh clone. Scrabble
// comes first: its lower tile values, kept for WWF, would bound WWF's
// spans too low and lose their best plays.
//
// Checks INV-10, INV-13 (MOVEGEN.md).
func TestSplitMemoAcrossCopyFrom(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	w, sc := testRules(t, "wwf"), testRules(t, "scrabble")
	var z *State
	checked := 0
	for seed := range uint64(positionCount(80, 16)) {
		a := randomPosition(t, w, lx, seed, int(seed%3))
		b := randomPosition(t, sc, lx, seed+1000, 0)
		if a.Over() || b.Over() || a.bag.Len() == 0 {
			continue
		}
		// b's player to move gets a's rack when the tiles allow it.
		rack := a.Rack(nil, a.toMove)
		_ = b.SetRack(1-b.toMove, nil)
		if err := b.SetRack(b.toMove, rack); err != nil {
			continue
		}
		leave := randomLeaves(a, rand.New(rand.NewPCG(seed, 3)))
		if z == nil {
			z = a.clone()
		}
		for _, src := range []*State{b, a, b, a} {
			z.CopyFrom(src)
			got := bestBounded(z, leave)
			want := bestBounded(src.clone(), leave)
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d, %s after CopyFrom: best plays %d, a fresh clone %d\n%s", seed, src.rules.Name, len(got), len(want), src)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d cases", checked)
	}
}
