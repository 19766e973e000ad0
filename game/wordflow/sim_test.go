package wordflow

import (
	"testing"

	"wordengine/game"
)

// TestSimultaneousVoid commits two placements on one cell in a round:
// the first in the round's order is made, the second is void and its
// piece stays in the hand, and that seat does not draw next round.
func TestSimultaneousVoid(t *testing.T) {
	voids := 0
	for seed := range uint64(40) {
		s := newTest(t, "mode=simultaneous", 2, seed)
		first, second := s.ToMove(), 1-s.ToMove()
		var m1 game.Move
		for _, m := range s.AppendMoves(nil) {
			if _, r, c, ok := Decode(m); ok {
				// second needs a piece of the cell's parity
				for _, id := range s.hands[second] {
					if s.set.Pieces[id].Parity.Fits(r, c) {
						m1 = m
					}
				}
			}
			if !m1.IsZero() {
				break
			}
		}
		if m1.IsZero() {
			continue
		}
		_, r, c, _ := Decode(m1)
		before := s.String()
		s.Play(m1)
		if got, _ := s.At(r, c); got != nil {
			t.Fatalf("seed %d: a commitment changed the puzzle before the round's end", seed)
		}
		var m2 game.Move
		for _, m := range s.AppendMoves(nil) {
			if _, r2, c2, ok := Decode(m); ok && r2 == r && c2 == c {
				m2 = m
				break
			}
		}
		if m2.IsZero() {
			t.Fatalf("seed %d: seat %d has no placement on %s", seed, second, CellName(r, c))
		}
		id1, _, _, _ := Decode(m1)
		id2, _, _, _ := Decode(m2)
		handBefore := len(s.hands[second])
		s.Play(m2)
		if p, _ := s.At(r, c); p != &s.set.Pieces[id1] {
			t.Fatalf("seed %d: %s does not hold the first commitment's piece", seed, CellName(r, c))
		}
		if s.handIndex(second, id2) < 0 {
			t.Fatalf("seed %d: the void placement's piece left the hand", seed)
		}
		if s.handIndex(first, id1) >= 0 {
			t.Fatalf("seed %d: the made placement's piece is still in the hand", seed)
		}
		if len(s.hands[second]) != handBefore {
			t.Fatalf("seed %d: seat %d holds %d pieces after its void placement, want %d", seed, second, len(s.hands[second]), handBefore)
		}
		// Next round: the seat with the void placement holds hand+1 and
		// does not draw when its turn comes.
		for !s.Over() && s.ToMove() != second {
			s.Play(s.AppendMoves(nil)[0])
		}
		if !s.Over() && len(s.hands[second]) != s.opts.Hand+1 {
			t.Fatalf("seed %d: seat %d holds %d pieces at its turn, want %d", seed, second, len(s.hands[second]), s.opts.Hand+1)
		}
		for len(s.undo) > 0 {
			s.Undo()
		}
		if s.String() != before {
			t.Fatalf("seed %d: undo does not restore the position", seed)
		}
		voids++
	}
	if voids < 10 {
		t.Fatalf("only %d void placements tested", voids)
	}
}
