package main

import (
	"os"
	"strings"
	"testing"
)

// sharedGCG is a real Scrabble game record of ../shared/data/gcg.
const sharedGCG = "../../../shared/data/gcg/woogles-io_liwords/pkg/stats/testdata/all_triple_letters_covered.gcg"

// TestHintGCGStdin checks that hint --gcg - reads the record from
// standard input and gives what it gives for the file, and that a bad
// record on standard input is an error naming it.
func TestHintGCGStdin(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(sharedGCG)
	if err != nil {
		t.Skipf("shared game records not found at %s (../shared/data/gcg from the project root): %v", sharedGCG, err)
	}
	args := []string{"hint", "--game", "scrabble", "--turn", "5", "--top", "3"}
	file := runStdin(t, "", append(args, "--gcg", sharedGCG)...)
	stdin := runStdin(t, string(data), append(args, "--gcg", "-")...)
	if file.code != 0 || stdin.code != 0 || file.stdout != stdin.stdout {
		t.Fatalf("--gcg FILE (exit %d):\n%s\n--gcg - (exit %d):\n%s%s", file.code, file.stdout, stdin.code, stdin.stdout, stdin.stderr)
	}
	bad := runStdin(t, "junk\n", "hint", "--game", "scrabble", "--gcg", "-")
	if bad.code != 1 || !strings.Contains(bad.stderr, "standard input:1:") {
		t.Fatalf("a bad record on standard input: exit %d, stderr %q; want 1 and standard input:1:", bad.code, bad.stderr)
	}
	turn := runStdin(t, string(data), "hint", "--game", "scrabble", "--gcg", "-", "--turn", "999")
	if turn.code != 1 || !strings.Contains(turn.stderr, "standard input: turn 999: the record has 26 events (turns 1 to 27)") {
		t.Fatalf("--turn past the end: exit %d, stderr %q", turn.code, turn.stderr)
	}
}
