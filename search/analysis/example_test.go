package analysis_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"wordengine/game"
	"wordengine/search"
	"wordengine/search/analysis"
)

// A game known by its deal and its moves in notation, analysed by the
// static player: a greedy opening (the highest score) set beside the
// static player's choice (score plus the value of the tiles kept).
func ExampleFromMoves() {
	spec, _ := game.Lookup("scrabble")
	start, _ := spec.New(game.Config{Rand: rand.New(rand.NewPCG(4, 1))})
	m, _ := search.Greedy{}.Choose(context.Background(), start, nil)
	moves := []string{start.FormatMove(m)}

	an, _ := analysis.New(analysis.Options{Player: "static", Seed: 1})
	rep, _ := an.Analyse(context.Background(), analysis.FromMoves("example", start, []string{"Ann", "Bob"}, moves, nil))
	mv := rep.Moves[0]
	fmt.Printf("%s with %s: %s scores %d, worth %.1f, rank %d\n", mv.Player, mv.Knew, mv.Played, mv.PlayedScore, mv.PlayedValue, mv.Rank)
	fmt.Printf("best %s scores %d, worth %.1f: %.1f lost\n", mv.Best, mv.BestScore, mv.BestValue, mv.Lost)
	// Output:
	// Ann with LMRSTTT: 8G ST scores 4, worth -12.4, rank 47
	// best -LRTTT scores 0, worth 8.8: 21.3 lost
}
