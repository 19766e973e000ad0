package search

import (
	"context"
	"math"
	"math/rand/v2"

	"wordengine/game"
	"wordengine/game/option"
)

func init() {
	Register("ismcts", func(opts string) (Player, error) { return NewISMCTS(opts) })
}

// ISMCTS is single-observer information-set Monte Carlo tree search
// (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
// Search", IEEE TCIAIG 2012). Each iteration deals one world consistent
// with what the player to move sees (game.Determinizer; a game without
// hidden information is its own world), descends the one tree of moves
// by UCB1 among the children legal in that world (a child's exploration
// term counts the iterations in which it was available), expands one
// untried legal move, and values the new leaf: a finished game by its
// result (1 win, 0 loss, 1/k for a win shared by k), otherwise for every
// seat the logistic of OnePlyValue (the game's evaluation, or 1000 per
// point of Score) divided by Scale. Every node on the path adds the value
// of the seat that made its move. Choose plays the root move visited most
// (ties: higher mean, then notation order).
//
// Progressive widening (Coulom 2007; Chaslot et al. 2008) keeps the
// search deep where the moves are many (placements on every empty cell):
// a node visited n times expands a new child only while it has fewer
// than Widen·sqrt(n+1) children legal in the world (Widen 0: whenever an
// untried move is legal, the plain algorithm). The root's moves (the
// same in every world: they depend only on what the mover sees) are
// expanded in the order of their one-ply value on the position given,
// best first, as Static ranks them, so the search starts from the static
// player's choice; deeper, the expanded move is the best by one-ply value
// for the seat to move among Expand untried moves drawn at random and the
// untried move of highest MoveScore (a claim, a scoring play).
//
// Options "iterations=N" (default 1000), "c=X" (exploration, default
// 0.3), "scale=X" (milli-points per logistic unit, default 4000),
// "expand=K" (default 4; 1 with no scoring move: a random untried move),
// "widen=X" (default 1; 0 turns widening off). It stops early when ctx is
// cancelled. An ISMCTS is used by one goroutine at a time.
//
// Measured on 2 Way Words against static, 200 paired games (`selfplay
// --game twoway --players ismcts,static --games 200 --seed 31`): 56.5 %
// [49.6, 63.2], and with --seed 32 55.0 % [48.1, 61.7] (the 400 games:
// 55.8 % [50.9, 60.5]); the plain algorithm (random expansions, c=0.7,
// no widening) 51.2 % [44.4, 58.1] with --seed 31. In 40-game screens c=0.3 65.0 %, c=0.15
// 61.3 %, c=0.7 50.0 %, widen=2 53.8 %, scale=2000 38.8 %.
type ISMCTS struct {
	Iterations int
	C          float64
	Scale      float64
	// Expand is the number of untried moves drawn at an expansion below
	// the root; the one of highest one-ply value for the mover (among
	// them and the untried move of highest MoveScore) is expanded.
	Expand int
	// Widen is the progressive widening coefficient: a node visited n
	// times has at most Widen·sqrt(n+1) children legal in a world before
	// it expands another (at least one); 0 expands whenever it can.
	Widen float64

	nodes []isNode
	moves []game.Move
	path  []int32
	mark  map[game.Move]int32
	order []Candidate // the root moves, best one-ply value first
}

type isNode struct {
	move        game.Move
	player      int32 // the seat that played move
	child, next int32 // first child and next sibling (0: none)
	n, avail    int32
	w           float64
}

// NewISMCTS returns an ISMCTS player from its options (see ISMCTS); the
// error (an *option.Error) names a bad option and the values it takes.
func NewISMCTS(options string) (*ISMCTS, error) {
	p := &ISMCTS{Iterations: 1000, C: 0.3, Scale: 4000, Expand: 4, Widen: 1, mark: map[game.Move]int32{}}
	s := option.NewSet("ismcts", "")
	s.Int(&p.Iterations, "iterations", 1, 10_000_000)
	s.Positive(&p.C, "c")
	s.Positive(&p.Scale, "scale")
	s.Int(&p.Expand, "expand", 1, 1000)
	s.Float(&p.Widen, "widen", 0, 1000)
	if err := s.Parse(options); err != nil {
		return nil, err
	}
	return p, nil
}

// Name implements Player.
func (p *ISMCTS) Name() string { return "ismcts" }

// search builds the tree for s; node 1 is the root.
func (p *ISMCTS) search(ctx context.Context, s game.State, rng *rand.Rand) error {
	if s.Over() || len(s.AppendMoves(p.moves[:0])) == 0 {
		return ErrNoMove
	}
	p.rootOrder(s)
	p.nodes = append(p.nodes[:0], isNode{}, isNode{player: -1})
	_, hidden := s.(game.Determinizer)
	world := s.Clone()
	players := s.Players()
	reward := make([]float64, players)
	next := 0 // the next root move of p.order to expand
	for it := 0; it < p.Iterations; it++ {
		if it > 0 && it%64 == 0 && ctx.Err() != nil {
			break
		}
		if hidden {
			world.(game.Determinizer).Determinize(s.ToMove(), rng)
		}
		p.path = append(p.path[:0], 1)
		node := int32(1)
		depth := 0
		for !world.Over() {
			p.moves = world.AppendMoves(p.moves[:0])
			clear(p.mark)
			for i, m := range p.moves {
				p.mark[m] = int32(i) + 1
			}
			best, bestVal := int32(0), math.Inf(-1)
			legal := 0
			for c := p.nodes[node].child; c != 0; c = p.nodes[c].next {
				ch := &p.nodes[c]
				if p.mark[ch.move] <= 0 {
					continue
				}
				p.mark[ch.move] = -1 // tried
				legal++
				ch.avail++
				v := ch.w/float64(ch.n) + p.C*math.Sqrt(math.Log(float64(ch.avail))/float64(ch.n))
				if v > bestVal {
					best, bestVal = c, v
				}
			}
			untried := len(p.moves) - legal
			if untried > 0 && (legal == 0 || p.Widen == 0 || float64(legal) < p.Widen*math.Sqrt(float64(p.nodes[node].n)+1)) {
				var m game.Move
				for node == 1 && next < len(p.order) && p.mark[p.order[next].Move] <= 0 {
					next++ // tried already (or, in a game where it can be, not legal in this world)
				}
				if node == 1 && next < len(p.order) {
					m = p.order[next].Move
					next++
				} else {
					m = p.expansion(world, untried, rng)
				}
				c := int32(len(p.nodes))
				p.nodes = append(p.nodes, isNode{move: m, player: int32(world.ToMove()), next: p.nodes[node].child, avail: 1})
				p.nodes[node].child = c
				world.Play(m)
				depth++
				p.path = append(p.path, c)
				break
			}
			world.Play(p.nodes[best].move)
			depth++
			p.path = append(p.path, best)
			node = best
		}
		p.value(world, reward)
		p.nodes[1].n++
		for _, n := range p.path[1:] {
			nd := &p.nodes[n]
			nd.n++
			nd.w += reward[nd.player]
		}
		for range depth {
			world.Undo()
		}
	}
	return nil
}

// rootOrder fills p.order with the legal moves of s, best first by their
// one-ply value for the mover on s (ties: higher score, then notation
// order, as SortCandidates).
func (p *ISMCTS) rootOrder(s game.State) {
	var ev game.Evaluator = scoreEval{s}
	if e, ok := s.(game.Evaluator); ok {
		ev = e
	}
	me := s.ToMove()
	p.order = p.order[:0]
	p.moves = s.AppendMoves(p.moves[:0])
	for _, m := range p.moves {
		s.Play(m)
		v := OnePlyValue(s, ev, me)
		s.Undo()
		p.order = append(p.order, Candidate{Move: m, Score: s.MoveScore(m), Equity: v})
	}
	SortCandidates(s, p.order)
}

// expansion returns the untried move (marked positive in p.mark) of
// highest one-ply value for the mover among min(Expand, untried) drawn at
// random and the untried move of highest MoveScore, if it scores (the
// first drawn on a tie). With Expand 1 and no scoring move it is the
// move drawn.
func (p *ISMCTS) expansion(world game.State, untried int, rng *rand.Rand) game.Move {
	var top game.Move
	topScore := 0
	for _, x := range p.moves {
		if p.mark[x] > 0 {
			if sc := world.MoveScore(x); sc > topScore {
				top, topScore = x, sc
			}
		}
	}
	var best game.Move
	var bestVal int64
	me := world.ToMove()
	var ev game.Evaluator = scoreEval{world}
	if e, ok := world.(game.Evaluator); ok {
		ev = e
	}
	draws := min(p.Expand, untried)
	for draw := range draws + 1 {
		var m game.Move
		if draw < draws {
			k := rng.IntN(untried)
			for _, x := range p.moves {
				if p.mark[x] > 0 {
					if k == 0 {
						m = x
						break
					}
					k--
				}
			}
		} else if m = top; topScore == 0 || m == best {
			break
		}
		if draws == 1 && topScore == 0 {
			return m
		}
		world.Play(m)
		v := OnePlyValue(world, ev, me)
		world.Undo()
		if draw == 0 || v > bestVal {
			best, bestVal = m, v
		}
	}
	return best
}

// value fills reward with each seat's value of the leaf position.
func (p *ISMCTS) value(s game.State, reward []float64) {
	if s.Over() {
		win := game.Winners(s)
		clear(reward)
		for _, q := range win {
			reward[q] = 1 / float64(len(win))
		}
		return
	}
	var ev game.Evaluator = scoreEval{s}
	if e, ok := s.(game.Evaluator); ok {
		ev = e
	}
	for q := range reward {
		reward[q] = 1 / (1 + math.Exp(-float64(OnePlyValue(s, ev, q))/p.Scale))
	}
}

// Choose implements Player.
func (p *ISMCTS) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	if err := p.search(ctx, s, rng); err != nil {
		return game.Move{}, err
	}
	var best int32
	var ties []game.Move
	for c := p.nodes[1].child; c != 0; c = p.nodes[c].next {
		switch d := p.cmp(c, best); {
		case best == 0 || d > 0:
			best, ties = c, ties[:0]
		case d == 0:
			ties = append(ties, p.nodes[c].move)
		}
	}
	return firstInNotation(s, p.nodes[best].move, ties), nil
}

// cmp orders root children: more visits, then higher mean.
func (p *ISMCTS) cmp(a, b int32) float64 {
	if b == 0 {
		return 1
	}
	x, y := &p.nodes[a], &p.nodes[b]
	if x.n != y.n {
		return float64(x.n - y.n)
	}
	return x.w/float64(max(x.n, 1)) - y.w/float64(max(y.n, 1))
}

// Rank implements Ranker: the root moves searched (worlds dealt from a
// fixed seed) best first by their mean value, as Equity mapped back to
// milli-points (Scale times its logit), then the moves never expanded.
func (p *ISMCTS) Rank(ctx context.Context, s game.State, dst []Candidate) ([]Candidate, error) {
	if err := p.search(ctx, s, rand.New(rand.NewPCG(0, 0))); err != nil {
		return dst, err
	}
	start := len(dst)
	seen := map[game.Move]bool{}
	for c := p.nodes[1].child; c != 0; c = p.nodes[c].next {
		nd := &p.nodes[c]
		m := min(max(nd.w/float64(nd.n), 1e-6), 1-1e-6)
		dst = append(dst, Candidate{Move: nd.move, Score: s.MoveScore(nd.move), Equity: int64(p.Scale * math.Log(m/(1-m)))})
		seen[nd.move] = true
	}
	SortCandidates(s, dst[start:])
	rest := len(dst)
	for _, m := range s.AppendMoves(nil) {
		if !seen[m] {
			dst = append(dst, Candidate{Move: m, Score: s.MoveScore(m), Equity: Unvalued})
		}
	}
	SortCandidates(s, dst[rest:])
	return dst, nil
}
