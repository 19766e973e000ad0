package crossword

import (
	"slices"
	"testing"

	"wordengine/game"
)

// TestCompact checks that a compacted state is the same position (hash,
// moves, scores) with no move generator and no spare undo capacity, and
// that it plays, undoes and generates as the original does.
func TestCompact(t *testing.T) {
	r := testRules(t, "wwf")
	for seed := range uint64(8) {
		s := playRandom(t, r, seed, 3+int(seed))
		if s.Over() {
			continue
		}
		s.AppendPlays(nil) // give it a generator and scratch memory
		c := s.clone()
		c.CopyFrom(s)
		c.AppendPlays(nil)
		c.Compact()
		if c.gen != nil || cap(c.undo) != len(c.undo) || c.board.xmemo != nil || c.board.logEntries != nil {
			t.Fatalf("seed %d: Compact kept gen %v, undo capacity %d for %d moves, memo %v, log %d", seed, c.gen != nil, cap(c.undo), len(c.undo), c.board.xmemo != nil, cap(c.board.logEntries))
		}
		var _ game.Compacter = c
		same := func(when string) {
			t.Helper()
			if c.Hash() != s.Hash() || c.String() != s.String() {
				t.Fatalf("seed %d %s: compacted state differs:\n%s\nwant\n%s", seed, when, c, s)
			}
			got, want := c.AppendMoves(nil), s.AppendMoves(nil)
			slices.SortFunc(got, compareMoves)
			slices.SortFunc(want, compareMoves)
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d %s: %d moves after Compact, want %d", seed, when, len(got), len(want))
			}
		}
		same("after Compact")
		// Play on both, then undo everything back past the compaction.
		for range 4 {
			moves := s.AppendPlays(nil)
			if len(moves) == 0 || s.Over() {
				break
			}
			m := moves[len(moves)/2]
			s.Play(m)
			c.Play(m)
			same("after a move")
		}
		for len(s.undo) > 0 {
			s.Undo()
			c.Undo()
			same("after an undo")
		}
	}
}

func compareMoves(x, y game.Move) int {
	if x.A != y.A {
		if x.A < y.A {
			return -1
		}
		return 1
	}
	switch {
	case x.B < y.B:
		return -1
	case x.B > y.B:
		return 1
	}
	return 0
}
