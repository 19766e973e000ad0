package upwords_test

import (
	"fmt"
	"math/rand/v2"

	"wordengine/game"
	"wordengine/game/upwords"
)

// A new game on the embedded lexicon: the first player's best-scoring
// opening play (ties broken by notation).
func Example() {
	s, err := upwords.NewGame(game.Config{Players: 2, Rand: rand.New(rand.NewPCG(5, 1))})
	if err != nil {
		fmt.Println(err)
		return
	}
	best := game.Move{}
	for _, m := range s.AppendMoves(nil) {
		if best.IsZero() || s.MoveScore(m) > s.MoveScore(best) ||
			(s.MoveScore(m) == s.MoveScore(best) && s.FormatMove(m) < s.FormatMove(best)) {
			best = m
		}
	}
	fmt.Println(s.FormatMove(best), s.MoveScore(best))
	// Output: 5A CHAFT 10
}

// The rules' example: N stacked on a 2-high stack forms ON and NET.
func ExampleState_ParseMove() {
	s, err := upwords.ParsePosition(nil, `upwords
1  . . . . . . . . . .
2  . . . . . . . . . .
3  . . . . . . . . . .
4  . . . . . . . . . .
5  . . . O1 R2 . . . . .
6  . . . . E2 . . . . .
7  . . . . T1 . . . . .
8  . . . . . . . . . .
9  . . . . . . . . . .
10 . . . . . . . . . .
rack 1 NEST
rack 2 -
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := s.ParseMove("E5 N(ET)")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.FormatMove(m), s.MoveScore(m))
	_, err = s.ParseMove("5D (O)R")
	fmt.Println(err)
	// Output:
	// 5D (O)N 10
	// upwords: move "5D (O)R": no R on the rack ENST for square E5
}
