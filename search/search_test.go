package search_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/wwf"
	"wordengine/search"
)

// TestPlayersFinishGames plays whole games between the registered players
// and checks that every chosen move is legal and greedy picks a top score.
func TestPlayersFinishGames(t *testing.T) {
	t.Parallel()
	spec, err := game.Lookup("wwf")
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]string{{"greedy", "random"}, {"random", "greedy"}} {
		var ps [2]search.Player
		for i, n := range pair {
			if ps[i], err = search.New(n); err != nil {
				t.Fatal(err)
			}
		}
		s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(1, 2))})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		for !s.Over() {
			p := ps[s.ToMove()]
			m, err := p.Choose(context.Background(), s, rng)
			if err != nil {
				t.Fatal(err)
			}
			moves := s.AppendMoves(nil)
			legal, best := false, 0
			for _, x := range moves {
				legal = legal || x == m
				best = max(best, s.MoveScore(x))
			}
			if !legal {
				t.Fatalf("%s chose %s, not a legal move", p.Name(), s.FormatMove(m))
			}
			if p.Name() == "greedy" && s.MoveScore(m) != best {
				t.Fatalf("greedy chose %s for %d, best is %d", s.FormatMove(m), s.MoveScore(m), best)
			}
			s.Play(m)
		}
	}
	if _, err := search.New("nosuch"); err == nil {
		t.Error("New(nosuch): no error")
	}
	_ = wwf.Rules
}

// TestNewRejectsBadSpecs checks New's errors: an unknown player, a ':'
// with nothing after it, and options given to players that take none.
func TestNewRejectsBadSpecs(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"nobody", `unknown player "nobody"`},
		{"nobody:", `unknown player "nobody"`},
		{"static:", `player "static:": no options after ':' (write "static" for the defaults)`},
		{"om: ", `no options after ':'`},
		{"greedy:depth=3", `greedy takes no options, got "depth=3"`},
		{"random:x", `random takes no options`},
	} {
		_, err := search.New(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%q) error %v, want one containing %q", tc.spec, err, tc.want)
		}
	}
	for _, spec := range []string{"greedy", "random", "static", "om:depth=2"} {
		if _, err := search.New(spec); err != nil {
			t.Errorf("New(%q): %v", spec, err)
		}
	}
}
