package search_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

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
		mb := search.HandoverOptions{Nodes: 50_000}.TableMB()
		r, err := endgame.New(endgame.Options{Nodes: 50_000, TableMB: mb}).Solve(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if r.Depth < 2 && !r.Solved {
			continue
		}
		for _, spec := range []string{"static:endgame-nodes=50000", "sim:iterations=16,endgame-nodes=50000", fmt.Sprintf("endgame:nodes=50000,tt-mb=%d", mb)} {
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

// TestHandoverTableMB checks the size of a handover's table: room for the
// nodes its budget allows, from 1 MB to HandoverTableMB.
func TestHandoverTableMB(t *testing.T) {
	for _, c := range []struct {
		o    search.HandoverOptions
		want int
	}{
		{search.HandoverOptions{}, search.HandoverTableMB}, // 200,000 nodes
		{search.HandoverOptions{Nodes: 50_000}, 8},
		{search.HandoverOptions{Nodes: 1000}, 1},
		{search.HandoverOptions{Nodes: 1 << 40}, search.HandoverTableMB},
		{search.HandoverOptions{Time: 10 * time.Millisecond}, 2}, // 10,000 nodes
		{search.HandoverOptions{Time: time.Hour}, search.HandoverTableMB},
		{search.HandoverOptions{Nodes: 1000, Time: time.Hour}, 1},
	} {
		if got := c.o.TableMB(); got != c.want {
			t.Errorf("%s: table %d MB, want %d", c.o, got, c.want)
		}
	}
}

// TestHandoverTime checks WithHandoverTime: a bound that has passed
// leaves an endgame to the player's own choice (the solver's differs
// there), a bound under PreEndgameMinTime a pre-endgame, and HandoverTime
// reads the bound back.
func TestHandoverTime(t *testing.T) {
	bg := context.Background()
	if _, _, ok := search.HandoverTime(bg); ok {
		t.Fatal("a bound on the background context")
	}
	if _, _, ok := search.HandoverTime(search.WithHandoverTime(bg, 0)); ok {
		t.Fatal("WithHandoverTime(0) sets a bound")
	}
	ctx := search.WithHandoverTime(bg, 250*time.Millisecond)
	if d, end, ok := search.HandoverTime(ctx); !ok || d != 250*time.Millisecond || end.IsZero() {
		t.Fatalf("HandoverTime: %v %v %v", d, end, ok)
	}
	passed := search.WithHandoverTime(bg, time.Nanosecond)
	time.Sleep(time.Millisecond)
	off, _ := search.NewStatic("endgame=off")
	on, _ := search.NewStatic("endgame-nodes=20000")
	differs := false
	for seed := uint64(1); seed < 40 && !differs; seed++ {
		s, ok := lateGame(t, "wwf", seed, 0)
		if !ok {
			continue
		}
		own, _ := off.Choose(bg, s, nil)
		solved, err := on.Choose(bg, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		late, err := on.Choose(passed, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if late != own {
			t.Fatalf("seed %d: with the handover's time passed static plays %s, not its own %s", seed, s.FormatMove(late), s.FormatMove(own))
		}
		differs = solved != own
	}
	if !differs {
		t.Fatal("no endgame where the solver's move differs from static's: the check shows nothing")
	}
	for seed := uint64(1); ; seed++ {
		s, ok := lateGame(t, "wwf", seed, 1)
		if !ok || s.(game.Racker).BagLen() != 1 {
			continue
		}
		own, _ := off.Choose(bg, s, nil)
		short := search.WithHandoverTime(bg, search.PreEndgameMinTime/2)
		m, err := on.Choose(short, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m != own {
			t.Fatalf("seed %d: a pre-endgame under a bound of %v is played %s, not static's own %s", seed, search.PreEndgameMinTime/2, s.FormatMove(m), s.FormatMove(own))
		}
		break
	}
}

var preBudgetPositions = flag.Int("pre-budget-positions", 0, "TestPreEndgameBudgets: WWF pre-endgames to solve within each budget (0: skip)")

// TestPreEndgameBudgets measures what the pre-endgame does within short
// time budgets (docs/endgame.md, PreEndgameMinTime): for seeded WWF
// pre-endgames (static without handover playing both seats until one
// tile is left), the candidates solved in every world within each budget,
// and how often the best of them is not static's own move. It runs only
// with -pre-budget-positions=N.
func TestPreEndgameBudgets(t *testing.T) {
	if *preBudgetPositions == 0 {
		t.Skip("-pre-budget-positions=N to run")
	}
	ctx := context.Background()
	var pos []game.State
	for seed := uint64(100); len(pos) < *preBudgetPositions; seed++ {
		if s, ok := lateGame(t, "wwf", seed, 1); ok && s.(game.Racker).BagLen() == 1 {
			pos = append(pos, s)
		}
	}
	st, _ := search.NewStatic("endgame=off")
	for _, d := range []time.Duration{50 * time.Millisecond, 200 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second} {
		one, two, changed := 0, 0, 0
		for _, s := range pos {
			cands, err := st.RankTop(ctx, s, search.PreEndgameCandidates, nil)
			if err != nil {
				t.Fatal(err)
			}
			var moves []game.Move
			for _, c := range cands[:min(len(cands), search.PreEndgameCandidates)] {
				moves = append(moves, c.Move)
			}
			o := search.HandoverOptions{Time: d}
			r, err := endgame.New(endgame.Options{Time: d, Threads: 1, TableMB: o.TableMB()}).PreEndgame(ctx, s, moves)
			if err != nil {
				t.Fatal(err)
			}
			done := 0
			for _, c := range r.Candidates {
				if c.Done() {
					done++
				}
			}
			if done >= 1 {
				one++
			}
			if done >= 2 {
				two++
			}
			if b, ok := r.Best(); ok && b.Move != moves[0] {
				changed++
			}
		}
		t.Logf("within %v: a candidate solved in every world in %d of %d, two or more in %d, a move other than static's in %d", d, one, len(pos), two, changed)
	}
}
