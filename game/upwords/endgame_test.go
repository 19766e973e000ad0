package upwords

import (
	"testing"

	"wordengine/eval"
	"wordengine/game"
)

// TestStaticEndgameTerm checks that eval.Static values the end of an
// Upwords game as the rules do: with the pool empty, each tile kept is
// worth -TilePenalty (its holder loses it, nobody gains it), and a play
// that goes out is worth +TilePenalty per tile on the other racks; and
// that playing such a move really changes the spread so: the mover gains
// only the play's score, every other seat loses TilePenalty per tile.
func TestStaticEndgameTerm(t *testing.T) {
	e := eval.NewStatic(nil)
	var moves []game.Move
	kept, out := 0, 0
	randomPositions(t, 4000, "", nil, func(s *State, seed uint64, ply int) {
		if s.BagLen() > 0 {
			return
		}
		p := s.ToMove()
		others := 0
		for q := range s.Players() {
			if q != p {
				others += len(s.Rack(nil, q))
			}
		}
		moves = s.AppendMoves(moves[:0])
		for _, m := range moves {
			leave := len(s.Leave(nil, m))
			want := int64(-1000 * TilePenalty * leave)
			if leave == 0 {
				want = int64(1000 * TilePenalty * others)
				out++
				c := s.clone()
				c.Play(m)
				if !c.Over() {
					t.Fatalf("seed %d ply %d: %s empties the rack with the pool empty but the game goes on", seed, ply, s.FormatMove(m))
				}
				for q := range s.Players() {
					d := c.Score(q) - s.Score(q)
					w := -TilePenalty * len(s.Rack(nil, q))
					if q == p {
						w = s.MoveScore(m)
					}
					if d != w {
						t.Fatalf("seed %d ply %d: %s changes seat %d's score by %d, want %d", seed, ply, s.FormatMove(m), q+1, d, w)
					}
				}
			} else {
				kept++
			}
			if got := e.Equity(s, m) - 1000*int64(s.MoveScore(m)); got != want {
				t.Fatalf("seed %d ply %d: %s keeps %d tiles: end-of-game term %d, want %d", seed, ply, s.FormatMove(m), leave, got, want)
			}
		}
		if b, ok := e.LeaveBound(s); !ok || b != int64(1000*TilePenalty*others) {
			t.Fatalf("seed %d ply %d: LeaveBound %d, %v, want %d", seed, ply, b, ok, 1000*TilePenalty*others)
		}
	})
	if kept == 0 || out == 0 {
		t.Fatalf("%d moves keeping tiles, %d going out: want both", kept, out)
	}
}
