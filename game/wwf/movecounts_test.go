package wwf

import (
	"flag"
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	"wordengine/game/gametest"
	"wordengine/lexicon"
)

// update rewrites the golden move counts of the committed suites
// (testdata/movegen/*.moves, TestMoveCounts). The suites themselves are
// rewritten by -update-suite, the record formats by -update-formats.
var update = flag.Bool("update", false, "rewrite testdata/movegen/*.moves, the golden move counts of the committed suites (TestMoveCounts)")

// noteOption finds a position's note in its CGP line.
var noteOption = regexp.MustCompile(`\bnote ([^;\s]+);`)

// TestMoveCounts checks, perft-style, the legal moves of every committed
// position of testdata/movegen (AppendMoves: their number, and a SHA-256
// of the sorted list with scores) against testdata/movegen/NAME.moves, so
// that any change of the moves or scores the generator finds there shows
// in about a second. After a change that is meant (a rules fix), refresh
// the files with
//
//	go test ./game/wwf -run TestMoveCounts -update
//
// Checks INV-1 of game/crossword/MOVEGEN.md.
func TestMoveCounts(t *testing.T) {
	t.Parallel()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"wwf", "scrabble"} {
		var ps []gametest.Position
		for i, line := range readSuite(t, suitePath(name)) {
			s, err := ParsePosition(name, "", line, lx, 1)
			if err != nil {
				t.Fatalf("%s line %d: %v", suitePath(name), i+1, err)
			}
			id := fmt.Sprintf("%02d", i+1)
			if m := noteOption.FindStringSubmatch(line); m != nil {
				id += "-" + m[1]
			}
			ps = append(ps, gametest.Position{Name: id, State: s})
		}
		header := fmt.Sprintf("%s.cgp: the legal moves of each position (crossword's AppendMoves), made by\ngo test ./game/wwf -run TestMoveCounts -update", name)
		gametest.CheckMoveCounts(t, filepath.Join("..", "..", "testdata", "movegen", name+".moves"), header, ps, *update)
	}
}
