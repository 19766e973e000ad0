package wordflow

import "wordengine/game"

// RoundPlacement is one seat's commitment in a simultaneous round, as the
// round's end made it (LastRound).
type RoundPlacement struct {
	Seat int
	// Move is the commitment: a placement, or Pass.
	Move game.Move
	// Placed is false for a pass and for a void placement (its cell was
	// taken, or its contact or outline broken, by an earlier placement of
	// the round): the piece stayed in the hand.
	Placed bool
	// Words are the words the placement created when it was made (Words
	// order; nil when not placed). Their text and path are those of the
	// puzzle after the round (Describe).
	Words []Word
	// Points is what the placer scored with it; Claimed what the next
	// seat in the round's order claimed from its missed words.
	Points, Claimed int
}

// LastRound reports, when the last move played (Play) ended a
// simultaneous round, every commitment of that round in the round's
// order: who committed what, whether it was placed or void, its words
// and points. It returns nil when the last move did not end a round (in
// turn-based and cooperative play always). It allocates; it is meant for
// user interfaces, not for searches.
func (s *State) LastRound() []RoundPlacement {
	if len(s.undo) == 0 || !s.undo[len(s.undo)-1].resolved {
		return nil
	}
	// Take back the round's last commitment (and with it the round's
	// end), then make the round's placements again one by one, as resolve
	// does, recording each.
	c := s.clone()
	last := c.undo[len(c.undo)-1]
	c.Undo()
	c.pending[c.pos] = last.move
	n := c.opts.Players
	out := make([]RoundPlacement, n)
	for i := range n {
		seat := int(c.order[i])
		m := c.pending[i]
		out[i] = RoundPlacement{Seat: seat, Move: m}
		id, r, col, ok := Decode(m)
		if !ok || c.handIndex(seat, id) < 0 || !c.Fits(id, r, col) {
			continue
		}
		claimant := int(c.order[(i+1)%n])
		before, beforeClaim := c.scores[seat], c.scores[claimant]
		c.apply(seat, m, claimant)
		out[i].Placed = true
		out[i].Words = append([]Word(nil), c.words...)
		out[i].Points = c.scores[seat] - before
		if claimant != seat {
			out[i].Claimed = c.scores[claimant] - beforeClaim
		}
	}
	return out
}
