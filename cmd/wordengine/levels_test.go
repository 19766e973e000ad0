package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLevelFlags: --level N in the main job (one level for every seat,
// or one a seat) and in play (a level, or a player by name); a level out
// of range, a list of the wrong length, or --level with --players is a
// usage error that gives the range.
func TestLevelFlags(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	for _, tc := range []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"--level", "2", "--seed", "4"}, 0, []string{"level 2 as player 1 against level 2 as player 2", "result: "}, nil},
		{[]string{"--level", "1,5", "--seed", "4", "--game", "twoway"}, 0, []string{"level 1 as player 1 (red) against level 5 as player 2 (blue)"}, nil},
		{[]string{"--level", "3", "--game", "wordblock", "--seed", "2"}, 0, []string{"level 3 as"}, nil},
		{[]string{"--level", "0"}, exitUsage, nil, []string{`--level "0": want a level from 1 (beginner) to 5 (full strength)`}},
		{[]string{"--level", "six"}, exitUsage, nil, []string{`--level "six": want a level from 1 (beginner) to 5`}},
		{[]string{"--level", "1,2,3"}, exitUsage, nil, []string{`--level "1,2,3": give one level for all 2 seats, or 2 levels, one a seat`}},
		{[]string{"--level", "1", "--players", "static,static"}, exitUsage, nil, []string{"--level and --players: give one of them"}},
	} {
		r := runIn(t, cache, tc.args...)
		r.check(t, tc.args, tc.code, tc.stdout, tc.stderr)
	}
	for _, tc := range []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"--level", "1", "--seed", "3", "--first", "computer"}, 0, []string{"The game is left unfinished"}, nil},
		{[]string{"--level", "9"}, exitUsage, nil, []string{`--level "9": want a level from 1 (beginner) to 5 (full strength)`}},
		{[]string{"--level", "level:2,top=0"}, exitUsage, nil, []string{"--level: level: top=0: want a whole number from 1 to 1000"}},
	} {
		r := playRun(t, "quit\n", tc.args...)
		r.check(t, append([]string{"play"}, tc.args...), tc.code, tc.stdout, tc.stderr)
	}
	// The saved game names the computer's player level 1.
	file := filepath.Join(t.TempDir(), "game.gcg")
	r := playRun(t, "save "+file+"\nquit\n", "--level", "1", "--seed", "3", "--first", "computer")
	data, err := os.ReadFile(file)
	if r.code != 0 || err != nil || !strings.Contains(string(data), "level:1") {
		t.Errorf("play --level 1: exit %d, %v; the record does not name level 1:\n%s", r.code, err, data)
	}
}
