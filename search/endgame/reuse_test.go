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

// countingContext is a context that is done after its Err has said nil
// calls times: a search looks at it every stopEvery nodes, so it is cut
// short after about stopEvery·calls nodes, the same on every run.
type countingContext struct {
	context.Context
	calls *int
}

func (c countingContext) Err() error {
	if *c.calls <= 0 {
		return context.Canceled
	}
	*c.calls--
	return nil
}

// TestPartialIsBestOfMovesSearched cuts WWF endgames short in their
// second ply and checks Result.Partial against a brute force: the second
// ply searches the root moves in the order of the first (the canonical
// order, every value being the move's spread change), and Partial must be
// the best of the first Moves of them by their two-ply value (the move's
// spread change minus the reply's best, none when the move ends the
// game), with that value.
func TestPartialIsBestOfMovesSearched(t *testing.T) {
	checked := 0
	for seed := uint64(1); checked < 4 && seed < 200; seed++ {
		s, ok := smallEndgame(t, "wwf", seed, 7)
		if !ok {
			continue
		}
		em := s.(game.EndgameMover)
		root := em.AppendEndgameMoves(nil)
		if len(root) < 200 {
			continue
		}
		calls := 4
		r, err := New(Options{TableMB: 1}).Solve(countingContext{context.Background(), &calls}, s)
		if err != nil {
			t.Fatal(err)
		}
		if r.Depth != 1 || r.Partial == nil {
			t.Fatalf("seed %d: cut in the second ply: depth %d, partial %v; want depth 1 and a partial result", seed, r.Depth, r.Partial)
		}
		p := r.Partial
		if p.Depth != 2 || p.Moves < 2 || p.Moves >= len(root) {
			t.Fatalf("seed %d: partial depth %d after %d of %d moves", seed, p.Depth, p.Moves, len(root))
		}
		canonical(root)
		twoPly := func(m game.EndgameMove) int {
			s.Play(m.Move)
			defer s.Undo()
			if s.Over() {
				return int(m.Delta)
			}
			best := int32(-inf)
			for _, reply := range em.AppendEndgameMoves(nil) {
				best = max(best, reply.Delta)
			}
			return int(m.Delta - best)
		}
		want, wantMove := -int(inf), game.Move{}
		for _, m := range root[:p.Moves] {
			if v := twoPly(m); v > want {
				want, wantMove = v, m.Move
			}
		}
		got := -int(inf)
		for _, m := range root[:p.Moves] {
			if m.Move == p.Move {
				got = twoPly(m)
			}
		}
		if p.Value != want || got != want {
			t.Fatalf("seed %d: partial %s %+d (its two-ply value %+d) after %d moves; the best of them is %s %+d", seed, s.FormatMove(p.Move), p.Value, got, p.Moves, s.FormatMove(wantMove), want)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no endgame with 200 root moves or more")
	}
}
