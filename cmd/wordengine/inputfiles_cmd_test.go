package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputFileErrors: every file a command reads (an argument, a flag's
// file, a file a rule or player option names) that cannot be read is
// named with the reason in plain words, never the system's "open X: no
// such file or directory", and is a plain failure (exit 1, no usage
// hint), as the flags' own files are.
func TestInputFileErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, dir, "f.txt", "x\n")
	under := filepath.Join(file, "x")
	out := filepath.Join(dir, "out")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"leaves", "info", dir}, dir + " is a folder, want a file"},
		{[]string{"leaves", "info", missing}, missing + ": no such file"},
		{[]string{"leaves", "info", "nosuch"}, `"nosuch": no such file, nor a game with an embedded table (scrabble, upwords, wwf)`},
		{[]string{"leaves", "merge", "--out", out, missing}, missing + ": no such file"},
		{[]string{"leaves", "merge", "--out", out, dir + "/"}, "no *.tally or *.tally.gz file in this folder"},
		{[]string{"leaves", "train", "--games", "2", "--init", missing, "--out", out}, "--init " + missing + ": no such file"},
		{[]string{"leaves", "train", "--games", "2", "--init", dir, "--out", out}, "--init " + dir + " is a folder, want a file"},
		{[]string{"lexicon", "info", dir}, "lexicon file " + dir + " is a folder, want a file"},
		{[]string{"--lexicon", dir}, "lexicon file " + dir + " is a folder, want a file"},
		{[]string{"lexicon", "build", "--lang", "en", "--in", missing, "--out", out}, "--in " + missing + ": no such file"},
		{[]string{"lexicon", "build", "--lang", "en", "--in", dir, "--out", out}, "--in " + dir + " is a folder, want a file"},
		{[]string{"selfplay", "merge", missing}, missing + ": no such file"},
		{[]string{"selfplay", "merge", dir}, dir + " is a folder, want a file"},
		{[]string{"analyze", missing}, missing + ": no such file"},
		{[]string{"analyze", empty}, empty + ": no game records in this folder (*.gcg, JSON records *.json)"},
		{[]string{"validate", missing}, missing + ": no such file"},
		{[]string{"validate", under}, under + ": no such file (a folder on its path is a file)"},
		{[]string{"validate", empty}, empty + ": no game records in this folder"},
		{[]string{"bench", "movegen", "--positions", missing}, "--positions " + missing + ": no such file"},
		{[]string{"bench", "movegen", "--positions", dir}, "--positions " + dir + " is a folder, want a file"},
		{[]string{"hint", "--record", dir}, dir + " is a folder, want a file"},
		{[]string{"hint", "--player", "static:leaves=" + missing}, "--player: static: leaves=" + missing + ": " + missing + ": no such file"},
		{[]string{"--game", "wordflow", "--variant", "pieces=-1"}, "variant pieces=-1: -1: no such file"},
		{[]string{"--game", "wordflow", "--variant", "pieces=" + dir}, "variant pieces=" + dir + ": " + dir + " is a folder, want a file"},
		{[]string{"selfplay", "--game", "wordflow", "--variant", "pieces=" + missing, "--players", "static,static", "--games", "2"}, "variant pieces=" + missing + ": " + missing + ": no such file"},
		{[]string{"--game", "twoway", "--variant", "tiles=-1"}, "variant tiles=-1: -1: no such file"},
		{[]string{"play", "--game", "twoway", "--variant", "tiles=" + dir}, "variant tiles=" + dir + ": " + dir + " is a folder, want a file"},
	}
	for _, tt := range tests {
		r := runIn(t, dir, tt.args...)
		r.check(t, tt.args, exitError, nil, []string{tt.want})
		for _, raw := range []string{"open ", "stat ", "read ", "no such file or directory", "is a directory", "--help' for usage"} {
			if strings.Contains(r.stderr, raw) {
				t.Errorf("wordengine %q: stderr holds %q:\n%s", tt.args, raw, r.stderr)
			}
		}
	}
}
