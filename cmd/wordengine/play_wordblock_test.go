package main

import (
	"strings"
	"testing"
)

func TestPlayWordBlock(t *testing.T) {
	t.Parallel()
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
			"wordblock (contain=anywhere), 2 players", "  player 1 (BLUE):   tester", "  player 2 (ORANGE): computer (greedy)",
			"seed 3 (repeat with --seed 3); you are player 1 (BLUE)",
			" 1  C.  A.  T.  S.", "hint [N]", "best 2 of 7748 moves by om", "    2  PRENEGOTIATES ",
			"Not played: illegal move: ZZZZ is not in lexicon en-letterpress. Try again",
			"Not played: move \"CAT a1,b1\": 2 cells for a word of 3 letters",
			"Not played: illegal move: cell b4 holds O, not T",
			"You played DOGS a2,b4,c2,d1: +4 cells.  tester 4, computer 0",
			"Computer played PROGNOSTICATED ", "Oo* ",
			"(end of input)", "The game is left unfinished (tester 0, computer 14). Bye."}, nil},
		{"resign is a command, RESIGN with its cells a word", append(board, "--seed", "2"), "resign\nn\n", 0, []string{
			"You resigned.  tester 0, computer 0", "played:\n", "Computer wins (you resigned)."}, nil},
		{"the final board marks the last move once", append(board, "--players", "3", "--seed", "1", "--level", "om"), "TOGS\n", 0, []string{
			"Computer 3 played COPRESENTED a1,b2,c3,a3,d4,d1,d2,c4,c1,d3,a2",
			"Game over.\n    a   b   c   d\n 1 [Cv] Ao [To  Sv]\n 2 [Dv* Ov] Go [Ev]\n 3 [Rv] Io [Pv  Ev*]\n 4  To  Oo*[No  Ev]\n"}, nil},
		{"to the end", append(board, "--seed", "1"), passes, 0, []string{"You passed.", "Game over.", "Every cell is coloured.", "Final score: tester 0, computer 16.", "Computer wins by 16 cells."}, nil},
		{"computer first, hint, quit", append(board, "--level", "static", "--first", "computer"), "hint\nquit\n", 0, []string{"  player 1 (BLUE):   computer (static)", "  player 2 (ORANGE): tester", "Computer played ", "best 5 of ", "by om", "left unfinished"}, nil},
		{"four players", append(board, "--players", "4", "--first", "computer", "--level", "alphabeta:nodes=2000"), "pass\n", 0, []string{"4 players", "  player 3 (VIOLET): computer 3 (alphabeta:nodes=2000)", "You passed.", "Computer 4 played "}, nil},
		{"om, three players", append(board, "--players", "3", "--seed", "4", "--level", "om:nodes=50000"), "quit\n", 0, []string{"  player 2 (ORANGE): computer 2 (om:nodes=50000)", "  player 3 (VIOLET): computer 3 (om:nodes=50000)", "you are player 1 (BLUE)"}, nil},
		{"random board", []string{"--game", "wordblock", "--seed", "9", "--variant", "size=6,contain=prefix", "--players", "3"}, "quit\n", 0, []string{"wordblock (contain=prefix), 3 players", "VIOLET", " 6  "}, nil},
		{"a match: the loser opens the next game", append(board, "--seed", "5", "--first", "computer"), "pass\ny\npass\npass\nno\n", 0, []string{
			"seed 5 (repeat with --seed 5); you are player 2 (ORANGE).", "Final score: computer 16, tester 0.",
			"Another game? The loser, the player with the fewest cells, opens it (y/n)> ",
			"Game 2: tester opens it.",
			"  player 1 (BLUE):   tester\n  player 2 (ORANGE): computer (greedy)\nseed 6 (repeat with --seed 6); you are player 1 (BLUE).",
			"You passed.  tester 0, computer 0", "Final score: tester 0, computer 16.", "You won 0 of 2 games. Bye."}, nil},
		{"bad players", append(board, "--players", "5"), "", 2, nil, []string{"--players 5: wordblock takes 2 to 4 players"}},
		{"bad first", append(board, "--first", "nobody"), "", 2, nil, []string{"--first \"nobody\""}},
		{"bad level", append(board, "--level", "genius"), "", 2, nil, []string{"unknown player \"genius\""}},
		{"bad board", []string{"--game", "wordblock", "--board", "AB/CD"}, "", 2, nil, []string{"board \"AB/CD\" (variant board=): line 1, column 1: 2 rows: want 4 to 8"}},
		{"comma in board", []string{"--game", "wordblock", "--board", "CATS,DOGE/RIPE/TONE/AAAA"}, "", 2, nil, []string{"--board \"CATS,DOGE/RIPE/TONE/AAAA\": column 5: ',' is not a letter"}},
		{"board twice", append(board, "--variant", "board=ABCD/EFGH/IJKL/MNOP"), "", 2, nil, []string{"give the board once: --board or --variant board=, not both"}},
		{"bad variant", []string{"--game", "wordblock", "--variant", "size=9"}, "", 2, nil, []string{"wordengine: variant size=9: want a whole number from 4 to 8"}},
		{"a match: stray answers ask again", append(board, "--seed", "1"), strings.Repeat("pass\n", 40) + "CAT\n\nmaybe\nn\n", 0, []string{
			"opens it (y/n)> CAT\nPlease answer y or n (or save FILE, board, undo, quit).\nAnother game? The loser, the player with the fewest cells, opens it (y/n)> \nAnother game? The loser, the player with the fewest cells, opens it (y/n)> maybe\nPlease answer y or n (or save FILE, board, undo, quit).\nAnother game? The loser, the player with the fewest cells, opens it (y/n)> n\nYou won 0 of 1 game. Bye."}, nil},
		{"a match: end of input at the question", append(board, "--seed", "1"), strings.Repeat("pass\n", 2), 0, []string{"opens it (y/n)> ", "You won 0 of 1 game. Bye."}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
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
	t.Parallel()
	args := []string{"--game", "wordblock", "--board", "CATS/DOGE/RIPE/TONE", "--level", "random", "--seed", "2"}
	r := playRun(t, strings.Repeat("pass\n", 200), args...)
	r.check(t, args, 0, []string{"Game over.", "Final score: "}, nil)
}
