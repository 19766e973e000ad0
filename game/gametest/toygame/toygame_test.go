package toygame_test

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest"
	"wordengine/game/gametest/toygame"
)

func TestConformance(t *testing.T) {
	toygame.Register()
	gametest.Run(t, gametest.Config{Games: 5, New: func(seed uint64) (game.State, error) {
		return toygame.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
	}})
	gametest.Records(t, toygame.Name, 3)
}
