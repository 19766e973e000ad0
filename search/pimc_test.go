package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/twoway"
	"wordengine/game/wordblock"
	"wordengine/search"
)

// On a game without hidden information PIMC deals one world, so it
// chooses as the static player does.
func TestPIMCWithoutHiddenInformationIsStatic(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for seed := range uint64(6) {
		s, err := wordblock.NewGame(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 6 && !s.Over(); ply++ {
			st, _ := search.New("static")
			pm, _ := search.New("pimc:samples=5")
			a, err := st.Choose(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := pm.Choose(ctx, s, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if a != b {
				t.Fatalf("seed %d ply %d: static %s, pimc %s", seed, ply, s.FormatMove(a), s.FormatMove(b))
			}
			s.Play(a)
		}
	}
}

// On twoway PIMC averages worlds: Rank values each move by its mean, its
// best equals Choose with the same worlds, and a seed repeats a choice.
func TestPIMCTwoway(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, err := twoway.NewGame(game.Config{Rand: rand.New(rand.NewPCG(3, 1))})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 2))
	for range 40 {
		moves := s.AppendMoves(nil)
		s.Play(moves[rng.IntN(len(moves))])
	}
	p, err := search.NewPIMC("samples=4")
	if err != nil {
		t.Fatal(err)
	}
	cands, err := p.Rank(ctx, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cands) != len(s.AppendMoves(nil)) {
		t.Fatalf("%d candidates for %d moves", len(cands), len(s.AppendMoves(nil)))
	}
	for i := 1; i < len(cands); i++ {
		if cands[i].Equity > cands[i-1].Equity {
			t.Fatal("candidates not sorted")
		}
	}
	m, err := p.Choose(ctx, s, rand.New(rand.NewPCG(0, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if m != cands[0].Move {
		t.Errorf("Choose %s, Rank's best %s", s.FormatMove(m), s.FormatMove(cands[0].Move))
	}
	// The mean of 4 worlds by hand.
	var sum int64
	me := s.ToMove()
	wr := rand.New(rand.NewPCG(0, 0))
	for range 4 {
		w := search.View(s, wr)
		w.Play(m)
		sum += search.OnePlyValue(w, w.(game.Evaluator), me)
		w.Undo()
	}
	if sum/4 != cands[0].Equity {
		t.Errorf("mean value %d by hand, Rank says %d", sum/4, cands[0].Equity)
	}
	for _, bad := range []string{"samples=0", "samples=x", "depth=2"} {
		if _, err := search.NewPIMC(bad); err == nil {
			t.Errorf("option %q accepted", bad)
		}
	}
}
