package search

import (
	"context"
	"math"
	"strings"

	"wordengine/eval"
	"wordengine/game"
	"wordengine/lexicon"
)

// MoveRank is where one move stands among the legal moves of a position,
// in the static player's order (Rank: equity, then score, then notation).
type MoveRank struct {
	// Move is the move ranked, with its score and static equity.
	Move Candidate
	// Rank is 1 plus the number of legal moves that come before Move in
	// Rank's order: 1 for the best move. For a move that is not legal (a
	// phony) it is where the move would stand.
	Rank int
	// Better is the number of legal moves of a higher equity than Move:
	// Better+1 is Move's rank when moves of equal equity share a rank.
	Better int
	// Legal reports that Move is a legal move of the position.
	Legal bool
	// Best is the first move of Rank's order (Move itself when Rank is 1
	// and Move is legal).
	Best Candidate
}

// RankOf returns the rank of move m among the legal moves of s in Rank's
// order, with its equity and the best move: what Rank's whole list would
// say of m, without the list. m is a move of s (from AppendMoves or
// ParseMove, or a play the game scores without judging its words). For a
// game.BoundedMover it generates only the groups whose bound reaches m's
// equity, the moves that could come before m, so that a good move costs
// little more than Choose; otherwise it ranks every move. The only error
// is the evaluator's, as Choose's, or ErrNoMove when s has no legal move
// and m is not legal either.
func (p *Static) RankOf(ctx context.Context, s game.State, m game.Move) (MoveRank, error) {
	if err := p.checkFixed(s); err != nil {
		return MoveRank{}, err
	}
	e, err := p.evaluator(s)
	if err != nil {
		return MoveRank{}, err
	}
	bm, bounded := s.(game.BoundedMover)
	var lb []int64
	if bounded {
		lb, bounded = e.LeaveTerms(s, p.leave[:0])
	}
	if _, one := oneplyEvaluator(s); one || !bounded {
		return p.rankOfFull(ctx, s, m)
	}
	p.leave = lb
	r := MoveRank{Move: Candidate{Move: m, Score: s.MoveScore(m), Equity: e.Equity(s, m)}, Rank: 1}
	bound := int64(math.MinInt64)
	for _, v := range lb {
		bound = max(bound, v)
	}
	k := rankCounter{s: s, target: r.Move}
	bm.StartBounded(lb, false)
	for {
		var more bool
		p.moves, more = bm.NextBounded(p.moves[:0], r.Move.Equity)
		if !more {
			break
		}
		k.offerAll(e, p.moves, bound)
	}
	if bound >= r.Move.Equity {
		p.moves = bm.AppendUnbounded(p.moves[:0])
		k.offerAll(e, p.moves, bound)
	}
	r.Rank, r.Better, r.Legal = k.before+1, k.better, k.seen
	switch {
	case k.have:
		r.Best = k.best
	case r.Legal:
		r.Best = r.Move
	default:
		// Nothing reaches a move that is not legal: the best is below it.
		if err := p.checkFixed(s); err != nil {
			return r, err
		}
		best, err := p.chooseStatic(s)
		if err != nil {
			return r, err
		}
		r.Best = Candidate{Move: best, Score: s.MoveScore(best), Equity: e.Equity(s, best)}
	}
	return r, nil
}

// rankOfFull is RankOf by Rank's whole list.
func (p *Static) rankOfFull(ctx context.Context, s game.State, m game.Move) (MoveRank, error) {
	cands, err := p.Rank(ctx, s, nil)
	if err != nil {
		return MoveRank{}, err
	}
	for i, c := range cands {
		if c.Move == m {
			better := 0
			for better < i && cands[better].Equity > c.Equity {
				better++
			}
			return MoveRank{Move: c, Rank: i + 1, Better: better, Legal: true, Best: cands[0]}, nil
		}
	}
	// Not a legal move: valued as Rank values moves, placed by its order.
	r := MoveRank{Move: Candidate{Move: m, Score: s.MoveScore(m)}}
	if ev, ok := oneplyEvaluator(s); ok {
		me := s.ToMove()
		s.Play(m)
		r.Move.Equity = OnePlyValue(s, ev, me)
		s.Undo()
	} else {
		e, _ := p.evaluator(s)
		r.Move.Equity = e.Equity(s, m)
	}
	k := rankCounter{s: s, target: r.Move}
	for _, c := range cands {
		k.offer(c)
	}
	r.Rank, r.Better = k.before+1, k.better
	if len(cands) == 0 {
		return r, ErrNoMove
	}
	r.Best = cands[0]
	return r, nil
}

// rankCounter counts the moves that come before target in Rank's order
// and keeps the first of all.
type rankCounter struct {
	s      game.State
	target Candidate
	name   string // target's notation, read on the first exact tie
	before int
	better int  // moves of a higher equity than target
	seen   bool // target was offered
	have   bool
	best   Candidate
}

// comes reports whether c comes before d in Rank's order (SortCandidates).
func (k *rankCounter) comes(c, d Candidate, dName string) (bool, string) {
	if c.Equity != d.Equity {
		return c.Equity > d.Equity, dName
	}
	if c.Score != d.Score {
		return c.Score > d.Score, dName
	}
	if dName == "" {
		dName = k.s.FormatMove(d.Move)
	}
	return strings.Compare(k.s.FormatMove(c.Move), dName) < 0, dName
}

func (k *rankCounter) offer(c Candidate) {
	if c.Equity > k.target.Equity {
		k.better++
	}
	if c.Move == k.target.Move {
		k.seen = true
	} else {
		var b bool
		b, k.name = k.comes(c, k.target, k.name)
		if b {
			k.before++
		}
	}
	if !k.have {
		k.have, k.best = true, c
		return
	}
	if b, _ := k.comes(c, k.best, ""); b {
		k.best = c
	}
}

// offerAll offers the moves that may reach the target's equity (their
// score plus the best leave term, bound).
func (k *rankCounter) offerAll(e *eval.Static, moves []game.Move, bound int64) {
	for _, m := range moves {
		sc := k.s.MoveScore(m)
		if int64(sc)*1000+bound < k.target.Equity {
			continue
		}
		if eq := e.Equity(k.s, m); eq >= k.target.Equity {
			k.offer(Candidate{Move: m, Score: sc, Equity: eq})
		}
	}
}

// BestWholeRack returns the best move of s in Rank's order among the
// legal moves that place every tile of the mover's rack and that accept
// takes (nil: all of them), and whether there is one: with accept a
// bingo test, the best bingo of a crossword game. For a game.BoundedMover
// it generates only the groups that may keep no tile (the leave of every
// other sub-multiset of the rack is taken as far below any move), so it
// costs far less than the full enumeration; otherwise it filters
// AppendMoves. Only moves that score are taken (an exchange of the whole
// rack keeps nothing either).
func (p *Static) BestWholeRack(ctx context.Context, s game.State, accept func(game.Move) bool) (Candidate, bool, error) {
	r, isR := s.(game.Racker)
	if !isR {
		return Candidate{}, false, nil
	}
	e, err := p.evaluator(s)
	if err != nil {
		return Candidate{}, false, err
	}
	var leave []lexicon.Tile
	k := rankCounter{s: s, target: Candidate{Equity: math.MaxInt64}}
	take := func(moves []game.Move) {
		for _, m := range moves {
			// An exchange of the whole rack keeps nothing too, but
			// scores nothing: only scoring moves are plays of the rack.
			if leave = r.Leave(leave[:0], m); len(leave) != 0 || s.MoveScore(m) <= 0 {
				continue
			}
			if accept != nil && !accept(m) {
				continue
			}
			k.offer(Candidate{Move: m, Score: s.MoveScore(m), Equity: e.Equity(s, m)})
		}
	}
	bm, bounded := s.(game.BoundedMover)
	var lb []int64
	if bounded {
		lb, bounded = e.LeaveTerms(s, p.leave[:0])
	}
	if _, one := oneplyEvaluator(s); one || !bounded {
		p.moves = s.AppendMoves(p.moves[:0])
		take(p.moves)
		return k.best, k.have, nil
	}
	p.leave = lb
	// Keep nothing: only mask 0 has its leave term; every other mask is
	// far below any move, so the groups that cannot empty the rack are
	// bounded below the threshold.
	const far = math.MinInt64 / 4
	for i := 1; i < len(lb); i++ {
		lb[i] = far
	}
	bm.StartBounded(lb, true)
	threshold := int64(far / 2)
	for {
		var more bool
		p.moves, more = bm.NextBounded(p.moves[:0], threshold)
		if !more {
			break
		}
		take(p.moves)
		if k.have {
			threshold = max(threshold, k.best.Equity)
		}
	}
	// p.leave now holds the altered terms: forget them.
	p.leave = p.leave[:0]
	return k.best, k.have, nil
}
