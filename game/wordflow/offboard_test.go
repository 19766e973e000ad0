package wordflow

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
		{Variant: "", Line: "A1. z9", Want: "cell z9 is off the board (a1 to n14"},
		{Variant: "", Line: "A1. a15", Want: "cell a15 is off the board (a1 to n14"},
		{Variant: "layout=frame,size=5x5", Line: "A1. g3", Want: "cell g3 is off the 5x5 frame (a1 to e5)"},
		{Variant: "", Line: "save game.json", Want: ""},
	})
}
