package search

import (
	"context"
	"math/rand/v2"

	"wordengine/game"
	"wordengine/game/option"
)

func init() {
	Register("pimc", func(opts string) (Player, error) { return NewPIMC(opts) })
}

// PIMC is a determinized search player (perfect-information Monte Carlo,
// as in Ginsberg's GIB for bridge and Long et al. 2010): it deals
// Samples worlds consistent with what the player to move sees (a clone
// determinized for it with rng, game.Determinizer), values every legal
// move one ply deep in each world as Static does (OnePlyValue: the
// game's evaluation of the mover minus the best other seat's, or the
// result of a game the move ends; 1000 per point of Score for a game
// that is not a game.Evaluator), and plays the move of the highest mean
// value (ties: higher score, then notation order, as SortCandidates).
// Where Static trusts one world, PIMC averages over the distribution of
// the hidden information. A game without hidden information is one
// world. The legal moves are those of the position given (a player's
// legal moves depend only on what it sees).
//
// When ctx is cancelled it stops after the current world and decides on
// the worlds valued so far. A PIMC is used by one goroutine at a time.
type PIMC struct {
	// Samples is the number of worlds per decision (default 8).
	Samples int

	moves []game.Move
	sums  []int64
	// won and lost count, by move, the worlds in which it ends the game
	// in a win or a loss.
	won, lost []int32
}

// NewPIMC returns a PIMC player; options is "" or "samples=N" (1 to
// 10000). The error (an *option.Error) names a bad option.
func NewPIMC(options string) (*PIMC, error) {
	p := &PIMC{Samples: 8}
	s := option.NewSet("pimc", "")
	s.Int(&p.Samples, "samples", 1, 10000)
	if err := s.Parse(options); err != nil {
		return nil, err
	}
	return p, nil
}

// Name implements Player.
func (p *PIMC) Name() string { return "pimc" }

// scoreEval evaluates a game that has no evaluator by its score.
type scoreEval struct{ s game.State }

func (e scoreEval) Evaluate(seat int) int { return 1000 * e.s.Score(seat) }

// values fills p.moves with the legal moves of s and p.sums with their
// summed values over the worlds; it returns the number of worlds.
func (p *PIMC) values(ctx context.Context, s game.State, rng *rand.Rand) (int, error) {
	if s.Over() {
		return 0, ErrNoMove
	}
	p.moves = s.AppendMoves(p.moves[:0])
	if len(p.moves) == 0 {
		return 0, ErrNoMove
	}
	p.sums = append(p.sums[:0], make([]int64, len(p.moves))...)
	p.won = append(p.won[:0], make([]int32, len(p.moves))...)
	p.lost = append(p.lost[:0], make([]int32, len(p.moves))...)
	me := s.ToMove()
	_, hidden := s.(game.Determinizer)
	n := p.Samples
	if !hidden {
		n = 1
	}
	worlds := 0
	for w := range n {
		if w > 0 && ctx.Err() != nil {
			break
		}
		world := s
		if hidden {
			world = View(s, rng)
		} else {
			world = s.Clone()
		}
		var ev game.Evaluator = scoreEval{world}
		if e, ok := world.(game.Evaluator); ok {
			ev = e
		}
		for i, m := range p.moves {
			world.Play(m)
			v := OnePlyValue(world, ev, me)
			p.sums[i] += v
			switch {
			case v >= WinValue/2:
				p.won[i]++
			case v <= -WinValue/2:
				p.lost[i]++
			}
			world.Undo()
		}
		worlds++
	}
	return worlds, nil
}

// Choose implements Player.
func (p *PIMC) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	if _, err := p.values(ctx, s, rng); err != nil {
		return game.Move{}, err
	}
	best := 0
	var ties []game.Move
	for i := 1; i < len(p.moves); i++ {
		d := p.sums[i] - p.sums[best]
		if d == 0 {
			d = int64(s.MoveScore(p.moves[i]) - s.MoveScore(p.moves[best]))
		}
		switch {
		case d > 0:
			best, ties = i, ties[:0]
		case d == 0:
			ties = append(ties, p.moves[i])
		}
	}
	return firstInNotation(s, p.moves[best], ties), nil
}

// Rank implements Ranker: every move with its mean value over the worlds
// as Equity (milli-points), best first, and the worlds in which it ends
// the game in a win or a loss (Candidate.Deals, Won, Lost). The worlds are
// dealt from a fixed seed, so a ranking repeats.
func (p *PIMC) Rank(ctx context.Context, s game.State, dst []Candidate) ([]Candidate, error) {
	worlds, err := p.values(ctx, s, rand.New(rand.NewPCG(0, 0)))
	if err != nil {
		return dst, err
	}
	start := len(dst)
	for i, m := range p.moves {
		cd := Candidate{Move: m, Score: s.MoveScore(m), Equity: p.sums[i] / int64(worlds)}
		if worlds > 1 {
			cd.Deals, cd.Won, cd.Lost = worlds, int(p.won[i]), int(p.lost[i])
		}
		dst = append(dst, cd)
	}
	SortCandidates(s, dst[start:])
	return dst, nil
}
