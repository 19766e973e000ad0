package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLeavesTrain trains a tiny table with 1 and 2 threads (the files are
// identical), inspects it, and trains a second generation from it.
func TestLeavesTrain(t *testing.T) {
	dir := t.TempDir()
	out1, out2 := filepath.Join(dir, "a.leaves"), filepath.Join(dir, "b.leaves.gz")
	args := []string{"leaves", "train", "--game", "wwf", "--games", "6", "--seed", "3", "--threads", "1", "--out", out1}
	runIn(t, dir, args...).check(t, args, 0,
		[]string{"trained wwf leaves by self-play (greedy), seed 3, 1 thread", "games 6, moves ", "distinct leaves ", "games/s", "wrote " + out1}, nil)
	args2 := []string{"leaves", "train", "--game", "wwf", "--games", "6", "--seed", "3", "--threads", "2", "--out", out2}
	runIn(t, dir, args2...).check(t, args2, 0, []string{"wrote " + out2}, nil)
	a, err := os.ReadFile(out1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(a), "wordengine-leaves 1\ngame wwf\n") || !strings.Contains(string(a), "\npoints ? 0 A 1 B 4 ") {
		t.Errorf("table header:\n%.300s", a)
	}
	info := func(path string) string {
		args := []string{"leaves", "info", path, "--top", "2"}
		r := runIn(t, dir, args...)
		r.check(t, args, 0, []string{"game wwf, 26 letters", "--games 6 --seed 3", "single tiles (points): ? ", "best: ", "worst: "}, nil)
		return strings.ReplaceAll(r.stdout, path, "FILE")
	}
	if i1, i2 := info(out1), info(out2); i1 != i2 {
		t.Errorf("threads 1 and 2 give different tables:\n%s\n%s", i1, i2)
	}
	args3 := []string{"leaves", "train", "--game", "wwf", "--games", "2", "--seed", "4", "--player", "static", "--init", out1, "--out", filepath.Join(dir, "c.leaves"), "--json"}
	runIn(t, dir, args3...).check(t, args3, 0, []string{`"player": "static:leaves=` + out1 + `,endgame=off"`, `"games": 2`, `"command": "wordengine leaves train --game wwf --games 2 --seed 4 --player static --shrink 20 --init a.leaves"`}, nil)
}

func TestLeavesErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.leaves")
	if err := os.WriteFile(bad, []byte("wordengine-leaves 1\ngame x\nletters A\nleaves 2\nA 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{[]string{"leaves"}, 2, nil, []string{"name a subcommand (train, merge, info)"}},
		{[]string{"leaves", "train", "--games", "5"}, 2, nil, []string{"--out FILE is required"}},
		{[]string{"leaves", "train", "--games", "0", "--out", "x"}, 2, nil, []string{"--games 0: want 1 to 1000000000"}},
		{[]string{"leaves", "train", "--threads", "-1", "--out", "x"}, 2, nil, []string{"--threads -1: want 0 (one per core) to 1024"}},
		{[]string{"leaves", "train", "--threads", "5000", "--out", "x"}, 2, nil, []string{"--threads 5000: want 0 (one per core) to 1024"}},
		{[]string{"leaves", "train", "--shrink", "-1", "--out", "x"}, 2, nil, []string{"--shrink -1"}},
		{[]string{"leaves", "train", "--game", "chess", "--out", "x"}, 2, nil, []string{`unknown game "chess"`}},
		{[]string{"leaves", "train", "--player", "genius", "--out", "x"}, 2, nil, []string{`unknown player "genius"`}},
		{[]string{"leaves", "train", "--init", bad, "--out", "x"}, 1, nil, []string{"bad.leaves:5: file ends after 1 of the 2 announced leaves"}},
		{[]string{"leaves", "info"}, 2, nil, []string{"want at least 1 argument"}},
		{[]string{"leaves", "info", bad}, 1, nil, []string{"bad leave file " + bad + ":5"}},
		{[]string{"leaves", "info", "wwf", "AB1"}, 2, nil, []string{`leave "AB1"`}},
		{[]string{"leaves", "info", "scrabble", "?S", "UUU"}, 0, []string{"embedded scrabble: game scrabble", "?S +", "UUU -"}, nil},
	}
	for _, tt := range tests {
		runIn(t, dir, tt.args...).check(t, tt.args, tt.code, tt.stdout, tt.stderr)
	}
}

func TestTrainingPlayer(t *testing.T) {
	tests := []struct{ spec, init, want string }{
		{"greedy", "", "greedy"},
		{"greedy", "a.leaves", "greedy"},
		{"static", "", "static:endgame=off"},
		{"static", "a.leaves", "static:leaves=a.leaves,endgame=off"},
		{"static:leaves=b.leaves", "a.leaves", "static:leaves=b.leaves,endgame=off"},
		{"static:endgame=on", "a.leaves", "static:endgame=on"},
		{"static:endgame-nodes=5,endgame=on", "", "static:endgame-nodes=5,endgame=on"},
		{"sim:plies=2", "", "sim:plies=2,endgame=off"},
	}
	for _, tt := range tests {
		if got := trainingPlayer(tt.spec, tt.init); got != tt.want {
			t.Errorf("trainingPlayer(%q, %q) = %q, want %q", tt.spec, tt.init, got, tt.want)
		}
	}
}
