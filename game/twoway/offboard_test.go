package twoway

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
		{Variant: "", Line: "A h8", Want: "cell h8 is off the 7x7 grid (a1 to g7)"},
		{Variant: "", Line: "CAT a1-a9", Want: "cell a9 is off the 7x7 grid (a1 to g7)"},
		{Variant: "", Line: "E z1", Want: "cell z1 is off the 7x7 grid (a1 to g7)"},
		{Variant: "", Line: "save game.json", Want: ""},
	})
}
