package crossword

import (
	"math"
	"math/rand/v2"
	"testing"

	"wordengine/game"
)

// playRandom plays n random moves (plays when there are any) from a new
// game of seed.
func playRandom(t *testing.T, r *Rules, seed uint64, n int) *State {
	t.Helper()
	s, err := New(r, testLexicon(t), seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 5))
	var buf []game.Move
	for range n {
		buf = s.AppendPlays(buf[:0])
		if len(buf) == 0 {
			s.Play(passMove)
			continue
		}
		s.Play(buf[rng.IntN(len(buf))])
	}
	return s
}

// TestCopyFromInvalidatesBounded checks that CopyFrom of another position
// with as many moves played and the same seat to move does not let a
// StartBounded of the old position hand out its plays: NextBounded
// panics (the position changed since StartBounded) instead of returning
// plays of the old board and rack.
//
// Checks INV-13 (MOVEGEN.md).
func TestCopyFromInvalidatesBounded(t *testing.T) {
	t.Parallel()
	r := testRules(t, "wwf")
	rng := rand.New(rand.NewPCG(3, 3))
	checked := 0
	for seed := range uint64(20) {
		a, b := playRandom(t, r, seed, 6), playRandom(t, r, seed+100, 6)
		if a.Over() || b.Over() || len(a.undo) != len(b.undo) || a.toMove != b.toMove {
			continue
		}
		scratch := a.clone()
		scratch.StartBounded(randomLeaves(a, rng), false)
		scratch.CopyFrom(b)
		legal := map[game.Move]bool{}
		for _, m := range b.AppendPlays(nil) {
			legal[m] = true
		}
		func() {
			defer func() {
				if e := recover(); e == nil {
					t.Errorf("seed %d: NextBounded after CopyFrom of another position did not panic", seed)
				}
			}()
			got, _ := scratch.NextBounded(nil, math.MinInt64)
			for _, m := range got {
				if !legal[m] {
					t.Fatalf("seed %d: after CopyFrom, NextBounded of a stale StartBounded hands out %s, not a play of the copied position\n%s",
						seed, scratch.FormatMove(m), scratch)
				}
			}
		}()
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d pairs of positions", checked)
	}
	// A copy followed by a new StartBounded works as on the original.
	a := playRandom(t, r, 1, 6)
	scratch := playRandom(t, r, 2, 6)
	leave := randomLeaves(a, rng)
	scratch.StartBounded(leave, false)
	scratch.CopyFrom(a)
	scratch.StartBounded(leave, false)
	a.StartBounded(leave, false)
	got, _ := scratch.NextBounded(nil, math.MinInt64)
	want, _ := a.NextBounded(nil, math.MinInt64)
	if len(got) != len(want) || len(want) == 0 {
		t.Errorf("after CopyFrom and StartBounded: %d plays in the first group, the original %d", len(got), len(want))
	}
}

// TestSetRackInvalidatesBounded: changing the mover's rack between
// StartBounded and NextBounded (same history length, same seat) makes
// NextBounded panic rather than generate for the old rack.
//
// Checks INV-13 (MOVEGEN.md).
func TestSetRackInvalidatesBounded(t *testing.T) {
	t.Parallel()
	r := testRules(t, "wwf")
	s := playRandom(t, r, 4, 4)
	s.StartBounded(nil, false)
	rack := s.Rack(nil, s.toMove)
	if err := s.SetRack(s.toMove, rack[:2]); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if recover() == nil {
			t.Error("NextBounded after SetRack did not panic")
		}
	}()
	s.NextBounded(nil, math.MinInt64)
}

// TestUndoPlayInvalidatesBounded checks that an Undo followed by another
// Play (as many moves played, the same seat to move) after StartBounded
// makes NextBounded panic rather than hand out plays of the old position.
//
// Checks INV-13 (MOVEGEN.md).
func TestUndoPlayInvalidatesBounded(t *testing.T) {
	t.Parallel()
	r := testRules(t, "wwf")
	s := playRandom(t, r, 4, 5)
	buf := s.AppendPlays(nil)
	if len(buf) < 2 {
		t.Fatal("too few plays")
	}
	s.Play(buf[0])
	s.StartBounded(make([]int64, 1<<s.racks[s.toMove].n), true)
	s.Undo()
	s.Play(buf[1]) // as many moves played, the same seat to move
	defer func() {
		if recover() == nil {
			t.Error("NextBounded after Undo and another Play did not panic")
		}
	}()
	s.NextBounded(nil, math.MinInt64)
}
