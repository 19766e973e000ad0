package wordflow_test

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/wordflow"
)

// TestViewHoldsEveryMove plays free-form and framed games at random and
// checks at every turn that the cell of each legal placement lies within
// the seat's view, where a front end draws it and a person clicks it.
func TestViewHoldsEveryMove(t *testing.T) {
	for _, variant := range []string{"layout=free", "layout=free,start=3", "size=6x6"} {
		for seed := range uint64(4) {
			s, err := wordflow.NewGame(game.Config{Variant: variant, Rand: rand.New(rand.NewPCG(seed, 1))})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 2))
			for ply := 0; !s.Over() && ply < 60; ply++ {
				v := s.SeatView(s.ToMove())
				moves := s.AppendMoves(nil)
				for _, m := range moves {
					for _, rc := range s.DescribeMove(m, -1).Cells {
						if rc[0] >= v.Rows || rc[1] >= v.Cols {
							t.Fatalf("%s seed %d ply %d: %s takes row %d column %d, outside the %dx%d view",
								variant, seed, ply, s.FormatMove(m), rc[0], rc[1], v.Rows, v.Cols)
						}
					}
				}
				s.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
}
