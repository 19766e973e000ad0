package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidate: validate prints each record's game, moves and end, every
// mismatch as FILE:LINE with both scores, and fails when a record has a
// fault; JSON holds the same.
func TestValidate(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.gcg", "#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n>b: CDEFGHI - +0 0\n#note a resigned\n")
	bad := write("bad.gcg", "#player1 p1\n#player2 p2\n>p1: ?AACDER 8D CRAAlED +9999 9999\n>p2: ABCDEFG - +0 0\n")
	write("notes.txt", "not a record")
	args := []string{"validate", good}
	runIn(t, dir, args...).check(t, args, exitOK,
		[]string{"good.gcg: scrabble (from its scores: of 1 play, 1 on the scrabble board", "2 moves replayed, 1 of 1 play scored as recorded; end: player 1 resigned at line 4",
			"1 file: 1 read, 0 unreadable, 1 without a fault"}, nil)
	// A resignation before any move ends the game too.
	early := filepath.Join(t.TempDir(), "early.gcg")
	if err := os.WriteFile(early, []byte("#player1 you you\n#player2 computer computer\n#variant wwf\n#resigned you\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args = []string{"validate", early}
	runIn(t, dir, args...).check(t, args, exitOK, []string{"0 moves replayed", "end: player 1 resigned at line 4", "0 moves, 0 plays: 0 scored as recorded, 0 not; 0 other faults; 1 game ended"}, nil)
	args = []string{"validate", dir}
	r := runIn(t, dir, args...)
	r.check(t, args, exitError, []string{"bad.gcg:3: 8D CRAAlED: recorded +9999, computed 74 on the scrabble board", "2 files: 2 read"},
		[]string{"validate: 1 of 2 records has faults"})
	if strings.Contains(r.stdout, "notes.txt") {
		t.Errorf("a folder's other files are not records:\n%s", r.stdout)
	}
	args = []string{"validate", "--json", bad, filepath.Join(dir, "notes.txt")}
	r = runIn(t, dir, args...)
	var out struct {
		Records []recordReport
		Summary validateSummary
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != exitError {
		t.Fatalf("exit %d, %v:\n%s", r.code, err, r.stdout)
	}
	if len(out.Records) != 2 || len(out.Records[0].Mismatches) != 1 || out.Records[0].Mismatches[0].Computed != 74 || out.Records[1].Error == "" || out.Summary.Unreadable != 1 {
		t.Errorf("JSON %+v", out)
	}
	args = []string{"validate", filepath.Join(dir, "missing.gcg")}
	runIn(t, dir, args...).check(t, args, exitError, nil, []string{"missing.gcg"})
}
