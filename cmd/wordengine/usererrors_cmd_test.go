package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// goWords are what a message for people never holds: Go's package, type
// and function names, and the temporary names of files being written.
var goWords = regexp.MustCompile(`strconv|Parse(Int|Uint|Float)|Go struct|uint64|: json: |bench: |crossword: |bad record|/\.[^/ ]+\d{6,}`)

// TestFlagValueErrors: a flag value its type cannot hold is a usage error
// naming the flag, the value and what the flag takes.
func TestFlagValueErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--seed", "-1"}, "--seed -1: want a whole number from 0 to 18446744073709551615"},
		{[]string{"hint", "--top", "99999999999999999999"}, "--top 99999999999999999999: want 0 (all) to 1000000000\n"},
		{[]string{"hint", "--top", "-1"}, "--top -1: want 0 (all) to 1000000000\n"},
		{[]string{"hint", "--top", "1000000001"}, "--top 1000000001: want 0 (all) to 1000000000\n"},
		{[]string{"selfplay", "--games", "x"}, "--games x: want a whole number, 1 to 1000000000\n"},
		{[]string{"selfplay", "--games", "-99999999999999999999"}, "--games -99999999999999999999: want 1 to 1000000000\n"},
		{[]string{"hint", "--plies", "99999999999999999999"}, "--plies 99999999999999999999: want 0 to 20 with --sim, 0 (to the end) to 40 with --endgame\n"},
		{[]string{"play", "--players", "99999999999999999999"}, "--players 99999999999999999999: want a number of players the game takes (1 to 4 by game: wordengine --help lists them)\n"},
		{[]string{"serve", "--max-searches", "-1"}, "--max-searches -1: want 0 (the number of CPUs) to 1024\n"},
		{[]string{"serve", "--load-test", "--load-clients", "0"}, "--load-clients 0: want 1 to 1000\n"},
		{[]string{"leaves", "info", "wwf", "--top", "-1"}, "--top -1: want 0 (none) to 1000000000\n"},
		{[]string{"lexicon", "anagram", "--min", "64", "abc"}, "--min 64: want 1 to 63\n"},
		{[]string{"analyze", "--threads", "-1", "x"}, "--threads -1: want 0 (one per core) to 1024\n"},
		{[]string{"hint", "--time", "soon"}, "--time soon: want a duration such as 500ms, 2s, 1m30s or 1h"},
		{[]string{"--boards=maybe"}, "--boards maybe: want true or false"},
		{[]string{"leaves", "train", "--shrink", "much"}, "--shrink much: want a number such as 0.5"},
		{[]string{"validate"}, "validate: want at least 1 argument (record files or folders of them)"},
		{[]string{"analyze"}, "analyze: want at least 1 argument (record files or folders of them)"},
		{[]string{"serve", "--addr", "nonsense"}, `--addr "nonsense": want host:port, such as 127.0.0.1:8080`},
		{[]string{"serve", "--addr", "127.0.0.1:99999"}, `port "99999": want a number from 0 to 65535`},
		{[]string{"serve", "--lexicon", "nosuch"}, `--lexicon "nosuch": serve has no lexicon of its own`},
	}
	for _, tt := range tests {
		r := runIn(t, t.TempDir(), tt.args...)
		r.check(t, tt.args, exitUsage, nil, []string{tt.want, "--help' for usage."})
		if goWords.MatchString(r.stderr) || strings.Contains(r.stderr, "listening") {
			t.Errorf("wordengine %q: %q", tt.args, r.stderr)
		}
	}
}

// TestWholeNumberFlags: every whole-number flag of every command says
// the numbers it allows, in its command's words, for a value too large
// for the machine as for any other, never the machine's range.
func TestWholeNumberFlags(t *testing.T) {
	t.Parallel()
	root := (&app{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}).rootCommand()
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			switch f.Value.Type() {
			case "int", "int8", "int16", "int32", "int64":
			default:
				return
			}
			n++
			want := flagWant(f)
			if want == "" {
				t.Errorf("%s --%s: no range of its own (define it with intFlag, or wantFlag)", c.CommandPath(), f.Name)
				return
			}
			path := strings.Fields(c.CommandPath())[1:]
			for _, v := range []string{"99999999999999999999", "-99999999999999999999"} {
				args := append(slices.Clone(path), "--"+f.Name, v)
				r := runIn(t, t.TempDir(), args...)
				r.check(t, args, exitUsage, nil, []string{"--" + f.Name + " " + v + ": want " + want + "\n"})
				if strings.Contains(r.stderr, "922337203685477580") {
					t.Errorf("wordengine %q: %q", args, r.stderr)
				}
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if n < 20 {
		t.Errorf("%d whole-number flags found: the walk missed some", n)
	}
}

// TestRecordFileErrors: a record or results file that cannot be read is
// told by file, line and column and its JSON field, never by Go type.
func TestRecordFileErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rec := writeJSONRecord(t, dir, "upwords", 3, 2)
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(name, from, to string) string {
		text := regexp.MustCompile(from).ReplaceAllString(string(data), to)
		if text == string(data) {
			t.Fatalf("%s: %s not in the record", name, from)
		}
		return writeFile(t, dir, name, text)
	}
	negSeed := edit("neg.json", `"seed": 3`, `"seed": -1`)
	strScore := edit("score.json", `"score": (\d+)`, `"score": "$1"`)
	seedWant := negSeed + ": line 4, column 11: field seed: -1 is not a whole number from 0 to 18446744073709551615"
	gcg := writeFile(t, dir, "g.gcg", "#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +68 68\n")
	results := filepath.Join(dir, "s.jsonl")
	args := []string{"selfplay", "--players", "greedy,random", "--games", "2", "--seed", "1", "--out", results}
	runIn(t, dir, args...).check(t, args, exitOK, nil, nil)
	rdata, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	cut := writeFile(t, dir, "cut.jsonl", string(rdata[:40]))
	tests := []struct {
		args           []string
		stdout, stderr []string
	}{
		{[]string{"validate", negSeed}, []string{negSeed + ": unreadable: line 4, column 11: field seed: -1 is not a whole number"}, nil},
		{[]string{"validate", strScore}, []string{`field moves.score: "`, `" is not a whole number`}, nil},
		{[]string{"analyze", negSeed}, []string{seedWant}, nil},
		{[]string{"play", "--resume", negSeed}, nil, []string{seedWant}},
		{[]string{"selfplay", "merge", gcg}, nil, []string{gcg + `:1: not a selfplay results file (JSON lines, a "match" line first): column 1: not JSON`}},
		{[]string{"selfplay", "merge", results, results}, nil, []string{results + " is given twice"}},
		{[]string{"selfplay", "merge", cut}, nil, []string{cut + `:1: the "match" line is cut off (the file was not written to its end)`}},
	}
	for _, tt := range tests {
		r := runIn(t, dir, tt.args...)
		r.check(t, tt.args, exitError, tt.stdout, tt.stderr)
		if goWords.MatchString(r.stdout + r.stderr) {
			t.Errorf("wordengine %q names Go:\n%s%s", tt.args, r.stdout, r.stderr)
		}
	}
}

// TestOutputFiles: an output that exists is kept unless --force; a file
// that cannot be written is named with what is wrong, never by its
// temporary name; play's save replaces only an earlier save of the same
// game; the plot is written 0644.
func TestOutputFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	words := writeFile(t, dir, "words.txt", "cat\ndog\n")
	table := writeFile(t, dir, "t.leaves.gz", "old table")
	lex := writeFile(t, dir, "w.lex", "old lexicon")
	missing := filepath.Join(dir, "none", "x.png")
	gcg := writeFile(t, dir, "g.gcg", "#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n")
	plot := filepath.Join(dir, "g.png")
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"leaves", "train", "--games", "2", "--out", table}, exitError, nil, []string{"--out " + table + " exists: --force replaces it"}},
		{[]string{"lexicon", "build", "--lang", "en", "--in", words, "--out", lex}, exitError, nil, []string{"--out " + lex + " exists: --force replaces it"}},
		{[]string{"lexicon", "build", "--lang", "en", "--in", words, "--out", lex, "--force"}, exitOK, []string{"wrote " + lex}, nil},
		{[]string{"analyze", "--game", "scrabble", "--plot", missing, gcg}, exitError, nil, []string{"--plot " + missing + ": folder " + filepath.Dir(missing) + " does not exist"}},
		{[]string{"analyze", "--game", "scrabble", "--plot", plot, gcg}, exitOK, nil, nil},
	}
	for _, tt := range tests {
		r := runIn(t, dir, tt.args...)
		r.check(t, tt.args, tt.code, tt.stdout, tt.stderr)
		if goWords.MatchString(r.stderr) {
			t.Errorf("wordengine %q: %q", tt.args, r.stderr)
		}
	}
	if data, _ := os.ReadFile(table); string(data) != "old table" {
		t.Errorf("leaves train replaced an existing table without --force")
	}
	if fi, err := os.Stat(plot); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("the plot: %v, %v; want mode 0644", fi, err)
	}

	// play: save over a folder, into a missing folder, over another game's
	// save, and over this game's own.
	save := filepath.Join(dir, "save.gcg")
	r := playRun(t, "save "+save+"\nquit\n", "--seed", "2")
	r.check(t, nil, exitOK, []string{"Saved 0 moves to " + save}, nil)
	r = playRun(t, "save "+dir+"\nsave "+filepath.Join(dir, "none", "x.gcg")+"\nsave "+save+"\npass\nsave "+save+"\nquit\n", "--seed", "1")
	r.stdout = strings.Join(strings.Fields(r.stdout), " ") // play wraps its lines
	r.check(t, nil, exitOK, []string{
		"Not saved: " + dir + " is a folder",
		"Not saved: " + filepath.Join(dir, "none", "x.gcg") + ": the folder " + filepath.Join(dir, "none") + " does not exist",
		"Not saved: " + save + " holds another game (another deal; it is kept)",
	}, nil)
	if goWords.MatchString(r.stdout) {
		t.Errorf("play names a temporary file or Go:\n%s", r.stdout)
	}
	r = playRun(t, "pass\nsave "+save+"\nquit\n", "--seed", "2")
	r.check(t, nil, exitOK, []string{"Replaced " + save + " (2 moves; it held 0)"}, nil)
}

// TestValidateTotals: the summary's plays are those scored as recorded and
// those not, also for records whose replay stops early.
func TestValidateTotals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// A play of tiles the bag lacks stops at its first move; a play over
	// its own tiles stops at the second.
	illegal := writeFile(t, dir, "illegal.gcg", "#player1 a A\n#player2 b B\n>a: ABCDEFG 8H ZZZZZZZ +10 10\n")
	overlap := writeFile(t, dir, "overlap.gcg", "#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +68 68\n>b: AEINRST 8D RETAINS +68 68\n")
	args := []string{"validate", "--game", "scrabble", illegal, overlap}
	r := runIn(t, dir, args...)
	r.check(t, args, exitError, []string{"0 of 1 play scored as recorded", "2 files: 2 read, 0 unreadable, 0 without a fault; 3 moves, 2 plays: 0 scored as recorded, 2 not;"}, nil)
}

// TestBenchAverage: the per-position average of bench movegen is the
// mean of the medians, not truncated to whole microseconds.
func TestBenchAverage(t *testing.T) {
	t.Parallel()
	pos := filepath.Join("..", "..", "game", "twoway", "testdata", "win-now.txt")
	args := []string{"bench", "movegen", "--game", "twoway", "--positions", pos, "--runs", "3"}
	r := runIn(t, t.TempDir(), args...)
	r.check(t, args, exitOK, []string{"1 position: "}, nil)
	row := regexp.MustCompile(`(?m)^\d+\s+\d+\s+(\d+\.\d)\s`).FindStringSubmatch(r.stdout)
	avg := regexp.MustCompile(`, (\d+\.\d) us per position`).FindStringSubmatch(r.stdout)
	if row == nil || avg == nil || row[1] != avg[1] {
		t.Errorf("one position: the average is not its median:\n%s", r.stdout)
	}
}

// TestCGPLexiconNotice: a position naming a lexicon that is not here gets
// one notice, the position's.
func TestCGPLexiconNotice(t *testing.T) {
	t.Parallel()
	args := []string{"hint", "--top", "1", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex nosuch;"}
	r := runIn(t, t.TempDir(), args...)
	r.check(t, args, exitOK, nil, []string{"the position names lexicon nosuch"})
	if n := strings.Count(r.stderr, "nosuch"); n != 1 {
		t.Errorf("%d notices of the lexicon, want 1:\n%s", n, r.stderr)
	}
}

// TestAnalyzeInterrupted: Ctrl-C during analyze says so, keeps the records
// analysed and leaves out those not begun.
func TestAnalyzeInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var files []string
	for _, name := range []string{"a.gcg", "b.gcg", "c.gcg"} {
		files = append(files, writeFile(t, dir, name, "#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n>b: CDEFGHI 9E FDG +0 0\n"))
	}
	args := append([]string{"analyze", "--game", "scrabble", "--threads", "1"}, files...)
	r := runCancelled(t, dir, 1, args...)
	r.check(t, args, exitError, []string{files[0] + "\n", "3 records (0 failed, 2 interrupted)"}, []string{"analyze interrupted after 1 of 3 records (the moves analysed are above)"})
	if strings.Contains(r.stdout, files[1]) || strings.Contains(r.stdout+r.stderr, "context canceled") {
		t.Errorf("records not begun are listed, or the cancellation is told as a fault:\n%s", r.stdout)
	}
}
