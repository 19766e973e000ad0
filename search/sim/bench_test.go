package sim

import (
	"context"
	"testing"

	"wordengine/search"
)

// BenchmarkIteration measures the rollout loop of one thread on the
// committed midgame position: 10 candidates, 2 plies, no elimination (every
// candidate rolled out in every iteration). iterations/s is per thread.
func BenchmarkIteration(b *testing.B) {
	s := midgame(b)
	p := New(Options{Threads: 1})
	st, _ := search.NewStatic("endgame=off")
	cands, _ := st.Rank(context.Background(), s, nil)
	r := &run{seed: 1, me: s.ToMove(), cands: cands[:DefaultCandidates], plies: DefaultPlies, spread: spread(s, s.ToMove())}
	p.prepare(s, 1)
	w := p.workers[0]
	alive := make([]int, len(r.cands))
	for i := range alive {
		alive[i] = i
	}
	out := make([]sample, len(r.cands))
	// An untimed warm-up: the lexicon's word map and the buffers are
	// built on first use.
	w.iteration(r, -1, alive, out)
	b.ReportAllocs()
	i := 0
	cpu0, ok := cpuTime()
	for b.Loop() {
		w.iteration(r, i, alive, out)
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "iterations/s")
	if cpu1, ok1 := cpuTime(); ok && ok1 && cpu1 > cpu0 {
		// The rate per CPU second of this one thread (the garbage
		// collector's share included): what a loaded machine still
		// measures fairly.
		b.ReportMetric(float64(i)/(cpu1-cpu0).Seconds(), "iterations/cpu-s")
	}
}

// BenchmarkSimulate measures whole simulations (static ranking, clones,
// 64 iterations of 10 candidates and 2 plies, no elimination) on one
// thread: iterations/s per thread, setup included.
func BenchmarkSimulate(b *testing.B) {
	s := midgame(b)
	p := New(Options{Threads: 1, Iterations: 64, Stop: -1})
	b.ReportAllocs()
	iters := 0
	cpu0, ok := cpuTime()
	for b.Loop() {
		res, err := p.Simulate(context.Background(), s, uint64(iters))
		if err != nil {
			b.Fatal(err)
		}
		iters += res.Iterations
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
	if cpu1, ok1 := cpuTime(); ok && ok1 && cpu1 > cpu0 {
		b.ReportMetric(float64(iters)/(cpu1-cpu0).Seconds(), "iterations/cpu-s")
	}
}
