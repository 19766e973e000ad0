package wordblock

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest"
)

// TestOffBoardCells checks that a cell off the board is named with the
// board's range, whether the move is typed or given in notation, and
// that a line without the shape of a move is still no move at all.
func TestOffBoardCells(t *testing.T) {
	gametest.CheckParseErrors(t, func(variant string) (game.State, error) {
		return NewGame(game.Config{Variant: variant, Rand: rand.New(rand.NewPCG(1, 2))})
	}, []gametest.ParseCase{
		{Variant: "", Line: "CAT z9,a1,b1", Want: "cell z9 is off the 5x5 board (a1 to e5)"},
		{Variant: "size=4", Line: "CAT a1 b1 e1", Want: "cell e1 is off the 4x4 board (a1 to d4)"},
		{Variant: "", Line: "save game.json", Want: ""},
	})
}
