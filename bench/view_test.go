package bench_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"wordengine/bench"
	"wordengine/game"
	"wordengine/search"
)

// hidden is the race game with hidden information: Determinize redeals
// the values of the other seats' turns and records for whom.
type hidden struct {
	race
	observer int // -1: the true state
}

func (g *hidden) Game() string { return "bench-hidden" }
func (g *hidden) Clone() game.State {
	c := *g
	c.race = *g.race.Clone().(*race)
	c.vals = append([][3]int(nil), g.vals...)
	return &c
}
func (g *hidden) Determinize(observer int, rng *rand.Rand) {
	g.observer = observer
	for i := range g.vals {
		if i%g.n != observer {
			for c := range raceChoices {
				g.vals[i][c] = rng.IntN(10)
			}
		}
	}
}

// viewCheck is a player that fails when it gets a state that is not
// determinized for the player to move.
type viewCheck struct{}

func (viewCheck) Name() string { return "bench-view-check" }
func (viewCheck) Choose(_ context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	h, ok := s.(*hidden)
	if !ok || h.observer != s.ToMove() {
		return game.Move{}, errors.New("the player got the true state, not its view")
	}
	moves := s.AppendMoves(nil)
	return moves[rng.IntN(len(moves))], nil
}

func init() {
	game.Register(game.Spec{
		Name:    "bench-hidden",
		Summary: "test game of package bench with hidden information",
		New: func(cfg game.Config) (game.State, error) {
			spec, err := game.Lookup("bench-race")
			if err != nil {
				return nil, err
			}
			st, err := spec.New(cfg)
			if err != nil {
				return nil, err
			}
			return &hidden{race: *st.(*race), observer: -1}, nil
		},
	})
	search.Register("bench-view-check", func(string) (search.Player, error) { return viewCheck{}, nil })
}

// TestPlayersGetTheirView: in a game with hidden information every
// player decides on a clone determinized for it, and the results still
// do not depend on the number of threads.
func TestPlayersGetTheirView(t *testing.T) {
	var runs [2][]bench.Result
	for i, threads := range []int{1, 2} {
		m := bench.Match{Game: "bench-hidden", Players: []string{"bench-view-check", "random"}, Games: 20, Seed: 4, Threads: threads}
		err := bench.Run(context.Background(), m, func(r bench.Result) error {
			r.Millis = 0
			runs[i] = append(runs[i], r)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(runs[0], runs[1]) || len(runs[0]) != 20 {
		t.Fatalf("results differ with 1 and 2 threads")
	}
}
