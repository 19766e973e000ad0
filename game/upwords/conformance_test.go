package upwords

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest"
)

func TestConformance(t *testing.T) {
	spec, err := game.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	games := 8
	if testing.Short() || raceEnabled {
		games = 2
	}
	every := 5
	if raceEnabled {
		every = 25
	}
	for _, tc := range []struct {
		name    string
		players int
		variant string
	}{{"2p", 2, ""}, {"3p-8x8", 3, "size=8"}, {"4p", 4, "bare-plural=allowed"}} {
		t.Run(tc.name, func(t *testing.T) {
			gametest.Run(t, gametest.Config{
				New: func(seed uint64) (game.State, error) {
					return spec.New(game.Config{Players: tc.players, Variant: tc.variant, Rand: rand.New(rand.NewPCG(seed, 3))})
				},
				Games:           games,
				BruteForce:      func(s game.State) []game.Move { return bruteForce(s.(*State)) },
				BruteForceEvery: every,
			})
		})
	}
}
