package wordblock

import "math/bits"

// Evaluation weights, in milli-points.
const (
	// EvalCell is the value of a cell in a seat's colour: one point.
	EvalCell = 1000
	// EvalSecured is the extra value of a secured cell: no opponent can
	// take it while its neighbours stay.
	EvalSecured = 700
)

// Evaluate implements game.Evaluator: seat's standing in milli-points,
// EvalCell per cell in its colour plus EvalSecured per secured cell. A
// secured cell is worth more because the opponents cannot take it; an
// unsecured one can change hands on the next move. Searches compare seats
// by differences, so the uncoloured cells, which nobody owns yet, count
// for nobody.
func (s *State) Evaluate(seat int) int {
	return EvalCell*bits.OnesCount64(s.own[seat]) + EvalSecured*bits.OnesCount64(s.sec[seat])
}
