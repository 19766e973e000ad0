package search_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/search"
	"wordengine/search/endgame"
	_ "wordengine/search/sim" // registers sim
)

// lateGame plays a seeded game of name with static (no handover) until
// the bag holds at most bag tiles; ok is false when the game ended first.
func lateGame(t *testing.T, name string, seed uint64, bag int) (game.State, bool) {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		t.Fatal(err)
	}
	st, _ := search.NewStatic("endgame=off")
	for !s.Over() && s.(game.Racker).BagLen() > bag {
		m, err := st.Choose(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	return s, !s.Over() && s.(game.Racker).BagLen() <= bag
}

// TestHandover checks that static, sim and the endgame player play an
// endgame's move by the solver (the same as a solve within the budget),
// that endgame=off keeps static's own choice, and that a one-tile
// pre-endgame is handed over too.
func TestHandover(t *testing.T) {
	ctx := context.Background()
	checked, want := 0, 2
	if raceEnabled {
		want = 1
	}
	for seed := uint64(1); checked < want; seed++ {
		s, ok := lateGame(t, "wwf", seed, 0)
		if !ok {
			continue
		}
		checked++
		r, err := endgame.New(endgame.Options{Nodes: 50_000, TableMB: search.HandoverTableMB}).Solve(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if r.Depth < 2 && !r.Solved {
			continue
		}
		for _, spec := range []string{"static:endgame-nodes=50000", "sim:iterations=16,endgame-nodes=50000", "endgame:nodes=50000,tt-mb=32"} {
			p, err := search.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.Choose(ctx, s, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Fatal(err)
			}
			if m != r.Best() {
				t.Fatalf("seed %d: %s plays %s, the solver %s", seed, spec, s.FormatMove(m), s.FormatMove(r.Best()))
			}
		}
		off, _ := search.New("static:endgame=off")
		plain, _ := search.NewStatic("endgame=off")
		a, _ := off.Choose(ctx, s, nil)
		b, _ := plain.Choose(ctx, s, nil)
		if a != b {
			t.Fatalf("seed %d: static:endgame=off differs from static without handover", seed)
		}
	}
	// A pre-endgame: the move is a candidate the pre-endgame solved.
	for seed := uint64(1); ; seed++ {
		s, ok := lateGame(t, "scrabble", seed, 1)
		if !ok || s.(game.Racker).BagLen() != 1 {
			continue
		}
		p, _ := search.New("static:endgame-nodes=50000")
		m, err := p.Choose(ctx, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		legal := false
		for _, x := range s.AppendMoves(nil) {
			legal = legal || x == m
		}
		if !legal {
			t.Fatalf("seed %d: pre-endgame move %v is not legal", seed, m)
		}
		break
	}
}

// TestHandoverOptions checks the options' errors and String.
func TestHandoverOptions(t *testing.T) {
	for _, spec := range []string{"static:endgame=maybe", "static:endgame-nodes=0", "static:endgame-time=-1s", "sim:endgame=x", "endgame:plies=99", "endgame:bogus=1", "endgame:threads=0"} {
		if _, err := search.New(spec); err == nil {
			t.Errorf("%s: no error", spec)
		}
	}
	var o search.HandoverOptions
	if err := o.Parse("static", "endgame-nodes=5000,endgame-time=2s"); err != nil {
		t.Fatal(err)
	}
	if err := o.Parse("static", "endgame=maybe"); err == nil || !strings.Contains(err.Error(), "endgame=maybe: want on or off") {
		t.Errorf("endgame=maybe: %v", err)
	}
	if got := o.String(); got != "endgame=on,endgame-nodes=5000,endgame-time=2s" {
		t.Errorf("String: %s", got)
	}
}
