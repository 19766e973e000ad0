package twoway

import (
	"flag"
	"math/rand/v2"
	"os"
	"testing"

	"wordengine/game/gametest"
)

// update rewrites the golden move counts testdata/positions.moves
// (TestMoveCounts); -update-tiles rewrites the tile set.
var update = flag.Bool("update", false, "rewrite testdata/positions.moves, the golden move counts of the committed positions (TestMoveCounts)")

// TestMoveCounts checks, perft-style, the legal moves of the committed
// position testdata/win-now.txt (the hidden faces dealt from a fixed seed:
// their number, and a SHA-256 of the sorted list with scores) against
// testdata/positions.moves. After a change that is meant, refresh it with
//
//	go test ./game/twoway -run TestMoveCounts -update
func TestMoveCounts(t *testing.T) {
	t.Parallel()
	var ps []gametest.Position
	for _, name := range []string{"win-now"} {
		path := "testdata/" + name + ".txt"
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParsePosition(string(text), nil, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		ps = append(ps, gametest.Position{Name: name, State: s})
	}
	gametest.CheckMoveCounts(t, "testdata/positions.moves",
		"testdata/win-now.txt: the legal moves of the position, made by\ngo test ./game/twoway -run TestMoveCounts -update", ps, *update)
}
