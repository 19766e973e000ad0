package game

// BoundedMover is implemented by games that can hand out their moves in
// groups ordered by an upper bound on their equity, so that a player
// looking for the single best move stops generating as soon as no group
// left can beat the best move found (crossword games: the plays through
// one anchor, bounded by "shadow playing" as in MAGPIE, the plays being
// the costly part of AppendMoves).
//
// The equity of a move is taken as 1000·score + a leave term
// (milli-points) that depends only on the tiles the move keeps of the
// mover's rack; the caller gives that term, or an upper bound of it, for
// every sub-multiset of the rack. The groups of StartBounded, handed out
// with no threshold (math.MinInt64), and the moves of AppendUnbounded
// together are exactly AppendMoves, each move once.
//
// The three methods work on the position as it is at StartBounded: the
// state must not be changed (Play without the matching Undo) between
// StartBounded and the last NextBounded. They allocate nothing once their
// buffers have grown.
type BoundedMover interface {
	// StartBounded prepares the groups of the player to move and orders
	// them by their bound, highest first. For a rack of n tiles, leave
	// holds 2^n values: leave[m] bounds (from above) the leave term of a
	// move that keeps exactly the tiles of mask m, bit i standing for the
	// i-th tile of Racker.Rack (eval.Static.LeaveTerms); masks that keep
	// equal multisets (one or the other of two equal tiles) must have
	// equal values, as the generator may use either. A slice of
	// another length disables the bounds (every group is bounded by the
	// largest int64). With onlyBest, the caller wants only the moves of
	// the highest equity: leave must then hold the leave terms themselves,
	// not bounds, and NextBounded may also leave out moves whose equity is
	// below that of a move it hands out in the same call (never a move
	// that ties with the best).
	StartBounded(leave []int64, onlyBest bool)
	// NextBounded appends to dst the moves of the next group when that
	// group's bound is at least threshold (milli-points), and returns the
	// extended slice with more = true; it may leave out moves of the
	// group whose equity is below threshold (the group's equity is then
	// judged move by move from the board, not only by its bound). It
	// returns dst unchanged and more = false when no group is left or the
	// next group's bound is below threshold: then every move of every
	// group not yet handed out has an equity below threshold.
	NextBounded(dst []Move, threshold int64) (out []Move, more bool)
	// AppendUnbounded appends to dst the legal moves that belong to no
	// group (in crossword games the exchanges and the pass).
	AppendUnbounded(dst []Move) []Move
}
