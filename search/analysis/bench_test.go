package analysis_test

import (
	"context"
	"testing"
	"time"

	"wordengine/search/analysis"
)

// BenchmarkAnalyseStatic measures the static analysis of whole crossword
// games (seeded static-against-greedy self-play, so that the moves played
// are not all the best), one goroutine: moves/s is the target's unit;
// moves/cpu-s counts the process's CPU time instead of the wall clock.
func BenchmarkAnalyseStatic(b *testing.B) {
	for _, name := range []string{"scrabble", "wwf"} {
		b.Run(name, func(b *testing.B) {
			var recs []*analysis.Record
			moves := 0
			for seed := uint64(1); seed <= 8; seed++ {
				r := selfPlay(b, name, seed, []string{"static", "greedy"}, 200)
				recs = append(recs, r)
				moves += r.Moves
			}
			an, err := analysis.New(analysis.Options{Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			// Warm the generators' buffers.
			for _, r := range recs {
				if _, err := an.Analyse(ctx, r); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			cpu0, ok := cpuTime()
			n := 0
			for b.Loop() {
				for _, r := range recs {
					if _, err := an.Analyse(ctx, r); err != nil {
						b.Fatal(err)
					}
				}
				n++
			}
			b.ReportMetric(float64(n*moves)/time.Since(start).Seconds(), "moves/s")
			// Per CPU second of the process (GC included): what the
			// machine's other load does not change.
			if cpu1, ok1 := cpuTime(); ok && ok1 && cpu1 > cpu0 {
				b.ReportMetric(float64(n*moves)/(cpu1-cpu0).Seconds(), "moves/cpu-s")
			}
		})
	}
}
