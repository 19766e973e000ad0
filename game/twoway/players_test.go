package twoway_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/twoway"
	"wordengine/search"
)

// TestSameObservationSameDecision: two states that differ only in what
// the player to move cannot see (the other a redeal of the first for that
// player) give it the same observation, and every player deciding on its
// view (search.View, as the runners do) with the same seeds makes the
// same decision in both.
func TestSameObservationSameDecision(t *testing.T) {
	ctx := context.Background()
	decisions, peeks := 0, 0
	seeds := uint64(30)
	if raceEnabled {
		seeds = 6
	}
	for seed := range seeds {
		v := []string{"", "open-hands", "lengths=3,3,4,5"}[seed%3]
		s, err := twoway.NewGame(game.Config{Variant: v, Rand: rand.New(rand.NewPCG(seed, 1))})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		for ply := 0; !s.Over() && ply < 200; ply++ {
			if ply%7 == 3 {
				p := s.ToMove()
				other := s.Clone().(*twoway.State)
				other.Determinize(p, rand.New(rand.NewPCG(seed, uint64(ply))))
				if s.Observation(p) != other.Observation(p) {
					t.Fatalf("seed %d ply %d: observations differ", seed, ply)
				}
				for _, name := range []string{"greedy", "static", "random"} {
					var got [2]string
					for i, st := range []game.State{s, other} {
						pl, err := search.New(name)
						if err != nil {
							t.Fatal(err)
						}
						view := search.View(st, rand.New(rand.NewPCG(seed, 1000+uint64(ply))))
						m, err := pl.Choose(ctx, view, rand.New(rand.NewPCG(seed, 2000+uint64(ply))))
						if err != nil {
							t.Fatal(err)
						}
						got[i] = st.FormatMove(m)
					}
					if got[0] != got[1] {
						t.Fatalf("seed %d ply %d: %s chooses %s in the true state and %s in a state differing only in hidden faces",
							seed, ply, name, got[0], got[1])
					}
					decisions++
				}
				// The control: static on the true states (no view) would
				// read hidden faces, and its decisions then differ.
				var peek [2]string
				for i, st := range []game.State{s, other} {
					pl, _ := search.New("static")
					m, err := pl.Choose(ctx, st, nil)
					if err != nil {
						t.Fatal(err)
					}
					peek[i] = st.FormatMove(m)
				}
				if peek[0] != peek[1] {
					peeks++
				}
			}
			moves := s.AppendMoves(nil)
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d decisions compared; static on the true states decides differently in %d positions", decisions, peeks)
	if peeks == 0 {
		t.Error("the control never differs: the test cannot tell a player that peeks")
	}
}
