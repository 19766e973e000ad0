package main

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"wordengine/game"
)

func TestSetupPlay(t *testing.T) {
	for _, tc := range []struct {
		first, name, user string
		n                 int
		wantHuman         int // -1: any seat of n
		wantName          string
		wantErr           string
	}{
		{first: "human", n: 3, wantHuman: 0, user: "ann", wantName: "ann"},
		{first: "computer", n: 2, wantHuman: 1, name: " bob ", user: "ann", wantName: "bob"},
		{first: "computer", n: 1, wantHuman: 0, wantName: "you"}, // one seat: the human's
		{first: "random", n: 4, wantHuman: -1, wantName: "you"},
		{first: "last", n: 2, wantErr: `--first "last": want human, computer or random`},
	} {
		a := &app{seed: 7, getenv: func(k string) string {
			if k == "USER" {
				return tc.user
			}
			return ""
		}}
		c := &cobra.Command{Use: "play"}
		c.Flags().Uint64Var(&a.seed, "seed", 0, "")
		if err := c.Flags().Set("seed", "7"); err != nil {
			t.Fatal(err)
		}
		ps, err := a.setupPlay(c, &playFlags{first: tc.first, name: tc.name}, tc.n)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("first %q: error %v, want %q", tc.first, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("first %q: %v", tc.first, err)
		}
		if ps.seed != 7 {
			t.Errorf("first %q: seed %d, want --seed 7", tc.first, ps.seed)
		}
		if tc.wantHuman >= 0 && ps.human != tc.wantHuman || ps.human < 0 || ps.human >= tc.n {
			t.Errorf("first %q, %d seats: human seat %d, want %d", tc.first, tc.n, ps.human, tc.wantHuman)
		}
		if ps.name != tc.wantName {
			t.Errorf("first %q: name %q, want %q", tc.first, ps.name, tc.wantName)
		}
	}
}

func TestReadPosition(t *testing.T) {
	dir := t.TempDir()
	file := dir + "/p.txt"
	if err := os.WriteFile(file, []byte("board"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file, want, name, err string
	}{
		{file: file, want: "board", name: file},
		{file: "-", want: "stdin text", name: "standard input"},
		{file: dir + "/missing.txt", err: "no such file"},
	} {
		data, name, err := readPosition(strings.NewReader("stdin text"), tc.file)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.file, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.file, err)
		case string(data) != tc.want || name != tc.name:
			t.Errorf("%s: %q from %q, want %q from %q", tc.file, data, name, tc.want, tc.name)
		}
	}
}

func TestHintShown(t *testing.T) {
	a, b := game.Move{A: 1}, game.Move{A: 2}
	for _, tc := range []struct {
		i, top            int
		m, choice         game.Move
		ranks             bool
		wantShow, wantCho bool
	}{
		{0, 2, a, game.Move{}, true, true, false},
		{2, 2, a, game.Move{}, true, false, false},
		{5, 0, a, game.Move{}, true, true, false}, // top 0: all
		{5, 2, a, a, false, true, true},           // the choice of a player that cannot rank, far down
		{5, 2, b, a, false, false, false},
		{1, 2, a, a, true, true, false}, // a ranking player marks no choice
	} {
		show, chosen := hintShown(tc.i, tc.top, tc.m, tc.choice, tc.ranks)
		if show != tc.wantShow || chosen != tc.wantCho {
			t.Errorf("hintShown(%d, %d, %v, %v, %v) = %v, %v, want %v, %v", tc.i, tc.top, tc.m, tc.choice, tc.ranks, show, chosen, tc.wantShow, tc.wantCho)
		}
	}
}
