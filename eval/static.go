package eval

import (
	"slices"

	"wordengine/game"
	"wordengine/lexicon"
)

// Evaluator values the moves of a position.
type Evaluator interface {
	// Equity returns the value in milli-points (1000 = 1 point) of legal
	// move m for the player to move in s. It does not modify s.
	Equity(s game.State, m game.Move) int64
}

// Positional is an optional interface of a game.State: a game that knows
// more about a move's worth than its score (board openings, a tile's
// vulnerability) adds the terms here, in milli-points. Static adds them to
// the equity of every move. No game implements it yet.
type Positional interface {
	PositionTerms(m game.Move) int64
}

// TilePointer is an optional interface of a game.State whose tiles carry
// points: TilePoints returns the points of tile t (0 for a blank). Static
// uses it for the end-of-game rack penalty; without it, the points come
// from the leave table's file, and without those each tile counts 1.
type TilePointer interface {
	TilePoints(t lexicon.Tile) int
}

// EndFactorer is an optional interface of a game.State that is a
// game.Racker: EndFactor returns how many points of spread one point of
// tiles left on a rack is worth when the game ends, 2 when the player who
// goes out gains what the others lose (Scrabble, Words With Friends: the
// default when the game does not implement it), 1 when the holder only
// loses the points and nobody gains them (Upwords). Static's end-of-game
// term multiplies the tiles' points by it.
type EndFactorer interface {
	EndFactor() int
}

// endFactor returns the end-of-game factor of s in milli-points per
// point: 1000·EndFactor, 2000 when s does not implement EndFactorer.
func endFactor(s game.State) int64 {
	if f, ok := s.(EndFactorer); ok {
		return 1000 * int64(f.EndFactor())
	}
	return 2000
}

// Static is the static evaluator: the equity of a move is
//
//	1000·score + position terms + leave term
//
// where the position terms come from Positional (none when the game does
// not implement it) and the leave term exists only for games that are
// game.Racker:
//
//   - while the bag holds tiles, the value of the mover's leave in the
//     leave table (0 without a table);
//   - once the bag is empty, the end of the game decides what the tiles
//     are worth, and the leave term is −1000·f per point of the tiles kept
//     (the opponent will probably go out first: in Scrabble it earns twice
//     their points, in Words With Friends their points plus the mover's
//     loss of them, so f = 2; in Upwords the mover only loses them, f = 1),
//     or, for a move that empties the rack (the mover goes out), +1000·f
//     per point on the other players' racks. f is the game's EndFactor, 2
//     for a game that does not implement EndFactorer. With the bag empty
//     those racks are exactly the unseen tiles, so no hidden information
//     is read.
//
// A Static keeps a scratch buffer: use one per goroutine.
type Static struct {
	leaves *Leaves
	buf    []lexicon.Tile
	sub    []lexicon.Tile
	// memo holds the table's leave terms of the last two racks
	// LeaveTerms read them for (a simulation alternates between the
	// opponent's rack, the same for every candidate, and the mover's);
	// next is the entry to replace.
	memo [2]leaveMemo
	next int
}

// leaveMemo is the LeaveTerms of one rack from the table.
type leaveMemo struct {
	rack  []lexicon.Tile
	terms []int64
	ok    bool
}

// NewStatic returns a static evaluator using leave table l (nil: no leave
// values, only the end-of-game term). l must fit the alphabet of the games
// it evaluates (Leaves.Fits).
func NewStatic(l *Leaves) *Static {
	return &Static{leaves: l, buf: make([]lexicon.Tile, 0, 16), sub: make([]lexicon.Tile, 0, 16)}
}

// Leaves returns the evaluator's leave table (nil when it has none).
func (e *Static) Leaves() *Leaves { return e.leaves }

// Equity implements Evaluator. It does not allocate.
func (e *Static) Equity(s game.State, m game.Move) int64 {
	eq := int64(s.MoveScore(m)) * 1000
	if p, ok := s.(Positional); ok {
		eq += p.PositionTerms(m)
	}
	r, ok := s.(game.Racker)
	if !ok {
		return eq
	}
	e.buf = r.Leave(e.buf[:0], m)
	return eq + e.leaveTerm(s, r, e.buf)
}

// LeaveTerm returns the leave term of Equity for the player to move in s
// keeping leave (see Static), in milli-points; 0 when s is not a
// game.Racker.
func (e *Static) LeaveTerm(s game.State, leave []lexicon.Tile) int64 {
	r, ok := s.(game.Racker)
	if !ok {
		return 0
	}
	return e.leaveTerm(s, r, leave)
}

func (e *Static) leaveTerm(s game.State, r game.Racker, leave []lexicon.Tile) int64 {
	if r.BagLen() == 0 {
		if len(leave) == 0 {
			return endFactor(s) * int64(e.otherRacks(s, r))
		}
		return -endFactor(s) * int64(e.points(s, leave))
	}
	if e.leaves == nil {
		return 0
	}
	return e.leaves.Value(leave)
}

// otherRacks returns the points on the racks of every seat but the one to
// move.
func (e *Static) otherRacks(s game.State, r game.Racker) int {
	sum := 0
	for p := range s.Players() {
		if p == s.ToMove() {
			continue
		}
		e.sub = r.Rack(e.sub[:0], p)
		sum += e.points(s, e.sub)
	}
	return sum
}

// points returns the points of tiles.
func (e *Static) points(s game.State, tiles []lexicon.Tile) int {
	sum := 0
	tp, ok := s.(TilePointer)
	for _, t := range tiles {
		switch {
		case ok:
			sum += tp.TilePoints(t)
		case e.leaves != nil && e.leaves.points != nil:
			v, _ := e.leaves.Points(t)
			sum += v
		default:
			sum++
		}
	}
	return sum
}

// LeaveBound returns an upper bound, in milli-points, of the leave term
// of Equity over every move of the player to move in s, so that a move
// scoring p points cannot have more equity than 1000·p + bound. ok is
// false when there is no such bound (a Positional game, or a rack of more
// than 10 tiles). It evaluates every sub-multiset of the rack (at most
// 2^7 lookups for a rack of 7): a player calls it once per position and
// skips the leave of every move that cannot beat the best so far.
func (e *Static) LeaveBound(s game.State) (bound int64, ok bool) {
	if _, pos := s.(Positional); pos {
		return 0, false
	}
	r, isR := s.(game.Racker)
	if !isR {
		return 0, true
	}
	if r.BagLen() == 0 {
		return max(0, endFactor(s)*int64(e.otherRacks(s, r))), true
	}
	if e.leaves == nil {
		return 0, true
	}
	rack := r.Rack(e.buf[:0], s.ToMove())
	e.buf = rack
	if len(rack) > 10 {
		return 0, false
	}
	var best int64 // the empty leave
	for mask := 1; mask < 1<<len(rack); mask++ {
		sub := e.sub[:0]
		for i, t := range rack {
			if mask&(1<<i) != 0 {
				sub = append(sub, t)
			}
		}
		e.sub = sub
		best = max(best, e.leaves.Value(sub))
	}
	return best, true
}

// LeaveTerms appends to dst the leave term of Equity (see Static) for
// every sub-multiset of the rack of the player to move in s, as kept
// after a move: 2^n values for a rack of n tiles, the value for mask m at
// index m, where bit i of m keeps the i-th tile of the rack in the order
// of game.Racker.Rack. The maximum over them is LeaveBound; a player that
// bounds equity by the tiles a move keeps uses them all
// (game.BoundedMover). ok is false, and dst is returned unchanged, when
// s is not a game.Racker, is Positional, or holds more than 10 tiles on
// the rack. It does not allocate once its buffers have grown.
func (e *Static) LeaveTerms(s game.State, dst []int64) ([]int64, bool) {
	if _, pos := s.(Positional); pos {
		return dst, false
	}
	r, isR := s.(game.Racker)
	if !isR {
		return dst, false
	}
	rack := r.Rack(e.buf[:0], s.ToMove())
	e.buf = rack
	if len(rack) > 10 {
		return dst, false
	}
	if r.BagLen() > 0 && e.leaves != nil {
		for i := range e.memo {
			if m := &e.memo[i]; m.ok && slices.Equal(m.rack, rack) {
				return append(dst, m.terms...), true
			}
		}
		// The table's values, every subset read without sorting.
		if out, ok := e.leaves.subsetValues(rack, dst, e.sub); ok {
			m := &e.memo[e.next]
			e.next = 1 - e.next
			m.rack = append(m.rack[:0], rack...)
			m.terms = append(m.terms[:0], out[len(dst):]...)
			m.ok = true
			return out, true
		}
	}
	for mask := 0; mask < 1<<len(rack); mask++ {
		sub := e.sub[:0]
		for i, t := range rack {
			if mask&(1<<i) != 0 {
				sub = append(sub, t)
			}
		}
		e.sub = sub
		dst = append(dst, e.leaveTerm(s, r, sub))
	}
	return dst, true
}
