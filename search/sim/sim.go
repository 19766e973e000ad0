package sim

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"wordengine/eval"
	"wordengine/game"
	"wordengine/lexicon"
	"wordengine/search"
)

func init() {
	search.Register("sim", func(opts string) (search.Player, error) {
		o, err := ParseOptions(opts)
		if err != nil {
			return nil, err
		}
		return New(o), nil
	})
}

// EndBag is the bag size at or below which the objective adds the win
// estimate: near the end of the game, winning matters more than spread.
const EndBag = 7

// WinWeight is the weight of the win estimate in the objective near the
// end of the game, in points per game won (see the package doc).
const WinWeight = 1000

// Player is the simulation player. It implements search.Player and
// search.Ranker. It keeps its workers (a clone of the position and a
// static player each) between calls: a Player must be used by one
// goroutine at a time (make one per goroutine with New or
// search.New("sim:...")).
type Player struct {
	opts    Options // defaults applied
	static  *search.Static
	workers []*worker
	cands   []search.Candidate
	// noShare turns the shared opponent reply off (every reply by
	// search.Static.Choose): the tests compare both ways.
	noShare bool
	// hand hands endgames and one-tile pre-endgames over to the exact
	// solver (Choose only).
	hand *search.Handover
}

// New returns a simulation player with options o (zero fields: the
// defaults).
func New(o Options) *Player {
	st, _ := search.NewStatic("endgame=off")
	return &Player{opts: o.withDefaults(), static: st, hand: search.NewHandover(o.Endgame)}
}

// Options returns the player's options, defaults applied.
func (p *Player) Options() Options { return p.opts }

// Name implements search.Player.
func (p *Player) Name() string { return "sim" }

// Choose implements search.Player: the best candidate of Simulate, seeded
// from rng (one draw). It does not modify s. On a cancelled ctx it returns
// the best move so far (the top static move before the first iteration).
// An endgame or a one-tile pre-endgame goes to the exact solver first
// (search.Handover, option endgame): its move when it finishes within the
// budget, the simulation's otherwise.
func (p *Player) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	seed := p.opts.Seed
	if rng != nil {
		seed = rng.Uint64()
	}
	top := func(k int) ([]game.Move, error) {
		cands, err := p.static.RankTop(ctx, s, k, nil)
		moves := make([]game.Move, 0, k)
		for _, c := range cands[:min(len(cands), k)] {
			moves = append(moves, c.Move)
		}
		return moves, err
	}
	if m, ok, err := p.hand.Choose(ctx, s, top); ok || err != nil {
		return m, err
	}
	res, err := p.Simulate(ctx, s, seed)
	if err != nil {
		return game.Move{}, err
	}
	return res.Best().Move, nil
}

// Rank implements search.Ranker: the simulated candidates in Simulate's
// order (by the objective, Stat.Mean), seeded with the option seed;
// Equity is the mean equity in milli-points (Stat.Equity: points, the
// win estimate's weight in the objective left out, so that hints and
// analyses speak in points), Win its win estimate (Stat.Win, WinLo,
// WinHi) when the candidate was rolled out at least once. A candidate
// never rolled out keeps its static equity.
func (p *Player) Rank(ctx context.Context, s game.State, dst []search.Candidate) ([]search.Candidate, error) {
	res, err := p.Simulate(ctx, s, p.opts.Seed)
	if err != nil {
		return dst, err
	}
	for _, st := range res.Stats {
		dst = append(dst, search.Candidate{Move: st.Move, Score: st.Score, Equity: int64(math.Round(st.Equity * 1000)),
			WinKnown: st.Iterations > 0, Win: st.Win, WinLo: st.WinLo, WinHi: st.WinHi})
	}
	return dst, nil
}

// Stat is the result of one candidate.
type Stat struct {
	// Move is the candidate; Score its points now.
	Move  game.Move
	Score int
	// Static is its static equity in milli-points (its rank among the
	// candidates is Simulate's input order).
	Static int64
	// Iterations is the number of rollouts of the candidate.
	Iterations int
	// Mean is the mean objective in points (equity, plus WinWeight times
	// the win estimate near the end; see the package doc); SE its
	// standard error (0 with fewer than 2 iterations).
	Mean, SE float64
	// Equity is the mean equity in points (spread change plus the final
	// leave value) and EquitySE its standard error.
	Equity, EquitySE float64
	// Win is the mean win estimate (0 to 1); WinLo and WinHi bound its
	// 95 % interval (mean ± 1.96 standard errors, clipped to [0, 1]).
	Win, WinLo, WinHi float64
	// Eliminated reports that the candidate was dropped by the stopping
	// rule before the end (it stopped being simulated).
	Eliminated bool
}

// Result is the outcome of Simulate.
type Result struct {
	// Stats holds the candidates, the surviving ones first, each group by
	// decreasing Mean (ties: the static order).
	Stats []Stat
	// Iterations is the number of completed iterations.
	Iterations int
	// Stopped says why the simulation ended: "budget" (iterations),
	// "time", "confidence" (one candidate left), "cancelled", or "single"
	// (at most one candidate: nothing to simulate).
	Stopped string
	// Elapsed is the wall-clock time of the simulation.
	Elapsed time.Duration
	// WinWeighted reports that the objective includes the win estimate
	// (the bag held at most EndBag tiles).
	WinWeighted bool
	// Options are the options used, defaults applied.
	Options Options
}

// Best returns the chosen candidate, Stats[0].
func (r *Result) Best() Stat { return r.Stats[0] }

// worker is one goroutine's private state: a clone of the position, a
// static player and evaluator, and a random source reseeded for every
// rollout. Nothing in a rollout allocates.
type worker struct {
	st     game.State
	det    game.Determinizer // nil: no hidden information
	rk     game.Racker       // nil: no racks
	static *search.Static
	ev     *eval.Static
	pcg    *rand.PCG
	rng    *rand.Rand
	buf    []lexicon.Tile
	near   game.NearMover // nil: not a game.NearMover
	// reply holds the opponent's best replies on the root's board in the
	// current iteration (replyBefore; nil: none), in replyMoves; top is
	// replyBefore's buffer.
	reply      []game.Move
	replyMoves []game.Move
	top        []search.Candidate
}

// sample is the outcome of one rollout.
type sample struct {
	eq  float64 // spread change + final leave, points
	win float64 // win estimate, 0..1
}

// run is one simulation in progress.
type run struct {
	seed   uint64
	me     int
	cands  []search.Candidate
	plies  int
	spread int // the mover's spread at the root
	winW   float64
	// noShare: no shared opponent reply (Player.noShare).
	noShare bool
}

// Simulate runs the simulation of the player to move in s, seeded with
// seed, and returns every candidate's statistics. It does not modify s.
// It returns an error when s is over or has no move, or when the static
// ranking fails; a cancelled ctx ends it early with the statistics so far
// (Stopped "cancelled"), never an error.
func (p *Player) Simulate(ctx context.Context, s game.State, seed uint64) (*Result, error) {
	return p.simulate(ctx, s, seed, nil)
}

// RankWith is Rank with the legal moves of include among the candidates:
// those that are not among the top ones by static equity are simulated
// after them, so that a given move (the one played, when a game is
// analysed) is valued alongside the best. Moves of include that are not
// legal in s are left out.
func (p *Player) RankWith(ctx context.Context, s game.State, include []game.Move, dst []search.Candidate) ([]search.Candidate, error) {
	res, err := p.simulate(ctx, s, p.opts.Seed, include)
	if err != nil {
		return dst, err
	}
	for _, st := range res.Stats {
		dst = append(dst, search.Candidate{Move: st.Move, Score: st.Score, Equity: int64(math.Round(st.Equity * 1000)),
			WinKnown: st.Iterations > 0, Win: st.Win, WinLo: st.WinLo, WinHi: st.WinHi})
	}
	return dst, nil
}

// simulate is Simulate with the moves of include added to the candidates.
func (p *Player) simulate(ctx context.Context, s game.State, seed uint64, include []game.Move) (*Result, error) {
	start := time.Now()
	o := p.opts
	if s.Over() {
		return nil, search.ErrNoMove
	}
	var err error
	p.cands, err = p.static.Rank(ctx, s, p.cands[:0])
	if err != nil {
		return nil, err
	}
	if len(p.cands) == 0 {
		return nil, search.ErrNoMove
	}
	cands := slices.Clone(p.cands[:min(len(p.cands), o.Candidates)])
	for _, m := range include {
		if slices.ContainsFunc(cands, func(c search.Candidate) bool { return c.Move == m }) {
			continue
		}
		if i := slices.IndexFunc(p.cands, func(c search.Candidate) bool { return c.Move == m }); i >= 0 {
			cands = append(cands, p.cands[i])
		}
	}
	r := &run{seed: seed, me: s.ToMove(), cands: cands, plies: max(o.Plies, 0), spread: spread(s, s.ToMove()), noShare: p.noShare}
	res := &Result{Options: o}
	if rk, ok := s.(game.Racker); ok && rk.BagLen() <= EndBag {
		r.winW = WinWeight
		res.WinWeighted = true
	}
	k := len(cands)
	acc := newAccum(k)
	res.Stopped = "budget"
	maxIter := o.Iterations
	if _, ok := s.(game.Determinizer); !ok {
		maxIter = 1 // no hidden information: every iteration is the same
	}
	if k == 1 {
		maxIter, res.Stopped = 0, "single"
	}
	var deadline time.Time
	if o.Time > 0 {
		deadline = start.Add(o.Time)
	}
	nw := min(o.Threads, Checkpoint)
	if maxIter > 0 {
		nw = min(nw, maxIter)
	}
	p.prepare(s, max(nw, 1))
	alive := make([]int, k)
	for i := range alive {
		alive[i] = i
	}
	batch := make([][]sample, Checkpoint)
	for i := range batch {
		batch[i] = make([]sample, k)
	}
	done := make([]bool, Checkpoint)
	for res.Stopped == "budget" && (maxIter == 0 || acc.n < maxIter) {
		size := Checkpoint - acc.n%Checkpoint
		if maxIter > 0 {
			size = min(size, maxIter-acc.n)
		}
		first := acc.n
		clear(done)
		var next atomic.Int64
		work := func(w *worker) {
			for {
				j := int(next.Add(1) - 1)
				if j >= size || ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) {
					return
				}
				w.iteration(r, first+j, alive, batch[j])
				done[j] = true
			}
		}
		if nw <= 1 {
			work(p.workers[0])
		} else {
			var wg sync.WaitGroup
			for _, w := range p.workers[:min(nw, size)] {
				wg.Go(func() { work(w) })
			}
			wg.Wait()
		}
		// Aggregate the completed iterations in order.
		j := 0
		for j < size && done[j] {
			acc.add(alive, batch[j], r.winW)
			j++
		}
		switch {
		case j < size && ctx.Err() != nil:
			res.Stopped = "cancelled"
		case j < size:
			res.Stopped = "time"
		case !deadline.IsZero() && time.Now().After(deadline):
			res.Stopped = "time"
		}
		if res.Stopped == "budget" && o.Stop > 0 && acc.n >= MinIterations && acc.n%Checkpoint == 0 {
			alive = acc.eliminate(alive, o.Stop)
			if len(alive) == 1 {
				res.Stopped = "confidence"
			}
		}
	}
	res.Iterations = acc.n
	res.Stats = acc.stats(cands, alive)
	res.Elapsed = time.Since(start)
	return res, nil
}

// prepare makes n workers on clones of s.
func (p *Player) prepare(s game.State, n int) {
	for len(p.workers) < n {
		st, _ := search.NewStatic("endgame=off")
		pcg := rand.NewPCG(0, 0)
		p.workers = append(p.workers, &worker{static: st, pcg: pcg, rng: rand.New(pcg), buf: make([]lexicon.Tile, 0, 32)})
	}
	for _, w := range p.workers[:n] {
		w.st = s.Clone()
		w.det, _ = w.st.(game.Determinizer)
		w.rk, _ = w.st.(game.Racker)
		w.near, _ = w.st.(game.NearMover)
		l, _ := w.static.Leaves(s)
		if w.ev == nil || w.ev.Leaves() != l {
			w.ev = eval.NewStatic(l)
		}
	}
}

// IterationSeed returns the seed of iteration i of a simulation seeded
// with seed: a SplitMix64 hash, so that iteration i sees the same
// determinization and draws whatever the thread that runs it.
func IterationSeed(seed uint64, i int) uint64 {
	return splitmix(seed + splitmix(uint64(i)+1))
}

// splitmix is the SplitMix64 finalizer (Steele, Lea and Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014).
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// iteration rolls out every candidate of alive for iteration i, writing
// out[c] for each.
func (w *worker) iteration(r *run, i int, alive []int, out []sample) {
	seed := IterationSeed(r.seed, i)
	w.reply = w.replyBefore(r, seed)
	for _, c := range alive {
		out[c] = w.rollout(r, seed, r.cands[c])
	}
}

// determinize redeals what seat r.me cannot see from seed (nothing in a
// game without a Determinizer): the same world for every use of one seed.
func (w *worker) determinize(r *run, seed uint64) {
	if w.det != nil {
		w.pcg.Seed(seed, seed^0x5851f42d4c957f2d)
		w.det.Determinize(r.me, w.rng)
	}
}

// replyBefore returns the opponent's best static replies to a pass, on
// the board of the root, determinized from seed, best first (Replies of
// them, with ties: search.Static.RankTop); nil when there is none to share
// (the game is not a game.NearMover, no plies follow the candidates, the
// bag is empty or the pass ends the game). With the same rack and the
// same seed as every candidate's rollout, it lets search.Static.ChooseAfter
// choose each candidate's reply from the plays near the candidate only.
func (w *worker) replyBefore(r *run, seed uint64) []game.Move {
	if r.noShare || w.near == nil || r.plies == 0 || w.rk == nil || w.rk.BagLen() == 0 {
		return nil
	}
	st := w.st
	w.determinize(r, seed)
	st.Play(w.near.Pass())
	defer st.Undo()
	if st.Over() {
		return nil
	}
	var err error
	w.top, err = w.static.RankTop(context.Background(), st, Replies, w.top[:0])
	if err != nil || len(w.top) == 0 {
		return nil
	}
	w.replyMoves = w.replyMoves[:0]
	for _, c := range w.top {
		w.replyMoves = append(w.replyMoves, c.Move)
	}
	return w.replyMoves
}

// Replies is the number of the opponent's best replies to a pass that
// an iteration lists (replyBefore): the first of them a candidate leaves
// untouched is the best of the plays it did not change. On the committed
// midgame position a candidate leaves the best reply untouched in 74 % of
// the rollouts, one of the two best in 87 %, of the four best in 96 %, of
// the six best in 98 %. Instructions per iteration of the benchmark
// (callgrind, GOGC=off): 8.92 M listing 3, 8.82 M listing 4, 8.76 M
// listing 6, 8.79 M listing 8; after the move generator's changes of the
// next session, 6.67 M listing 4, 6.59 M listing 6, 6.63 M listing 8.
const Replies = 6

// rollout determinizes the worker's state from seed (the same for every
// candidate of an iteration: common random numbers), plays the candidate
// and r.plies static moves, values the result, and undoes everything.
func (w *worker) rollout(r *run, seed uint64, c search.Candidate) sample {
	st := w.st
	w.determinize(r, seed)
	var leave int64 // the mover's last leave term, milli-points
	if w.rk != nil {
		leave = c.Equity - 1000*int64(c.Score)
	}
	st.Play(c.Move)
	played := 1
	for ply := range r.plies {
		if st.Over() {
			break
		}
		var m game.Move
		var err error
		if ply == 0 && w.reply != nil {
			m, err = w.static.ChooseAfter(context.Background(), st, w.reply)
		} else {
			m, err = w.static.Choose(context.Background(), st, nil)
		}
		if err != nil {
			break
		}
		if w.rk != nil && st.ToMove() == r.me {
			leave = w.ev.Equity(st, m) - 1000*int64(st.MoveScore(m))
		}
		st.Play(m)
		played++
	}
	sp := spread(st, r.me)
	var out sample
	if st.Over() {
		out.eq = float64(sp - r.spread)
		out.win = result(st, r.me)
	} else {
		final := float64(sp) + float64(leave)/1000
		out.eq = final - float64(r.spread)
		out.win = WinEstimate(final, w.unseen(r.me))
	}
	for range played {
		st.Undo()
	}
	return out
}

// unseen returns the number of tiles seat me cannot see: the bag and the
// other racks (-1 for a game without racks).
func (w *worker) unseen(me int) int {
	if w.rk == nil {
		return -1
	}
	n := w.rk.BagLen()
	for q := range w.st.Players() {
		if q != me {
			w.buf = w.rk.Rack(w.buf[:0], q)
			n += len(w.buf)
		}
	}
	return n
}

// spread returns seat me's score minus the best other seat's; in a game of
// one player (a solo challenge), the score itself (search.Margin).
func spread(s game.State, me int) int {
	return int(search.Margin(s.Players(), me, func(q int) int64 { return int64(s.Score(q)) }))
}

// result returns 1 when seat me won the finished game s alone, 0.5 on a
// shared win, 0 on a loss.
func result(s game.State, me int) float64 {
	ws := game.Winners(s)
	if !slices.Contains(ws, me) {
		return 0
	}
	if len(ws) > 1 {
		return 0.5
	}
	return 1
}

// WinScale is the scale of the win estimate per square root of an unseen
// tile, in points (see WinEstimate).
const WinScale = 7

// WinEstimate returns the estimated probability of winning for a player
// leading by spread points (leave value included) with unseen tiles still
// to come (bag plus the other racks; -1 when the game has no racks):
//
//	1 / (1 + exp(−spread / (WinScale·√(unseen + 1))))
//
// a logistic in the spread whose width grows as the square root of the
// tiles left, since the rest of the game adds roughly independent turns.
// The scale was fitted on static self-play (see the package doc). A game
// without racks uses unseen = 50.
func WinEstimate(spread float64, unseen int) float64 {
	if unseen < 0 {
		unseen = 50
	}
	return 1 / (1 + math.Exp(-spread/(WinScale*math.Sqrt(float64(unseen+1)))))
}
