package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"wordengine/game"
	"wordengine/search"
)

// MaxPlies bounds the length of a game; a game still running after it is
// an error (a game or player that never ends).
const MaxPlies = 10000

// Result is one finished game, a "game" line of a record.
type Result struct {
	// Game is the game's index in the match: Deal*Rotations + Rotation.
	Game int `json:"game"`
	// Deal and Rotation locate the game in the paired design.
	Deal     int `json:"deal"`
	Rotation int `json:"rotation"`
	// Seed is DealSeed(match seed, Deal), from which all of the game's
	// randomness derives.
	Seed uint64 `json:"seed,string"`
	// Seats holds, by seat, the entrant sitting there (0 is player A).
	Seats []int `json:"seats"`
	// Players holds, by seat, the player spec sitting there.
	Players []string `json:"players"`
	// Scores holds the final scores by seat.
	Scores []int `json:"scores"`
	// Winners holds the winning seats (several on a draw).
	Winners []int `json:"winners"`
	// Spread is, for two players, player A's score minus player B's.
	Spread *int `json:"spread,omitempty"`
	// Plies is the number of moves played (passes and exchanges included).
	Plies int `json:"plies"`
	// Moves counts, by seat, what each seat's moves did with its tiles,
	// in a game whose plays place tiles from a rack (game.Placer: the
	// crossword games, Upwords); nil for the other games, and in records
	// written before moves were counted.
	Moves []MoveCounts `json:"moves,omitempty"`
	// Millis is the wall time the game took, in milliseconds. It is the
	// only field that differs between runs of one seed.
	Millis float64 `json:"ms"`
}

// MoveCounts counts the moves of one seat of a game by what they did
// with the seat's tiles (game.Placer). The passes (and resignations) are
// the moves that are neither plays nor exchanges.
type MoveCounts struct {
	// Moves is the number of moves the seat made, of every kind.
	Moves int `json:"moves"`
	// Plays is the number of moves that placed tiles, and Tiles the
	// number of tiles they placed.
	Plays int `json:"plays"`
	Tiles int `json:"tiles"`
	// Bingos is the number of plays of the whole full rack (7 tiles in
	// the crossword games and Upwords), which earn the game's bonus.
	Bingos int `json:"bingos"`
	// Exchanges is the number of moves that exchanged tiles.
	Exchanges int `json:"exchanges"`
}

// count adds move m, placing or exchanging as p says, to c.
func (c *MoveCounts) count(p game.Placement) {
	c.Moves++
	switch {
	case p.Placed > 0:
		c.Plays++
		c.Tiles += p.Placed
		if p.Bingo {
			c.Bingos++
		}
	case p.Exchanged > 0:
		c.Exchanges++
	}
}

// add adds the counts of o to c.
func (c *MoveCounts) add(o MoveCounts) {
	c.Moves += o.Moves
	c.Plays += o.Plays
	c.Tiles += o.Tiles
	c.Bingos += o.Bingos
	c.Exchanges += o.Exchanges
}

// check reports what is inconsistent in c, "" when nothing is.
func (c *MoveCounts) check() string {
	switch {
	case c.Moves < 0 || c.Plays < 0 || c.Tiles < 0 || c.Bingos < 0 || c.Exchanges < 0:
		return "a negative count"
	case c.Plays+c.Exchanges > c.Moves:
		return fmt.Sprintf("%d plays and %d exchanges in %d moves", c.Plays, c.Exchanges, c.Moves)
	case c.Bingos > c.Plays:
		return fmt.Sprintf("%d bingos in %d plays", c.Bingos, c.Plays)
	case c.Tiles < c.Plays:
		return fmt.Sprintf("%d tiles in %d plays", c.Tiles, c.Plays)
	}
	return ""
}

// seatOf returns the seat of entrant e (-1 when e did not play).
func (r *Result) seatOf(e int) int {
	for s, x := range r.Seats {
		if x == e {
			return s
		}
	}
	return -1
}

// job is one game to play: its place in the run's order and its index.
type job struct{ seq, game int }

// outcome is a played job.
type outcome struct {
	seq int
	res Result
	err error
}

// Run plays the games of m's shard on m.Threads goroutines and calls sink
// with each result in game order, from the calling goroutine. Each worker
// makes its own players (players need not be safe for concurrent use).
//
// When ctx is cancelled, Run starts no new game, lets the games in
// progress finish (their players get a context that is not cancelled, so
// these games are the same as in an uninterrupted run), passes them to
// sink and returns the context's error; the results passed form a prefix
// of the shard's games. A sink error or a failing game stops the run the
// same way and is returned. With m.Skip, the shard's first m.Skip games
// are left out: the results continue those of an earlier run.
func Run(ctx context.Context, m Match, sink func(Result) error) error {
	if err := m.Check(); err != nil {
		return err
	}
	spec, err := game.Lookup(m.Game)
	if err != nil {
		return err
	}
	threads := max(m.Threads, 1)
	stop, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	jobs := make(chan job)
	outs := make(chan outcome, threads)
	// window bounds how far play runs ahead of the slowest game, so the
	// results waiting to be reordered stay few.
	window := make(chan struct{}, 8*threads)
	h := m.Header()
	total := h.Expected() - m.Skip
	go func() {
		defer close(jobs)
		r := m.Rotations()
		seq, skip := 0, m.Skip
		for deal := m.Shard; deal*r < m.Games; deal += m.shards() {
			for rot := range r {
				if skip > 0 {
					skip--
					continue
				}
				select {
				case window <- struct{}{}:
				case <-stop.Done():
					return
				}
				select {
				case jobs <- job{seq, deal*r + rot}:
				case <-stop.Done():
					return
				}
				seq++
			}
		}
	}()
	var wg sync.WaitGroup
	for range threads {
		w, err := newWorker(&m, spec)
		if err != nil {
			cancel(err)
			break
		}
		wg.Go(func() {
			for j := range jobs {
				res, err := w.play(context.WithoutCancel(ctx), j.game)
				outs <- outcome{j.seq, res, err}
			}
		})
	}
	go func() { wg.Wait(); close(outs) }()

	pending := map[int]Result{}
	next := 0
	var firstErr error
	fail := func(err error) {
		if firstErr == nil {
			firstErr = err
			cancel(err)
		}
	}
	for o := range outs {
		if o.err != nil {
			fail(o.err)
			continue
		}
		pending[o.seq] = o.res
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-window
			if firstErr == nil {
				if err := sink(r); err != nil {
					fail(err)
				}
			}
		}
	}
	if firstErr != nil {
		return firstErr
	}
	if err := context.Cause(stop); err != nil && next < total {
		return err
	}
	return nil
}

// worker plays games with its own players and random sources.
type worker struct {
	m       *Match
	spec    game.Spec
	players []search.Player // by entrant
	gameSrc *rand.PCG
	gameRng *rand.Rand
	seatSrc []*rand.PCG
	seatRng []*rand.Rand
	viewSrc []*rand.PCG // the seat's determinizations (search.View)
	viewRng []*rand.Rand
	viewers []search.Viewer // by seat: each seat's view, reused
	// trace, when set (by the tests), is called with the true state
	// before each move and the move; false ends the game there (its
	// result is then that of an unfinished game).
	trace func(s game.State, mv game.Move) bool
}

func newWorker(m *Match, spec game.Spec) (*worker, error) {
	w := &worker{m: m, spec: spec, gameSrc: &rand.PCG{}}
	w.gameRng = rand.New(w.gameSrc)
	for _, p := range m.Players {
		pl, err := search.New(p)
		if err != nil {
			return nil, &invalidError{err}
		}
		w.players = append(w.players, pl)
		src := &rand.PCG{}
		w.seatSrc = append(w.seatSrc, src)
		w.seatRng = append(w.seatRng, rand.New(src))
		vsrc := &rand.PCG{}
		w.viewSrc = append(w.viewSrc, vsrc)
		w.viewRng = append(w.viewRng, rand.New(vsrc))
		w.viewers = append(w.viewers, search.Viewer{})
	}
	return w, nil
}

// play plays game g of the match.
func (w *worker) play(ctx context.Context, g int) (Result, error) {
	start := time.Now()
	n := w.m.Rotations()
	deal, rot := g/n, g%n
	ds := DealSeed(w.m.Seed, deal)
	res := Result{Game: g, Deal: deal, Rotation: rot, Seed: ds,
		Seats: make([]int, n), Players: make([]string, n), Scores: make([]int, n)}
	// The players' streams: by rotation and seat, or with PairedStreams
	// by seat alone (common random numbers).
	srot := rot
	if w.m.PairedStreams {
		srot = 0
	}
	for s := range n {
		e := (s + rot) % n
		res.Seats[s], res.Players[s] = e, w.m.Players[e]
		w.seatSrc[s].Seed(ds, seatStream(srot, s))
		w.viewSrc[s].Seed(ds, viewStream(srot, s))
	}
	w.gameSrc.Seed(ds, gameStream)
	errf := func(format string, args ...any) error {
		return fmt.Errorf("bench: game %d (deal %d, rotation %d, seed %d): %w", g, deal, rot, ds, fmt.Errorf(format, args...))
	}
	st, err := w.spec.New(w.m.config(w.gameRng))
	if err != nil {
		return res, errf("%w", err)
	}
	if st.Players() != n {
		return res, errf("the game has %d seats for %d players", st.Players(), n)
	}
	placer, places := st.(game.Placer)
	if places {
		res.Moves = make([]MoveCounts, n)
	}
	for !st.Over() {
		if res.Plies == MaxPlies {
			return res, errf("not over after %d plies", MaxPlies)
		}
		s := st.ToMove()
		// The player decides on its own view: a clone determinized for
		// it when the game hides information.
		view := w.viewers[s].View(st, w.viewRng[s])
		mv, err := w.players[res.Seats[s]].Choose(ctx, view, w.seatRng[s])
		if err != nil {
			return res, errf("ply %d, %s in seat %d: %w", res.Plies+1, res.Players[s], s+1, err)
		}
		if w.trace != nil && !w.trace(st, mv) {
			return res, nil
		}
		if places {
			res.Moves[s].count(placer.Placement(mv))
		}
		st.Play(mv)
		res.Plies++
	}
	for s := range n {
		res.Scores[s] = st.Score(s)
	}
	res.Winners = game.Winners(st)
	if n == 2 {
		sp := res.Scores[res.seatOf(0)] - res.Scores[res.seatOf(1)]
		res.Spread = &sp
	}
	res.Millis = float64(time.Since(start).Microseconds()) / 1000
	return res, nil
}
