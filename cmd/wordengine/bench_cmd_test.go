package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game"
)

// TestBenchMovegenPlurals: the header and total lines of bench movegen say
// "1 run", "1 position" for one and "N runs", "N positions" otherwise.
func TestBenchMovegenPlurals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data, err := os.ReadFile("../../testdata/movegen/wwf.cgp")
	if err != nil {
		t.Fatal(err)
	}
	var first string
	for line := range strings.Lines(string(data)) {
		if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "#") {
			first = l
			break
		}
	}
	one := filepath.Join(dir, "one.cgp")
	if err := os.WriteFile(one, []byte(first+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	upwordsOne := "../../game/upwords/testdata/position.txt"
	tests := []struct {
		args      []string
		want, not []string
	}{
		{[]string{"bench", "movegen", "--positions", one, "--runs", "1"},
			[]string{", 1 run per position (median)\n", "\n1 position: "}, []string{"1 runs", "1 positions"}},
		{[]string{"bench", "movegen", "--positions", one, "--runs", "2"},
			[]string{", 2 runs per position (median)\n", "\n1 position: "}, nil},
		{[]string{"bench", "movegen", "--positions", "../../testdata/movegen/wwf.cgp", "--runs", "1"},
			[]string{", 1 run per position (median)\n", " positions: ", " plays, "}, nil},
		{[]string{"bench", "movegen", "--game", "upwords", "--positions", upwordsOne, "--runs", "1"},
			[]string{"game upwords, lexicon ", ", 1 run per position (median)\n", "\n1 position: 38 plays, "}, []string{"1 runs", "1 positions"}},
	}
	for _, tt := range tests {
		r := runIn(t, dir, tt.args...)
		r.check(t, tt.args, 0, tt.want, nil)
		for _, s := range tt.not {
			if strings.Contains(r.stdout, s) {
				t.Errorf("wordengine %q: stdout has %q:\n%s", tt.args, s, r.stdout)
			}
		}
	}
}

// sharedPositions is where the real test positions are (../shared/data/positions
// from the project root; see its SOURCES.md).
const sharedPositions = "../../../shared/data/positions"

// TestBenchMovegenWrongGame: a positions file of another game gives
// file:line, the parse error and a hint naming --game.
func TestBenchMovegenWrongGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.cgp")
	if err := os.WriteFile(junk, []byte("# a comment\n\nnot a position\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	games := "(--game NAME: " + strings.Join(game.Names(), ", ") + ")"
	tests := []struct {
		args           []string
		stderr, absent []string
	}{
		// Scrabble positions read as wwf (the default): line 14 has more
		// I's than the wwf tile set; it parses as Scrabble.
		{[]string{"--positions", "../../testdata/movegen/scrabble.cgp"},
			[]string{"scrabble.cgp:14: cgp rack 2: ", "no I left to draw", "; the line parses as a scrabble position: use --game scrabble"}, nil},
		{[]string{"--game", "scrabble", "--positions", "../../testdata/movegen/wwf.cgp"},
			[]string{"wwf.cgp:7: ", "no H left in the bag", "; the line parses as a wwf position: use --game wwf"}, nil},
		{[]string{"--positions", "../../game/upwords/testdata/midgame.txt"},
			[]string{"midgame.txt:1: ", "; this looks like an upwords position: use --game upwords"}, nil},
		// A line of no game: the generic hint only for the default game.
		{[]string{"--positions", junk},
			[]string{"junk.cgp:3: cgp: byte 14: missing zero-turn count", "the positions are read as --game wwf (the default): is the file for another game? " + games}, nil},
		{[]string{"--game", "wwf", "--positions", junk},
			[]string{"junk.cgp:3: cgp: byte 14: missing zero-turn count"}, []string{"another game", "use --game"}},
		{[]string{"--game", "upwords", "--positions", "../../testdata/movegen/wwf.cgp"},
			[]string{"wwf.cgp: no positions (each starts with an \"upwords\" line); the positions are read as --game upwords: is the file for another game? " + games}, nil},
	}
	for _, tt := range tests {
		args := append([]string{"bench", "movegen", "--runs", "1"}, tt.args...)
		r := runIn(t, dir, args...)
		r.check(t, args, 1, nil, tt.stderr)
		for _, s := range tt.absent {
			if strings.Contains(r.stderr, s) {
				t.Errorf("wordengine %q: stderr has %q:\n%s", args, s, r.stderr)
			}
		}
		if r.stdout != "" {
			t.Errorf("wordengine %q: output before the error:\n%s", args, r.stdout)
		}
	}
}

// TestBenchMovegenSharedScrabble: real Scrabble positions (MAGPIE's
// pre-endgame positions, CSW24) fail as wwf with a hint to use --game
// scrabble, and are timed with it.
func TestBenchMovegenSharedScrabble(t *testing.T) {
	t.Parallel()
	file := filepath.Join(sharedPositions, "jvc56_MAGPIE/notes/peg_positions/random_1peg.txt")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("shared test positions not found at %s (../shared/data/positions from the project root): %v", sharedPositions, err)
	}
	dir := t.TempDir()
	args := []string{"bench", "movegen", "--runs", "1", "--positions", file}
	runIn(t, dir, args...).check(t, args, 1, nil,
		[]string{"random_1peg.txt:1: cgp: square F15: no N left", "; the line parses as a scrabble position: use --game scrabble"})
	args = []string{"bench", "movegen", "--runs", "1", "--game", "scrabble", "--positions", file}
	runIn(t, dir, args...).check(t, args, 0, []string{"game scrabble, ", "\n100 positions: "}, nil)
}
