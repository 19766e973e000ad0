// Package search holds the computer players. Every player works on any
// game through the contracts of package game: it never imports a game
// package.
//
// A Player chooses a move for the player to move in a game.State. Players
// that can explain their choice also implement Ranker, which lists the
// candidates best first (for hints and for the runner-ups a game log
// shows).
package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"

	"wordengine/game"
)

// Player chooses moves.
type Player interface {
	// Name is the player's registered name, e.g. "greedy".
	Name() string
	// Choose returns a legal move for the player to move in s. It must not
	// modify s (it may play and undo on it, leaving it as it was), nor keep
	// it after it returns (runners reuse their views, Viewer). rng is
	// the player's own random source. A long search stops when ctx is
	// cancelled and returns its best move so far.
	Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error)
}

// Candidate is a move with its valuation, as a Ranker lists it.
type Candidate struct {
	// Move is the candidate move.
	Move game.Move
	// Score is the points the move scores now.
	Score int
	// Equity is the player's valuation in milli-points (1000 = 1 point):
	// for greedy the score, for static score plus leave, and so on. A
	// search that finds the game decided encodes it beyond any
	// evaluation: +WinValue (a win alone) or -WinValue (a loss) plus the
	// final margin; Value decodes it for people.
	Equity int64
	// Assumes says, for people, what Equity assumes beyond the rules:
	// a search on one sampled deal of hidden information, one that
	// searches only the best-looking moves, or models the opponents
	// ("one-ply opponents"); "" when nothing.
	Assumes string
	// Deals, Won and Lost are, for a ranker whose Equity is the mean over
	// Deals > 1 deals of the hidden information (pimc), the number of
	// deals in which the move won or lost the game (their values, within
	// the mean, hold ±WinValue); 0 otherwise.
	Deals, Won, Lost int
	// WinKnown reports that the player estimated the mover's chance of
	// winning after the move: Win (0 to 1), within the 95 % interval
	// [WinLo, WinHi]. Players that do not estimate it leave it false.
	WinKnown          bool
	Win, WinLo, WinHi float64
}

// Ranker is implemented by players that can list their candidates.
type Ranker interface {
	// Rank appends the candidates of the player to move in s to dst, best
	// first, and returns the extended slice.
	Rank(ctx context.Context, s game.State, dst []Candidate) ([]Candidate, error)
}

// ErrNoMove is returned when a game that is not over offers no move.
var ErrNoMove = errors.New("search: no legal move")

// SortCandidates orders candidates best first: higher equity, then higher
// score, then by move notation, so the order is the same on every run.
func SortCandidates(s game.State, cands []Candidate) {
	names := make(map[game.Move]string, len(cands))
	name := func(m game.Move) string {
		n, ok := names[m]
		if !ok {
			n = s.FormatMove(m)
			names[m] = n
		}
		return n
	}
	slices.SortFunc(cands, func(x, y Candidate) int {
		return cmp.Or(cmp.Compare(y.Equity, x.Equity), cmp.Compare(y.Score, x.Score), strings.Compare(name(x.Move), name(y.Move)))
	})
}

// firstInNotation returns, of best and the moves tied with it, the first
// in notation order (the order SortCandidates uses last). It formats moves
// only when there is a tie.
func firstInNotation(s game.State, best game.Move, ties []game.Move) game.Move {
	if len(ties) == 0 {
		return best
	}
	bestName := s.FormatMove(best)
	for _, m := range ties {
		if name := s.FormatMove(m); name < bestName {
			best, bestName = m, name
		}
	}
	return best
}

// Factory makes a player from its options ("" for the defaults).
type Factory func(options string) (Player, error)

var (
	mu        sync.RWMutex
	factories = map[string]Factory{}
)

// Register adds a player factory under name. It panics on a duplicate (a
// programmer error at init time).
func Register(name string, f Factory) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := factories[name]; dup {
		panic("search: Register called twice for " + name)
	}
	factories[name] = f
}

// New returns the player named by spec, "name" or "name:options". The
// error names an unknown player (with the known ones), a ':' with no
// options after it, or what the player's factory rejects (random and
// greedy take no options).
func New(spec string) (Player, error) {
	name, opts, hasOpts := strings.Cut(spec, ":")
	mu.RLock()
	f, ok := factories[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("search: unknown player %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	if hasOpts && strings.TrimSpace(opts) == "" {
		return nil, fmt.Errorf("search: player %q: no options after ':' (write %q for the defaults)", spec, name)
	}
	return f(opts)
}

// Names returns the registered player names, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(factories))
	for n := range factories {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func init() {
	Register("random", noOptions("random", Random{}))
	Register("greedy", noOptions("greedy", Greedy{}))
}

// noOptions returns the factory of a player that takes no options: any
// option is an error that names it.
func noOptions(name string, p Player) Factory {
	return func(options string) (Player, error) {
		if strings.TrimSpace(options) != "" {
			return nil, fmt.Errorf("%s takes no options, got %q", name, options)
		}
		return p, nil
	}
}

// Random plays a uniformly random legal move.
type Random struct{}

// Name implements Player.
func (Random) Name() string { return "random" }

// Choose implements Player.
func (Random) Choose(_ context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	moves := s.AppendMoves(nil)
	if len(moves) == 0 {
		return game.Move{}, ErrNoMove
	}
	return moves[rng.IntN(len(moves))], nil
}

// Greedy plays the move that scores the most points now (ties: the first
// in SortCandidates order, so it is deterministic).
type Greedy struct{}

// Name implements Player.
func (Greedy) Name() string { return "greedy" }

// Choose implements Player.
func (g Greedy) Choose(ctx context.Context, s game.State, _ *rand.Rand) (game.Move, error) {
	moves := s.AppendMoves(nil)
	if len(moves) == 0 {
		return game.Move{}, ErrNoMove
	}
	best := moves[0]
	bestName := ""
	for _, m := range moves[1:] {
		d := s.MoveScore(m) - s.MoveScore(best)
		if d > 0 {
			best, bestName = m, ""
			continue
		}
		if d == 0 {
			if bestName == "" {
				bestName = s.FormatMove(best)
			}
			if n := s.FormatMove(m); n < bestName {
				best, bestName = m, n
			}
		}
	}
	return best, nil
}

// Rank implements Ranker: candidates by score.
func (Greedy) Rank(_ context.Context, s game.State, dst []Candidate) ([]Candidate, error) {
	start := len(dst)
	for _, m := range s.AppendMoves(nil) {
		sc := s.MoveScore(m)
		dst = append(dst, Candidate{Move: m, Score: sc, Equity: int64(sc) * 1000})
	}
	SortCandidates(s, dst[start:])
	return dst, nil
}
