package bench

import (
	"context"

	"wordengine/game"
)

// PlayTraced plays game g of m on a worker of its own and calls trace
// with the true state before each move and the move (the tests compare
// the games move by move); trace returning false ends the game there,
// with the scores unset.
func PlayTraced(m Match, g int, trace func(s game.State, mv game.Move) bool) (Result, error) {
	if err := m.Check(); err != nil {
		return Result{}, err
	}
	spec, err := game.Lookup(m.Game)
	if err != nil {
		return Result{}, err
	}
	w, err := newWorker(&m, spec)
	if err != nil {
		return Result{}, err
	}
	w.trace = trace
	return w.play(context.Background(), g)
}
