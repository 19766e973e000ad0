package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"gonum.org/v1/gonum/mat"

	"wordengine/game"
	"wordengine/lexicon"
)

// DefaultShrink is the default shrinkage constant k of training: a leave
// seen n times gets (n·mean + k·prior)/(n + k), so its own mean counts as
// much as the prior once it has k samples.
const DefaultShrink = 20

// Chooser is what training needs of a player; every search.Player is
// one. A Chooser is used by one goroutine at a time.
type Chooser interface {
	Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error)
}

// TrainConfig says how to train a leave table by self-play.
type TrainConfig struct {
	// Game is the registered game name ("wwf"); it must be a game.Racker.
	Game string
	// Lexicon judges words; nil means the game's default.
	Lexicon *lexicon.Lexicon
	// Games is the number of self-play games (at least 1).
	Games int
	// Seed makes the run reproducible: game i is dealt by
	// rand.NewPCG(Seed, i) and its players draw from rand.NewPCG(^Seed, i).
	Seed uint64
	// Threads is the number of games played at once (0 or less: 1). The
	// table does not depend on it.
	Threads int
	// NewPlayer makes the player of one thread; it plays both seats.
	NewPlayer func() (Chooser, error)
	// Init, when not nil, is a table from an earlier generation: a
	// sample's target then adds Init's value of the leave the mover keeps
	// on its next turn (while the bag still holds tiles), a one-step
	// temporal-difference target. Its points are copied when Points is nil.
	Init *Leaves
	// Shrink is the shrinkage constant k (0 means DefaultShrink).
	Shrink float64
	// Points gives the tiles' points, recorded in the table for the
	// end-of-game term of Static; nil means the game's own (TilePointer)
	// or none.
	Points func(t lexicon.Tile) int
	// Note is recorded in the table's "trained" line before the
	// statistics (the command line that made it).
	Note string
	// Progress, when not nil, is called after each game with the number
	// of games done, from one goroutine.
	Progress func(done int)
	// Shard and Shards split a run: TrainShard plays only the games i
	// with i mod Shards == Shard (Shards 0 means 1, the whole run).
	Shard, Shards int
}

// TrainStats describes a training run.
type TrainStats struct {
	Games   int // games played
	Moves   int // moves made
	Samples int // leaves of 1 to MaxLeave tiles recorded with a target
	Leaves  int // distinct leaves among the samples
	// Mean is the mean target in points (the mean next-turn score, plus
	// the mean Init leave value with Init): the baseline subtracted from
	// every leave's mean.
	Mean float64
	// Empty is the number of moves that kept nothing (a bingo, an
	// exchange of the whole rack) and had a next turn, and EmptyMean the
	// mean target after them, in points (0 when Empty is 0). They are
	// reported, not used: see the package documentation.
	Empty     int
	EmptyMean float64
	// Seconds is the wall time.
	Seconds float64
}

// GamesPerSecond returns the self-play speed of the run.
func (st TrainStats) GamesPerSecond() float64 {
	if st.Seconds <= 0 {
		return 0
	}
	return float64(st.Games) / st.Seconds
}

// sample is one recorded leave and its target in milli-points.
type sample struct {
	key    uint64
	target int64
}

// acc accumulates the samples of one leave.
type acc struct {
	n   int64
	sum int64
}

// Train plays cfg.Games self-play games and returns the leave table they
// teach, by the method of the package documentation: TrainShard, then
// Tally.Fit. The result for a seed is the same whatever cfg.Threads is:
// each game is dealt and played from its own seeded random sources, and
// the samples are summed in integers, whose sum does not depend on the
// order. With cfg.Shards above 1 it plays and fits one shard's games only.
//
// When ctx is cancelled, Train starts no new game, lets the games in
// progress finish (their players get a context that is not cancelled) and
// returns the table of the games played, with an error wrapping ctx's
// error. The games played are then games 0 to st.Games-1, so the table is
// the one a run of st.Games games gives; it is nil when they gave no
// sample (and for a shard of a sharded run: TrainShard).
func Train(ctx context.Context, cfg TrainConfig) (*Leaves, TrainStats, error) {
	start := time.Now()
	t, st, stopped := TrainShard(ctx, cfg)
	if t == nil {
		return nil, st, stopped
	}
	l, st, err := t.Fit()
	st.Seconds = time.Since(start).Seconds()
	if err != nil {
		if stopped != nil {
			return nil, st, stopped
		}
		return nil, st, err
	}
	return l, st, stopped
}

// TrainShard plays the games of shard cfg.Shard of cfg.Shards (the games
// i < cfg.Games with i mod Shards == Shard; Shards 0 or 1 means all of
// them) and returns their tally: per leave, the number of samples and the
// sum of their targets, from which Tally.Fit makes the table. Tallies of
// the shards of one run join with MergeTallies into the tally, and so the
// table, of the unsharded run. Stats count the shard's games, moves and
// samples (Samples with the empty leaves, Leaves, Mean and EmptyMean are
// left to Fit). When ctx is cancelled it starts no new game and lets the
// games in progress finish: unsharded, it returns the tally of the games
// played (the first st.Games, as a run of that many gives) with an error
// wrapping ctx's error; a shard of a sharded run returns no tally, since
// it would stand for games it did not play.
func TrainShard(ctx context.Context, cfg TrainConfig) (*Tally, TrainStats, error) {
	start := time.Now()
	var st TrainStats
	if cfg.Games < 1 {
		return nil, st, fmt.Errorf("eval: train: %d games: want at least 1", cfg.Games)
	}
	shards := max(cfg.Shards, 1)
	if cfg.Shard < 0 || cfg.Shard >= shards {
		return nil, st, fmt.Errorf("eval: train: shard %d of %d: want 0 <= shard < shards", cfg.Shard, shards)
	}
	if cfg.NewPlayer == nil {
		return nil, st, errors.New("eval: train: no player")
	}
	k := cfg.Shrink
	if k == 0 {
		k = DefaultShrink
	}
	if k < 0 || math.IsNaN(k) || math.IsInf(k, 0) {
		return nil, st, fmt.Errorf("eval: train: shrink %v: want k >= 0, finite", k)
	}
	spec, err := game.Lookup(cfg.Game)
	if err != nil {
		return nil, st, fmt.Errorf("eval: train: %w", err)
	}
	probe, err := spec.New(game.Config{Lexicon: cfg.Lexicon, Rand: rand.New(rand.NewPCG(cfg.Seed, 0))})
	if err != nil {
		return nil, st, fmt.Errorf("eval: train: %w", err)
	}
	racker, ok := probe.(game.Racker)
	if !ok {
		return nil, st, fmt.Errorf("eval: train: game %s has no racks: it has no leaves", cfg.Game)
	}
	l := newLeaves(cfg.Game, racker.Alphabet())
	if cfg.Init != nil && !cfg.Init.Fits(l.alpha) {
		return nil, st, fmt.Errorf("eval: train: initial table (game %s, letters %v) does not fit game %s (letters %v)",
			cfg.Init.game, cfg.Init.alpha.Letters(), cfg.Game, l.alpha.Letters())
	}
	l.points = tablePoints(cfg, probe, l)
	tally := newTally(l, cfg, k, shards)

	// The shard's games are Shard, Shard+Shards, ... below Games.
	count := 0
	if cfg.Shard < cfg.Games {
		count = (cfg.Games - cfg.Shard + shards - 1) / shards
	}
	threads := max(1, min(cfg.Threads, count))
	// abort stops the workers on a failure: they then drop their games.
	// A cancelled ctx only stops them from starting new games.
	abort, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		samples []sample
		moves   int
		err     error
	}
	results := make(chan result, 4*threads)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range threads {
		player, err := cfg.NewPlayer()
		if err != nil {
			cancel()
			wg.Wait()
			return nil, st, fmt.Errorf("eval: train: %w", err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []lexicon.Tile
			for ctx.Err() == nil && abort.Err() == nil {
				// Every game whose index is taken is played to its end,
				// so the games played are always the shard's first ones.
				j := int(next.Add(1) - 1)
				if j >= count {
					return
				}
				var r result
				r.samples, r.moves, buf, r.err = playTrainingGame(context.WithoutCancel(ctx), spec, &cfg, l, player, cfg.Shard+j*shards, buf)
				select {
				case results <- r:
				case <-abort.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	accs := tally.accs
	var firstErr error
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		st.Games++
		st.Moves += r.moves
		st.Samples += len(r.samples)
		for _, s := range r.samples {
			a := accs[s.key]
			a.n++
			a.sum += s.target
			accs[s.key] = a
		}
		if cfg.Progress != nil {
			cfg.Progress(st.Games)
		}
	}
	if firstErr != nil {
		return nil, st, firstErr
	}
	var stopped error
	if err := ctx.Err(); err != nil && st.Games < count {
		stopped = fmt.Errorf("eval: train: interrupted after %d of %d games: %w", st.Games, count, context.Cause(ctx))
		if shards > 1 {
			// A shard's tally stands for all of the shard's games: an
			// interrupted shard is played again, not merged.
			return nil, st, stopped
		}
	}
	st.Seconds = time.Since(start).Seconds()
	tally.played, tally.moves, tally.seconds = st.Games, st.Moves, st.Seconds
	return tally, st, stopped
}

// tablePoints returns the points to record in a trained table, by type.
func tablePoints(cfg TrainConfig, s game.State, l *Leaves) []int {
	pf := cfg.Points
	if pf == nil {
		if tp, ok := s.(TilePointer); ok {
			pf = tp.TilePoints
		}
	}
	if pf == nil {
		if cfg.Init != nil && cfg.Init.points != nil {
			return slices.Clone(cfg.Init.points)
		}
		return nil
	}
	pts := make([]int, l.types)
	pts[0] = pf(lexicon.Blank)
	for t := 1; t < l.types; t++ {
		pts[t] = pf(lexicon.Tile(t))
	}
	return pts
}

// playTrainingGame plays game i and returns its samples: for each move
// made while the bag holds tiles that keeps 0 to MaxLeave tiles, the
// leave and the mover's next-turn score in milli-points (plus, with Init,
// Init's value of the leave kept then). A move whose player has no next
// turn gives no sample.
func playTrainingGame(ctx context.Context, spec game.Spec, cfg *TrainConfig, l *Leaves, player Chooser, i int, buf []lexicon.Tile) ([]sample, int, []lexicon.Tile, error) {
	s, err := spec.New(game.Config{Lexicon: cfg.Lexicon, Rand: rand.New(rand.NewPCG(cfg.Seed, uint64(i)))})
	if err != nil {
		return nil, 0, buf, fmt.Errorf("eval: train: game %d: %w", i, err)
	}
	r := s.(game.Racker)
	rng := rand.New(rand.NewPCG(^cfg.Seed, uint64(i)))
	var samples []sample
	pending := make([]int, s.Players())
	for p := range pending {
		pending[p] = -1
	}
	moves := 0
	for !s.Over() {
		p := s.ToMove()
		m, err := player.Choose(ctx, s, rng)
		if err != nil {
			return nil, moves, buf, fmt.Errorf("eval: train: game %d, move %d: %w", i, moves+1, err)
		}
		bag := r.BagLen()
		buf = r.Leave(buf[:0], m)
		target := int64(s.MoveScore(m)) * 1000
		if cfg.Init != nil && bag > 0 {
			target += cfg.Init.Value(buf)
		}
		if j := pending[p]; j >= 0 {
			samples[j].target = target
			pending[p] = -1
		}
		if bag > 0 && len(buf) <= MaxLeave {
			key, ok := l.leaveKey(buf)
			if !ok {
				return nil, moves, buf, fmt.Errorf("eval: train: game %d: leave %v outside the alphabet", i, buf)
			}
			pending[p] = len(samples)
			samples = append(samples, sample{key: key})
		}
		s.Play(m)
		moves++
	}
	// Drop the samples whose mover had no next turn.
	out := samples[:0]
	unfinished := map[int]bool{}
	for _, j := range pending {
		if j >= 0 {
			unfinished[j] = true
		}
	}
	for j, x := range samples {
		if !unfinished[j] {
			out = append(out, x)
		}
	}
	return out, moves, buf, nil
}

// Features of the prior model, by column: intercept, balance, then count
// and dup for each type.
func (l *Leaves) numFeatures() int { return 2 + 2*l.types }

// fit sets l's listed leaves and prior from the accumulated samples with
// shrinkage k, and returns the baseline (the mean target of the leaves of
// 1 to MaxLeave tiles) and the mean target after an empty leave (accs[0];
// 0 without samples), in points. Everything is computed in the order of
// the sorted keys, so the result does not depend on how the samples were
// gathered.
func (l *Leaves) fit(accs map[uint64]acc, k float64) (baseline, empty float64, err error) {
	keys := make([]uint64, 0, len(accs))
	var n, sum int64
	for key, a := range accs {
		if key != 0 {
			keys = append(keys, key)
			n += a.n
			sum += a.sum
		}
	}
	slices.Sort(keys)
	mu := float64(sum) / float64(max(n, 1))
	if e := accs[0]; e.n > 0 {
		empty = float64(e.sum) / float64(e.n) / 1000
	}

	// Weighted least squares on the per-leave mean targets, weight = the
	// number of samples: the same normal equations as least squares on
	// every sample. A ridge of 1 (one sample's worth) keeps the system
	// solvable when a feature never occurs (a second Z).
	p := l.numFeatures()
	xtx := make([]float64, p*p)
	xty := make([]float64, p)
	var idx [2 + 2*MaxLeave]int
	var val [2 + 2*MaxLeave]float64
	var tiles []lexicon.Tile
	for _, key := range keys {
		a := accs[key]
		tiles = keyTiles(tiles[:0], key)
		nf := l.features(tiles, idx[:], val[:])
		w := float64(a.n)
		y := float64(a.sum)/w - mu
		for i := range nf {
			xty[idx[i]] += w * val[i] * y
			for j := range nf {
				xtx[idx[i]*p+idx[j]] += w * val[i] * val[j]
			}
		}
	}
	for i := range p {
		xtx[i*p+i]++
	}
	var ch mat.Cholesky
	if ok := ch.Factorize(mat.NewSymDense(p, xtx)); !ok {
		return 0, 0, errors.New("eval: train: the prior's least-squares system is not positive definite")
	}
	var beta mat.VecDense
	if err := ch.SolveVecTo(&beta, mat.NewVecDense(p, xty)); err != nil {
		return 0, 0, fmt.Errorf("eval: train: solving for the prior: %w", err)
	}
	coef := func(i int) int64 { return int64(math.Round(beta.AtVec(i))) }
	l.prior.intercept = coef(0)
	l.prior.balance = coef(1)
	for t := range l.types {
		l.prior.count[t] = coef(2 + t)
		l.prior.dup[t] = coef(2 + l.types + t)
	}

	l.keys = keys
	l.vals = make([]int32, len(keys))
	for i, key := range keys {
		a := accs[key]
		tiles = keyTiles(tiles[:0], key)
		pr := float64(l.priorOf(tiles))
		v := (float64(a.sum) - float64(a.n)*mu + k*pr) / (float64(a.n) + k)
		l.vals[i] = clamp32(int64(math.Round(v)))
	}
	return mu / 1000, empty, nil
}

// features writes the nonzero features of leave (column index and value)
// to idx and val and returns how many there are.
func (l *Leaves) features(leave []lexicon.Tile, idx []int, val []float64) int {
	counts, d, _ := l.tally(leave)
	nf := 0
	add := func(i int, v float64) {
		idx[nf], val[nf] = i, v
		nf++
	}
	add(0, 1)
	if d != 0 {
		add(1, float64(d*d))
	}
	for t := range l.types {
		if c := counts[t]; c > 0 {
			add(2+t, float64(c))
			if c > 1 {
				add(2+l.types+t, float64(c-1))
			}
		}
	}
	return nf
}
