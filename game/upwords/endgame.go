package upwords

import (
	"math/bits"

	"wordengine/game"
)

// The endgame interfaces (game.PositionKeyer, game.EndgameMover): an
// exact endgame search (package search/endgame) keys its transposition
// table by PositionKey and values moves by AppendEndgameMoves' spread
// changes, which the end rules give without playing the moves when the
// pool is empty: a play that empties the rack ends the game, and every
// other player loses TilePenalty points per tile left; a pass that makes
// every player have passed in a row (or the turns without a play reach
// three per player) ends it, and every player loses as much.

// mix is the finalizer of splitmix64 (Steele, Lea and Flood 2014).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// PositionKey implements game.PositionKeyer: a hash of every square's
// top tile and height, every rack, the pool's tiles, the player to move,
// the pass and idle counters and whether the game is over; the scores
// are left out.
func (s *State) PositionKey() uint64 {
	var h uint64
	for i := range s.b.n * s.b.n {
		if s.b.h[i] != 0 {
			h ^= mix(uint64(i)<<16 | uint64(s.b.top[i])<<8 | uint64(s.b.h[i]) | 0x51<<56)
		}
	}
	for p := range s.players {
		for t, c := range s.racks[p].counts {
			if c != 0 {
				h ^= mix(uint64(p)<<24 | uint64(t)<<8 | uint64(c) | 0x52<<56)
			}
		}
	}
	var pool uint64
	for _, t := range s.bag.Tiles() {
		pool += mix(uint64(t) | 0x53<<56)
	}
	st := uint64(s.toMove) | uint64(s.passes)<<8 | uint64(s.idle)<<16 | 0x54<<56
	if s.over {
		st |= 1 << 24
	}
	return h ^ mix(pool) ^ mix(st)
}

// AppendEndgameMoves implements game.EndgameMover: AppendMoves, each move
// with the change of the mover's score minus the other's (with more than
// two players, the best other's). With tiles in the pool, or more than
// two players, the moves are played and taken back to see what they do;
// with two players and the pool empty the end rules say it at once. It
// allocates nothing once its buffers have grown.
func (s *State) AppendEndgameMoves(dst []game.EndgameMove) []game.EndgameMove {
	if s.over {
		return dst
	}
	p := s.toMove
	var moves []game.Move
	if s.gen != nil {
		moves = s.gen.moves[:0]
	}
	moves = s.AppendMoves(moves)
	s.gen.moves = moves
	if s.bag.Len() > 0 || s.players != 2 {
		for _, m := range moves {
			before := s.margin(p)
			s.Play(m)
			em := game.EndgameMove{Move: m, Delta: int32(s.margin(p) - before), Ends: s.over}
			s.Undo()
			if MoveKind(m) == Play {
				em.Tiles = uint8(bits.OnesCount16(MoveMask(m)))
			} else if MoveKind(m) == Exchange {
				em.Tiles = 1
			}
			dst = append(dst, em)
		}
		return dst
	}
	mine, theirs := int32(s.racks[p].n), int32(s.racks[1-p].n)
	for _, m := range moves {
		em := game.EndgameMove{Move: m}
		switch MoveKind(m) {
		case Play:
			n := bits.OnesCount16(MoveMask(m))
			em.Delta, em.Tiles = int32(moveScore(m)), uint8(n)
			if int32(n) == mine {
				em.Delta += TilePenalty * theirs
				em.Ends = true
			}
		case Pass:
			if s.passes+1 >= s.players || s.idle+1 >= 3*s.players {
				em.Delta = TilePenalty * (theirs - mine)
				em.Ends = true
			}
		}
		dst = append(dst, em)
	}
	return dst
}

// margin returns seat p's score minus the best other seat's.
func (s *State) margin(p int) int {
	best, have := 0, false
	for q := range s.players {
		if q != p && (!have || s.scores[q] > best) {
			best, have = s.scores[q], true
		}
	}
	return s.scores[p] - best
}
