package server

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"wordengine/game"
	"wordengine/search"
)

// pool hands out the workers: at most len(workers) requests generate or
// search moves at once, at most maxQueue more wait for one, and a request
// that would be one too many, or that waits longer than maxWait, is
// refused with 503 and Retry-After.
type pool struct {
	workers  chan *worker
	waiting  atomic.Int64
	maxQueue int
	maxWait  time.Duration
	busy     atomic.Int64 // workers in use
}

func newPool(n, maxQueue int, maxWait time.Duration) *pool {
	p := &pool{workers: make(chan *worker, n), maxQueue: maxQueue, maxWait: maxWait}
	for range n {
		p.workers <- newWorker()
	}
	return p
}

// errBusy is the answer when no worker is free in time.
func errBusy(why string) *apiError {
	return &apiError{status: http.StatusServiceUnavailable, code: "busy", retryAfter: 1,
		msg: "the server is busy (" + why + "): try again in a second"}
}

// acquire returns a free worker, waiting in the queue for one when the
// queue has room. The error is 503 (queue full, or no worker within
// maxWait) or, when ctx ends first, ctx's error.
func (p *pool) acquire(ctx context.Context) (*worker, error) {
	select {
	case w := <-p.workers:
		p.busy.Add(1)
		return w, nil
	default:
	}
	if p.waiting.Add(1) > int64(p.maxQueue) {
		p.waiting.Add(-1)
		return nil, errBusy(fmt.Sprintf("%s running and %d waiting", game.Plural(cap(p.workers), "search"), p.maxQueue))
	}
	defer p.waiting.Add(-1)
	t := time.NewTimer(p.maxWait)
	defer t.Stop()
	select {
	case w := <-p.workers:
		p.busy.Add(1)
		return w, nil
	case <-t.C:
		return nil, errBusy(fmt.Sprintf("no search slot free within %v", p.maxWait))
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// release gives w back.
func (p *pool) release(w *worker) {
	p.busy.Add(-1)
	p.workers <- w
}

// hold is acquire with the worker's release as a function that may be
// called more than once (the first call gives the worker back): a
// handler gives its worker back as soon as the engine's work is done,
// before it builds and writes its answer, and defers the call besides.
func (p *pool) hold(ctx context.Context) (*worker, func(), error) {
	w, err := p.acquire(ctx)
	if err != nil {
		return nil, func() {}, err
	}
	held := true
	return w, func() {
		if held {
			held = false
			p.release(w)
		}
	}, nil
}

// worker is what one request that generates or searches moves works
// with: its own copies of positions, whose move generators keep their
// scratch memory (anchor tables, word maps, heaps) from request to
// request, and its own players. A held game keeps its position only; the
// worker copies it in (game.Copier, else Clone), works on the copy, and
// the game takes the resulting position back without the scratch.
type worker struct {
	// views and truths hold, by game name, a state for searching (a
	// determinized copy) and one for playing moves on the true position.
	views, truths map[string]game.State
	// players holds the players by spec, each used by this worker only.
	players map[string]search.Player
	moves   []game.Move
}

// maxWorkerPlayers bounds the players a worker keeps.
const maxWorkerPlayers = 16

func newWorker() *worker {
	return &worker{views: map[string]game.State{}, truths: map[string]game.State{}, players: map[string]search.Player{}}
}

// copyInto returns a state equal to src that the worker owns, from the
// cache m: the cached state made equal to src when the game can copy
// (game.Copier), else a clone of src (which becomes the cached one).
func copyInto(m map[string]game.State, src game.State) game.State {
	name := src.Game()
	if c, ok := m[name].(game.Copier); ok && m[name] != src && c.CopyFrom(src) {
		return m[name]
	}
	c := src.Clone()
	if _, ok := c.(game.Copier); ok {
		m[name] = c
	}
	return c
}

// view returns the worker's copy of s as the player to move sees it: for
// a game with hidden information, determinized for that seat with rng.
func (w *worker) view(s game.State, rng randSource) game.State {
	v := copyInto(w.views, s)
	if d, ok := v.(game.Determinizer); ok {
		d.Determinize(s.ToMove(), rng.rand())
	}
	return v
}

// truth returns the worker's copy of s, the true position.
func (w *worker) truth(s game.State) game.State { return copyInto(w.truths, s) }

// player returns the player of spec for this worker, made with
// search.New the first time.
func (w *worker) player(spec string) (search.Player, error) {
	if p, ok := w.players[spec]; ok {
		return p, nil
	}
	p, err := search.New(spec)
	if err != nil {
		return nil, err
	}
	if len(w.players) >= maxWorkerPlayers {
		clear(w.players)
	}
	w.players[spec] = p
	return p, nil
}

// countMoves returns the number of legal moves of the player to move in
// s (the worker's copy: generating them gives s scratch memory).
func (w *worker) countMoves(s game.State) int {
	w.moves = s.AppendMoves(w.moves[:0])
	return len(w.moves)
}
