package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"wordengine/game"
	"wordengine/game/option"
)

func init() {
	Register("alphabeta", func(opts string) (Player, error) {
		l, err := ParseLimits("alphabeta", opts)
		if err != nil {
			return nil, err
		}
		return &AlphaBeta{Limits: l}, nil
	})
}

// Limits bound a tree search; the zero value means the defaults. Searches
// read them from options "nodes=N,time=D,depth=N,width=N" (ParseLimits).
type Limits struct {
	// Nodes bounds the positions visited per move: every Play counts, the
	// one-ply look at each child for move ordering included. 0 means
	// DefaultNodes when Time is 0 too, else no node bound. A node budget
	// makes the player deterministic; a time budget does not.
	Nodes int64
	// Time bounds the time per move (0: none).
	Time time.Duration
	// Depth bounds the iterative deepening, in plies (0: MaxDepth).
	// Depth 1 is the static player: the move whose resulting position
	// evaluates best.
	Depth int
	// Width is the number of children searched below each node, best
	// first by their one-ply evaluation (forward pruning); the root
	// searches 2*Width. 0 means DefaultWidth; -1 means every child.
	Width int
}

// Defaults of Limits.
const (
	DefaultNodes = 300_000
	DefaultWidth = 12
	MaxDepth     = 64
)

// ParseLimits reads "nodes=N,time=D,depth=N,width=N" (any subset, in any
// order, each at most once; D a duration such as 100ms or 2s) for the
// player named player. The error (an *option.Error) names the option and
// the values it takes.
func ParseLimits(player, options string) (Limits, error) {
	var l Limits
	s := option.NewSet(player, "")
	l.bind(s)
	return l, s.Parse(options)
}

// bind binds the limits' options to l.
func (l *Limits) bind(s *option.Set) {
	s.Int64(&l.Nodes, "nodes", 1, math.MaxInt64)
	s.Duration(&l.Time, "time")
	s.Int(&l.Depth, "depth", 1, MaxDepth)
	s.Func("width", "a whole number, at least 1, or -1 for every child", func(v string) bool {
		n, ok := option.Whole(v, -1, math.MaxInt)
		if ok && n != 0 {
			l.Width = n
		}
		return ok && n != 0
	}, func() string { return strconv.Itoa(l.Width) })
}

func (l Limits) withDefaults() Limits {
	if l.Nodes == 0 && l.Time == 0 {
		l.Nodes = DefaultNodes
	}
	if l.Depth == 0 {
		l.Depth = MaxDepth
	}
	if l.Width == 0 {
		l.Width = DefaultWidth
	}
	return l
}

// AlphaBeta is the player registered as "alphabeta": iterative deepening
// alpha-beta with a transposition table, under Limits.
//
// The position is valued for the player to move at the root: its
// evaluation minus the best of the other seats' (game.Evaluator, or 1000
// per point of Score when the game has none); a finished game is a win
// (+WinValue), a shared win (0) or a loss (-WinValue), plus 1000 per point
// of that score margin. With two players this is plain minimax on the
// margin; with three or four it is the paranoid search (every other seat
// plays against the root player).
//
// Each node looks one ply ahead at all its children (play, evaluate,
// undo) to order them, keeps the Width best (2*Width at the root) and
// searches those: forward pruning, since a game like WordBlock offers
// thousands of moves. Children whose evaluations are equal for every seat
// are taken for the same position and searched once. At depth 1 that
// look is the search: depth=1 is the static one-ply player. The
// transposition table, keyed by Hash, keeps each position's bound and
// best move across the iterations. Ties go to the first move in
// AppendMoves order, so with a node budget the player is deterministic.
//
// It plays games of 2 to 4 players. A game with hidden information
// (game.Determinizer) is searched on a clone determinized for the player
// to move with rng; otherwise rng is not used. Choose stops when ctx is done or the budget is spent, and returns
// the best move of the deepest iteration searched far enough to trust.
type AlphaBeta struct {
	Limits Limits
}

// WinValue is the value of a won game, beyond any evaluation.
const WinValue = int64(1) << 40

// Name implements Player.
func (p *AlphaBeta) Name() string { return "alphabeta" }

// Choose implements Player.
func (p *AlphaBeta) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	w := getWorkspace(s, rng, p.Limits, false)
	defer putWorkspace(w)
	if err := w.run(ctx); err != nil {
		return game.Move{}, err
	}
	return w.best, nil
}

// Rank implements Ranker: the root moves searched at the deepest
// iteration, best first, with their values as Equity (milli-points, the
// root player's margin; every root move is searched with the full window,
// so these are values, not bounds), then the others by their one-ply
// values. A game with hidden information is determinized with a fixed
// seed.
func (p *AlphaBeta) Rank(ctx context.Context, s game.State, dst []Candidate) ([]Candidate, error) {
	w := getWorkspace(s, rand.New(rand.NewPCG(0, 0)), p.Limits, false)
	defer putWorkspace(w)
	w.exactRoot = true
	if err := w.run(ctx); err != nil {
		return dst, err
	}
	return w.rank(dst), nil
}

// child is a move with its one-ply valuation.
type child struct {
	move  game.Move
	value int64  // for the player to move at the node: higher is better
	sig   uint64 // the evaluations of every seat, hashed
	idx   int32  // place in AppendMoves order
}

type ttEntry struct {
	key   uint64
	move  game.Move
	value int64
	vec   [maxSeats]int64 // max-n values
	gen   uint32
	depth int8
	flag  int8
}

const (
	ttExact = iota
	ttLower
	ttUpper
	ttBits = 15
	// maxSeats bounds the players of a searched game.
	maxSeats = 4
)

// workspace is one search's state, pooled between moves.
type workspace struct {
	s       game.State
	ev      game.Evaluator
	ranker  bool
	players int
	root    int
	lim     Limits
	maxn    bool
	// oppWidth, when positive, replaces Width below the nodes where an
	// opponent of the root player moves (max-n only; OM sets it to 1).
	oppWidth int
	// exactRoot searches every root move with the full window, so that
	// Rank reports values rather than bounds.
	exactRoot bool
	// hidden is set when the game hides information that the position
	// does not determine: the search runs on one determinized deal.
	hidden bool

	ctx      context.Context
	deadline time.Time
	nodes    int64
	stopped  bool

	tt     []ttEntry
	gen    uint32
	bufs   [][]game.Move
	kids   [][]child
	keys   []uint64
	sorted []child // a spare child buffer, swapped with kids[ply]

	rootKids []child
	best     game.Move // the best move of the deepest iteration trusted
}

var workspaces = sync.Pool{New: func() any {
	return &workspace{tt: make([]ttEntry, 1<<ttBits)}
}}

func getWorkspace(s game.State, rng *rand.Rand, l Limits, maxn bool) *workspace {
	w := workspaces.Get().(*workspace)
	_, w.hidden = s.(game.Determinizer)
	if r, ok := s.(game.Racker); ok && r.BagLen() == 0 {
		// Tile tracking: with the bag empty, the unseen tiles are the
		// other racks, so the one deal is the true position.
		w.hidden = false
	}
	if _, ok := s.(game.Determinizer); ok {
		c := s.Clone()
		c.(game.Determinizer).Determinize(s.ToMove(), rng)
		s = c
	}
	w.s = s
	w.ev, _ = s.(game.Evaluator)
	_, w.ranker = s.(game.Ranker)
	w.players = min(s.Players(), maxSeats)
	w.root = s.ToMove()
	w.lim = l.withDefaults()
	w.maxn = maxn
	w.oppWidth = 0
	w.exactRoot = false
	w.gen++
	w.nodes, w.stopped = 0, false
	w.best = game.Move{}
	return w
}

func putWorkspace(w *workspace) {
	w.s, w.ev, w.ctx = nil, nil, nil
	workspaces.Put(w)
}

// bufsAt returns the move and child buffers of ply.
func (w *workspace) bufsAt(ply int) ([]game.Move, []child) {
	for len(w.bufs) <= ply {
		w.bufs = append(w.bufs, make([]game.Move, 0, 1024))
		w.kids = append(w.kids, make([]child, 0, 1024))
	}
	return w.bufs[ply], w.kids[ply]
}

// eval returns seat p's evaluation.
func (w *workspace) eval(p int) int64 {
	if w.ev != nil {
		return int64(w.ev.Evaluate(p))
	}
	return 1000 * int64(w.s.Score(p))
}

// vector fills v with every seat's value: its evaluation minus the best
// other seat's, or the result of a finished game, and returns a hash of
// the evaluations.
func (w *workspace) vector(v *[maxSeats]int64) uint64 {
	var e [maxSeats]int64
	sig := uint64(0x9E3779B97F4A7C15)
	over := w.s.Over()
	for p := range w.players {
		if over {
			e[p] = 1000 * int64(w.s.Score(p))
		} else {
			e[p] = w.eval(p)
		}
		sig = (sig ^ uint64(e[p])) * 0xBF58476D1CE4E5B9
		sig ^= sig >> 31
	}
	for p := range w.players {
		v[p] = Margin(w.players, p, func(q int) int64 { return e[q] })
	}
	if over {
		sig = ^sig
		winners := w.winners()
		for p := range w.players {
			switch {
			case winners>>p&1 == 0:
				v[p] -= WinValue
			case winners&(winners-1) == 0: // p alone
				v[p] += WinValue
			}
		}
	}
	return sig
}

// winners returns the winning seats of the finished game as a bit set.
func (w *workspace) winners() uint64 {
	var set uint64
	if w.ranker {
		for _, p := range game.Winners(w.s) {
			set |= 1 << p
		}
		return set
	}
	best := -1 << 62
	for p := range w.players {
		switch sc := w.s.Score(p); {
		case sc > best:
			best, set = sc, 1<<p
		case sc == best:
			set |= 1 << p
		}
	}
	return set
}

// visit counts a node and reports whether the search must stop.
func (w *workspace) visit() bool {
	w.nodes++
	if w.nodes&1023 == 0 {
		if w.ctx.Err() != nil || (!w.deadline.IsZero() && time.Now().After(w.deadline)) {
			w.stopped = true
		}
	}
	if w.lim.Nodes > 0 && w.nodes >= w.lim.Nodes {
		w.stopped = true
	}
	return w.stopped
}

// order fills kids with the moves of the position, each valued one ply
// ahead for seat p (the root player in paranoid search, the mover in
// max-n), sorted best first for the player to move, ties in AppendMoves
// order. maximize is false where the player to move is an opponent of p in
// paranoid search. It returns nil when the budget runs out, except at the
// root, whose children are always all valued so that there is a move to
// play. With only1 it returns just the best child (the one a full sort
// would put first), found without sorting, for nodes that follow only
// their best child.
func (w *workspace) order(ply, p int, maximize, only1 bool) []child {
	moves, kids := w.bufsAt(ply)
	moves = w.s.AppendMoves(moves[:0])
	w.bufs[ply] = moves
	kids = kids[:0]
	var v [maxSeats]int64
	for i, m := range moves {
		w.s.Play(m)
		sig := w.vector(&v)
		w.s.Undo()
		if w.visit() && ply > 0 {
			return nil
		}
		val := v[p]
		if !maximize {
			val = -val
		}
		kids = append(kids, child{move: m, value: val, sig: sig, idx: int32(i)})
	}
	if only1 {
		if len(kids) == 0 {
			return kids
		}
		clamp := func(v int64) int64 { return min(max(v, -keyBias+1), keyBias-1) }
		b := 0
		for i := range kids {
			if clamp(kids[i].value) > clamp(kids[b].value) {
				b = i
			}
		}
		if !maximize {
			kids[b].value = -kids[b].value
		}
		kids[0], kids[b] = kids[b], kids[0]
		w.kids[ply] = kids
		return kids[:1]
	}
	// Sort keys, not children: (higher value, lower index) first.
	keys := w.keys[:0]
	for i, k := range kids {
		v := min(max(k.value, -keyBias+1), keyBias-1)
		keys = append(keys, uint64(keyBias-v)<<keyIdxBits|uint64(i))
	}
	slices.Sort(keys)
	w.keys = keys
	sorted := w.sorted[:0]
	for _, key := range keys {
		k := kids[key&(1<<keyIdxBits-1)]
		if !maximize {
			k.value = -k.value
		}
		sorted = append(sorted, k)
	}
	w.sorted = kids[:0]
	w.kids[ply] = sorted
	return sorted
}

// Sort keys pack a child's value (clamped to ±keyBias) above its index.
const (
	keyIdxBits = 21
	keyBias    = int64(1) << 41
)

// pick moves to the front of kids (sorted best first) the first n
// children that are not duplicates, the one playing move first (when
// there is one) ahead of them, and returns how many it moved. A child is a
// duplicate of an earlier one when their evaluations are equal for every
// seat: searches take both for the same position.
func pick(kids []child, n int, first game.Move) int {
	k := 0
	if !first.IsZero() {
		for i := range kids {
			if kids[i].move == first {
				f := kids[i]
				copy(kids[1:i+1], kids[:i])
				kids[0] = f
				k = 1
				break
			}
		}
	}
next:
	for i := k; i < len(kids) && k < n; i++ {
		for j := range k {
			if kids[j].sig == kids[i].sig && kids[j].value == kids[i].value {
				continue next
			}
		}
		kids[k], kids[i] = kids[i], kids[k]
		k++
	}
	return k
}

// run searches by iterative deepening until the limits or ctx stop it.
func (w *workspace) run(ctx context.Context) error {
	s := w.s
	if s.Over() {
		return ErrNoMove
	}
	if s.Players() > maxSeats {
		return fmt.Errorf("search: %d players: the tree searches play at most %d", s.Players(), maxSeats)
	}
	w.ctx = ctx
	w.deadline = time.Time{}
	if w.lim.Time > 0 {
		w.deadline = time.Now().Add(w.lim.Time)
	}
	root := w.order(0, w.root, true, false)
	if len(root) == 0 {
		return ErrNoMove
	}
	w.rootKids = append(w.rootKids[:0], root...)
	w.best = root[0].move
	if len(root) == 1 || w.lim.Depth == 1 {
		return nil
	}
	rootWidth := 2 * w.lim.Width
	if w.lim.Width < 0 {
		rootWidth = len(root)
	}
	for depth := 2; depth <= w.lim.Depth && !w.stopped; depth++ {
		// Search the best rootWidth distinct moves, the last iteration's
		// best first.
		n := rootWidth
		if w.exactRoot {
			n = min(n, len(w.rootKids)) // Rank values duplicates too
		} else {
			n = pick(w.rootKids, n, w.best)
		}
		kids := w.rootKids[:n]
		var vals [maxSeats]int64
		alpha := -WinValue * 4
		iterBest, iterVal, firstDone := game.Move{}, int64(0), false
		for i := range kids {
			s.Play(kids[i].move)
			var v int64
			if w.maxn {
				w.maxnSearch(depth-1, 1, &vals)
				v = vals[w.root]
			} else {
				v = w.alphaBeta(depth-1, 1, alpha, WinValue*4)
			}
			s.Undo()
			if w.stopped {
				break
			}
			kids[i].value = v
			if i == 0 {
				firstDone = true
			}
			if iterBest.IsZero() || v > iterVal {
				iterBest, iterVal = kids[i].move, v
				if !w.maxn && !w.exactRoot {
					alpha = v
				}
			}
		}
		if firstDone && !iterBest.IsZero() {
			w.best = iterBest
		}
		if w.stopped {
			break
		}
		// In alpha-beta a move that failed low holds only a bound, which
		// still orders it for the next iteration.
		slices.SortStableFunc(kids, func(a, b child) int { return cmp.Compare(b.value, a.value) })
		if iterVal >= WinValue/2 || iterVal <= -WinValue/2 {
			break // the result is decided
		}
	}
	return nil
}

// alphaBeta returns the value of the position for the root player,
// searched depth plies deep within the window (alpha, beta).
func (w *workspace) alphaBeta(depth, ply int, alpha, beta int64) int64 {
	s := w.s
	if s.Over() || depth == 0 {
		var v [maxSeats]int64
		w.vector(&v)
		return v[w.root]
	}
	key := s.Hash()
	e := &w.tt[key&(1<<ttBits-1)]
	var ttMove game.Move
	if e.gen == w.gen && e.key == key {
		ttMove = e.move
		if int(e.depth) >= depth {
			switch {
			case e.flag == ttExact:
				return e.value
			case e.flag == ttLower && e.value >= beta:
				return e.value
			case e.flag == ttUpper && e.value <= alpha:
				return e.value
			}
		}
	}
	maximize := s.ToMove() == w.root
	kids := w.order(ply, w.root, maximize, depth == 1)
	switch {
	case w.stopped:
		return 0
	case len(kids) == 0: // a game that offers no move: value it as it is
		var v [maxSeats]int64
		w.vector(&v)
		return v[w.root]
	}
	if depth == 1 {
		// The children's one-ply values are their exact values at depth 0.
		v := kids[0].value
		w.store(e, key, kids[0].move, v, depth, ttExact)
		return v
	}
	n := len(kids)
	if w.lim.Width > 0 {
		n = w.lim.Width
	}
	n = pick(kids, n, ttMove)
	a0, b0 := alpha, beta
	best := int64(0)
	var bestMove game.Move
	for i := range n {
		m := kids[i].move
		s.Play(m)
		v := w.alphaBeta(depth-1, ply+1, alpha, beta)
		s.Undo()
		if w.stopped {
			return 0
		}
		if i == 0 || (maximize && v > best) || (!maximize && v < best) {
			best, bestMove = v, m
		}
		if maximize {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	flag := int8(ttExact)
	switch {
	case best <= a0:
		flag = ttUpper
	case best >= b0:
		flag = ttLower
	}
	w.store(e, key, bestMove, best, depth, flag)
	return best
}

func (w *workspace) store(e *ttEntry, key uint64, m game.Move, v int64, depth int, flag int8) {
	if e.gen == w.gen && e.key != key && int(e.depth) > depth {
		return // keep the deeper entry of another position
	}
	e.key, e.move, e.value, e.gen, e.depth, e.flag = key, m, v, w.gen, int8(depth), flag
}

// rank lists the root moves: those searched at the deepest iteration by
// their values, then the rest by their one-ply values.
func (w *workspace) rank(dst []Candidate) []Candidate {
	assumes := w.assumes()
	for _, k := range w.rootKids {
		dst = append(dst, Candidate{Move: k.move, Score: w.s.MoveScore(k.move), Equity: k.value, Assumes: assumes})
	}
	return dst
}

// assumes says what the search's values assume beyond the rules (see
// Candidate.Assumes): one sampled deal of hidden information, opponents
// modelled one ply deep (om), opponents allied against the root player
// (the paranoid search of three or more players), only the best-looking
// moves of each turn (forward pruning).
func (w *workspace) assumes() string {
	var parts []string
	if w.hidden {
		parts = append(parts, "one sampled deal")
	}
	switch {
	case w.oppWidth == 1:
		parts = append(parts, "one-ply opponents")
	case w.oppWidth > 1:
		parts = append(parts, fmt.Sprintf("opponents' %d best one-ply moves", w.oppWidth))
	case !w.maxn && w.players > 2:
		parts = append(parts, "opponents allied against the mover")
	}
	if w.oppWidth == 0 && w.lim.Width > 0 {
		parts = append(parts, fmt.Sprintf("best %d moves a turn", w.lim.Width))
	}
	return strings.Join(parts, ", ")
}
