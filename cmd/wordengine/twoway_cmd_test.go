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
	t.Parallel()
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
		{[]string{"--seed", "5", "--top", "3"}, 0, []string{"player 1 (red) to move with S L R R A", "ranked by static", "    1  "}, nil},
		{[]string{"--position", pos, "--top", "2"}, 0, []string{"ranked by static"}, nil},
		{[]string{"--position", pos, "--player", "greedy", "--json"}, 0, []string{`"game": "twoway"`, `"ranked_by": "greedy"`, `"position": "twoway lengths=3,4,5`}, nil},
		{[]string{"--position", other}, 1, nil, []string{"other.txt: player ", "(" + mover + ") is to move but the position does not give what it holds", "give what that player sees"}},
		{[]string{"--position", crlf, "--top", "2"}, 0, []string{"ranked by static"}, nil},
		{[]string{"--position", bad}, 1, nil, []string{"bad.txt: ", "line 4, column 1: row 1 has 8 cells, want 7"}},
		{[]string{"--board", "X"}, 2, nil, []string{"--board: twoway has no board to give"}},
		{[]string{"--players", "3"}, 2, nil, []string{"--players 3: twoway is played by 2 players"}},
		{[]string{"--variant", "lenghts=3"}, 2, nil, []string{`unknown variant option "lenghts" (options: lengths, open-hands, tiles)`}},
	}
	for _, tt := range tests {
		args := append([]string{"hint", "--game", "twoway"}, tt.args...)
		r := runStdin(t, "", args...)
		r.check(t, args, tt.code, tt.stdout, tt.stderr)
	}
}

func TestPlayTwoway(t *testing.T) {
	t.Parallel()
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
	save := filepath.Join(t.TempDir(), "saved.json")
	args := []string{"--game", "twoway", "--seed", "3"}
	in := "help\nhint 2\nZZ d4\nend\n" + l + " d4\nend\nsave " + save + "\nquit\n"
	r := playRun(t, in, args...)
	r.check(t, args, 0, []string{"twoway (lengths=3,4,5,6)", "you are player 1 (red)", "best 2 of ", "Not played: ",
		"place a tile before ending the turn", "You placed " + l + " d4.", "Computer placed a tile on ",
		"Saved 4 moves to " + save, "left unfinished"}, nil)
	if strings.Contains(r.stdout, "Computer placed "+blue) {
		t.Errorf("the computer's face is shown")
	}
	// The record resumes: the same position, the human still red.
	r = playRun(t, "board\nquit\n", "--resume", save)
	r.check(t, nil, 0, []string{"Resumed " + save + ": 4 moves.", "you are player 1 (red)", "your hand: "}, nil)
	args = []string{"--game", "twoway", "--variant", "lengths=9"}
	playRun(t, "", args...).check(t, args, 2, nil, []string{"variant lengths=9: want whole numbers from 3 to 6"})
	args = []string{"--game", "twoway", "--seed", "4", "--first", "computer", "--level", "greedy"}
	r = playRun(t, "board\nquit\n", args...)
	r.check(t, args, 0, []string{"you are player 2 (blue)", "Computer placed a tile on", "your hand: "}, nil)
}

// TestPlayTwowayMovesLikeCommands: "H d4" places an H and "Q d4" a Q (not
// help and quit), and claiming SAVE or HINT is a claim, not the command;
// "hint 3" and "save FILE" are the commands.
func TestPlayTwowayMovesLikeCommands(t *testing.T) {
	t.Parallel()
	args := []string{"--game", "twoway", "--seed", "3"}
	save := filepath.Join(t.TempDir(), "x.json")
	r := playRun(t, "H d4\nQ d4\nSAVE a1-d1\nhint b2-b4\nhint 1\nsave "+save+"\nquit\n", args...)
	r.check(t, args, 0, []string{"Not played: illegal move: no H in the red hand", "Not played: illegal move: no Q in the red hand",
		"Not played: illegal move: cell a1 of a1-d1 is empty", "best 1 of ", "Saved 0 moves to " + save}, nil)
	if _, err := os.Stat("a1-d1"); err == nil {
		t.Errorf("a claim of SAVE saved a file")
	}
	if strings.Contains(r.stdout, "Commands:") || strings.Contains(r.stdout, "left unfinished") && strings.Count(r.stdout, "your move>") < 6 {
		t.Errorf("a move was read as a command:\n%s", r.stdout)
	}
}

// TestHintTwowayUnsearched: the moves ismcts never expanded read "not
// searched" (null equity in JSON), not a loss by 4.6e15.
func TestHintTwowayUnsearched(t *testing.T) {
	t.Parallel()
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
