package crossword

import (
	"wordengine/game"
	"wordengine/lexicon"
)

// Generation near the last move (game.NearMover). A simulation asks for
// the opponent's reply to each of its candidates with the same rack; the
// board differs from the one before the candidate only by the candidate's
// tiles. A play of the new board whose word (with the squares just before
// and after it) covers none of the candidate's squares, and that puts no
// tile on a square whose cross-word the candidate changed, was a play of
// the old board with the same words and the same score: its main word
// holds the same tiles between the same empty ends, its cross-words are
// the same, and it touched an old tile (a tile of the candidate next to
// one of its squares would have changed that square's cross-word, or be
// in its word). So the best reply is either the best play of the old
// board, when the candidate did not touch it, or a play whose span meets
// the changed squares: StartBoundedNear bounds and hands out only those.

// nearRegion fills near with the squares the last move played changed,
// for plays along each direction: near[d][k] has bit p set when square p
// of lane k (direction d) is one the move covered, or an empty square
// whose cross-set for plays along d it changed (the first empty square
// past the tiles next to a covered square, along the other direction, as
// Board.updateFrom). It returns false when the changes are unknown: no
// move played, or a set-up (PlaceTile, RemoveTile) since the last one. A
// move that placed no tile changed nothing.
func (s *State) nearRegion(near *[2][MaxDim]uint32) bool {
	return s.nearSquares(near, nil)
}

// nearSquares is nearRegion, also filling covered (when not nil) with the
// squares the last move covered alone, in the same layout.
func (s *State) nearSquares(near, covered *[2][MaxDim]uint32) bool {
	*near = [2][MaxDim]uint32{}
	if covered != nil {
		*covered = [2][MaxDim]uint32{}
	}
	if len(s.undo) == 0 || s.editAt >= len(s.undo) {
		return false
	}
	u := &s.undo[len(s.undo)-1]
	if MoveKind(u.move) != Play {
		return true
	}
	b := s.board
	for _, sq := range u.squares[:MoveTileCount(u.move)] {
		i := int(sq)
		for d := Across; d <= Down; d++ {
			lane, p := b.pos(d, i)
			near[d][lane] |= 1 << p
			if covered != nil {
				covered[d][lane] |= 1 << p
			}
			// The cross-words of plays along d run along 1-d.
			st := b.step(1 - d)
			cl, cp := b.pos(1-d, i)
			_, n := b.lane(1-d, cl)
			for _, dir := range [2]int{-1, 1} {
				q := cp + dir
				for q >= 0 && q < n && b.sq[i+(q-cp)*st] != 0 {
					q += dir
				}
				if q >= 0 && q < n {
					l2, p2 := b.pos(d, i+(q-cp)*st)
					near[d][l2] |= 1 << p2
				}
			}
		}
	}
	return true
}

// spanBits returns the bits lo..hi (lane positions, 0 <= lo <= hi <
// MaxDim).
func spanBits(lo, hi int) uint32 {
	return (uint32(1)<<(hi+1) - 1) &^ (uint32(1)<<lo - 1)
}

// StartBoundedNear implements game.NearMover: StartBounded limited to the
// spans that meet the squares the last move changed (nearRegion): the
// groups hold every play whose word covers one of the last move's squares
// or that puts a tile on a square whose cross-set it changed. After a
// move that placed no tile they hold nothing. When the last move's
// changes are unknown (no move played, or a set-up since), it is
// StartBounded.
func (s *State) StartBoundedNear(leave []int64, onlyBest bool) {
	s.startBounded(leave, onlyBest, true)
}

// Untouched implements game.NearMover: whether play m, a legal play for
// the player to move on the board before the last move, is a legal play
// with the same score now: its word meets none of the squares the last
// move changed (nearRegion), and the squares just before and after it
// none of the squares the last move covered. It is false for a move that
// places no tile, when the last move's changes are unknown, and when m
// is plainly not a play of the player to move (its tiles are not on the
// rack, or do not fill the empty squares of its word), and when the game
// is over (no play is legal then: the last move was a resignation, or a
// pass or exchange that reached the scoreless-turn limit). A play
// of now that is not such a play is in the groups of StartBoundedNear,
// which hold every span that meets the changed squares.
func (s *State) Untouched(m game.Move) bool {
	if MoveKind(m) != Play || s.over {
		return false
	}
	var near, covered [2][MaxDim]uint32
	if !s.nearSquares(&near, &covered) {
		return false
	}
	b := s.board
	d := MoveDir(m)
	row, col := MoveStart(m)
	n := MoveLen(m)
	lane, lo := row, col
	if d == Down {
		lane, lo = col, row
	}
	_, ln := b.lane(d, lane)
	if n == 0 || lo+n > ln || lane >= b.lanes(d) {
		return false
	}
	var ends uint32 // the squares just before and after the word
	if lo > 0 {
		ends |= 1 << (lo - 1)
	}
	if lo+n < ln {
		ends |= 1 << (lo + n)
	}
	if near[d][lane]&spanBits(lo, lo+n-1) != 0 || covered[d][lane]&ends != 0 {
		return false
	}
	// A guard against a move that was not a play of this rack on this
	// board: its tiles must be on the rack and fill exactly the empty
	// squares of its word.
	first, _ := b.lane(d, lane)
	st := b.step(d)
	empty := 0
	for q := lo; q < lo+n; q++ {
		if b.sq[first+q*st] == 0 {
			empty++
		}
	}
	if empty != MoveTileCount(m) || empty == 0 {
		return false
	}
	r := s.racks[s.toMove]
	for i := range empty {
		t := lexicon.Tile(m.B >> (8 * i))
		if r.counts[rackIndex(t)] == 0 {
			return false
		}
		r.remove(t)
	}
	return true
}

// Pass implements game.NearMover: the pass move.
func (s *State) Pass() game.Move { return passMove }
