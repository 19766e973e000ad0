package server

import (
	"container/list"
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
	"time"

	"wordengine/game"
)

// store holds the games by id, at most max of them. Games are kept in
// order of last use; a game unused for ttl is dropped, and when the store
// is full the game idle for the longest is dropped to make room. A game
// in use by a request is never dropped.
type store struct {
	mu    sync.Mutex
	games map[string]*list.Element // of *held
	lru   *list.List               // front: most recently used
	max   int
	ttl   time.Duration
	now   func() time.Time
}

func newStore(max int, ttl time.Duration, now func() time.Time) *store {
	return &store{games: map[string]*list.Element{}, lru: list.New(), max: max, ttl: ttl, now: now}
}

// held is one game the server holds: its true position and what the
// views need besides (the moves played, the number of legal moves of the
// player to move). Requests that change it take turn first (one at a
// time, in arrival order); every read or write of the fields below takes
// mu, briefly: searches work on a worker's copy, never under mu.
type held struct {
	id   string
	info GameInfo
	seed uint64
	turn chan struct{} // a token: held by the request changing the game

	mu      sync.Mutex
	state   game.State
	history []played
	legal   int // legal moves of the player to move, -1 until counted
	// resigned is the seat that resigned in a game without a resign
	// move of its own (game.ResignMove), -1 when none did.
	resigned int

	// Guarded by the store's mu.
	lastUse time.Time
	users   int
}

// over reports whether the game has ended, by its rules or a
// resignation. The caller holds mu.
func (g *held) over() bool { return g.resigned >= 0 || g.state.Over() }

// winners returns the winning seats of the finished game: the game's
// ruling, or after a resignation the best of the others. The caller
// holds mu.
func (g *held) winners() []int {
	if g.resigned >= 0 {
		return game.ResignWinners(g.state, g.resigned)
	}
	return game.Winners(g.state)
}

// toMove returns the seat to move.
func (g *held) toMove() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.state.ToMove()
}

// lock takes the game's turn token, waiting for it as long as ctx lets.
func (g *held) lock(ctx context.Context) error {
	select {
	case g.turn <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// unlock gives the turn token back.
func (g *held) unlock() { <-g.turn }

// newID returns a new game id: 128 random bits in hex, which nobody can
// guess (the id is what gives access to a game).
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// add holds g, in use by the caller until release, dropping the game
// idle for the longest when the store is full. The error (503) says that
// every game held is in use.
func (s *store) add(g *held) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.games) >= s.max {
		if !s.evictLocked() {
			return &apiError{status: http.StatusServiceUnavailable, code: "busy", retryAfter: 1,
				msg: "the server holds the most games it may, all in use: try again in a second"}
		}
	}
	g.lastUse = s.now()
	g.users = 1
	s.games[g.id] = s.lru.PushFront(g)
	return nil
}

// evictLocked drops the least recently used game that no request is
// using; false when there is none.
func (s *store) evictLocked() bool {
	for e := s.lru.Back(); e != nil; e = e.Prev() {
		if g := e.Value.(*held); g.users == 0 {
			s.lru.Remove(e)
			delete(s.games, g.id)
			return true
		}
	}
	return false
}

// acquire returns the game id and marks it in use until release; nil when
// no such game is held.
func (s *store) acquire(id string) *held {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.games[id]
	if !ok {
		return nil
	}
	g := e.Value.(*held)
	g.users++
	g.lastUse = s.now()
	s.lru.MoveToFront(e)
	return g
}

// release ends a use of g that acquire began.
func (s *store) release(g *held) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g.users--
	g.lastUse = s.now()
	if e, ok := s.games[g.id]; ok {
		s.lru.MoveToFront(e)
	}
}

// expire drops the games unused for longer than the ttl and returns how
// many.
func (s *store) expire() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	cut := s.now().Add(-s.ttl)
	n := 0
	for e := s.lru.Back(); e != nil; {
		g := e.Value.(*held)
		if !g.lastUse.Before(cut) {
			break // the rest were used later
		}
		prev := e.Prev()
		if g.users == 0 {
			s.lru.Remove(e)
			delete(s.games, g.id)
			n++
		}
		e = prev
	}
	return n
}

// len returns the number of games held.
func (s *store) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

// dropAll drops every game (tests measure what the games held).
func (s *store) dropAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.games)
	s.lru.Init()
}
