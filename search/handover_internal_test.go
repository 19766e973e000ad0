package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	_ "wordengine/game/wwf"
)

// TestHandoverLendsSolvers checks that players that hand endgames over
// one after the other share one solver (and its table), rather than
// each keeping one of its own.
func TestHandoverLendsSolvers(t *testing.T) {
	spec, err := game.Lookup("wwf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(3, 1))})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := NewStatic("endgame=off")
	for !s.Over() && s.(game.Racker).BagLen() > 0 {
		m, err := plain.Choose(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	if s.Over() {
		t.Skip("the game ended with tiles in the bag")
	}
	solvers.mu.Lock()
	lent, made := solvers.lent, solvers.made
	solvers.mu.Unlock()
	for range 5 {
		p, err := NewStatic("endgame-nodes=2000")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Choose(context.Background(), s, nil); err != nil {
			t.Fatal(err)
		}
	}
	solvers.mu.Lock()
	lent, made = solvers.lent-lent, solvers.made-made
	solvers.mu.Unlock()
	if lent != 5 || made > 1 {
		t.Fatalf("five players one after the other: %d solvers lent, %d made; want 5 lent, at most 1 made", lent, made)
	}
}
