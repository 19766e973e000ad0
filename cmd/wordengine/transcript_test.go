package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// update rewrites the golden files of the play transcripts
// (go test ./cmd/wordengine -run Transcript -update).
var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// transcript is one scripted session of `wordengine play`: its flags and
// the lines typed, one a line; "DIR" in either stands for a fresh
// temporary folder, where `save` writes.
type transcript struct {
	name   string
	args   []string
	script string
}

// transcripts are the scripted sessions of play, one or more per game;
// each has its golden file testdata/play/NAME.golden.
var transcripts = []transcript{
	{"wwf", []string{"--seed", "3", "--level", "greedy"},
		"help\nhint 3\nbag\n1A DE\nINDEX\n8D INDEX\nboard\nhint 2\npass\nsave DIR/wwf.gcg\nquit\n"},
	{"scrabble", []string{"--game", "scrabble", "--seed", "5", "--level", "greedy", "--first", "computer"},
		"hint 1\n-AB\nresign\nbag\nsave DIR/scrabble.gcg\nboard\nhelp\nquit\n"},
	{"upwords", []string{"--game", "upwords", "--seed", "3", "--level", "greedy"},
		"help\nhint 3\nbag\n5E WIMPEDX\n5C WIMPED\nboard\nhint 2\n-A\npass\nquit\n"},
	{"wordblock", []string{"--game", "wordblock", "--seed", "3", "--level", "greedy", "--board", "CATS/DOGE/RIPE/TONE"},
		"help\nhint 3\nCATSX\nCOATS\npass\nmaybe\ny\npass\nquit\n"},
	{"twoway", []string{"--game", "twoway", "--seed", "3", "--level", "greedy"},
		"help\nhint 3\nQ a1\nD d4\nDOG d4-d6\nend\nboard\nsave DIR/twoway.txt\nquit\n"},
	{"wordflow", []string{"--game", "wordflow", "--seed", "3", "--level", "greedy"},
		"help\nhint 3\nER2+ h2 OXER\nboard\nH4v b9 *\nhint 1\nquit\n"},
	{"wordflow-simultaneous", []string{"--game", "wordflow", "--seed", "4", "--level", "greedy", "--variant", "mode=simultaneous"},
		"hint 1\npass\nL1+ g9 *\nboard\nquit\n"},
	{"wordflow-solo", []string{"--game", "wordflow", "--seed", "5", "--players", "1"},
		"hint 2\nquit\n"},
	{"upwords-3", []string{"--game", "upwords", "--seed", "2", "--level", "greedy", "--players", "3", "--first", "computer"},
		"hint 1\npass\nquit\n"},
}

// TestPlayTranscripts plays every scripted session and compares what it
// printed, its exit status and the files it saved with the golden file.
func TestPlayTranscripts(t *testing.T) {
	for _, tr := range transcripts {
		t.Run(tr.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := []string{"play", "--name", "ann"}
			for _, a := range tr.args {
				args = append(args, strings.ReplaceAll(a, "DIR", dir))
			}
			var stdout, stderr bytes.Buffer
			a := &app{stdout: &stdout, stderr: &stderr, stdin: strings.NewReader(strings.ReplaceAll(tr.script, "DIR", dir)),
				getenv: func(string) string { return "" }}
			code := a.run(context.Background(), args)
			var got strings.Builder
			fmt.Fprintf(&got, "$ wordengine %s\n", strings.Join(append([]string{"play", "--name", "ann"}, tr.args...), " "))
			got.WriteString(stdout.String())
			fmt.Fprintf(&got, "--- exit %d, stderr:\n%s", code, stderr.String())
			files, err := filepath.Glob(filepath.Join(dir, "*"))
			if err != nil {
				t.Fatal(err)
			}
			sort.Strings(files)
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&got, "--- DIR/%s:\n%s", filepath.Base(f), data)
			}
			text := strings.ReplaceAll(got.String(), dir, "DIR")
			golden := filepath.Join("testdata", "play", tr.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestPlayTranscripts -update to write it)", err)
			}
			if text != string(want) {
				t.Errorf("the transcript differs from %s (-update rewrites it):\n%s", golden, lineDiff(string(want), text))
			}
		})
	}
}

// lineDiff lists the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var sb strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 20; i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			fmt.Fprintf(&sb, "line %d:\n  want %q\n  got  %q\n", i+1, a, b)
			shown++
		}
	}
	return sb.String()
}
