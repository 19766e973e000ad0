// Package endgame solves the end of a two-player game of perfect
// information exactly: a crossword game once the bag is empty (each
// player then knows the other's rack), and, with one tile left in the
// bag, its pre-endgame (every tile the bag may hold, each world solved).
// It works on any game through the contracts of package game and imports
// no game package; the optional interfaces game.PositionKeyer,
// game.EndgameMover, game.EndgameBester and game.RackDealer make it fast
// (the crossword games and Upwords implement them).
//
//	sv := endgame.New(endgame.Options{Plies: 8})
//	r, err := sv.Solve(ctx, s)        // r.Value, r.PV, r.Depth
//	pre, err := sv.PreEndgame(ctx, s, nil)
//
// # Value
//
// The value of a position is the change of the spread (own score minus
// the opponent's) of the player to move from now to the end of the game,
// in points, with best play by both, under the game's own end rules: the
// rack adjustments of going out and of a scoreless end are whatever Play
// applies (Words With Friends: the opponent's rack gained and lost;
// Scrabble: twice the opponent's rack; Upwords: 5 points lost per tile
// left). Searched d plies deep, a position left unfinished at the horizon
// is valued at its spread, as Macondo and MAGPIE do, so that the value at
// a fixed depth is a function of the position and the depth alone (board06
// of Macondo's test boards is +59 at 8 plies in all three). Options.Plies
// 0 searches to the end: iterative deepening stops as soon as every line
// of the proof ends the game (Result.Solved).
//
// # Search
//
// Negamax with alpha-beta pruning and principal variation search (null
// windows after the first move), iterative deepening from one ply, each
// iteration from the third on in an aspiration window of ±25 points
// around the last value, widened four times on a fail (the first ply's
// value leaves the opponent's reply out: the second ply searches the
// whole window). Moves are ordered: the transposition
// table's move, then the moves that end the game, then the two killer
// moves of the ply, then by spread change; the first six are picked one
// by one and the rest sorted once. Positions one ply from the horizon are
// valued by their best spread change without playing any move
// (game.EndgameBester, or the move list).
//
// The transposition table is a flat array of 64-byte buckets of two
// entries (the deeper one, the latest one) with a fixed size in megabytes,
// keyed by game.PositionKeyer (or State.Hash); its entries are four
// atomic 64-bit words checked by XOR (lockless hashing), so threads share
// it without locks. A bound is used only at the depth it was searched to,
// or at a greater one when it is solved (every line it rests on ended the
// game): so the value at a fixed depth never depends on what the table
// held, which makes it the same for any number of threads. The table is
// not cleared between searches: a generation number retires old entries.
//
// # Threads and determinism
//
// Threads search each iteration at once (Lazy SMP): they share the table
// and start from different root moves; the iteration's value is the first
// to finish (any of them, each exact). The principal variation is then
// taken out canonically: at each ply, the first move, in an order that
// depends only on the position (larger spread change, moves ending the
// game, then the moves' packing), whose value is the position's (a
// null-window search tells, mostly from the table). For a fixed depth the
// value and the principal variation are thus the same whatever the number
// of threads. Solving to the end (Plies 0), the value is proved at the
// first depth whose every line of the proof ends the game; a move may
// reach that value there along a line that has not ended, and lose once
// it goes on (the opponent's best reply pays off beyond that depth; see
// TestSolvedBestMoveIsBestToTheEnd). So the moves of a solved
// variation are proved to the end too: each null-window search is
// deepened until its bound is solved, and the variation goes on to the
// end of the game. These searches are not stopped by the node budget (the
// variation of the last iteration completed is always taken out in full).
// Cancelling the context, or the time or node budget, ends a search with
// the deepest iteration completed (the first always is), and what the
// iteration cut short found among the root moves it searched in full
// (Result.Partial): a player that must move then may play its best. A
// search with a deadline reads the clock at every node.
//
// # Pre-endgame
//
// With one tile in the bag (PreEndgame), each candidate move is played in
// every world (a distinct unseen tile in the bag, weighted by its count
// among the unseen tiles, the opponent holding the rest), and the world
// is solved: once that tile is drawn, or while it stays in the bag, the
// rest of the game is of perfect information. Candidates are ranked by
// win probability, then mean final spread; a candidate that can no longer
// reach the best win probability is given up. A budget ends the search
// with the candidates solved so far, and says so.
package endgame
