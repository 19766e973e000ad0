package endgame

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"wordengine/game"
	"wordengine/lexicon"
)

// The pre-endgame: one tile left in the bag. The player to move does not
// know which of the unseen tiles (the bag and the opponent's rack
// together) is the one in the bag; each of them gives one world in which
// everything is known, and, the bag holding a single tile, every draw of
// the rest of the game too: a game of perfect information, which the
// solver solves exactly. A candidate move is valued over the worlds,
// each weighted by how many of the unseen tiles are that tile: its win
// probability (a draw counting half) and its mean final spread. This is
// the method of Macondo's and MAGPIE's pre-endgame solvers and of wolges'
// one-tile pre-endgame; like theirs, each world is solved as if both
// players knew it.

// PreCandidate is a candidate of the pre-endgame with what its worlds
// solved so far say.
type PreCandidate struct {
	// Move is the candidate; Score its points now.
	Move  game.Move
	Score int
	// Win is the weighted fraction of the solved worlds the mover wins
	// (a draw counts half), from 0 to 1.
	Win float64
	// Spread is the weighted mean final spread of the mover (own score
	// minus the opponent's at the end) over the solved worlds, in points.
	Spread float64
	// Cases is the number of worlds solved (each a distinct tile in the
	// bag), of Total; Weight and TotalWeight count them by unseen tiles.
	Cases, Total        int
	Weight, TotalWeight int
	// Pruned reports that the candidate was given up before all its
	// worlds were solved: even winning all the rest it could not reach
	// the win probability of a candidate solved in full.
	Pruned bool
}

// Done reports whether every world of the candidate was solved.
func (c *PreCandidate) Done() bool { return c.Cases == c.Total }

// PreResult is the outcome of a pre-endgame search.
type PreResult struct {
	// Candidates holds the candidates: those solved in full first, by
	// win probability then mean spread (ties: the order given), then the
	// others in the order given.
	Candidates []PreCandidate
	// Cases is the number of worlds solved, of Total (every candidate's).
	// The worlds of the candidates given up (Pruned) are never solved, so
	// Cases is below Total even when Stopped is "done": Cases plus those
	// candidates' unsolved worlds make Total.
	Cases, Total int
	// Nodes is the number of positions searched.
	Nodes uint64
	// Elapsed is the wall-clock time of the search.
	Elapsed time.Duration
	// Stopped says why it ended: "done", "time", "nodes" (the node
	// budget) or "cancelled".
	Stopped string
}

// Best returns the best candidate solved in full and true, or false when
// none was.
func (r *PreResult) Best() (PreCandidate, bool) {
	if len(r.Candidates) == 0 || !r.Candidates[0].Done() {
		return PreCandidate{}, false
	}
	return r.Candidates[0], true
}

// IsPreEndgame reports whether a player hands s over to PreEndgame: a
// game with endgame moves (game.EndgameMover, as IsEndgame), two players,
// not over, one tile in the bag, and a game that can deal its unseen
// tiles (game.Racker and game.RackDealer).
func IsPreEndgame(s game.State) bool {
	_, ok := s.(game.EndgameMover)
	return ok && checkPre(s) == nil
}

func checkPre(s game.State) error {
	if err := checkEndgame(s, 1); err != nil {
		return err
	}
	r, ok := s.(game.Racker)
	if _, deal := s.(game.RackDealer); !ok || !deal {
		return fmt.Errorf("%w: %s cannot deal its unseen tiles", ErrNotEndgame, s.Game())
	}
	if r.BagLen() != 1 {
		return fmt.Errorf("%w: %d tiles in the bag (the pre-endgame wants 1)", ErrNotEndgame, r.BagLen())
	}
	return nil
}

// PreEndgame solves the pre-endgame s (one tile in the bag, see
// IsPreEndgame) for the candidates cands, in that order (nil: every
// legal move, by score), each world searched with the solver's options
// (Plies 0: to the end of the game). The time and node options and ctx
// bound the whole search: it then returns what it solved, and says so
// (Cases and Stopped). A candidate whose worlds cannot all be won well enough to
// beat the best one solved in full is given up (Pruned). It does not
// modify s. The candidates are solved in the order given, each one's
// worlds in the order of their tiles, and a candidate is given up before
// the first world at which winning every world left could not reach the
// win probability of the best candidate solved in full before it (sound:
// its win probability over all its worlds is then below the best's).
func (sv *Solver) PreEndgame(ctx context.Context, s game.State, cands []game.Move) (*PreResult, error) {
	if err := checkPre(s); err != nil {
		return nil, err
	}
	start := time.Now()
	o := sv.Options()
	if o.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Time)
		defer cancel()
	}
	o.Time = 0
	me := s.ToMove()
	world := s.Clone()
	dealer := world.(game.RackDealer)
	unseen := dealer.Unseen(nil, me)
	slices.Sort(unseen)
	oppRack := len(world.(game.Racker).Rack(nil, 1-me))
	if len(unseen) != oppRack+1 {
		return nil, fmt.Errorf("endgame: %d unseen tiles for an opponent's rack of %d and one in the bag", len(unseen), oppRack)
	}
	// The worlds: each distinct unseen tile in the bag, weighted by its
	// count.
	type tileCase struct {
		tile   lexicon.Tile
		weight int
		rack   []lexicon.Tile // the opponent's rack in that world
	}
	var cases []tileCase
	totalWeight := 0
	for i, t := range unseen {
		totalWeight++
		if i > 0 && unseen[i-1] == t {
			cases[len(cases)-1].weight++
			continue
		}
		rack := append(slices.Clone(unseen[:i]), unseen[i+1:]...)
		cases = append(cases, tileCase{tile: t, weight: 1, rack: rack})
	}
	if cands == nil {
		moves := s.AppendMoves(nil)
		slices.SortStableFunc(moves, func(x, y game.Move) int { return cmp.Compare(s.MoveScore(y), s.MoveScore(x)) })
		cands = moves
	}
	res := &PreResult{Stopped: "done"}
	for _, m := range cands {
		res.Candidates = append(res.Candidates, PreCandidate{Move: m, Score: s.MoveScore(m), Total: len(cases), TotalWeight: totalWeight})
		res.Total += len(cases)
	}
	bestWin := -1.0 // the best win probability of a candidate solved in full
	// One table for every world: its keys tell the worlds apart.
	sv.ensureTable(o)
	sv.tt.newGeneration()
	sv.keepTable = true
	defer func() { sv.keepTable = false }()
run:
	for ci := range res.Candidates {
		c := &res.Candidates[ci]
		wins := 0.0 // weighted
		sum := 0.0
		for _, tc := range cases {
			if ctx.Err() != nil {
				break run
			}
			// The most this candidate can win: what it won plus every
			// world left.
			if bestWin >= 0 && (wins+float64(c.TotalWeight-c.Weight))/float64(c.TotalWeight) < bestWin {
				c.Pruned = true
				break
			}
			if err := dealer.SetRack(1-me, tc.rack); err != nil {
				return nil, fmt.Errorf("endgame: dealing world %s: %w", world.(game.Racker).Alphabet().Format([]lexicon.Tile{tc.tile}), err)
			}
			world.Play(c.Move)
			// The mover's spread after the move; the opponent now moves
			// in a world of perfect information.
			final := float64(-spread(world))
			ok := true
			if !world.Over() {
				oc := o
				if o.Nodes > 0 {
					if res.Nodes >= o.Nodes {
						world.Undo()
						res.Stopped = "nodes"
						break run
					}
					oc.Nodes = o.Nodes - res.Nodes
				}
				r, err := sv.solve(ctx, world, oc)
				if err != nil {
					world.Undo()
					return nil, err
				}
				res.Nodes += r.Nodes
				if r.Stopped == "time" || r.Stopped == "cancelled" || r.Stopped == "nodes" {
					ok = false
					res.Stopped = r.Stopped
				} else {
					final -= float64(r.Value)
				}
			}
			world.Undo()
			if !ok {
				break run
			}
			w := float64(tc.weight)
			switch {
			case final > 0:
				wins += w
			case final == 0:
				wins += w / 2
			}
			sum += w * final
			c.Cases++
			c.Weight += tc.weight
			res.Cases++
			c.Win = wins / float64(c.Weight)
			c.Spread = sum / float64(c.Weight)
		}
		if c.Done() {
			bestWin = max(bestWin, c.Win)
		}
	}
	switch {
	case ctx.Err() == context.Canceled:
		res.Stopped = "cancelled"
	case ctx.Err() != nil:
		res.Stopped = "time"
	}
	// Candidates solved in full first, by win probability then spread.
	slices.SortStableFunc(res.Candidates, func(x, y PreCandidate) int {
		switch {
		case x.Done() && !y.Done():
			return -1
		case y.Done() && !x.Done():
			return 1
		case !x.Done():
			return 0
		}
		return cmp.Or(cmp.Compare(y.Win, x.Win), cmp.Compare(y.Spread, x.Spread))
	})
	res.Elapsed = time.Since(start)
	return res, nil
}
