package endgame

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"wordengine/game"
)

// TestThreadsSameResult solves seeded endgames at a fixed depth with 1, 2
// and 4 threads: the value and the principal variation must be the same.
func TestThreadsSameResult(t *testing.T) {
	n := 6
	if testing.Short() || raceEnabled {
		n = 1
	}
	for _, name := range []string{"wwf", "scrabble", "upwords"} {
		done := 0
		for seed := uint64(100); done < n; seed++ {
			s, ok := smallEndgame(t, name, seed, 4+int(seed%3))
			if !ok {
				continue
			}
			done++
			depth := 3 + int(seed%3)
			if raceEnabled {
				depth = 3
			}
			var first *Result
			for _, threads := range []int{1, 2, 4} {
				label := fmt.Sprintf("%s seed %d depth %d threads %d", name, seed, depth, threads)
				r, err := New(Options{Plies: depth, Threads: threads, TableMB: 4}).Solve(context.Background(), s)
				if err != nil {
					t.Fatalf("%s: %v", label, err)
				}
				if r.Depth != depth {
					t.Fatalf("%s: depth %d", label, r.Depth)
				}
				if first == nil {
					first = r
					continue
				}
				if r.Value != first.Value || !slices.Equal(r.PV, first.PV) {
					t.Fatalf("%s: %+d %s, one thread: %+d %s", label, r.Value, pvText(s, r.PV), first.Value, pvText(s, first.PV))
				}
			}
		}
	}
}

// TestCancel cancels a search: it returns at once with the best move of
// the deepest iteration completed, and the depth it proved.
func TestCancel(t *testing.T) {
	s, ok := game.State(nil), false
	for seed := uint64(1); !ok; seed++ {
		s, ok = smallEndgame(t, "scrabble", seed, 7)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := New(Options{Threads: 2, TableMB: 4}).Solve(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Depth != 1 || r.Stopped != "cancelled" || r.Best().IsZero() {
		t.Fatalf("cancelled before the start: depth %d, stopped %s, move %v; want depth 1 (always done), cancelled, a move", r.Depth, r.Stopped, r.Best())
	}
	start := time.Now()
	r, err = New(Options{Time: 30 * time.Millisecond, TableMB: 4}).Solve(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Fatalf("a 30 ms search took %v", el)
	}
	if r.Depth < 1 || r.Best().IsZero() || !slices.Contains(s.AppendMoves(nil), r.Best()) {
		t.Fatalf("timed search: depth %d, move %v", r.Depth, r.Best())
	}
}
