package endgame

import (
	"context"
	"testing"

	"wordengine/game"
)

// benchSolve solves s plies deep with one thread once per iteration and
// reports the seconds per solve and the nodes per second.
func benchSolve(b *testing.B, s game.State, plies int, want int) {
	sv := New(Options{Plies: plies, Threads: 1})
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		r, err := sv.Solve(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		if want != noValue && r.Value != want {
			b.Fatalf("value %+d, want %+d", r.Value, want)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/solve")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/solve")
}

// noValue: a benchmark that checks no value.
const noValue = -1 << 30

// BenchmarkBoard06 solves board06 (EFHIKOQ against WZ, SOWPODS,
// Scrabble) 8 plies deep on one thread: the endgame target of
// ../shared/DESIGN.md, +59 in at most 2.5 s (MAGPIE 2.5-3.2 s, Macondo
// 4.3-4.7 s on the same machine).
func BenchmarkBoard06(b *testing.B) {
	lx := sowpods(b)
	benchSolve(b, macondoBoard(b, "board06", lx), 8, 59)
}

// BenchmarkSuite solves each position of the committed endgame suite
// (real Scrabble games, the first position with the bag empty) 4 plies
// deep on one thread, with SOWPODS.
func BenchmarkSuite(b *testing.B) {
	lx := sowpods(b)
	notes, states := suiteStates(b, lx)
	for i, s := range states {
		b.Run(notes[i], func(b *testing.B) { benchSolve(b, s, 4, noValue) })
	}
}

// BenchmarkFirstEndgame solves the first endgame of seeded self-play
// games (AEHNRRY against ADINOUV: seed 1), 6 plies deep.
func BenchmarkFirstEndgame(b *testing.B) {
	lx := sowpods(b)
	s, _ := firstEndgame(b, "scrabble", lx, 1)
	benchSolve(b, s, 6, noValue)
}
