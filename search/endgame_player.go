package search

import (
	"context"
	"math"
	"math/rand/v2"

	"wordengine/game"
	"wordengine/game/option"
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
// least two plies, or the best move of a second ply cut short:
// endgame.Partial), or the static player's. Use one per goroutine.
type EndgamePlayer struct {
	opts   endgame.Options
	cands  int
	solver *endgame.Solver
	static *Static
}

// NewEndgamePlayer returns an endgame player with options (see
// EndgamePlayer); the error (an *option.Error) names an unknown option or
// a value out of range.
func NewEndgamePlayer(options string) (*EndgamePlayer, error) {
	p := &EndgamePlayer{cands: PreEndgameCandidates, opts: endgame.Options{Threads: 1}}
	var nodes int64
	s := option.NewSet("endgame", "")
	s.Int(&p.opts.Plies, "plies", 0, endgame.MaxPlies)
	s.Duration(&p.opts.Time, "time")
	s.Int64(&nodes, "nodes", 1, math.MaxInt64)
	s.Int(&p.opts.Threads, "threads", 1, endgame.MaxThreads)
	s.Int(&p.opts.TableMB, "tt-mb", 1, endgame.MaxTableMB)
	s.Int(&p.cands, "candidates", 0, math.MaxInt)
	if err := s.Parse(options); err != nil {
		return nil, err
	}
	p.opts.Nodes = uint64(nodes)
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
		if r.Partial != nil {
			return r.Partial.Move, nil
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
