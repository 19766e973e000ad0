package bench_test

import (
	"testing"

	"wordengine/bench"
	"wordengine/game"
	_ "wordengine/search/sim" // registers sim
)

// movesToBag plays game g of m up to the first position with at most one
// tile in the bag, where the handover begins, and returns the moves
// before it and that position's move.
func movesToBag(t *testing.T, m bench.Match, g int) (moves []string, last string) {
	t.Helper()
	_, err := bench.PlayTraced(m, g, func(s game.State, mv game.Move) bool {
		if s.(game.Racker).BagLen() <= 1 {
			last = s.FormatMove(mv)
			return false
		}
		moves = append(moves, s.FormatMove(mv))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if last == "" {
		t.Fatalf("game %d never had one tile or none in the bag", g)
	}
	return moves, last
}

// TestPairedStreams: with common random numbers, a simulation player
// with the endgame handover and the same player without it play the two
// games of a deal move for move alike until the bag holds one tile or
// none (where the handover begins); with a stream per rotation, the same
// deals part before. (What the handover then plays is the business of
// package search's tests.)
func TestPairedStreams(t *testing.T) {
	t.Parallel()
	const sim = "sim:plies=1,iterations=1,candidates=2,stop=0,threads=1"
	players := []string{sim + ",endgame-nodes=2000", sim + ",endgame=off"}
	seeds, designs := []uint64{1, 2, 3}, []bool{true, false}
	if raceEnabled {
		// One goroutine: the race detector has nothing to see, and
		// slows the games tenfold.
		seeds, designs = seeds[:1], designs[:1]
	}
	parted := 0
	for _, seed := range seeds {
		for _, paired := range designs {
			m := bench.Match{Game: "wwf", Players: players, Games: 2, Seed: seed, PairedStreams: paired}
			a, _ := movesToBag(t, m, 0) // A in seat 1
			b, _ := movesToBag(t, m, 1) // B in seat 1
			same := len(a) == len(b)
			for i := 0; same && i < len(a); i++ {
				same = a[i] == b[i]
			}
			switch {
			case paired && !same:
				t.Errorf("seed %d, paired streams: the deal's games part before the bag's end:\n%q\n%q", seed, a, b)
			case paired && len(a) < 10:
				t.Errorf("seed %d: %d moves before the bag's end", seed, len(a))
			case !paired && !same:
				parted++
			}
		}
	}
	if parted == 0 && !raceEnabled {
		t.Errorf("with a stream per rotation no deal parted before the bag's end: the test cannot tell the designs apart")
	}
}
