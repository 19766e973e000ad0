package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/twoway"
	"wordengine/lexicon"
)

func TestHintTwoway(t *testing.T) {
	dir := t.TempDir()
	pos := filepath.Join(dir, "pos.txt")
	s, err := twoway.NewGame(game.Config{Variant: "lengths=3,4,5", Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		s.Play(s.AppendMoves(nil)[0])
	}
	if err := os.WriteFile(pos, []byte(s.Observation(s.ToMove())), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("twoway\nturn red place\nmissed 0 0\n1 . . . . . . . .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"--seed", "5", "--top", "3"}, 0, []string{"red hand: ", "blue hand: 5 tiles", "ranked by static", "    1  "}, nil},
		{[]string{"--position", pos, "--top", "2"}, 0, []string{"red words: ", "ranked by static"}, nil},
		{[]string{"--position", pos, "--player", "greedy", "--json"}, 0, []string{`"game": "twoway"`, `"ranked_by": "greedy"`, `"observation": "twoway lengths=3,4,5`}, nil},
		{[]string{"--position", bad}, 1, nil, []string{"bad.txt: twoway position: line 4:1: row 1 has 8 cells"}},
		{[]string{"--board", "X"}, 2, nil, []string{"--game twoway takes --position"}},
		{[]string{"--players", "3"}, 2, nil, []string{"twoway is for 2"}},
	}
	for _, tt := range tests {
		args := append([]string{"hint", "--game", "twoway"}, tt.args...)
		r := runStdin(t, "", args...)
		r.check(t, args, tt.code, tt.stdout, tt.stderr)
	}
}

func TestPlayTwoway(t *testing.T) {
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	// The same deal as play --seed 3: the human (red) holds these tiles.
	s, err := twoway.NewGame(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(3, 1))})
	if err != nil {
		t.Fatal(err)
	}
	l := lx.Alphabet.Letter(s.Hand(twoway.Red)[0][twoway.Red])
	blue := lx.Alphabet.Letter(s.Hand(twoway.Red)[0][twoway.Blue])
	save := filepath.Join(t.TempDir(), "saved.txt")
	args := []string{"--game", "twoway", "--seed", "3"}
	in := "help\nhint 2\nZZ d4\nend\n" + l + " d4\nend\nsave " + save + "\nquit\n"
	r := playRun(t, in, args...)
	r.check(t, args, 0, []string{"twoway (lengths=3,4,5,6)", "you (tester) play red", "best 2 of ", "Not played: ",
		"place a tile before ending the turn", "You (red) placed " + l + " d4.", "The computer (blue, greedy) placed a tile on ",
		"Saved what you see", "left unfinished"}, nil)
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "blue hand ?/? ?/? ?/? ?/? ?/?") || strings.Contains(string(data), l+"/"+blue) {
		t.Errorf("the saved observation shows hidden faces:\n%s", data)
	}
	// A whole game against random: the human resigns nothing, it quits at
	// the end of input; the computer-first game runs to its end.
	args = []string{"--game", "twoway", "--seed", "4", "--first", "computer", "--level", "greedy"}
	r = playRun(t, "board\nquit\n", args...)
	r.check(t, args, 0, []string{"you (tester) play blue", "The computer (red, greedy) placed a tile on", "blue hand: "}, nil)
}
