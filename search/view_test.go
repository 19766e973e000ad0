package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/search"
)

// TestViewerEqualsView plays WWF and 2 Way Words games (a game.Copier and
// a game without CopyFrom) and checks at every ply that Viewer.View gives
// the position View gives with an equal random source, and that the
// static player (bounded move generation, on the view's reused generator)
// chooses the same move on both, so that reusing a view changes no
// result.
func TestViewerEqualsView(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"wwf", "twoway"} {
		spec, err := game.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := search.New("static:endgame=off") // the handover is tested apart (handover_test.go)
		if err != nil {
			t.Fatal(err)
		}
		plies := 0
		for seed := range uint64(3) {
			s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
			if err != nil {
				t.Fatal(err)
			}
			var v [2]search.Viewer
			rng := rand.New(rand.NewPCG(seed, 2))
			for ; !s.Over() && plies < 100_000; plies++ {
				vseed := rng.Uint64()
				want := search.View(s, rand.New(rand.NewPCG(vseed, 3)))
				got := v[s.ToMove()].View(s, rand.New(rand.NewPCG(vseed, 3)))
				if got == s {
					t.Fatalf("%s seed %d ply %d: Viewer.View returned the true state", name, seed, plies)
				}
				if got.Hash() != want.Hash() || got.String() != want.String() {
					t.Fatalf("%s seed %d ply %d: Viewer.View differs from View:\nView\n%s\nViewer\n%s", name, seed, plies, want, got)
				}
				// The reused view keeps its move generator: the player
				// must choose on it what it chooses on a fresh view.
				cseed := rng.Uint64()
				m, err := p.Choose(context.Background(), got, rand.New(rand.NewPCG(cseed, 4)))
				if err != nil {
					t.Fatal(err)
				}
				mw, err := p.Choose(context.Background(), want, rand.New(rand.NewPCG(cseed, 4)))
				if err != nil {
					t.Fatal(err)
				}
				if m != mw {
					t.Fatalf("%s seed %d ply %d: on Viewer.View the player chooses %s, on View %s\n%s", name, seed, plies, got.FormatMove(m), want.FormatMove(mw), want)
				}
				s.Play(m)
			}
		}
		t.Logf("%s: %d plies, Viewer = View", name, plies)
	}
}

// TestViewerOfItsOwnView checks that a Viewer asked for the view of the
// state it returned last leaves that state as it was.
func TestViewerOfItsOwnView(t *testing.T) {
	t.Parallel()
	spec, err := game.Lookup("wwf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	var v search.Viewer
	first := v.View(s, rand.New(rand.NewPCG(2, 2)))
	before := first.String()
	second := v.View(first, rand.New(rand.NewPCG(3, 3)))
	if first.String() != before {
		t.Error("Viewer.View of its own view changed that view")
	}
	if second == first {
		t.Error("Viewer.View of its own view returned the same state")
	}
}
