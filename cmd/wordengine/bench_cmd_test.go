package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchMovegenPlurals: the header and total lines of bench movegen say
// "1 run", "1 position" for one and "N runs", "N positions" otherwise.
func TestBenchMovegenPlurals(t *testing.T) {
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
			[]string{"game upwords, lexicon ", ", 1 run per position (median)\n", "\n1 position: 38 moves, "}, []string{"1 runs", "1 positions"}},
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
