package wordflow

import (
	"slices"

	"wordengine/game"
)

// Move layout:
//
//	A bits 0-7    1 for a placement, 2 for a pass
//	A bits 8-15   the piece id
//	A bits 16-23  the cell, row*14 + column
//	B bits 0-62   missed words: bit i set when the placer did not
//	              announce word i (in Words order); 0 for engine moves
//	B bit 63      the turn was zeroed by a successful challenge
//
// The zero Move is no move.
const (
	kindPlace = 1
	kindPass  = 2
	zeroedBit = uint64(1) << 63
)

// Pass is the pass move (legal only when no piece of the hand fits).
var Pass = game.Move{A: kindPass}

// Placement returns the move placing piece id on cell (r, c), every word
// announced.
func Placement(id uint8, r, c int) game.Move {
	return game.Move{A: kindPlace | uint64(id)<<8 | uint64(r*stride+c)<<16}
}

// Decode returns the piece id and cell of a placement; ok is false for
// a pass or the zero move.
func Decode(m game.Move) (id uint8, r, c int, ok bool) {
	if m.A&0xff != kindPlace {
		return 0, 0, 0, false
	}
	x := int(m.A >> 16 & 0xff)
	return uint8(m.A >> 8), x / stride, x % stride, true
}

// WithMissed returns placement m with the words whose indexes (in Words
// order) are in missed marked as not announced: in competitive play the
// next seat claims them, with courtesy the placer keeps them.
func WithMissed(m game.Move, missed []int) game.Move {
	for _, i := range missed {
		if i >= 0 && i < 63 {
			m.B |= 1 << i
		}
	}
	return m
}

// Zeroed returns placement m with its turn zeroed (a challenged word was
// invalid): nobody scores any word of the placement.
func Zeroed(m game.Move) game.Move { m.B |= zeroedBit; return m }

// AppendMoves implements game.State: every placement of a piece of the
// mover's hand on a cell it fits (pieces with equal faces, kind, side and
// parity give one move, with the first such piece in the hand), or Pass
// when none fits. It allocates nothing when dst has room.
func (s *State) AppendMoves(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	start := len(dst)
	hand := s.hands[s.ToMove()]
	var ids [16]uint8 // the hand's distinct pieces (a hand holds at most 9)
	n := 0
	for i, id := range hand {
		dup := false
		for _, prev := range hand[:i] {
			if s.set.Pieces[prev] == s.set.Pieces[id] {
				dup = true
				break
			}
		}
		if !dup && n < len(ids) {
			ids[n] = id
			n++
		}
	}
	rows, cols := s.Extent()
	rows, cols = min(rows+1, MaxSide), min(cols+1, MaxSide)
	for r := range rows {
		for c := range cols {
			if s.cell[r*stride+c] != empty || !s.touches(r, c) {
				continue
			}
			for _, id := range ids[:n] {
				if s.Fits(id, r, c) {
					dst = append(dst, Placement(id, r, c))
				}
			}
		}
	}
	if len(dst) == start {
		dst = append(dst, Pass)
	}
	return dst
}

// handIndex returns where piece id is in seat p's hand, or -1.
func (s *State) handIndex(p int, id uint8) int {
	for i, h := range s.hands[p] {
		if h == id {
			return i
		}
	}
	return -1
}

// share is how the points of a placement are divided: placer gets
// placer, claimant (the next seat, -1 when none) gets claimed.
type share struct {
	placer, claimed, claimant int
	bestPlacer, bestClaim     int
}

// shares computes the division of the words of s.words under move m,
// missed words going to seat claimant.
func (s *State) shares(m game.Move, claimant int) share {
	sh := share{claimant: -1}
	if m.B&zeroedBit != 0 {
		return sh
	}
	n := len(s.words)
	for i, w := range s.words {
		missed := i < 63 && m.B&(1<<i) != 0
		if missed && !s.opts.Courtesy && s.opts.Players > 1 {
			sh.claimed += w.Points
			sh.bestClaim = max(sh.bestClaim, w.Points)
		} else {
			sh.placer += w.Points
			sh.bestPlacer = max(sh.bestPlacer, w.Points)
		}
	}
	if s.opts.TripleBonus && n >= 3 {
		sh.placer *= 2
	}
	if sh.claimed > 0 {
		sh.claimant = claimant
	}
	return sh
}

// nextSeat returns the seat that moves after the current one (in the
// current round's order; at a round's end, the first seat of the order).
func (s *State) nextSeat() int {
	if s.pos+1 < s.opts.Players {
		return int(s.order[s.pos+1])
	}
	return int(s.order[0])
}

// MoveScore implements game.State: the points the mover scores with m:
// the sum of the values of every word the placement creates (doubled
// with triple-bonus when there are 3 or more), less the missed words an
// opponent claims; 0 for a pass or a zeroed turn.
func (s *State) MoveScore(m game.Move) int {
	id, r, c, ok := Decode(m)
	if !ok {
		return 0
	}
	x := r*stride + c
	s.cell[x] = id
	s.words = s.fs.find(s, x, s.words[:0])
	s.cell[x] = empty
	return s.shares(m, s.nextSeat()).placer
}

// Words appends to dst every word placement m creates (see the package
// doc's word finder), in the order the missed-word bits of a Move refer
// to. m must be a legal placement.
func (s *State) Words(dst []Word, m game.Move) []Word {
	id, r, c, ok := Decode(m)
	if !ok {
		return dst
	}
	x := r*stride + c
	s.cell[x] = id
	dst = s.fs.find(s, x, dst)
	s.cell[x] = empty
	return dst
}

// Play implements game.State. In simultaneous play a placement is a
// commitment: the piece stays in the hand and the puzzle does not change
// until the last seat of the round has committed; then the round's
// placements are made in the round's order, each only if it still fits
// (otherwise it is void and the piece stays in the hand), and scored.
func (s *State) Play(m game.Move) {
	p := s.ToMove()
	u := undoRec{move: m, handIdx: -1, drew: s.drew, right: s.right, bottom: s.bottom, maxR: s.maxR, maxC: s.maxC,
		scores: s.scores, best: s.best, over: s.over, order: s.order, pos: s.pos, round: s.round, zob: s.zob,
		open: s.open, pending: s.pending}
	sim := s.opts.Mode == Simultaneous
	if _, _, _, ok := Decode(m); ok {
		if sim {
			s.pending[s.pos] = m
		} else {
			u.handIdx = s.apply(p, m, s.nextSeat())
		}
	} else {
		if sim {
			s.pending[s.pos] = Pass
		}
		if s.drew {
			// A pass: the piece drawn this turn goes back under the pool.
			h := s.hands[p]
			id := h[len(h)-1]
			s.hands[p] = h[:len(h)-1]
			s.zob ^= zHand[p][id]
			s.pool = slices.Insert(s.pool, 0, id)
			u.putBack = true
		}
	}
	if s.drew {
		s.zob ^= zDrew
	}
	s.drew = false
	s.pos++
	if s.pos == s.opts.Players {
		if sim {
			u.resolved = true
			s.resolve(&u)
		}
		s.round++
		s.startRound()
	}
	if !sim || u.resolved {
		s.over = s.checkOver()
	}
	if q := s.ToMove(); !s.over && len(s.pool) > 0 && len(s.hands[q]) <= s.opts.Hand {
		s.addHand(q, s.popPool())
		s.drew = true
		s.zob ^= zDrew
		u.nextDrew = true
	}
	s.undo = append(s.undo, u)
}

// apply places the piece of placement m from seat p's hand and scores
// it; missed words go to claimant. It returns the piece's index in the
// hand.
func (s *State) apply(p int, m game.Move, claimant int) int8 {
	id, r, c, _ := Decode(m)
	i := s.handIndex(p, id)
	s.hands[p] = slices.Delete(s.hands[p], i, i+1)
	s.zob ^= zHand[p][id]
	x := r*stride + c
	s.put(id, x)
	s.words = s.fs.find(s, x, s.words[:0])
	sh := s.shares(m, claimant)
	s.scores[p] += sh.placer
	s.best[p] = max(s.best[p], sh.bestPlacer)
	if sh.claimant >= 0 {
		s.scores[sh.claimant] += sh.claimed
		s.best[sh.claimant] = max(s.best[sh.claimant], sh.bestClaim)
	}
	return int8(i)
}

// resolve makes the committed placements of a simultaneous round in the
// round's order, skipping (voiding) those that no longer fit or whose
// piece is no longer in the hand (after a determinization).
func (s *State) resolve(u *undoRec) {
	n := s.opts.Players
	for i := range n {
		u.applied[i] = -1
		seat := int(s.order[i])
		m := s.pending[i]
		id, r, c, ok := Decode(m)
		if !ok || s.handIndex(seat, id) < 0 || !s.Fits(id, r, c) {
			continue
		}
		u.applied[i] = s.apply(seat, m, int(s.order[(i+1)%n]))
	}
	s.pending = [MaxPlayers]game.Move{}
}

// Undo implements game.State.
func (s *State) Undo() {
	if len(s.undo) == 0 {
		panic("wordflow: Undo with nothing played")
	}
	u := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	if u.nextDrew {
		q := s.ToMove()
		h := s.hands[q]
		s.pool = append(s.pool, h[len(h)-1])
		s.hands[q] = h[:len(h)-1]
	}
	if u.resolved {
		pending := u.pending
		pending[u.pos] = u.move
		for i := s.opts.Players - 1; i >= 0; i-- {
			if u.applied[i] < 0 {
				continue
			}
			id, r, c, _ := Decode(pending[i])
			s.cell[r*stride+c] = empty
			seat := int(u.order[i])
			s.hands[seat] = slices.Insert(s.hands[seat], int(u.applied[i]), id)
		}
	}
	s.order, s.pos, s.round, s.pending = u.order, u.pos, u.round, u.pending
	p := s.ToMove()
	if id, r, c, ok := Decode(u.move); ok && u.handIdx >= 0 {
		s.cell[r*stride+c] = empty
		s.hands[p] = slices.Insert(s.hands[p], int(u.handIdx), id)
	} else if u.putBack {
		s.hands[p] = append(s.hands[p], s.pool[0])
		s.pool = slices.Delete(s.pool, 0, 1)
	}
	s.drew, s.right, s.bottom, s.maxR, s.maxC = u.drew, u.right, u.bottom, u.maxR, u.maxC
	s.scores, s.best, s.over, s.zob, s.open = u.scores, u.best, u.over, u.zob, u.open
}
