package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	// The other seat's observation hides the mover's letters: no hint.
	other := filepath.Join(dir, "other.txt")
	if err := os.WriteFile(other, []byte(s.Observation(1-s.ToMove())), 0o644); err != nil {
		t.Fatal(err)
	}
	crlf := filepath.Join(dir, "crlf.txt")
	if err := os.WriteFile(crlf, []byte(strings.ReplaceAll(s.Observation(s.ToMove()), "\n", "\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	mover := twoway.ColourNames[s.ToMove()]
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
		{[]string{"--position", other}, 1, nil, []string{"other.txt: " + mover + " is to move but the position hides " + mover + "'s letters"}},
		{[]string{"--position", crlf, "--top", "2"}, 0, []string{"ranked by static"}, nil},
		{[]string{"--position", bad}, 1, nil, []string{"bad.txt: line 4, column 1: row 1 has 8 cells"}},
		{[]string{"--board", "X"}, 2, nil, []string{"--game twoway takes --position"}},
		{[]string{"--players", "3"}, 2, nil, []string{"twoway is for 2"}},
		{[]string{"--variant", "lenghts=3"}, 2, nil, []string{"--variant: twoway: unknown variant option"}},
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
	args = []string{"--game", "twoway", "--variant", "lengths=9"}
	playRun(t, "", args...).check(t, args, 2, nil, []string{"--variant: twoway: variant lengths=9: want whole numbers from 3 to 6"})
	args = []string{"--game", "twoway", "--seed", "4", "--first", "computer", "--level", "greedy"}
	r = playRun(t, "board\nquit\n", args...)
	r.check(t, args, 0, []string{"you (tester) play blue", "The computer (red, greedy) placed a tile on", "blue hand: "}, nil)
}

// TestPlayTwowayMovesLikeCommands: "H d4" places an H and "Q d4" a Q (not
// help and quit), and claiming SAVE or HINT is a claim, not the command.
func TestPlayTwowayMovesLikeCommands(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"H d4", "twoway H"}, {"Q d4", "twoway Q"}, {"SAVE a1-d1", "claim"}, {"hint b2-b4", "claim"},
		{"h", ""}, {"q", ""}, {"hint 3", ""}, {"save f.txt", ""}, {"H d4 x", ""},
	} {
		if got := twowayMoveText(tc.line); got != (tc.want != "") {
			t.Errorf("twowayMoveText(%q) = %v", tc.line, got)
		}
	}
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, letter := range []string{"H", "Q"} {
		// A deal where red, the human, holds the letter.
		seed := uint64(0)
		for ; seed < 2000; seed++ {
			s, err := twoway.NewGame(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(seed, 1))})
			if err != nil {
				t.Fatal(err)
			}
			if slices.ContainsFunc(s.Hand(twoway.Red), func(x twoway.Tile) bool { return lx.Alphabet.Letter(x[twoway.Red]) == letter }) {
				break
			}
		}
		args := []string{"--game", "twoway", "--seed", strconv.FormatUint(seed, 10)}
		dir := t.TempDir()
		t.Chdir(dir)
		r := playRun(t, letter+" d4\nSAVE a1-d1\nHINT a1-d1\nend\nquit\n", args...)
		r.check(t, args, 0, []string{"You (red) placed " + letter + " d4.", "Not played: cell a1 of a1-d1 is empty", "left unfinished"}, nil)
		if strings.Contains(r.stdout, "Commands (you see") || strings.Contains(r.stdout, "best 5") {
			t.Errorf("%s d4 or a claim ran a command:\n%s", letter, r.stdout)
		}
		if _, err := os.Stat(filepath.Join(dir, "a1-d1")); err == nil {
			t.Error("claiming SAVE a1-d1 saved a file a1-d1")
		}
	}
}

// TestHintTwowayUnsearched: the moves ismcts never expanded read "not
// searched" (null equity in JSON), not a loss by 4.6e15.
func TestHintTwowayUnsearched(t *testing.T) {
	for _, args := range [][]string{
		{"hint", "--game", "twoway", "--player", "ismcts:iterations=30", "--top", "0"},
		{"hint", "--game", "twoway", "--player", "ismcts:iterations=30", "--top", "0", "--json"},
	} {
		r := runStdin(t, "", args...)
		want := "not searched"
		if args[len(args)-1] == "--json" {
			want = `"equity": null`
		}
		r.check(t, args, 0, []string{want}, nil)
		if strings.Contains(r.stdout, "loss by 46") || strings.Contains(r.stdout, "e+15") || strings.Contains(r.stdout, "-46116") {
			t.Errorf("%v: unsearched moves shown as huge losses", args)
		}
	}
}
