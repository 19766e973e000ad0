package crossword

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
)

// TestCrossSetsLazy checks the lazy update of the cross-sets (Board.note,
// undone and flush) on seeded random interleavings of Play, Undo, move
// generation, Clone and CopyFrom in both games: plays noted several at a
// time, undos back to the position the cross-sets were computed for
// (whose pending squares are dropped), undos below it, undos followed by
// other plays, rollouts as the simulation plays them (a play, generation,
// a reply, generation, a second reply, three undos), and runs of plays
// long enough to fill the pending list. Moves are chosen by generating
// them on a copy (CopyFrom of the pending state), so the state itself is
// brought up to date only at the random points where it is checked:
// then its cross-sets, flags and cross-scores, and those of the copies,
// must equal a full recomputation.
func TestCrossSetsLazy(t *testing.T) {
	lx := testLexicon(t)
	seeds, steps := uint64(8), 800
	if testing.Short() {
		seeds, steps = 2, 300
	}
	var plays, undos, checks, drops, below, overflows int
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		for seed := range seeds {
			s, err := New(r, lx, seed+700)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 57))
			scratch := s.clone()
			var buf []game.Move
			check := func(s *State, what string) {
				t.Helper()
				checks++
				if msg := crossMismatch(s); msg != "" {
					t.Fatalf("%s seed %d, %d moves played: %s: %s\n%s", name, seed, len(s.undo), what, msg, s)
				}
			}
			// play plays a random move (a tile play when one is drawn in
			// ten tries) chosen on a copy, leaving s's cross-sets alone.
			play := func() bool {
				if s.Over() {
					return false
				}
				scratch.CopyFrom(s)
				buf = scratch.AppendMoves(buf[:0])
				check(scratch, "a copy")
				m := buf[rng.IntN(len(buf))]
				for range 10 {
					if MoveKind(m) == Play {
						break
					}
					m = buf[rng.IntN(len(buf))]
				}
				before := s.board.npending
				s.Play(m)
				plays++
				if n := MoveTileCount(m); MoveKind(m) == Play && before+n > maxPending {
					overflows++
					if s.board.npending != 0 || s.board.validDepth != len(s.undo) {
						t.Fatalf("%s seed %d: %d pending squares and %d more: not brought up to date (%d pending)", name, seed, before, n, s.board.npending)
					}
				}
				return true
			}
			undo := func() bool {
				if len(s.undo) == 0 {
					return false
				}
				vd, np := s.board.validDepth, s.board.npending
				s.Undo()
				undos++
				switch d := len(s.undo); {
				case d == vd:
					if np > 0 {
						drops++
					}
					if s.board.npending != 0 {
						t.Fatalf("%s seed %d: undone back to the exact cross-sets, %d squares still pending", name, seed, s.board.npending)
					}
				case d < vd:
					below++
					if s.board.validDepth != -1 && s.board.npending != 0 {
						t.Fatalf("%s seed %d: undone below the exact cross-sets, which are still said to be exact at %d", name, seed, s.board.validDepth)
					}
				}
				return true
			}
			for range steps {
				switch k := rng.IntN(20); {
				case k < 8:
					if !play() {
						undo()
					}
				case k < 14:
					for range 1 + rng.IntN(3) {
						undo()
					}
				case k < 16: // a rollout, then another candidate
					n := 0
					for ply := range 3 {
						if !play() {
							break
						}
						n++
						if ply < 2 {
							buf = s.AppendMoves(buf[:0])
							check(s, "rollout")
						}
					}
					for range n {
						undo()
					}
					play()
				case k < 18:
					buf = s.AppendMoves(buf[:0])
					check(s, "generation")
				case k < 19: // a clone takes the pending squares along
					c := s.clone()
					np := s.board.npending
					check(c, "a clone")
					if s.board.npending != np {
						t.Fatalf("%s seed %d: updating a clone's cross-sets changed the original's", name, seed)
					}
				default: // a run of plays with no generation between them
					for range 6 + rng.IntN(8) {
						if !play() {
							break
						}
					}
				}
			}
			check(s, "the end")
		}
	}
	t.Logf("%d plays, %d undos (%d back to the exact cross-sets with squares pending, %d below them), %d full pending lists; %d checks against a full recomputation",
		plays, undos, drops, below, overflows, checks)
	if drops < 20 || below < 20 || overflows < 2 || checks < 200 {
		t.Fatalf("the interleavings did not exercise the lazy update: %d drops, %d undos below, %d full lists, %d checks", drops, below, overflows, checks)
	}
}
