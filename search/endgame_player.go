package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"wordengine/game"
	"wordengine/search/endgame"
)

func init() {
	Register("endgame", func(opts string) (Player, error) { return NewEndgamePlayer(opts) })
}

// DefaultEndgameNodes is the endgame player's node budget per move when
// its options give neither nodes nor time.
const DefaultEndgameNodes = 5_000_000

// EndgamePlayer is the player "endgame": the exact endgame solver of
// package search/endgame once the bag is empty, its pre-endgame with one
// tile left (the static player's best candidates, or every move), and the
// static player (without handover) before. Options, comma-separated:
// plies=N (0 to endgame.MaxPlies; 0, the default: to the end of the
// game), time=D and nodes=N (the budget per move; with neither,
// DefaultEndgameNodes nodes), threads=T (default 1), tt-mb=M (the
// transposition table, default endgame.DefaultTableMB) and candidates=K
// (the pre-endgame's candidates, default PreEndgameCandidates; 0: every
// move). When the budget runs out the move is the deepest search's (at
// least two plies), or the static player's. Use one per goroutine.
type EndgamePlayer struct {
	opts   endgame.Options
	cands  int
	solver *endgame.Solver
	static *Static
}

// endgameKeys lists the endgame player's options, for error messages.
const endgameKeys = "plies=N, time=D, nodes=N, threads=T, tt-mb=M, candidates=K"

// NewEndgamePlayer returns an endgame player with options (see
// EndgamePlayer); the error names an unknown option or a value out of
// range.
func NewEndgamePlayer(options string) (*EndgamePlayer, error) {
	p := &EndgamePlayer{cands: PreEndgameCandidates}
	seen := map[string]bool{}
	for _, kv := range strings.Split(options, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("search: endgame option %q: want key=value (known: %s)", kv, endgameKeys)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if seen[k] {
			return nil, fmt.Errorf("search: endgame option %s given twice", k)
		}
		seen[k] = true
		n, nerr := strconv.Atoi(v)
		bad := func(want string) error { return fmt.Errorf("search: endgame option %s=%q: want %s", k, v, want) }
		switch k {
		case "plies":
			if nerr != nil || n < 0 || n > endgame.MaxPlies {
				return nil, bad(fmt.Sprintf("0 (to the end) to %d", endgame.MaxPlies))
			}
			p.opts.Plies = n
		case "time":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return nil, bad("a positive duration such as 5s")
			}
			p.opts.Time = d
		case "nodes":
			if nerr != nil || n < 1 {
				return nil, bad("a node budget of 1 or more")
			}
			p.opts.Nodes = uint64(n)
		case "threads":
			if nerr != nil || n < 1 || n > endgame.MaxThreads {
				return nil, bad(fmt.Sprintf("1 to %d", endgame.MaxThreads))
			}
			p.opts.Threads = n
		case "tt-mb":
			if nerr != nil || n < 1 || n > endgame.MaxTableMB {
				return nil, bad(fmt.Sprintf("1 to %d megabytes", endgame.MaxTableMB))
			}
			p.opts.TableMB = n
		case "candidates":
			if nerr != nil || n < 0 {
				return nil, bad("0 (every move) or more")
			}
			p.cands = n
		default:
			return nil, fmt.Errorf("search: endgame: unknown option %q (known: %s)", k, endgameKeys)
		}
	}
	if p.opts.Time == 0 && p.opts.Nodes == 0 {
		p.opts.Nodes = DefaultEndgameNodes
	}
	st, err := NewStatic("endgame=off")
	if err != nil {
		return nil, err
	}
	p.static = st
	p.solver = endgame.New(p.opts)
	return p, nil
}

// Name implements Player.
func (p *EndgamePlayer) Name() string { return "endgame" }

// Choose implements Player.
func (p *EndgamePlayer) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	switch {
	case endgame.IsEndgame(s):
		r, err := p.solver.Solve(ctx, s)
		if err != nil {
			return game.Move{}, err
		}
		if r.Depth >= 2 || r.Solved {
			return r.Best(), nil
		}
	case endgame.IsPreEndgame(s):
		var cands []game.Move
		if p.cands > 0 {
			var err error
			if cands, err = p.static.topMoves(ctx, s, p.cands); err != nil {
				return game.Move{}, err
			}
		}
		res, err := p.solver.PreEndgame(ctx, s, cands)
		if err != nil {
			return game.Move{}, err
		}
		if best, ok := res.Best(); ok {
			return best.Move, nil
		}
	}
	return p.static.Choose(ctx, s, rng)
}
