package search

import (
	"context"
	"math/rand/v2"

	"wordengine/game"
)

func init() {
	Register("maxn", func(opts string) (Player, error) {
		l, err := ParseLimits("maxn", opts)
		if err != nil {
			return nil, err
		}
		return &MaxN{Limits: l}, nil
	})
}

// MaxN is the player registered as "maxn", for games of three or more
// players (it plays two-player games too, as minimax without pruning):
// the max-n search of Luckhardt and Irani (1986) with iterative
// deepening, a transposition table and the same forward pruning as
// AlphaBeta, under Limits.
//
// Every seat values a position as its evaluation minus the best of the
// other seats' (a finished game: ±WinValue for a sole win or a loss, 0
// for a shared win, plus 1000 per point of margin), and at each node the
// seat to move picks the child best for itself. Unlike the paranoid
// search of AlphaBeta, it assumes that each opponent plays for itself
// rather than against the root player. Max-n allows no deep pruning, so
// it relies on the width bound. Ties go to the first move in AppendMoves
// order; with a node budget the player is deterministic.
type MaxN struct {
	Limits Limits
}

// Name implements Player.
func (p *MaxN) Name() string { return "maxn" }

// Choose implements Player.
func (p *MaxN) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	w := getWorkspace(s, rng, p.Limits, true)
	defer putWorkspace(w)
	if err := w.run(ctx); err != nil {
		return game.Move{}, err
	}
	return w.best, nil
}

// Rank implements Ranker, as AlphaBeta.Rank does, with the root player's
// max-n values.
func (p *MaxN) Rank(ctx context.Context, s game.State, dst []Candidate) ([]Candidate, error) {
	w := getWorkspace(s, rand.New(rand.NewPCG(0, 0)), p.Limits, true)
	defer putWorkspace(w)
	if err := w.run(ctx); err != nil {
		return dst, err
	}
	return w.rank(dst), nil
}

// maxnSearch fills out with the value of the position for every seat,
// searched depth plies deep.
func (w *workspace) maxnSearch(depth, ply int, out *[maxSeats]int64) {
	s := w.s
	if s.Over() || depth == 0 {
		w.vector(out)
		return
	}
	key := s.Hash()
	e := &w.tt[key&(1<<ttBits-1)]
	var ttMove game.Move
	if e.gen == w.gen && e.key == key {
		ttMove = e.move
		if int(e.depth) >= depth {
			*out = e.vec
			return
		}
	}
	q := s.ToMove()
	kids := w.order(ply, q, true, depth == 1 || (q != w.root && w.oppWidth == 1))
	switch {
	case w.stopped:
		return
	case len(kids) == 0: // a game that offers no move: value it as it is
		w.vector(out)
		return
	}
	if depth == 1 {
		s.Play(kids[0].move)
		w.vector(out)
		s.Undo()
		w.storeVec(e, key, kids[0].move, out, depth)
		return
	}
	n := len(kids)
	if w.lim.Width > 0 {
		n = w.lim.Width
	}
	if q != w.root && w.oppWidth > 0 {
		n = w.oppWidth
		if n == 1 {
			ttMove = game.Move{} // the opponent's model choice, kids[0]
		}
	}
	n = pick(kids, n, ttMove)
	var best, v [maxSeats]int64
	var bestMove game.Move
	for i := range n {
		m := kids[i].move
		s.Play(m)
		w.maxnSearch(depth-1, ply+1, &v)
		s.Undo()
		if w.stopped {
			return
		}
		if i == 0 || v[q] > best[q] {
			best, bestMove = v, m
		}
	}
	*out = best
	w.storeVec(e, key, bestMove, out, depth)
}

func (w *workspace) storeVec(e *ttEntry, key uint64, m game.Move, v *[maxSeats]int64, depth int) {
	if e.gen == w.gen && e.key != key && int(e.depth) > depth {
		return
	}
	e.key, e.move, e.vec, e.gen, e.depth, e.flag = key, m, *v, w.gen, int8(depth), ttExact
}
