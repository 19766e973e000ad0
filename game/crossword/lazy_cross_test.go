package crossword

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// TestCrossSetsLazy checks the lazy update of the cross-sets (Board.played,
// undone and flush, and the log) on seeded random interleavings of Play,
// Undo, move generation, Clone and CopyFrom in both games: plays noted
// several at a time, undos back to the position the cross-sets were
// computed for (whose pending squares are dropped), undos below it
// (restored from the log, or recomputed when the log lost them), undos
// followed by other plays, set-up tiles placed and removed between
// them (PlaceTile, RemoveTile), rollouts as the simulation plays them (a play, generation,
// a reply, generation, a second reply, three undos), and runs of plays
// long enough to fill the pending list. Moves are chosen by generating
// them on a copy (CopyFrom of the pending state), so the state itself is
// brought up to date only at the random points where it is checked:
// then its cross-sets, flags and cross-scores, and those of the copies,
// must equal a full recomputation.
//
// Checks INV-2 (MOVEGEN.md).
func TestCrossSetsLazy(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	seeds, steps := uint64(8), 800
	if *positions > 0 { // make proof: -positions=2000 runs 20 seeds of each game
		seeds = uint64(max(8, *positions/100))
	} else if testing.Short() || raceEnabled {
		seeds, steps = 2, 300
	}
	var plays, undos, checks, drops, below, restores, overflows, placed, removed int
	for _, name := range []string{"wwf", "scrabble", "super"} {
		r := testRules(t, name)
		for seed := range seeds {
			s, err := New(r, lx, seed+700)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 57))
			scratch := s.clone()
			var buf []game.Move
			var setUps []int // squares of tiles placed by PlaceTile
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
					if v := s.board.validDepth; v > d {
						t.Fatalf("%s seed %d: undone to %d moves, below the exact cross-sets, which are still said to be exact at %d", name, seed, d, v)
					} else if v >= 0 {
						restores++
					}
				}
				return true
			}
			for range steps {
				switch k := rng.IntN(22); {
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
				case k < 20: // a run of plays with no generation between them
					for range 6 + rng.IntN(8) {
						if !play() {
							break
						}
					}
				case k < 21 && s.bag.Len() > 0: // a set-up tile next to the others
					var empty []int
					for i, tl := range s.board.sq {
						r, c := i/s.board.cols, i%s.board.cols
						if tl == 0 && (c > 0 && s.board.sq[i-1] != 0 || c < s.board.cols-1 && s.board.sq[i+1] != 0 ||
							r > 0 && s.board.sq[i-s.board.cols] != 0 || r < s.board.rows-1 && s.board.sq[i+s.board.cols] != 0) {
							empty = append(empty, i)
						}
					}
					if len(empty) == 0 {
						break
					}
					i := empty[rng.IntN(len(empty))]
					size := s.Alphabet().Size()
					for off, tl := rng.IntN(size), 0; tl < size; tl++ {
						if s.PlaceTile(i/s.board.cols, i%s.board.cols, lexicon.Tile(1+(off+tl)%size)) == nil {
							setUps = append(setUps, i)
							placed++
							break
						}
					}
				case len(setUps) > 0: // a set-up tile taken off
					j := rng.IntN(len(setUps))
					i := setUps[j]
					setUps = append(setUps[:j], setUps[j+1:]...)
					if err := s.RemoveTile(i/s.board.cols, i%s.board.cols); err != nil {
						t.Fatal(err)
					}
					removed++
				}
			}
			check(s, "the end")
		}
	}
	t.Logf("%d plays, %d undos (%d back to the exact cross-sets with squares pending, %d below them, %d of which restored from the log), %d full pending lists, %d set-up tiles placed and %d removed; %d checks against a full recomputation",
		plays, undos, drops, below, restores, overflows, placed, removed, checks)
	if drops < 20 || below < 20 || restores < 20 || overflows < 2 || placed < 20 || removed < 20 || checks < 200 {
		t.Fatalf("the interleavings did not exercise the lazy update: %d drops, %d undos below, %d restores, %d full lists, %d checks", drops, below, restores, overflows, checks)
	}
}

// BenchmarkRolloutCrossSets measures the cross-set work of simulation
// rollouts alone: on seeded midgame positions, for each of 10 plays, a
// determinization with the same seed (as the simulation draws), the
// play, the update the generator would make before choosing a reply, a
// reply (fixed: the first one generated) and its update, a second reply,
// and three undos. rollouts/s counts these sequences.
func BenchmarkRolloutCrossSets(b *testing.B) {
	lx := testLexicon(b)
	r := testRules(b, "wwf")
	var states []*State
	var rollouts [][][3]game.Move
	pcg := rand.NewPCG(1, 2)
	rng := rand.New(pcg)
	determinize := func(s *State) {
		pcg.Seed(1, 2)
		s.Determinize(s.toMove, rng)
	}
	for seed := uint64(0); len(states) < 8; seed++ {
		s := randomPosition(b, r, lx, seed+900, 0)
		if s.Over() || len(s.undo) < 8 {
			continue
		}
		plays := s.AppendPlays(nil)
		var list [][3]game.Move
		for k := 0; k < len(plays) && len(list) < 10; k += 1 + len(plays)/10 {
			c := s.clone()
			determinize(c)
			seq := [3]game.Move{plays[k]}
			c.Play(seq[0])
			ok := true
			for j := 1; j < 3 && ok; j++ {
				replies := c.AppendPlays(nil)
				if ok = !c.Over() && len(replies) > 0; ok {
					seq[j] = replies[0]
					c.Play(seq[j])
				}
			}
			if ok {
				list = append(list, seq)
			}
		}
		if len(list) > 0 {
			states, rollouts = append(states, s), append(rollouts, list)
		}
	}
	// The sequences are legal on the states themselves: the same draws
	// give the movers the tiles they play.
	for i, s := range states {
		for _, seq := range rollouts[i] {
			determinize(s)
			for _, m := range seq {
				r := s.racks[s.toMove]
				for _, t := range MoveTiles(nil, m) {
					if !r.has(t) {
						b.Fatalf("%s is not on the rack %s", s.FormatMove(m), s.Alphabet().Format(s.Rack(nil, s.toMove)))
					}
					r.remove(t)
				}
				s.Play(m)
			}
			for range seq {
				s.Undo()
			}
		}
	}
	n := 0
	for b.Loop() {
		for i, s := range states {
			for _, seq := range rollouts[i] {
				determinize(s)
				s.Play(seq[0])
				s.syncCross()
				s.Play(seq[1])
				s.syncCross()
				s.Play(seq[2])
				s.Undo()
				s.Undo()
				s.Undo()
				n++
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "rollouts/s")
}
