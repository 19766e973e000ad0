package game

// BoundedMover is implemented by games that can hand out their moves in
// groups ordered by an upper bound on their equity, so that a player
// looking for the single best move stops generating as soon as no group
// left can beat the best move found (crossword games: the plays of one
// span of squares, or through one anchor with two blanks or more on the
// rack, bounded by "shadow playing" as in MAGPIE, the plays being the
// costly part of AppendMoves).
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
	// below that of a move it handed out since StartBounded (never a move
	// that ties with the best).
	StartBounded(leave []int64, onlyBest bool)
	// NextBounded appends to dst the moves of the next group when that
	// group's bound is at least threshold (milli-points), and returns the
	// extended slice with more = true; it may leave out moves of the
	// group whose equity is below threshold (the group's equity is then
	// judged move by move from the board, not only by its bound). It
	// returns dst unchanged and more = false when no group is left or the
	// next group's bound is below threshold: then every move of every
	// group not yet handed out has an equity below threshold. The
	// threshold must not decrease from one call to the next (a caller
	// passes its best equity so far): the game may drop for good the
	// moves below an earlier threshold.
	NextBounded(dst []Move, threshold int64) (out []Move, more bool)
	// AppendUnbounded appends to dst the legal moves that belong to no
	// group (in crossword games the exchanges and the pass).
	AppendUnbounded(dst []Move) []Move
}

// NearMover is an optional interface of a BoundedMover: move generation
// limited to what the last move played changed. A simulation wants the
// opponent's reply to each of its candidates with one and the same rack:
// the reply chosen on the board before the candidate (after a pass, say)
// is still a legal play with the same score after it unless the
// candidate touched it (Untouched), and then only the plays near the
// candidate can beat it (StartBoundedNear), which is far less to
// generate than every play (crossword games: the plays whose word meets
// the candidate's tiles or the squares whose cross-words they changed).
type NearMover interface {
	BoundedMover
	// StartBoundedNear is StartBounded for groups that hold every play
	// that was not a legal play with the same score on the board before
	// the last move played (for the player to move now, with the same
	// rack); they may hold other plays too. After a move that changed
	// nothing on the board the groups are empty. When the game cannot
	// tell what the last move changed (no move played, or a set-up since),
	// the groups are those of StartBounded.
	StartBoundedNear(leave []int64, onlyBest bool)
	// Untouched reports whether play m, a legal play for the player to
	// move on the board before the last move played (with the same
	// rack), is still a legal play with the same score; false when the
	// game cannot tell, and for moves that are not plays (exchanges,
	// passes), whose legality may depend on the bag.
	Untouched(m Move) bool
	// Pass returns the pass: the move that changes nothing on the board,
	// so that the player to move can let the other choose on this board.
	Pass() Move
}

// TopBoundedMover is an optional interface of a BoundedMover for a caller
// that wants the k best moves, not only the best (search.Static.RankTop).
type TopBoundedMover interface {
	BoundedMover
	// StartBoundedTop is StartBounded with onlyBest widened to the k best:
	// leave holds the exact leave terms, and NextBounded may leave out
	// moves whose equity is below that of k moves it handed out since
	// (never a move that ties with the k-th). k = 1 is StartBounded with
	// onlyBest; above a limit of its own (crossword: MaxTop, 16) the
	// game may hand out every move of each group, as StartBounded
	// without onlyBest: more moves, never fewer.
	StartBoundedTop(leave []int64, k int)
}
