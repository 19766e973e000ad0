package main

import (
	"strings"
	"testing"
)

func TestPlayWordBlock(t *testing.T) {
	board := []string{"--game", "wordblock", "--board", "CATS/DOGE/RIPE/TONE"}
	passes := strings.Repeat("pass\n", 120)
	tests := []struct {
		name           string
		args           []string
		stdin          string
		code           int
		stdout, stderr []string
	}{
		{"moves, errors and hints", append(board, "--seed", "3"), "help\nhint 2\nzzzz\nCAT a1,b1\nCAT a1,b1,b4\ndogs\nboard\n", 0, []string{
			"wordblock, 2 players", "BLUE   tester", "ORANGE computer (greedy)", "seed 3 (repeat with --seed 3); you play BLUE",
			" 1  C.  A.  T.  S.", "hint [N]", "best 2 of 7748 moves by greedy", "    2  PRENEGOTIATED ",
			"Not played: ZZZZ is not in lexicon en-letterpress. Try again",
			"Not played: move \"CAT a1,b1\": 2 cells for a word of 3 letters",
			"Not played: cell b4 holds O, not T",
			"You (BLUE) played DOGS a2,b4,c2,d1: +4 cells.  BLUE 4, ORANGE 0",
			"ORANGE computer (greedy) played PROGNOSTICATED ", "Oo* ",
			"(end of input)", "The game is left unfinished (BLUE 0, ORANGE 14). Bye."}, nil},
		{"to the end", append(board, "--seed", "1"), passes, 0, []string{"You (BLUE) passed.", "Game over.", "Every cell is coloured.", "Final score: BLUE 0, ORANGE 16.", "ORANGE computer (greedy) wins."}, nil},
		{"computer first, hint, quit", append(board, "--level", "static", "--first", "computer"), "hint\nquit\n", 0, []string{"BLUE   computer (static)", "ORANGE tester", "BLUE computer (static) played ", "best 5 of ", "by static", "left unfinished"}, nil},
		{"four players", append(board, "--players", "4", "--first", "computer", "--level", "alphabeta:nodes=2000"), "pass\n", 0, []string{"4 players", "VIOLET computer (alphabeta:nodes=2000)", "You (ORANGE) passed.", "YELLOW computer (alphabeta:nodes=2000) "}, nil},
		{"om, three players", append(board, "--players", "3", "--seed", "4", "--level", "om:nodes=50000"), "quit\n", 0, []string{"ORANGE computer (om:nodes=50000)", "VIOLET computer (om:nodes=50000)", "you play BLUE"}, nil},
		{"random board", []string{"--game", "wordblock", "--seed", "9", "--variant", "size=6,contain=prefix", "--players", "3"}, "quit\n", 0, []string{"wordblock 6x6, 3 players, contain=prefix", "VIOLET"}, nil},
		{"a match: the loser opens the next game", append(board, "--seed", "5", "--first", "computer"), "pass\ny\npass\npass\nno\n", 0, []string{
			"seed 5 (repeat with --seed 5); you play ORANGE.", "Final score: BLUE 16, ORANGE 0.",
			"Another game? The loser opens it (y/n)> ",
			"Game 2: you had the fewest cells in game 1, so you open this one (the loser opens).",
			"  BLUE   tester\n  ORANGE computer (greedy)\nseed 6 (repeat with --seed 6); you play BLUE.",
			"You (BLUE) passed.  BLUE 0, ORANGE 0", "Final score: BLUE 0, ORANGE 16.", "You won 0 of 2 games. Bye."}, nil},
		{"a match: tied last, the first after the opener opens", append(board, "--seed", "1", "--players", "3", "--level", "random"), "PROGNOSTICATED\nACEROSE\ny\nquit\n", 0, []string{
			"Final score: BLUE 5, ORANGE 5, VIOLET 6.",
			"Game 2: computer (random) had the fewest cells in game 1, so it opens this one (the loser opens).",
			"  BLUE   computer (random)\n  ORANGE computer (random)\n  VIOLET tester\nseed 2 (repeat with --seed 2); you play VIOLET.",
			"The game is left unfinished"}, nil},
		{"bad players", append(board, "--players", "5"), "", 2, nil, []string{"--players 5: want 2 to 4"}},
		{"bad first", append(board, "--first", "nobody"), "", 2, nil, []string{"--first \"nobody\""}},
		{"bad level", append(board, "--level", "genius"), "", 2, nil, []string{"unknown player \"genius\""}},
		{"bad board", []string{"--game", "wordblock", "--board", "AB/CD"}, "", 2, nil, []string{"wordblock: board \"AB/CD\" (variant board=): line 1, column 1: 2 rows: want 4 to 8"}},
		{"comma in board", []string{"--game", "wordblock", "--board", "CATS,DOGE/RIPE/TONE/AAAA"}, "", 2, nil, []string{"--board \"CATS,DOGE/RIPE/TONE/AAAA\": column 5: ',' is not a letter"}},
		{"board twice", append(board, "--variant", "board=ABCD/EFGH/IJKL/MNOP"), "", 2, nil, []string{"give the board once: --board or --variant board=, not both"}},
		{"bad variant", []string{"--game", "wordblock", "--variant", "size=9"}, "", 2, nil, []string{"wordblock: variant size=9: want a whole number from 4 to 8"}},
		{"a match: stray answers ask again", append(board, "--seed", "1"), strings.Repeat("pass\n", 40) + "CAT\n\nmaybe\nn\n", 0, []string{
			"Another game? The loser opens it (y/n)> CAT\nPlease answer y or n.\nAnother game? The loser opens it (y/n)> \nPlease answer y or n.\nAnother game? The loser opens it (y/n)> maybe\nPlease answer y or n.\nAnother game? The loser opens it (y/n)> n\nYou won 0 of 1 games. Bye."}, nil},
		{"a match: end of input at the question", append(board, "--seed", "1"), strings.Repeat("pass\n", 2), 0, []string{"Another game? The loser opens it (y/n)> ", "You won 0 of 1 games. Bye."}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := playRun(t, tt.stdin, tt.args...)
			r.check(t, tt.args, tt.code, tt.stdout, tt.stderr)
			if strings.Contains(r.stdout, "\x1b[") {
				t.Errorf("colour codes in output that is not a terminal:\n%s", r.stdout)
			}
		})
	}
}

// TestPlayWordBlockRandom plays a whole game against random, the human
// always passing.
func TestPlayWordBlockRandom(t *testing.T) {
	args := []string{"--game", "wordblock", "--board", "CATS/DOGE/RIPE/TONE", "--level", "random", "--seed", "2"}
	r := playRun(t, strings.Repeat("pass\n", 200), args...)
	r.check(t, args, 0, []string{"Game over.", "Final score: "}, nil)
}
