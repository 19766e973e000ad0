package upwords

import (
	"fmt"
	"os"
	"testing"

	"wordengine/game/gametest"
	"wordengine/lexicon"
)

// TestMoveCounts checks, perft-style, the legal moves of every committed
// position (the 24 of testdata/midgame.txt, testdata/position.txt and the
// finished testdata/over.txt: their number, and a SHA-256 of the sorted
// list with scores) against testdata/positions.moves, so that any change
// of the moves or scores shows in about a second. After a change that is
// meant, refresh it with
//
//	go test ./game/upwords -run TestMoveCounts -update
func TestMoveCounts(t *testing.T) {
	t.Parallel()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	var ps []gametest.Position
	for i, s := range loadSuite(t, lx) {
		ps = append(ps, gametest.Position{Name: fmt.Sprintf("midgame-%02d", i+1), State: s})
	}
	for _, name := range []string{"position", "over"} {
		path := "testdata/" + name + ".txt"
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParsePosition(lx, string(text))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		ps = append(ps, gametest.Position{Name: name, State: s})
	}
	gametest.CheckMoveCounts(t, "testdata/positions.moves",
		"testdata/midgame.txt, position.txt and over.txt: the legal moves of each position, made by\ngo test ./game/upwords -run TestMoveCounts -update", ps, *update)
}
