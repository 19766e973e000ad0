package search

import (
	"context"
	"math"
	"math/rand/v2"

	"wordengine/game"
	"wordengine/game/option"
)

func init() {
	Register("om", func(opts string) (Player, error) { return NewOM(opts) })
}

// DefaultOMNodes is the node budget of OM when neither nodes= nor time=
// is given. OM's default depth usually ends the search first: on 5x5
// WordBlock boards (some 10,000 to 19,000 moves per position)
// BenchmarkOMChoose measured about 0.3 s per move for 3 players on this
// project's 2-core machine while it was busy with other work.
const DefaultOMNodes = 3_000_000

// OM is the player registered as "om": opponent-model search (Carmel and
// Markovitch 1993; Iida, Uiterwijk, van den Herik and Herschberg 1993) in
// the max-n tree of Luckhardt and Irani (1986), for 2 to 4 players.
//
// The root player searches its own moves; each opponent is modelled as
// the one-ply player (the static player of game.Evaluator games): at an
// opponent's node only the move whose resulting position that opponent
// values best (its evaluation minus the best other seat's, a finished
// game by its result, as OnePlyValue) is followed, ties to the first in
// AppendMoves order. Values are max-n vectors as MaxN computes them; the
// root player keeps the child best for itself. Iterative deepening runs
// from depth 2 under Limits; with the width Width at the root player's
// nodes (2*Width at the root) and 1 at the opponents', an iteration of
// depth d costs about (d-1) node expansions per root move while d stays
// within one round, so one round of replies and the root player's next
// move (depth Players()+1, the default depth) fit the default budget.
//
// Why: a game such as WordBlock on a 5x5 board is short (median 4 plies
// with 2 players, 6 or 7 with 3 or 4, in our self-play runs), and the
// decisive event, a move that colours the last cells and ends the game in
// its mover's favour, comes with 3 or 4 players usually from an opponent
// who moves after the next one. Alpha-beta (paranoid) and MaxN spend their budget
// on a full-width ordering at every node and, at 10,000 or more moves per
// position, see only the next player's reply within DefaultNodes: the
// decisive ply lies beyond their horizon, and the paranoid search plays
// against the next seat alone. Following one modelled reply per opponent
// reaches past a whole round for about the cost of their depth 2. The price is the model:
// an opponent who plays better than one ply deep is predicted less well
// (the option owidth=N follows each opponent's N best one-ply moves
// instead, which is plain max-n with a narrow opponent width).
//
// Options: "nodes=N,time=D,depth=N,width=N" as ParseLimits reads them
// (nodes defaults to DefaultOMNodes, depth to Players()+1), and
// "owidth=N" (N >= 1, default 1).
// Ties go to the first move in AppendMoves order; with a node budget the
// player is deterministic. rng serves only games with hidden information
// (game.Determinizer), which are searched on a determinized clone.
type OM struct {
	// Limits bound the search; Nodes 0 with Time 0 means DefaultOMNodes,
	// Depth 0 means Players()+1.
	Limits Limits
	// OppWidth is the number of an opponent's one-ply best moves
	// followed; 0 means 1.
	OppWidth int
}

// NewOM returns an OM player from its options (see OM). The error (an
// *option.Error) names an unknown, repeated or bad option and the values
// it takes.
func NewOM(options string) (*OM, error) {
	p := &OM{}
	s := option.NewSet("om", "")
	p.Limits.bind(s)
	s.Int(&p.OppWidth, "owidth", 1, math.MaxInt)
	if err := s.Parse(options); err != nil {
		return nil, err
	}
	return p, nil
}

// Name implements Player.
func (p *OM) Name() string { return "om" }

func (p *OM) workspace(s game.State, rng *rand.Rand) *workspace {
	l := p.Limits
	if l.Nodes == 0 && l.Time == 0 {
		l.Nodes = DefaultOMNodes
	}
	if l.Depth == 0 {
		l.Depth = min(s.Players()+1, MaxDepth)
	}
	w := getWorkspace(s, rng, l, true)
	w.oppWidth = max(p.OppWidth, 1)
	return w
}

// Choose implements Player.
func (p *OM) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	w := p.workspace(s, rng)
	defer putWorkspace(w)
	if err := w.run(ctx); err != nil {
		return game.Move{}, err
	}
	return w.best, nil
}

// Rank implements Ranker, as MaxN.Rank does: the root moves searched at
// the deepest iteration by the root player's value, then the others by
// their one-ply values.
func (p *OM) Rank(ctx context.Context, s game.State, dst []Candidate) ([]Candidate, error) {
	w := p.workspace(s, rand.New(rand.NewPCG(0, 0)))
	defer putWorkspace(w)
	if err := w.run(ctx); err != nil {
		return dst, err
	}
	return w.rank(dst), nil
}
