package search

import (
	"context"
	"math"
	"strconv"
	"strings"
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
	// HandoverTableMB is the size of a handing-over player's
	// transposition table, in megabytes.
	HandoverTableMB = 32
	// PreEndgameCandidates is the number of candidates, the best by static
	// equity, whose worlds the pre-endgame solves.
	PreEndgameCandidates = 20
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

// Handover is a player's handover: its options and its solver (made on
// first use). Use one per player.
type Handover struct {
	opts   HandoverOptions
	solver *endgame.Solver
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
// the solver searched at least two plies deep within the budget, or a
// pre-endgame one of whose candidates (the first of candidates(k), the
// player's own k best moves, best first) it solved in every world; it
// returns false, the player then choosing as it would, otherwise, and
// when the handover is off. candidates is called only for a
// pre-endgame.
func (h *Handover) Choose(ctx context.Context, s game.State, candidates func(k int) ([]game.Move, error)) (game.Move, bool, error) {
	if !h.applies(s) {
		return game.Move{}, false, nil
	}
	o := endgame.Options{Nodes: h.opts.nodes(), Time: h.opts.Time, Threads: 1, TableMB: HandoverTableMB}
	if h.solver == nil {
		h.solver = endgame.New(o)
	}
	if endgame.IsEndgame(s) {
		r, err := h.solver.Solve(ctx, s)
		if err != nil {
			return game.Move{}, false, err
		}
		if r.Depth < 2 && !r.Solved {
			return game.Move{}, false, nil
		}
		return r.Best(), true, nil
	}
	cands, err := candidates(PreEndgameCandidates)
	if err != nil || len(cands) == 0 {
		return game.Move{}, false, err
	}
	res, err := h.solver.PreEndgame(ctx, s, cands)
	if err != nil {
		return game.Move{}, false, err
	}
	best, ok := res.Best()
	return best.Move, ok, nil
}
