package wordflow

import (
	"os"
	"testing"

	"wordengine/game/gametest"
)

// TestMoveCounts checks, perft-style, the legal moves of the committed
// position testdata/position.txt (the hidden pieces dealt from
// ParsePosition's fixed seed: their number, and a SHA-256 of the sorted
// list with scores) against testdata/positions.moves. After a change that
// is meant, refresh it with (-update also rewrites data/pieces.txt, the same when
// the piece set generator is unchanged)
//
//	go test ./game/wordflow -run TestMoveCounts -update
func TestMoveCounts(t *testing.T) {
	t.Parallel()
	var ps []gametest.Position
	for _, name := range []string{"position"} {
		path := "testdata/" + name + ".txt"
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParsePosition(testLexicon(t), string(text), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		ps = append(ps, gametest.Position{Name: name, State: s})
	}
	gametest.CheckMoveCounts(t, "testdata/positions.moves",
		"testdata/position.txt: the legal moves of the position, made by\ngo test ./game/wordflow -run TestMoveCounts -update", ps, *update)
}
