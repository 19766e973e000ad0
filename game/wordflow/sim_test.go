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

// TestLastRound plays simultaneous games to the end and checks LastRound
// after every move: nil inside a round; at a round's end one entry per
// seat in the round's order whose placements are the pieces now on the
// puzzle and whose points add up to the change of the scores.
func TestLastRound(t *testing.T) {
	rounds, voids := 0, 0
	for seed := range uint64(10) {
		s := newTest(t, "mode=simultaneous", 3, seed)
		if s.LastRound() != nil {
			t.Fatalf("seed %d: LastRound before any move", seed)
		}
		for !s.Over() {
			var before [MaxPlayers]int
			copy(before[:], s.scores[:])
			s.Play(s.AppendMoves(nil)[0])
			lr := s.LastRound()
			if s.pos != 0 {
				if lr != nil {
					t.Fatalf("seed %d: LastRound inside a round", seed)
				}
				continue
			}
			if len(lr) != 3 {
				t.Fatalf("seed %d: LastRound has %d entries, want 3", seed, len(lr))
			}
			rounds++
			var gain [MaxPlayers]int
			for _, rp := range lr {
				id, r, c, ok := Decode(rp.Move)
				if rp.Placed {
					if p, _ := s.At(r, c); !ok || p != &s.set.Pieces[id] {
						t.Fatalf("seed %d: placed %s is not on the puzzle", seed, s.FormatMove(rp.Move))
					}
					pts := 0
					for _, w := range rp.Words {
						pts += w.Points
					}
					if pts != rp.Points+rp.Claimed {
						t.Fatalf("seed %d: words worth %d, points %d + claimed %d", seed, pts, rp.Points, rp.Claimed)
					}
				} else if ok {
					voids++
				}
				gain[rp.Seat] += rp.Points
			}
			for p := range 3 {
				if s.scores[p]-before[p] != gain[p] {
					t.Fatalf("seed %d: seat %d gained %d, LastRound says %d", seed, p, s.scores[p]-before[p], gain[p])
				}
			}
		}
	}
	if rounds < 50 || voids == 0 {
		t.Fatalf("only %d rounds, %d voids checked", rounds, voids)
	}
}
