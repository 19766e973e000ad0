package wordflow_test

import (
	"fmt"
	"math/rand/v2"

	"wordengine/game"
	"wordengine/game/wordflow"
)

// A framed 6x6 game: the player to move places the piece that scores
// most, and the engine lists the words it creates.
func Example() {
	s, err := wordflow.NewGame(game.Config{Variant: "size=6x6", Rand: rand.New(rand.NewPCG(3, 1))})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Play the highest-scoring placement until one scores.
	for !s.Over() {
		var best game.Move
		for _, m := range s.AppendMoves(nil) {
			if best.IsZero() || s.MoveScore(m) > s.MoveScore(best) {
				best = m
			}
		}
		words := s.Words(nil, best)
		score := s.MoveScore(best)
		fmt.Println("move:", s.FormatMove(best), "scores", score)
		s.Play(best)
		for _, w := range words {
			fmt.Println("  word:", s.Describe(w))
		}
		if score > 0 {
			break
		}
	}
	fmt.Println("medal for 120 points:", wordflow.Medal(120))
	// Output:
	// move: A1> b2 scores 0
	// move: D2> c2 scores 0
	// move: T1+ d2 scores 0
	// move: O1+ e2 scores 7
	//   word: TOT d2>e2>f2 (3)
	//   word: STOT d1vd2>e2>f2 (4)
	// medal for 120 points: Silver
}
