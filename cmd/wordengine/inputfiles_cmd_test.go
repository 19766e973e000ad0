package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
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

// TestJSONThatIsNoRecord: a file of JSON text is read as a JSON record
// whatever its name, never as GCG, and JSON that is no game record, or a
// record of a game not known, is told so.
func TestJSONThatIsNoRecord(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	format := `{"format": "wordengine-record 1", `
	tests := []struct {
		name, text, want string
	}{
		{"object.json", `{"a": 1}`, `JSON, but not a game record: no "format" field (a record starts {"format": "wordengine-record 1", ...})`},
		{"list.gcg", " [1, 2]\n", `a JSON list, not a game record (a record is one JSON object, {"format": "wordengine-record 1", ...})`},
		{"results.jsonl", `{"type":"match","format":1,"game":"wwf"}` + "\n" + `{"type":"game","game":0}` + "\n", "selfplay results (JSON lines), not a game record (selfplay merge reads them)"},
		{"chess.json", format + `"game": "chess", "players": [{"name": "a"}]}`, `unknown game "chess" (known: scrabble, `},
		{"chess2.json", format + `"game": "chess"}`, `unknown game "chess" (known: scrabble, `},
		{"cut.json", format + `"game": "wwf"`, "the JSON ends too early (is the file cut off?)"},
	}
	for _, tt := range tests {
		file := writeFile(t, dir, tt.name, tt.text)
		for _, args := range [][]string{{"validate", file}, {"analyze", file}, {"hint", "--record", file}, {"play", "--resume", file}} {
			r := runIn(t, dir, args...)
			r.check(t, args, exitError, nil, nil)
			out := r.stdout + r.stderr
			if !strings.Contains(out, file+": ") || !strings.Contains(out, tt.want) {
				t.Errorf("wordengine %q: output lacks %q:\n%s", args, tt.want, out)
			}
			for _, wrong := range []string{"pragma", "#note", "no players", "unknown field"} {
				if strings.Contains(out, wrong) {
					t.Errorf("wordengine %q: output holds %q:\n%s", args, wrong, out)
				}
			}
		}
	}
}

// TestSingularCounts: a count of one is said in the singular ("1 word",
// "0 of 1 game"), never "1 words".
func TestSingularCounts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	list := writeFile(t, dir, "one.txt", "cat\n")
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"lexicon", "check", "xq"}, exitError, nil, []string{"1 of 1 word not in lexicon en-letterpress: xq"}},
		{[]string{"lexicon", "check", "cat", "xq"}, exitError, nil, []string{"1 of 2 words not in lexicon en-letterpress: xq"}},
		{[]string{"lexicon", "build", "--lang", "en", "--in", list, "--out", filepath.Join(dir, "one.lex")}, exitOK,
			[]string{": 1 line, 0 blank", "kept 1 word, dropped 0", ", 1 word of 3 to 3 tiles"}, nil},
	}
	for _, tt := range tests {
		r := runIn(t, dir, tt.args...)
		r.check(t, tt.args, tt.code, tt.stdout, tt.stderr)
	}
}

// TestEmptyFlags: a flag that names a position, a file or a board, given
// empty (an unset shell variable), is a usage error saying so, never a
// fresh game or no file in silence.
func TestEmptyFlags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"hint", "--cgp", ""}, "--cgp is empty: give the position's text (a CGP line for the crossword games), or leave out --cgp for a fresh game"},
		{[]string{"hint", "--cgp", "  "}, "--cgp is empty: "},
		{[]string{"hint", "--game", "upwords", "--cgp", ""}, "--cgp is empty: "},
		{[]string{"hint", "--position", ""}, "--position is empty: give a position file, or - for standard input"},
		{[]string{"hint", "--record", ""}, "--record is empty: give a record file, or - for standard input"},
		{[]string{"hint", "--gcg", ""}, "--gcg is empty: "},
		{[]string{"hint", "--game", "wordblock", "--board", ""}, "--board is empty: give the letters, ROW/ROW/..., or leave out --board"},
		{[]string{"--game", "wordblock", "--board", ""}, "--board is empty: "},
		{[]string{"play", "--resume", ""}, "--resume is empty: give the file of the saved game"},
		{[]string{"analyze", "--plot", "", "x.gcg"}, "--plot is empty: give a file name such as game.png, or leave out --plot"},
		{[]string{"selfplay", "--players", "greedy,random", "--out", ""}, "--out is empty: give a file name, or leave out --out for no file"},
		{[]string{"selfplay", "merge", "--out", "", "x.jsonl"}, "--out is empty: "},
		{[]string{"leaves", "train", "--init", "", "--out", filepath.Join(dir, "t.leaves")}, "--init is empty: give a leave table file, or leave out --init"},
		{[]string{"leaves", "merge", "--out", "", "x.tally"}, "--out is empty: "},
		{[]string{"leaves", "merge", "--out", "x.leaves", "--tally-out", "", "x.tally"}, "--tally-out is empty: "},
		{[]string{"lexicon", "build", "--lang", "en", "--in", "a.txt", "--in", "", "--out", "x.lex"}, "--in is empty: give a word list file, or - for standard input"},
		{[]string{"lexicon", "build", "--lang", "en", "--in", "a.txt", "--out", ""}, "--out is empty: "},
		{[]string{"bench", "movegen", "--positions", ""}, "--positions is empty: give a file of positions"},
	}
	for _, tt := range tests {
		r := runIn(t, dir, tt.args...)
		r.check(t, tt.args, exitUsage, nil, []string{tt.want})
		if r.stdout != "" {
			t.Errorf("wordengine %q: ran before refusing the empty flag:\n%s", tt.args, r.stdout)
		}
	}
}

// TestThreadsFlags: every --threads of every command takes the same
// numbers, 0 meaning one per core, and its help says so; 0 runs, -1 is
// refused with that range.
func TestThreadsFlags(t *testing.T) {
	t.Parallel()
	root := (&app{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}).rootCommand()
	var paths [][]string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if f := c.LocalFlags().Lookup("threads"); f != nil {
			path := strings.Fields(c.CommandPath())[1:]
			paths = append(paths, path)
			if want := flagWant(f); want != "0 (one per core) to 1024" {
				t.Errorf("%s --threads allows %q, want 0 (one per core) to 1024", c.CommandPath(), want)
			}
			if !strings.Contains(f.Usage, "one per core") {
				t.Errorf("%s --threads: help %q does not say what 0 means", c.CommandPath(), f.Usage)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if len(paths) < 4 {
		t.Fatalf("%d commands with --threads found: the walk missed some", len(paths))
	}
	dir := t.TempDir()
	gcg := writeFile(t, dir, "g.gcg", "#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n")
	runs := [][]string{
		{"selfplay", "--players", "greedy,random", "--games", "2", "--seed", "1"},
		{"leaves", "train", "--games", "2", "--out", filepath.Join(dir, "t.leaves")},
		{"analyze", "--quiet", "--game", "scrabble", gcg},
		{"hint", "--sim", "--iterations", "2", "--candidates", "2"},
	}
	for _, args := range runs {
		zero := append(slices.Clone(args), "--threads", "0", "--force")
		if args[0] != "leaves" {
			zero = zero[:len(zero)-1]
		}
		runIn(t, dir, zero...).check(t, zero, exitOK, nil, nil)
		neg := append(slices.Clone(args), "--threads", "-1")
		runIn(t, dir, neg...).check(t, neg, exitUsage, nil, []string{"--threads -1: want 0 (one per core) to 1024"})
	}
}
