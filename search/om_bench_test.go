package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/wordblock"
	"wordengine/search"
)

// BenchmarkOMChoose times one OM move with the default limits on the
// opening position of random 5x5 WordBlock boards for 3 players, and
// reports the positions visited per second.
func BenchmarkOMChoose(b *testing.B) {
	spec, err := game.Lookup(wordblock.Name)
	if err != nil {
		b.Fatal(err)
	}
	states := make([]game.State, 8)
	for i := range states {
		if states[i], err = spec.New(game.Config{Players: 3, Rand: rand.New(rand.NewPCG(uint64(i), 9))}); err != nil {
			b.Fatal(err)
		}
		states[i].AppendMoves(nil) // find the board's words outside the timing
	}
	p, err := search.NewOM("")
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		if _, err := p.Choose(context.Background(), states[i%len(states)], nil); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Seconds())/float64(i)*1000, "ms/move")
}
