package search_test

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"wordengine/game"
	"wordengine/game/twoway"
	"wordengine/lexicon"
	"wordengine/search"
)

// ISMCTS finds a claim that wins at once, is reproducible for a seed, and
// leaves the position as it was.
func TestISMCTS(t *testing.T) {
	t.Parallel()
	lx := twowayPosition(t)
	// Red needs only its 3-letter word, and CAT lies on row 1.
	winNow, err := os.ReadFile("../game/twoway/testdata/win-now.txt")
	if err != nil {
		t.Fatal(err)
	}
	s, err := twoway.ParsePosition(string(winNow), lx, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	before := s.Position()
	p, err := search.NewISMCTS("iterations=300")
	if err != nil {
		t.Fatal(err)
	}
	view := search.View(s, rand.New(rand.NewPCG(2, 2)))
	m, err := p.Choose(context.Background(), view, rand.New(rand.NewPCG(3, 3)))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.FormatMove(m); got != "CAT a1-c1" {
		t.Errorf("ismcts plays %s, want the winning CAT a1-c1", got)
	}
	if s.Position() != before {
		t.Error("Choose changed the position")
	}
	m2, _ := p.Choose(context.Background(), view, rand.New(rand.NewPCG(3, 3)))
	if m2 != m {
		t.Error("two searches with one seed differ")
	}
	cands, err := p.Rank(context.Background(), view, nil)
	if err != nil || len(cands) != len(s.AppendMoves(nil)) {
		t.Fatalf("Rank: %v, %d candidates", err, len(cands))
	}
	for _, bad := range []string{"iterations=0", "c=-1", "scale=x", "depth=3"} {
		if _, err := search.NewISMCTS(bad); err == nil {
			t.Errorf("option %q accepted", bad)
		}
	}
}

func twowayPosition(t *testing.T) *lexicon.Lexicon {
	t.Helper()
	s, err := twoway.NewGame(game.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	return s.Lexicon()
}

// TestISMCTSRootOrder: the root's moves are expanded best one-ply value
// first, so one iteration plays the static player's choice (a random
// expansion, as before, would not).
func TestISMCTSRootOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	differs := 0
	for seed := range uint64(12) {
		s, err := twoway.NewGame(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		for range 10 + int(seed)*4 {
			if s.Over() {
				break
			}
			ms := s.AppendMoves(nil)
			s.Play(ms[rng.IntN(len(ms))])
		}
		if s.Over() {
			continue
		}
		view := search.View(s, rand.New(rand.NewPCG(seed, 3)))
		st, _ := search.New("static")
		want, err := st.Choose(ctx, view, nil)
		if err != nil {
			t.Fatal(err)
		}
		one, _ := search.NewISMCTS("iterations=1")
		got, err := one.Choose(ctx, view, rand.New(rand.NewPCG(seed, 4)))
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("seed %d: ismcts iterations=1 plays %s, static %s", seed, s.FormatMove(got), s.FormatMove(want))
		}
		if want != view.AppendMoves(nil)[0] {
			differs++
		}
	}
	if differs == 0 {
		t.Error("static always plays the first move generated: the test cannot tell the order")
	}
	for _, bad := range []string{"widen=-1", "widen=x", "widen=1e9"} {
		if _, err := search.NewISMCTS(bad); err == nil {
			t.Errorf("option %q accepted", bad)
		}
	}
	if _, err := search.NewISMCTS("widen=0"); err != nil {
		t.Errorf("widen=0: %v", err)
	}
}
