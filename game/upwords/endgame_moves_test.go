package upwords

import (
	"fmt"
	"slices"
	"testing"

	"wordengine/game"
)

// TestEndgameMovesEqualMoves checks, on seeded random positions of 2 to
// 4 players (the late ones with the pool nearly or quite empty), that
// AppendEndgameMoves lists exactly AppendMoves, each with the spread
// change, tile count and end that playing it shows, and that PositionKey
// is unchanged by a move and its undo and differs after a move.
func TestEndgameMovesEqualMoves(t *testing.T) {
	late, count := 0, 3000
	if testing.Short() || raceEnabled {
		count = 600
	}
	randomPositions(t, count, "", nil, func(s *State, seed uint64, ply int) {
		if s.bag.Len() > 3 && ply%9 != 0 {
			return
		}
		if s.bag.Len() <= 1 {
			late++
		}
		label := fmt.Sprintf("seed %d ply %d (%d players, pool %d)", seed, ply, s.players, s.bag.Len())
		got := s.AppendEndgameMoves(nil)
		want := s.AppendMoves(nil)
		if len(got) != len(want) {
			t.Fatalf("%s: %d endgame moves, %d moves", label, len(got), len(want))
		}
		key := s.PositionKey()
		p := s.toMove
		for i, em := range got {
			if em.Move != want[i] {
				t.Fatalf("%s: endgame move %d is %s, AppendMoves has %s", label, i, s.FormatMove(em.Move), s.FormatMove(want[i]))
			}
			before := s.margin(p)
			tiles := len(s.Rack(nil, p)) - len(s.Leave(nil, em.Move))
			s.Play(em.Move)
			d, over := s.margin(p)-before, s.over
			if s.PositionKey() == key {
				t.Fatalf("%s: %s leaves the key as it was", label, s.FormatMove(em.Move))
			}
			s.Undo()
			if MoveKind(em.Move) == Pass {
				tiles = 0
			}
			if int(em.Delta) != d || em.Ends != over || int(em.Tiles) != tiles {
				t.Fatalf("%s: %s: delta %d ends %v tiles %d, playing it: %d %v %d", label, s.FormatMove(em.Move), em.Delta, em.Ends, em.Tiles, d, over, tiles)
			}
			if s.PositionKey() != key {
				t.Fatalf("%s: %s and its undo change the key", label, s.FormatMove(em.Move))
			}
		}
		if !slices.ContainsFunc(got, func(m game.EndgameMove) bool { return MoveKind(m.Move) == Pass }) {
			t.Fatalf("%s: no pass", label)
		}
	})
	if late == 0 {
		t.Fatal("no position with the pool empty or holding one tile")
	}
}
