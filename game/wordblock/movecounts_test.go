package wordblock

import (
	"flag"
	"os"
	"testing"

	"wordengine/game/gametest"
)

// update rewrites the golden move counts testdata/positions.moves
// (TestMoveCounts).
var update = flag.Bool("update", false, "rewrite testdata/positions.moves, the golden move counts of the committed positions (TestMoveCounts)")

// TestMoveCounts checks, perft-style, the legal moves of the committed
// positions testdata/midgame.txt and testdata/fourplayers.txt (their
// number, and a SHA-256 of the sorted list with scores) against
// testdata/positions.moves. After a change that is meant, refresh it with
//
//	go test ./game/wordblock -run TestMoveCounts -update
func TestMoveCounts(t *testing.T) {
	t.Parallel()
	var ps []gametest.Position
	for _, name := range []string{"midgame", "fourplayers"} {
		path := "testdata/" + name + ".txt"
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParsePosition(nil, string(text))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		ps = append(ps, gametest.Position{Name: name, State: s})
	}
	gametest.CheckMoveCounts(t, "testdata/positions.moves",
		"testdata/midgame.txt and fourplayers.txt: the legal moves of each position, made by\ngo test ./game/wordblock -run TestMoveCounts -update", ps, *update)
}
