package endgame

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"wordengine/game"
)

// Defaults and limits of the options.
const (
	// DefaultTableMB is the transposition table's size when Options.TableMB
	// is 0, in megabytes.
	DefaultTableMB = 64
	// MaxTableMB bounds Options.TableMB.
	MaxTableMB = 1 << 14
	// MaxPlies is the deepest search; Options.Plies 0 means it (solve to
	// the end, stopping as soon as every line has ended).
	MaxPlies = 40
	// MaxThreads bounds Options.Threads.
	MaxThreads = 1024
)

// aspiration is the half-width of the first window of an iteration
// around the value of the one before, in points (MAGPIE uses 25).
const aspiration = 25

// Options configure a Solver. The zero value means the defaults.
type Options struct {
	// Plies is the depth of the search: the value is that of the game
	// searched that many plies deep, positions left unfinished there being
	// valued at their spread. 0 means MaxPlies, and the search stops as
	// soon as every line ends the game (Result.Solved).
	Plies int
	// Time bounds the wall-clock time of a search (0: none); the result is
	// then the deepest iteration completed.
	Time time.Duration
	// Nodes bounds the positions a search visits (0: none), checked every
	// 1024 nodes; the result is then the deepest iteration completed. With
	// one thread the result of a node budget is the same on every run.
	Nodes uint64
	// Threads is the number of goroutines that search (0: 1). For a fixed
	// depth the value and the principal variation do not depend on it.
	Threads int
	// TableMB is the size of the transposition table in megabytes (0:
	// DefaultTableMB).
	TableMB int
}

// ErrNotEndgame is wrapped by the error of Solve for a position it cannot
// solve: not two players, tiles left in the bag, or a game that is over.
var ErrNotEndgame = errors.New("endgame: not an endgame")

// Result is the outcome of a search.
type Result struct {
	// Value is the change of the spread (own score minus the opponent's)
	// of the player to move at the root from now to the end of the game
	// (to Depth plies on, unfinished positions valued at their spread), in
	// points, under the game's end rules, with best play by both.
	Value int
	// PV is the principal variation: the best move first, then the best
	// replies, to the end of the game or Depth plies. When the search was
	// to the end (Options.Plies 0) and Solved, every move of it is proved
	// best to the end of the game, and it goes on to the end (it may be
	// longer than Depth: a move that ties with the best Depth plies deep
	// but loses later is not taken).
	PV []game.Move
	// Depth is the depth of the deepest iteration completed, in plies.
	Depth int
	// Solved reports that every line of the proof of Value ended the game
	// within Depth plies: Value is then the exact value of the game,
	// whatever the depth.
	Solved bool
	// Nodes is the number of positions searched (moves played, and the
	// positions one ply from the horizon, whose moves are valued without
	// being played).
	Nodes uint64
	// Elapsed is the wall-clock time of the search.
	Elapsed time.Duration
	// Stopped says why the search ended: "depth" (Options.Plies reached),
	// "solved", "time", "nodes" (the node budget) or "cancelled".
	Stopped string
	// Iterations lists the value and time of each completed depth.
	Iterations []Iteration
	// Partial is what the iteration that was cut short (by the time, the
	// node budget or the context) found, when it was two plies deep or
	// more and searched two root moves or more in full; nil otherwise.
	Partial *Partial
}

// Partial is what an iteration cut short knows: its root moves are
// searched best first by the iteration before (the first of them is
// that iteration's best), and Move is the best of the first Moves of
// them at Depth, Value its exact value there. A player that must move
// before the iteration ends may play Move: at that depth it is at least
// as good as every move searched before it, the last iteration's best
// among them. With one thread and a node budget it is the same on every
// run.
type Partial struct {
	Depth int
	Move  game.Move
	Value int
	Moves int
}

// Iteration is the outcome of one depth of the iterative deepening.
type Iteration struct {
	Depth   int
	Value   int
	Solved  bool
	Nodes   uint64
	Elapsed time.Duration
}

// Best returns the best move, the first of the principal variation (the
// zero Move when there is none).
func (r *Result) Best() game.Move {
	if len(r.PV) == 0 {
		return game.Move{}
	}
	return r.PV[0]
}

// Solver solves endgames. It keeps its transposition table and its
// workers' buffers between searches; it must be used by one goroutine at
// a time (the threads of a search are its own).
type Solver struct {
	opts    Options
	tt      *table
	workers []*worker
	// keepTable: the searches of a pre-endgame share the table's
	// entries (solve starts no new generation).
	keepTable bool
	// nodes counts the nodes of a search's threads for the node budget,
	// updated every 1024 nodes.
	nodes atomic.Uint64
}

// New returns a solver with options o (zero fields: the defaults). The
// table is allocated on the first Solve.
func New(o Options) *Solver {
	return &Solver{opts: o}
}

// SetOptions replaces the solver's options for the searches to come.
// The solver keeps its buffers, and its table when the size stays; a
// search starts a new generation of the table, so its result does not
// depend on the searches before it.
func (sv *Solver) SetOptions(o Options) { sv.opts = o }

// Options returns the solver's options with the defaults applied.
func (sv *Solver) Options() Options {
	o := sv.opts
	if o.Plies <= 0 || o.Plies > MaxPlies {
		o.Plies = MaxPlies
	}
	if o.Threads <= 0 {
		o.Threads = 1
	}
	o.Threads = min(o.Threads, MaxThreads)
	if o.TableMB <= 0 {
		o.TableMB = DefaultTableMB
	}
	o.TableMB = min(o.TableMB, MaxTableMB)
	return o
}

// CheckOptions returns an error naming the option of o that is out of
// range.
func CheckOptions(o Options) error {
	switch {
	case o.Plies < 0 || o.Plies > MaxPlies:
		return fmt.Errorf("endgame: plies %d: want 0 (to the end) to %d", o.Plies, MaxPlies)
	case o.Time < 0:
		return fmt.Errorf("endgame: time %v: want a positive duration or 0 (none)", o.Time)
	case o.Threads < 0 || o.Threads > MaxThreads:
		return fmt.Errorf("endgame: threads %d: want 0 (one) to %d", o.Threads, MaxThreads)
	case o.TableMB < 0 || o.TableMB > MaxTableMB:
		return fmt.Errorf("endgame: table size %d MB: want 0 (the default, %d) to %d", o.TableMB, DefaultTableMB, MaxTableMB)
	}
	return nil
}

// IsEndgame reports whether a player hands s over to Solve: a game with
// endgame moves (game.EndgameMover: the crossword games and Upwords), two
// players, not over, and an empty bag. Solve itself takes any position
// of two players that is not over (and with an empty bag where the game
// has one), with the moves of the game.State contract; a game without
// endgame moves may hide more than the racks (2 Way Words' faces) or have
// far too many moves to search to the end (WordBlock), so players leave
// it to their own choice.
func IsEndgame(s game.State) bool {
	_, ok := s.(game.EndgameMover)
	return ok && checkEndgame(s, 0) == nil
}

func checkEndgame(s game.State, bag int) error {
	switch {
	case s.Players() != 2:
		return fmt.Errorf("%w: %d players (the solver plays two)", ErrNotEndgame, s.Players())
	case s.Over():
		return fmt.Errorf("%w: the game is over", ErrNotEndgame)
	}
	if r, ok := s.(game.Racker); ok && r.BagLen() > bag {
		return fmt.Errorf("%w: %d tiles in the bag (want %d or fewer)", ErrNotEndgame, r.BagLen(), bag)
	}
	return nil
}

// ensureTable makes the table of the size o asks for (a new one when
// the size changed).
func (sv *Solver) ensureTable(o Options) {
	if sv.tt == nil || sv.tt.bytes() > o.TableMB<<20 || sv.tt.bytes()*2 <= o.TableMB<<20 {
		sv.tt = newTable(o.TableMB)
	}
}

// Solve searches the endgame s (see IsEndgame) and returns the value, the
// principal variation and the depth proved. It does not modify s (it
// searches clones). A cancelled ctx, or the time option, ends the search
// with the deepest iteration completed (the first, one ply, is always
// completed).
func (sv *Solver) Solve(ctx context.Context, s game.State) (*Result, error) {
	if err := checkEndgame(s, 0); err != nil {
		return nil, err
	}
	return sv.solve(ctx, s, sv.Options())
}

// solve is Solve for any position of perfect information (the
// pre-endgame's, with one known tile in the bag).
func (sv *Solver) solve(ctx context.Context, s game.State, o Options) (*Result, error) {
	start := time.Now()
	if o.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Time)
		defer cancel()
	}
	// The workers look at the clock themselves, every stopEvery nodes:
	// the context's timer may fire late on a busy machine.
	deadline, _ := ctx.Deadline()
	sv.ensureTable(o)
	if !sv.keepTable {
		sv.tt.newGeneration()
	}
	for len(sv.workers) < o.Threads {
		sv.workers = append(sv.workers, &worker{})
	}
	ws := sv.workers[:o.Threads]
	for i, w := range ws {
		// A worker keeps its state between searches when the game can
		// copy a position into it (game.Copier): its move generator's
		// caches stay.
		if c, ok := w.pos.s.(game.Copier); !ok || !c.CopyFrom(s) {
			w.pos = newPosition(s.Clone())
		}
		w.tt = sv.tt
		w.nodes = 0
		w.ctx = ctx
		w.budget = o.Nodes
		w.all = &sv.nodes
		w.killers = [maxPly + 1][2]game.Move{}
		if i == 0 {
			w.root = w.rootMoves(w.root[:0])
		} else {
			w.root = append(w.root[:0], ws[0].root...)
			// Helpers start from another root move, so that the threads
			// fill the table with different parts of the tree.
			k := i % max(len(w.root), 1)
			slices.Reverse(w.root[:k])
			slices.Reverse(w.root[k:])
			slices.Reverse(w.root)
		}
	}
	sv.nodes.Store(0)
	res := &Result{}
	if len(ws[0].root) == 0 {
		return nil, fmt.Errorf("%w: the player to move has no move", ErrNotEndgame)
	}
	var guess int32
	for d := 1; d <= o.Plies; d++ {
		v, solved, ok := int32(0), false, d == 1 || ctx.Err() == nil && !past(deadline)
		ran := ok
		if ok {
			v, solved, ok = sv.iterate(ctx, deadline, ws, d, guess, d == 1)
		}
		if !ok {
			if p := ws[0].part; ran && d >= 2 && p.exact && p.moves >= 2 {
				res.Partial = &Partial{Depth: d, Move: p.move, Value: int(p.value), Moves: p.moves}
			}
			switch {
			case errors.Is(ctx.Err(), context.Canceled):
				res.Stopped = "cancelled"
			case o.Nodes > 0 && sv.nodes.Load() >= o.Nodes:
				res.Stopped = "nodes"
			default:
				res.Stopped = "time"
			}
			break
		}
		guess = v
		res.Value, res.Depth, res.Solved = int(v), d, solved
		res.PV = ws[0].principal(d, v, solved && o.Plies == MaxPlies, res.PV[:0])
		res.Nodes = nodes(ws)
		res.Iterations = append(res.Iterations, Iteration{Depth: d, Value: int(v), Solved: solved, Nodes: res.Nodes, Elapsed: time.Since(start)})
		if solved && o.Plies == MaxPlies {
			res.Stopped = "solved"
			break
		}
		res.Stopped = "depth"
	}
	res.Nodes = nodes(ws)
	res.Elapsed = time.Since(start)
	for _, w := range ws {
		w.ctx = nil
	}
	return res, nil
}

// past reports whether deadline (zero: none) has passed.
func past(deadline time.Time) bool { return !deadline.IsZero() && time.Now().After(deadline) }

func nodes(ws []*worker) uint64 {
	var n uint64
	for _, w := range ws {
		n += w.nodes
	}
	return n
}

// iterate searches depth plies on every worker at once (Lazy SMP: they
// share the table and start from different root moves) and returns the
// value found by the first to finish; ok is false when the search was
// stopped first (ctx done, the deadline passed, the node budget spent).
// The first iteration always completes.
func (sv *Solver) iterate(ctx context.Context, deadline time.Time, ws []*worker, depth int, guess int32, first bool) (int32, bool, bool) {
	var stop atomic.Bool
	type found struct {
		v      int32
		solved bool
	}
	var (
		mu     sync.Mutex
		result *found
		wg     sync.WaitGroup
	)
	if first {
		ctx, deadline = context.Background(), time.Time{}
	}
	for i, w := range ws {
		w.stop, w.aborted = &stop, false
		w.ctx, w.deadline = ctx, deadline
		run := func() {
			v, solved, ok := w.aspirate(depth, guess, first)
			if !ok {
				return
			}
			mu.Lock()
			if result == nil {
				result = &found{v, solved}
			}
			mu.Unlock()
			stop.Store(true)
		}
		if i == 0 {
			continue
		}
		wg.Go(run)
	}
	w := ws[0]
	v, solved, ok := w.aspirate(depth, guess, first)
	if ok {
		mu.Lock()
		if result == nil {
			result = &found{v, solved}
		}
		mu.Unlock()
		stop.Store(true)
	}
	wg.Wait()
	for _, w := range ws {
		w.aborted = false
		w.stop = &atomic.Bool{}
		w.ctx, w.deadline = context.Background(), time.Time{}
		w.sortRoot()
	}
	if result == nil {
		return 0, false, false
	}
	return result.v, result.solved, true
}

// aspirate searches the root depth plies deep in a window around guess,
// widened until the value falls inside it; the first two plies search
// the whole window: the first ply's value leaves out the opponent's
// reply, which a window around it would fail on (26 % fewer nodes for
// the second ply of 7-tile WWF endgames), and a second ply cut short
// then knows its moves' exact values (Result.Partial).
func (w *worker) aspirate(depth int, guess int32, first bool) (int32, bool, bool) {
	lo, hi := -inf, inf
	if !first && depth > 2 {
		lo, hi = guess-aspiration, guess+aspiration
	}
	width := int32(aspiration)
	for {
		v, solved := w.searchRoot(depth, lo, hi)
		if w.aborted {
			return 0, false, false
		}
		switch {
		case v <= lo && lo > -inf:
			width *= 4
			lo = max(v-width, -inf)
		case v >= hi && hi < inf:
			width *= 4
			hi = min(v+width, inf)
		default:
			return v, solved, true
		}
	}
}

// rootMoves lists the root moves in the canonical order (canonical).
func (w *worker) rootMoves(dst []rootMove) []rootMove {
	pm := w.gen(0)
	canonical(pm.moves)
	for i, m := range pm.moves {
		dst = append(dst, rootMove{m: m, value: m.Delta, index: i})
	}
	return dst
}

// canonical sorts moves in the order that decides between moves of equal
// value: the greater spread change first, then the moves that end the
// game, then by the moves' packing (a total order).
// The principal variation takes, at each ply, the first move of that order
// that reaches the value, so that it depends on nothing but the position
// and the depth.
func canonical(moves []game.EndgameMove) {
	slices.SortStableFunc(moves, func(x, y game.EndgameMove) int {
		if c := cmp.Compare(y.Delta, x.Delta); c != 0 {
			return c
		}
		switch {
		case x.Ends && !y.Ends:
			return -1
		case y.Ends && !x.Ends:
			return 1
		}
		return cmp.Or(cmp.Compare(x.Move.A, y.Move.A), cmp.Compare(x.Move.B, y.Move.B))
	})
}

// sortRoot orders the root moves by their values in the last iteration,
// highest first (ties: the order before).
func (w *worker) sortRoot() {
	slices.SortStableFunc(w.root, func(x, y rootMove) int { return cmp.Compare(y.value, x.value) })
}

// searchRoot is negamax at the root, over the worker's root moves in its
// own order, recording each move's value (a bound for most).
func (w *worker) searchRoot(depth int, alpha, beta int32) (int32, bool) {
	s := w.pos.s
	w.nodes++
	best := -inf
	var bestMove game.Move
	solvedAll, cutSolved := true, false
	w.part = partialRoot{}
	for i := range w.root {
		rm := &w.root[i]
		m := rm.m
		a := max(alpha, best)
		var v int32
		var cs bool
		if depth == 1 {
			v, cs = m.Delta, m.Ends
		} else {
			s.Play(m.Move)
			var cv int32
			if i == 0 {
				cv, cs = w.negamax(1, depth-1, m.Delta-beta, m.Delta-a)
			} else {
				cv, cs = w.negamax(1, depth-1, m.Delta-a-1, m.Delta-a)
				if v := m.Delta - cv; v > a && v < beta && !w.aborted {
					cv, cs = w.negamax(1, depth-1, m.Delta-beta, m.Delta-a)
				}
			}
			s.Undo()
			if w.aborted {
				return 0, false
			}
			v = m.Delta - cv
		}
		rm.value = v
		solvedAll = solvedAll && cs
		if v > best {
			best, bestMove = v, m.Move
			// Searched in the window (a, beta): exact inside it.
			w.part.move, w.part.value, w.part.exact = m.Move, v, v > a && v < beta
		}
		w.part.moves = i + 1
		if best >= beta {
			cutSolved = cs
			// The rest keep their old values, below this one.
			for j := i + 1; j < len(w.root); j++ {
				w.root[j].value = min(w.root[j].value, v-1)
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
	w.tt.store(w.pos.key(), bestMove, best, depth, bound, sv)
	return best, sv
}

// principal returns the principal variation of the root searched depth
// plies deep, whose value is value: at each ply, the first move in the
// canonical order whose value is the position's (a null-window search
// tells, mostly from the table), played, to the end of the game or of the
// depth. It appends to dst.
//
// When the value is proved to the end of the game (toEnd), so must be
// the moves: a move may reach the value depth plies deep along a line
// that has not ended there, and be worse once it goes on (its
// opponent's best reply shows only later), so a move is taken only when
// its null-window search is solved, deepened until it is, and the
// variation goes on to the end of the game. A move that ties at the
// depth and loses beyond it is then never the best move.
//
// The node budget does not stop it: the budget ends the iterations, and
// the variation of the last one completed is always taken out in full.
func (w *worker) principal(depth int, value int32, toEnd bool, dst []game.Move) []game.Move {
	s := w.pos.s
	w.aborted = false
	budget := w.budget
	w.budget = 0
	defer func() { w.budget = budget }()
	played := 0
	for ply := 0; !s.Over(); ply++ {
		r := depth - ply
		if r <= 0 && !toEnd || ply >= MaxPlies {
			break
		}
		var moves []game.EndgameMove
		if ply == 0 {
			w.plies[0].moves = w.canonRoot(w.plies[0].moves)
			moves = w.plies[0].moves
		} else {
			pm := w.gen(ply)
			canonical(pm.moves)
			moves = pm.moves
		}
		found := -1
		for i := range moves {
			m := &moves[i]
			if toEnd {
				if w.provedBest(ply, max(r-1, 1), m, value) {
					found = i
					break
				}
				continue
			}
			if r == 1 {
				if m.Delta == value {
					found = i
					break
				}
				continue
			}
			s.Play(m.Move)
			cv, _ := w.negamax(ply+1, r-1, m.Delta-value, m.Delta-value+1)
			s.Undo()
			if cv <= m.Delta-value {
				found = i
				break
			}
		}
		if found < 0 {
			break // cannot happen when value is the position's value
		}
		m := moves[found]
		dst = append(dst, m.Move)
		s.Play(m.Move)
		played++
		value = m.Delta - value
	}
	for range played {
		s.Undo()
	}
	return dst
}

// provedBest reports whether m, at ply of the principal variation, is
// worth value (the position's, proved to the end of the game) to the end
// of the game: a null-window search of the position after it, from from
// plies deep and deeper, until its bound is solved (or MaxPlies from the
// root is reached, where the deepest search decides).
func (w *worker) provedBest(ply, from int, m *game.EndgameMove, value int32) bool {
	s := w.pos.s
	if m.Ends {
		return m.Delta == value
	}
	t := m.Delta - value // the opponent's value after m, if m is best
	s.Play(m.Move)
	defer s.Undo()
	last := max(MaxPlies-ply-1, from)
	for d := from; ; d++ {
		cv, solved := w.negamax(ply+1, d, t, t+1)
		if solved || d >= last {
			return cv <= t
		}
	}
}

// canonRoot puts the root moves of moves back in the canonical order
// (each rootMove knows its place in it).
func (w *worker) canonRoot(moves []game.EndgameMove) []game.EndgameMove {
	moves = moves[:0]
	n := len(w.root)
	for range n {
		moves = append(moves, game.EndgameMove{})
	}
	for _, rm := range w.root {
		moves[rm.index] = rm.m
	}
	return moves
}
