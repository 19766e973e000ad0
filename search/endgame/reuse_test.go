package endgame

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"wordengine/game"
)

// TestReusedSolverSameResult solves seeded endgames within a node budget
// with a new solver each, then with one solver, three times over: after
// the other endgames, after the same endgame (its table holding that
// search's entries), and after a search with other options (SetOptions, a
// table of another size, and back): every result must be the same, nodes
// included. A solver lent from search to search
// (package search's handover) must not carry anything from one to the
// next.
func TestReusedSolverSameResult(t *testing.T) {
	n := 4
	if testing.Short() || raceEnabled {
		n = 2
	}
	o := Options{Nodes: 4000, Threads: 1, TableMB: 2}
	for _, name := range []string{"wwf", "scrabble"} {
		var pos []game.State
		for seed := uint64(40); len(pos) < n; seed++ {
			if s, ok := smallEndgame(t, name, seed, 7); ok {
				pos = append(pos, s)
			}
		}
		fresh := make([]*Result, len(pos))
		for i, s := range pos {
			r, err := New(o).Solve(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			fresh[i] = r
		}
		sv := New(o)
		for round := range 3 {
			for i := len(pos) - 1; i >= 0; i-- {
				if round == 2 {
					// Another table size in between, then back.
					sv.SetOptions(Options{Nodes: 500, Threads: 1, TableMB: 1})
					if _, err := sv.Solve(context.Background(), pos[(i+1)%len(pos)]); err != nil {
						t.Fatal(err)
					}
					sv.SetOptions(o)
				}
				r, err := sv.Solve(context.Background(), pos[i])
				if err != nil {
					t.Fatal(err)
				}
				f := fresh[i]
				label := fmt.Sprintf("%s position %d round %d", name, i, round)
				if r.Value != f.Value || r.Depth != f.Depth || r.Nodes != f.Nodes || r.Stopped != f.Stopped || !slices.Equal(r.PV, f.PV) {
					t.Fatalf("%s: reused solver %+d depth %d nodes %d %s %s; new solver %+d depth %d nodes %d %s %s", label,
						r.Value, r.Depth, r.Nodes, r.Stopped, pvText(pos[i], r.PV), f.Value, f.Depth, f.Nodes, f.Stopped, pvText(pos[i], f.PV))
				}
			}
		}
	}
}

// lateContext is a context whose deadline has passed but whose Err does
// not say so yet, as when its timer has not fired on a busy machine.
type lateContext struct{ context.Context }

func (lateContext) Deadline() (time.Time, bool) { return time.Now().Add(-time.Second), true }

// TestDeadlineReadFromTheClock checks that a search ends at its
// context's deadline by the clock, not only when the context says it is
// done: past the deadline only the first iteration (always completed) is
// searched, and the search says it stopped for time.
func TestDeadlineReadFromTheClock(t *testing.T) {
	s, ok := game.State(nil), false
	for seed := uint64(1); !ok; seed++ {
		s, ok = smallEndgame(t, "wwf", seed, 7)
	}
	r, err := New(Options{TableMB: 1}).Solve(lateContext{context.Background()}, s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Depth != 1 || r.Stopped != "time" || r.Best().IsZero() {
		t.Fatalf("past the deadline: depth %d, stopped %s, move %v; want depth 1, time, a move", r.Depth, r.Stopped, r.Best())
	}
}
