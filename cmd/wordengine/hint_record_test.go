package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHintRecordChecked: hint --gcg of a game that ended after six
// scoreless turns says the game is over; a recorded score that is not
// the board's is a warning naming the line with both scores; a record
// without --game is read on the board it names or fits.
func TestHintRecordChecked(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	six := "#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n"
	for range 3 {
		six += ">b: CDEFGHI - +0 0\n>a: ABCDEFG - +0 66\n"
	}
	over := write("six.gcg", six)
	args := []string{"hint", "--gcg", over}
	runIn(t, dir, args...).check(t, args, exitError, nil, []string{"the game is over (player 1 50, player 2 -17)"})

	bad := write("bad.gcg", "#player1 p1\n#player2 p2\n>p1: ?AACDER 8D CRAAlED +9999 9999\n>p2: ABCDEFG - +0 0\n")
	args = []string{"hint", "--gcg", bad, "--turn", "2", "--top", "1"}
	runIn(t, dir, args...).check(t, args, exitOK, []string{"scrabble, lexicon"}, []string{"bad.gcg:3: 8D CRAAlED: recorded +9999, computed 74 on the scrabble board"})

	// Scored on the WWF board: read as WWF without --game; with --game
	// scrabble, a warning that the scores fit the other board.
	wwf := write("wwf.gcg", "#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +51 51\n>b: CDEFGHI - +0 0\n")
	args = []string{"hint", "--gcg", wwf, "--top", "1", "--turn", "2"}
	r := runIn(t, dir, args...)
	r.check(t, args, exitOK, []string{"wwf, lexicon"}, nil)
	if r.stderr != "" {
		t.Errorf("stderr %q, want nothing", r.stderr)
	}
	args = []string{"hint", "--game", "scrabble", "--gcg", wwf, "--top", "1", "--turn", "2"}
	runIn(t, dir, args...).check(t, args, exitOK, []string{"scrabble, lexicon"},
		[]string{"0 of 1 play score as recorded on the scrabble board, 1 on the wwf board: is it a wwf game (--game wwf)?"})

	// A real Scrabble record without --game is read as Scrabble.
	if _, err := os.Stat(sharedGCG); err != nil {
		t.Skipf("shared game records not found at %s (../shared/data/gcg from the project root): %v", sharedGCG, err)
	}
	with := runIn(t, dir, "hint", "--game", "scrabble", "--gcg", sharedGCG, "--turn", "5", "--top", "3")
	without := runIn(t, dir, "hint", "--gcg", sharedGCG, "--turn", "5", "--top", "3")
	if with.code != 0 || with.stdout != without.stdout || !strings.Contains(without.stdout, "scrabble, lexicon") {
		t.Errorf("with --game scrabble (exit %d):\n%s\nwithout (exit %d):\n%s%s", with.code, with.stdout, without.code, without.stdout, without.stderr)
	}
}
