package game

// Evaluator is implemented by games that offer their own static evaluation
// of a position, for searches that stop before the end of the game.
//
// Evaluate returns how well seat stands in the position as it is, in
// milli-points (1000 = one point of the game's score): an estimate of the
// seat's final score, so that searches compare seats by differences (for
// two players Evaluate(me) - Evaluate(opponent)). Higher is better for
// seat. It must be cheap (a search calls it once per leaf), must not modify
// the state, and must depend only on the position, so that equal positions
// evaluate equally. A game that is over may still be evaluated; searches
// rank finished games by Winners and Score instead.
//
// Games that do not implement Evaluator are evaluated by Score alone
// (1000 per point).
type Evaluator interface {
	Evaluate(seat int) int
}
