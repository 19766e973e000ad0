package crossword

import (
	"testing"

	"wordengine/game"
)

// TestLaneCache checks that the lanes a laneCache hands out equal those
// loaded from the board: one cache goes over the positions of a game of
// each layout in turn (an empty board, then after each move, then back
// move by move with Undo), so that it meets lanes it holds, lanes it
// lost, empty boards and a change of layout; and that the anchor windows
// it keeps with a lane are those of the lane.
//
// Checks INV-10 (MOVEGEN.md).
func TestLaneCache(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	var c laneCache
	hits, lookups := 0, 0
	for _, name := range []string{"wwf", "scrabble", "super", "wwf"} {
		r := testRules(t, name)
		s, err := New(r, lx, 31)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string) {
			t.Helper()
			s.syncCross()
			b := s.board
			for d := Across; d <= Down; d++ {
				for k := range b.lanes(d) {
					var got, want laneData
					lookups++
					key := b.laneKey[d][k]
					if b.tiles == 0 {
						key ^= emptyBoardKey
					}
					for w := range laneWays {
						if c.prem == &b.prem[0] && c.ok[d][k][w] && c.key[d][k][w] == key {
							hits++
						}
					}
					sums, fresh := c.load(&got, b, d, k, r.RackSize)
					want.load(b, d, k)
					if got != want {
						t.Fatalf("%s, %s: lane %d %v: the cache's lane differs from the board's\n%s", name, what, k, d, s)
					}
					// The anchors' windows: worked out when fresh, as
					// StartBounded does, and the same when read again.
					g := s.generator()
					for p := range want.n {
						if !want.anchor[p] {
							continue
						}
						var ws winSum
						g.windowSum(&want, p, r.RackSize, b.all, &ws)
						switch {
						case fresh:
							sums[p] = ws
						case sums[p] != ws:
							t.Fatalf("%s, %s: lane %d %v square %d: the cache's window differs from the lane's\n%s", name, what, k, d, p, s)
						}
					}
				}
			}
		}
		check("empty board")
		played := 0
		for range 14 {
			m, ok := firstPlay(s)
			if !ok {
				break
			}
			s.Play(m)
			played++
			check("after a play")
		}
		for range played {
			s.Undo()
			check("after an undo")
		}
	}
	if hits == 0 || hits == lookups {
		t.Errorf("%d of %d lanes from the cache: both paths should be taken", hits, lookups)
	}
	t.Logf("%d of %d lanes from the cache", hits, lookups)
}

// firstPlay returns the highest-scoring tile play of s (false when it
// has none).
func firstPlay(s *State) (m game.Move, ok bool) {
	best := -1
	for _, p := range s.AppendPlays(nil) {
		if sc := s.MoveScore(p); sc > best {
			m, best, ok = p, sc, true
		}
	}
	return m, ok
}
