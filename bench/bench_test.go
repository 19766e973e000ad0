package bench_test

import (
	"context"
	"testing"

	"wordengine/bench"
)

// sink keeps the last result so the compiler cannot drop the games.
var sink bench.Result

// BenchmarkSelfPlay plays WWF games, greedy against greedy, on one thread
// (one deal, both seatings, per iteration) and reports games/s.
func BenchmarkSelfPlay(b *testing.B) {
	benchmarkSelfPlay(b, "wwf", "greedy", "greedy")
}

func benchmarkSelfPlay(b *testing.B, game string, players ...string) {
	m := bench.Match{Game: game, Players: players, Games: len(players), Threads: 1}
	if err := m.Check(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	games, plies := 0, 0
	for b.Loop() {
		err := bench.Run(context.Background(), m, func(r bench.Result) error {
			sink = r
			games++
			plies += r.Plies
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		m.Seed++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}
