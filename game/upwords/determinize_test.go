package upwords

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDeterminize checks that determinizing for a seat keeps what it
// sees (board, own rack, rack sizes, pool size, scores) and the multiset
// of tiles it cannot see, and redeals the other racks.
func TestDeterminize(t *testing.T) {
	changed := 0
	randomPositions(t, 60, "", nil, func(s *State, seed uint64, ply int) {
		p := s.ToMove()
		c := s.clone()
		c.Determinize(p, rand.New(rand.NewPCG(seed, uint64(ply))))
		if c.BoardText() != s.BoardText() || !slices.Equal(c.Rack(nil, p), s.Rack(nil, p)) || c.BagLen() != s.BagLen() {
			t.Fatalf("seed %d ply %d: Determinize changed what seat %d sees", seed, ply, p+1)
		}
		if !slices.Equal(c.Unseen(nil, p), s.Unseen(nil, p)) {
			t.Fatalf("seed %d ply %d: Determinize changed the unseen tiles", seed, ply)
		}
		for q := range s.Players() {
			if c.Score(q) != s.Score(q) || len(c.Rack(nil, q)) != len(s.Rack(nil, q)) {
				t.Fatalf("seed %d ply %d: Determinize changed seat %d's score or rack size", seed, ply, q+1)
			}
			if q != p && !slices.Equal(c.Rack(nil, q), s.Rack(nil, q)) {
				changed++
			}
		}
		// The determinized game plays on: its moves are legal there.
		if ms := c.AppendMoves(nil); len(ms) == 0 {
			t.Fatalf("seed %d ply %d: no move after Determinize", seed, ply)
		}
	})
	if changed == 0 {
		t.Error("Determinize never changed another seat's rack")
	}
}
