package endgame

import (
	"context"
	"sync/atomic"
	"time"

	"wordengine/game"
)

// inf is above any spread change.
const inf = int32(1 << 20)

// outBonus puts the moves that end the game first in the order of a node.
const outBonus = int32(1 << 16)

// maxPly bounds the depth of a search (plies below the root).
const maxPly = 64

// worker is one thread's search: a clone of the root position, its move
// buffers by ply, and the shared table and stop flag.
type worker struct {
	pos   position
	tt    *table
	plies [maxPly + 1]plyMoves
	buf   []game.Move
	nodes uint64
	// stop is set when the iteration this worker searches is over (found
	// by another worker, or cancelled); aborted when this worker saw it.
	stop    *atomic.Bool
	ctx     context.Context
	aborted bool
	// root holds the root moves in this worker's order, with the value
	// each got in the last iteration (bounds for most).
	root    []rootMove
	killers [maxPly + 1][2]game.Move
	// budget is the search's node budget (0: none) and all the nodes of
	// all its threads, counted 1024 at a time.
	budget uint64
	all    *atomic.Uint64
	// deadline ends the search when it passes (zero: none): the time
	// option's, or the context's.
	deadline time.Time
	// part is what the root search under way knows (Result.Partial).
	part partialRoot
}

// partialRoot is what a root search knows of its moves so far: how many
// it searched in full, the best of them, its value, and whether that
// value is exact (inside the search's window) rather than a bound.
type partialRoot struct {
	moves int
	move  game.Move
	value int32
	exact bool
}

// plyMoves is the move list of one ply of the search, with each move's
// ordering estimate.
type plyMoves struct {
	moves []game.EndgameMove
	est   []int32
}

// rootMove is a root move with its value in the last iteration.
type rootMove struct {
	m     game.EndgameMove
	value int32
	index int // its place in the canonical order
}

// stopEvery is the number of nodes between two looks at the stop flag
// and the context (a power of two). A search with a deadline looks at
// them and at the clock at every node: a node costs a microsecond or
// more, and up to half a millisecond where the lanes' plays are
// generated anew (early in a search, on a board the move generator has
// not seen), against some 30 ns for reading the clock, so that a budget
// of a few milliseconds ends within a node of it. The node budget is
// counted every 1024 nodes, whatever stopEvery is, so that its results
// stay those of earlier versions.
const stopEvery = 16

// checkStop is called every stopEvery nodes, and at every node of a
// search with a deadline: it reports whether the search must stop
// (another worker finished the iteration, the node budget is spent, ctx
// is done or the deadline passed).
func (w *worker) checkStop() bool {
	if w.stop.Load() {
		return true
	}
	if w.budget > 0 && w.nodes&1023 == 0 && w.all.Add(1024) >= w.budget {
		w.stop.Store(true)
		return true
	}
	if w.ctx.Err() != nil || !w.deadline.IsZero() && time.Now().After(w.deadline) {
		w.stop.Store(true)
		return true
	}
	return false
}

// gen fills ply's move list for the position and returns it.
func (w *worker) gen(ply int) *plyMoves {
	pm := &w.plies[ply]
	pm.moves, w.buf = w.pos.moves(pm.moves[:0], w.buf)
	return pm
}

// negamax returns the value of the position for the player to move,
// searched depth plies deep with the window (alpha, beta): the change of
// that player's spread from here to the end of the search (the game's end,
// or the position depth plies on, valued at its spread). A value at or
// below alpha is an upper bound, at or above beta a lower bound. solved
// reports that the bound holds at every greater depth too: every line the
// search relied on ended the game.
func (w *worker) negamax(ply, depth int, alpha, beta int32) (value int32, solved bool) {
	s := w.pos.s
	if s.Over() {
		return 0, true
	}
	if depth == 0 {
		return 0, false
	}
	w.nodes++
	if (w.nodes&(stopEvery-1) == 0 || !w.deadline.IsZero()) && w.checkStop() {
		w.aborted = true
	}
	if w.aborted {
		return 0, false
	}
	if depth == 1 && w.pos.eb != nil {
		// The game finds the best spread change without listing every
		// move, faster than the table would (one ply from the horizon the
		// positions are the most numerous and the least often met
		// again); that no move at all leaves the game going on is not
		// known then, so the value is solved only by a move that ends it.
		m := w.pos.eb.BestEndgameMove(beta)
		if m.Delta >= beta {
			return m.Delta, m.Ends
		}
		return m.Delta, false
	}
	key := w.pos.key()
	var ttMove game.Move
	if h, ok := w.tt.probe(key); ok {
		ttMove = h.move
		if h.usable(depth) {
			switch {
			case h.bound == boundExact,
				h.bound == boundLower && h.value >= beta,
				h.bound == boundUpper && h.value <= alpha:
				return h.value, h.solved
			}
		}
	}
	pm := w.gen(ply)
	moves := pm.moves
	if len(moves) == 0 {
		return 0, false // no move at all: a game without a pass
	}
	if depth == 1 {
		return w.frontier(key, moves, alpha, beta)
	}
	w.estimate(pm, ply, ttMove)
	best := -inf
	var bestMove game.Move
	solvedAll, cutSolved := true, false
	for i := range moves {
		w.pick(pm, i)
		m := moves[i]
		a := max(alpha, best)
		s.Play(m.Move)
		var cv int32
		var cs bool
		if i == 0 {
			cv, cs = w.negamax(ply+1, depth-1, m.Delta-beta, m.Delta-a)
		} else {
			cv, cs = w.negamax(ply+1, depth-1, m.Delta-a-1, m.Delta-a)
			if v := m.Delta - cv; v > a && v < beta && !w.aborted {
				cv, cs = w.negamax(ply+1, depth-1, m.Delta-beta, m.Delta-a)
			}
		}
		s.Undo()
		if w.aborted {
			return 0, false
		}
		v := m.Delta - cv
		solvedAll = solvedAll && cs
		if v > best {
			best, bestMove = v, m.Move
		}
		if best >= beta {
			cutSolved = cs
			if k := &w.killers[ply]; k[0] != m.Move {
				k[1], k[0] = k[0], m.Move
			}
			break
		}
	}
	bound, sv := boundExact, solvedAll
	switch {
	case best >= beta:
		bound, sv = boundLower, cutSolved
	case best <= alpha:
		bound = boundUpper
	}
	w.tt.store(key, bestMove, best, depth, bound, sv)
	return best, sv
}

// frontier is negamax one ply from the horizon: every move leads to a
// position valued at its spread (or to the game's end), so the value is
// the largest spread change of a move, and no move is played.
func (w *worker) frontier(key uint64, moves []game.EndgameMove, alpha, beta int32) (int32, bool) {
	best, bi := -inf, 0
	allEnd := true
	for i := range moves {
		m := &moves[i]
		allEnd = allEnd && m.Ends
		if m.Delta > best || m.Delta == best && m.Ends && !moves[bi].Ends {
			best, bi = m.Delta, i
		}
	}
	bound, sv := boundExact, allEnd
	switch {
	case best >= beta:
		bound, sv = boundLower, moves[bi].Ends
	case best <= alpha:
		bound = boundUpper
	}
	w.tt.store(key, moves[bi].Move, best, 1, bound, sv)
	return best, sv
}

// estimate sets the ordering estimates of ply's moves: the table's move
// first, then the moves that end the game, then the killers of the ply,
// then by spread change.
func (w *worker) estimate(pm *plyMoves, ply int, ttMove game.Move) {
	pm.est = pm.est[:0]
	k := &w.killers[ply]
	for i := range pm.moves {
		m := &pm.moves[i]
		e := m.Delta
		switch {
		case m.Move == ttMove:
			e += 4 * outBonus
		case m.Ends:
			e += 2 * outBonus
		case m.Move == k[0] || m.Move == k[1]:
			e += outBonus
		}
		pm.est = append(pm.est, e)
	}
}

// selectFirst is the number of moves picked one by one, best estimate
// first (a cut usually comes early); the rest are sorted once.
const selectFirst = 6

// pick puts the move of the i-th highest estimate at place i (moves
// before i are in place already).
func (w *worker) pick(pm *plyMoves, i int) {
	est, moves := pm.est, pm.moves
	if i > selectFirst {
		return
	}
	if i == selectFirst {
		sortByEstimate(moves[i:], est[i:])
		return
	}
	bi := i
	for j := i + 1; j < len(est); j++ {
		if est[j] > est[bi] {
			bi = j
		}
	}
	est[i], est[bi] = est[bi], est[i]
	moves[i], moves[bi] = moves[bi], moves[i]
}

// sortByEstimate sorts moves by decreasing estimate (an insertion sort
// for short lists, a heap sort otherwise: no allocation, deterministic).
func sortByEstimate(moves []game.EndgameMove, est []int32) {
	n := len(est)
	if n < 24 {
		for i := 1; i < n; i++ {
			for j := i; j > 0 && est[j] > est[j-1]; j-- {
				est[j], est[j-1] = est[j-1], est[j]
				moves[j], moves[j-1] = moves[j-1], moves[j]
			}
		}
		return
	}
	// Heap sort into increasing order of the min-heap's pops: build a
	// min-heap, then move the minimum to the end repeatedly.
	down := func(i, n int) {
		for {
			c := 2*i + 1
			if c >= n {
				return
			}
			if c+1 < n && est[c+1] < est[c] {
				c++
			}
			if est[i] <= est[c] {
				return
			}
			est[i], est[c] = est[c], est[i]
			moves[i], moves[c] = moves[c], moves[i]
			i = c
		}
	}
	for i := n/2 - 1; i >= 0; i-- {
		down(i, n)
	}
	for end := n - 1; end > 0; end-- {
		est[0], est[end] = est[end], est[0]
		moves[0], moves[end] = moves[end], moves[0]
		down(0, end)
	}
}
