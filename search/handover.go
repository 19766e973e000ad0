package search

import (
	"context"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"wordengine/game"
	"wordengine/game/option"
	"wordengine/search/endgame"
)

// The handover to the exact endgame solver (package search/endgame): once
// the bag is empty, a crossword game is a game of perfect information
// that the solver plays perfectly, where leave values mean nothing; with
// one tile left in the bag the pre-endgame solves every tile the bag may
// hold. The static and simulation players hand such positions over,
// within a budget, and keep their own choice when the budget runs out
// first.

// Defaults of the handover.
const (
	// DefaultHandoverNodes is the handover's node budget per move: about
	// a quarter of a second on one core, the budget of the paired
	// self-play in docs/endgame.md (a static game then takes about half
	// a second, not 8 ms: endgame=off for fast self-play).
	DefaultHandoverNodes = 200_000
	// HandoverTableMB is the largest transposition table of a handover,
	// in megabytes: the size for DefaultHandoverNodes (HandoverOptions.TableMB).
	HandoverTableMB = 32
	// PreEndgameCandidates is the number of candidates, the best by static
	// equity, whose worlds the pre-endgame solves.
	PreEndgameCandidates = 20
	// PreEndgameMinTime is the least time bound under which the handover
	// takes a pre-endgame. The pre-endgame solves each candidate in every
	// world to the end of the game, and changes the move only when it
	// solves two: in 40 WWF pre-endgames (docs/endgame.md), within 200 ms
	// it never did, within 500 ms it did in 1 (its move changed), within
	// 1 s in 6 (3). Under a shorter bound the player keeps its own choice
	// at once rather than spend the time for nothing.
	PreEndgameMinTime = 500 * time.Millisecond
	// handoverNodeRate bounds the nodes a second a handover's search
	// visits on one thread (it measures 100,000 to 800,000): a time bound
	// of d allows at most d × handoverNodeRate nodes, which sizes the
	// table.
	handoverNodeRate = 1_000_000
	// tableBytesPerNode is the table's room per node of the budget: 128
	// bytes, four entries of 32, so that a search that stores an entry
	// per node fills a quarter of it.
	tableBytesPerNode = 128
)

// HandoverOptions configure a player's handover. The zero value is on,
// with the default budget.
type HandoverOptions struct {
	// Off keeps the player's own choice in every position.
	Off bool
	// Nodes is the node budget per move (0: DefaultHandoverNodes): with
	// it the choice is the same on every run.
	Nodes uint64
	// Time bounds the wall-clock time per move as well (0: none); it
	// makes the choice depend on the machine's speed.
	Time time.Duration
}

// Bind binds the handover's options to set: endgame=on|off,
// endgame-nodes=N (N ≥ 1, the node budget per move) and endgame-time=D
// (a duration such as 2s); Parse's errors then name them and the values
// they take.
func (o *HandoverOptions) Bind(set *option.Set) {
	option.Choice(set, &o.Off, "endgame", option.Is(false, "on"), option.Is(true, "off"))
	set.Func("endgame-nodes", option.DescribeWhole(1, math.MaxInt), func(v string) bool {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			return false
		}
		o.Nodes = n
		return true
	}, nil)
	set.Duration(&o.Time, "endgame-time")
}

// Parse reads handover options "key=value,..." (Bind) into o; owner
// starts the error ("static").
func (o *HandoverOptions) Parse(owner, options string) error {
	set := option.NewSet(owner, "")
	o.Bind(set)
	return set.Parse(options)
}

// String writes the options as Parse reads them, with the defaults.
func (o HandoverOptions) String() string {
	if o.Off {
		return "endgame=off"
	}
	parts := []string{"endgame=on", "endgame-nodes=" + strconv.FormatUint(o.nodes(), 10)}
	if o.Time > 0 {
		parts = append(parts, "endgame-time="+o.Time.String())
	}
	return strings.Join(parts, ",")
}

func (o HandoverOptions) nodes() uint64 {
	if o.Nodes == 0 {
		return DefaultHandoverNodes
	}
	return o.Nodes
}

// within returns o with its time bound made at most d (d ≤ 0: o).
func (o HandoverOptions) within(d time.Duration) HandoverOptions {
	if d > 0 && (o.Time == 0 || d < o.Time) {
		o.Time = d
	}
	return o
}

// TableMB returns the size of the transposition table a search within o
// uses, in megabytes: room for tableBytesPerNode bytes for every node the
// budget allows (the node budget, or a time bound's d × 1,000,000 nodes a
// second when that is fewer), rounded up to a power of two, from 1 to
// HandoverTableMB (the size for DefaultHandoverNodes). A table larger
// than a search can fill costs memory and gains nothing; the size of the
// table, like the budget, is part of what a node budget's result depends
// on.
func (o HandoverOptions) TableMB() int {
	n := o.nodes()
	if o.Time > 0 {
		n = min(n, uint64(o.Time.Seconds()*handoverNodeRate)+1)
	}
	need := float64(n) * tableBytesPerNode / (1 << 20)
	mb := 1
	for float64(mb) < need && mb < HandoverTableMB {
		mb *= 2
	}
	return mb
}

// solverOptions returns the solver's options for a search within o: one
// thread, the node budget, the time bound and the table's size.
func (o HandoverOptions) solverOptions() endgame.Options {
	return endgame.Options{Nodes: o.nodes(), Time: o.Time, Threads: 1, TableMB: o.TableMB()}
}

type handoverTimeKey struct{}

// handoverTime is what WithHandoverTime puts on a context: the bound and
// when it ends.
type handoverTime struct {
	d   time.Duration
	end time.Time
}

// WithHandoverTime returns a copy of ctx under which the handover of a
// Choose (static's, sim's, and those of the players made of them, such as
// the levels) searches for at most d counted from now, whatever its own
// options allow (endgame-time bounds it further; the node budget still
// applies): the time that passes before the handover starts counts, and
// once d has passed the player keeps its own choice without searching. A
// server gives its requests' thinking time this way, from their arrival:
// the time a request waits for a search slot then shortens its handover
// rather than lengthen its answer. A player's options are the
// application's, the time is the server's. A bound under
// PreEndgameMinTime leaves a pre-endgame to the player's own choice. d ≤ 0
// sets no bound; the innermost WithHandoverTime is the one that counts.
func WithHandoverTime(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, handoverTimeKey{}, handoverTime{d: d, end: time.Now().Add(d)})
}

// HandoverTime returns the bound WithHandoverTime put on ctx and the time
// it ends, and whether there is one.
func HandoverTime(ctx context.Context) (d time.Duration, end time.Time, ok bool) {
	h, ok := ctx.Value(handoverTimeKey{}).(handoverTime)
	if !ok || h.d <= 0 {
		return 0, time.Time{}, false
	}
	return h.d, h.end, true
}

// The solvers of the handovers are lent, one to a search at a time: a
// process holds as many transposition tables (and move buffers of the
// solver's positions) as handovers run at once, not one per player. A
// server's handovers run on its search workers, so it holds at most one
// per worker; a self-play, one per thread. A solver starts a new
// generation of its table at every search, so a search finds nothing of
// the searches before it and its result does not depend on them (only
// its speed does, through the move generator's caches).
var solvers struct {
	mu   sync.Mutex
	free []*endgame.Solver
	// lent and made count the solvers lent and those made, for tests.
	lent, made int
}

// maxFreeSolvers bounds the solvers kept for lending; more running at
// once are dropped after use.
const maxFreeSolvers = 256

// takeSolver returns a solver with options o: a free one with a table of
// the same size if there is one, else any free one (its table is then
// made anew on its first search), else a new one.
func takeSolver(o endgame.Options) *endgame.Solver {
	solvers.mu.Lock()
	defer solvers.mu.Unlock()
	solvers.lent++
	free := solvers.free
	if len(free) == 0 {
		solvers.made++
		return endgame.New(o)
	}
	i := len(free) - 1
	for j := i; j >= 0; j-- {
		if free[j].Options().TableMB == o.TableMB {
			i = j
			break
		}
	}
	sv := free[i]
	solvers.free = append(free[:i], free[i+1:]...)
	sv.SetOptions(o)
	return sv
}

// putSolver gives sv back for lending.
func putSolver(sv *endgame.Solver) {
	solvers.mu.Lock()
	defer solvers.mu.Unlock()
	if len(solvers.free) < maxFreeSolvers {
		solvers.free = append(solvers.free, sv)
	}
}

// Handover is a player's handover: its options. Its solver is lent for
// each search (see takeSolver). A Handover may be used by several
// goroutines at once.
type Handover struct {
	opts HandoverOptions
}

// NewHandover returns a handover with options o.
func NewHandover(o HandoverOptions) *Handover { return &Handover{opts: o} }

// Options returns the handover's options.
func (h *Handover) Options() HandoverOptions { return h.opts }

// applies reports whether s is a position the handover takes: an endgame
// (endgame.IsEndgame: the bag empty) or a one-tile pre-endgame.
func (h *Handover) applies(s game.State) bool {
	if h == nil || h.opts.Off {
		return false
	}
	r, ok := s.(game.Racker)
	if !ok || r.BagLen() > 1 || s.Over() || s.Players() != 2 {
		return false
	}
	return endgame.IsEndgame(s) || endgame.IsPreEndgame(s)
}

// Choose returns the solver's move for s and true when s is an endgame
// the solver searched at least two plies deep within the budget (or
// whose second ply it cut short after two root moves or more, searched
// best first by the first ply: the best of them, endgame.Partial), or a
// pre-endgame one of whose candidates (the first of candidates(k), the
// player's own k best moves, best first) it solved in every world; it
// returns false, the player then choosing as it would, otherwise, when
// the handover is off, and for a pre-endgame under a time bound shorter
// than PreEndgameMinTime. The budget is the options' node budget and
// time bound, the time bound made at most what is left of ctx's
// HandoverTime (nothing left: false at once); ctx's cancellation or
// deadline ends the search too. candidates is called only for a
// pre-endgame.
func (h *Handover) Choose(ctx context.Context, s game.State, candidates func(k int) ([]game.Move, error)) (game.Move, bool, error) {
	if !h.applies(s) {
		return game.Move{}, false, nil
	}
	o := h.opts
	so := o.solverOptions()
	if d, end, ok := HandoverTime(ctx); ok {
		left := time.Until(end)
		if left <= 0 {
			return game.Move{}, false, nil
		}
		// The table is sized for the whole bound, so that it does not
		// change with the time left.
		so.TableMB = o.within(d).TableMB()
		o = o.within(left)
		so.Time = o.Time
	}
	endgameNow := endgame.IsEndgame(s)
	if !endgameNow && o.Time > 0 && o.Time < PreEndgameMinTime {
		return game.Move{}, false, nil
	}
	sv := takeSolver(so)
	defer putSolver(sv)
	if endgameNow {
		r, err := sv.Solve(ctx, s)
		if err != nil {
			return game.Move{}, false, err
		}
		switch {
		case r.Depth >= 2 || r.Solved:
			return r.Best(), true, nil
		case r.Partial != nil:
			// The second ply was cut short: the best of the moves it
			// searched in full (two or more, the first ply's best first).
			return r.Partial.Move, true, nil
		}
		return game.Move{}, false, nil
	}
	cands, err := candidates(PreEndgameCandidates)
	if err != nil || len(cands) == 0 {
		return game.Move{}, false, err
	}
	res, err := sv.PreEndgame(ctx, s, cands)
	if err != nil {
		return game.Move{}, false, err
	}
	best, ok := res.Best()
	return best.Move, ok, nil
}
