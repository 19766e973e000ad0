package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/search/analysis"
)

// TestAnalyze: analyze of a GCG record lists every move with the best
// move and the value lost, flags a phony and a missed bingo, sums up the
// players, gives the same JSON whatever --threads, and draws a PNG.
func TestAnalyze(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Player a opens with a bingo; b plays a phony; a then passes with a
	// bingo on the rack.
	game := write("g.gcg", "#player1 a Ann\n#player2 b Bob\n"+
		">a: AEINRST 8D RETAINS +66 66\n"+
		">b: CDEFGHI 9E FDG +0 0\n"+
		">a: ADEINRS - +0 66\n"+
		">b: CDEFGHI - +0 0\n")
	args := []string{"analyze", "--game", "scrabble", game}
	r := runIn(t, dir, args...)
	r.check(t, args, exitOK, []string{
		"g.gcg\n  scrabble, lexicon sowpods, valued by static; 4 moves, 4 analysed\n",
		"   1  Ann        AEINRST  8D RETAINS",
		"   3  Ann        ADEINRS  pass",
		"missed ",
		"  Ann        2 moves   1 best lost ", "a move, bingos missed 1/2\n",
		"  Bob        2 moves   0 best",
		"1 record (0 failed), 4 moves, 4 analysed by static\n",
	}, nil)
	if !strings.Contains(r.stdout, "9E FDG") || !strings.Contains(r.stdout, "phony") {
		t.Errorf("the phony is not flagged:\n%s", r.stdout)
	}
	var reps [2]struct {
		Records []analysis.Report
		Summary analyzeSummary
	}
	for i, threads := range []string{"1", "2"} {
		args := []string{"analyze", "--json", "--threads", threads, "--game", "scrabble", game, game}
		r := runIn(t, dir, args...)
		if err := json.Unmarshal([]byte(r.stdout), &reps[i]); err != nil || r.code != exitOK {
			t.Fatalf("%v: exit %d, %v\n%s%s", args, r.code, err, r.stdout, r.stderr)
		}
	}
	a, _ := json.Marshal(reps[0].Records)
	b, _ := json.Marshal(reps[1].Records)
	if string(a) != string(b) {
		t.Errorf("the reports differ with --threads:\n%s\n%s", a, b)
	}
	ann := reps[0].Records[0].Players[0]
	if ann.Moves != 2 || ann.Bingos != 2 || ann.Missed != 1 || ann.Played != 1 || ann.Lost <= 0 {
		t.Errorf("Ann's summary %+v: want 2 moves, 2 bingos available, 1 played, 1 missed, some value lost", ann)
	}
	if m := reps[0].Records[0].Moves[1]; m.Legal || m.Rank != 0 {
		t.Errorf("the phony: %+v", m)
	}
	img := filepath.Join(dir, "g.png")
	args = []string{"analyze", "--quiet", "--game", "scrabble", "--plot", img, game}
	runIn(t, dir, args...).check(t, args, exitOK, nil, nil)
	f, err := os.Open(img)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("--plot wrote no PNG: %v", err)
	}
	args = []string{"analyze", "--plot", img, game, game}
	runIn(t, dir, args...).check(t, args, exitUsage, nil, []string{"--plot draws one record"})
	args = []string{"analyze", "--player", "nobody", game}
	runIn(t, dir, args...).check(t, args, exitUsage, nil, []string{"--player"})
}

func TestRate(t *testing.T) {
	for _, c := range []struct {
		r    float64
		want string
	}{{2758.4, "2758"}, {10, "10"}, {9.96, "10"}, {0.3611, "0.36"}, {0.004, "0.004"}, {0, "0"}} {
		if got := rate(c.r); got != c.want {
			t.Errorf("rate(%v) = %q, want %q", c.r, got, c.want)
		}
	}
}

// TestPlotFormats: --plot writes the format of its extension, and refuses
// an extension it has no format for, or a folder that does not exist,
// before the analysis (nothing analysed is printed).
func TestPlotFormats(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	gcg := writeFile(t, dir, "g.gcg", "#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n")
	tests := []struct {
		file string
		code int
		want string // stderr for an error; else the file's first bytes
	}{
		{"g.txt", exitUsage, "--plot " + filepath.Join(dir, "g.txt") + ": no plot format .txt: want .png, .svg, .pdf, .jpg, .jpeg, .tif or .tiff"},
		{"g", exitUsage, "--plot " + filepath.Join(dir, "g") + ": the file name has no extension to tell the format: want .png, .svg,"},
		{"none/g.png", exitError, "--plot " + filepath.Join(dir, "none/g.png") + ": folder " + filepath.Join(dir, "none") + " does not exist"},
		{"g.PNG", exitOK, "\x89PNG"},
		{"g.svg", exitOK, "<?xml"},
		{"g.pdf", exitOK, "%PDF"},
		{"g.eps", exitUsage, "no plot format .eps"},
	}
	for _, tt := range tests {
		file := filepath.Join(dir, tt.file)
		args := []string{"analyze", "--quiet", "--game", "scrabble", "--plot", file, gcg}
		r := runIn(t, dir, args...)
		if tt.code != exitOK {
			r.check(t, args, tt.code, nil, []string{tt.want})
			if r.stdout != "" {
				t.Errorf("wordengine %q: analysed before refusing --plot:\n%s", args, r.stdout)
			}
			continue
		}
		r.check(t, args, exitOK, nil, nil)
		data, err := os.ReadFile(file)
		if err != nil || !strings.HasPrefix(string(data), tt.want) {
			t.Errorf("--plot %s: wrote %.20q (%v), want it to start %q", tt.file, data, err, tt.want)
		}
	}
}
