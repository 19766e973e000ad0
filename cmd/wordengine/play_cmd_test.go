package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/lexicon"
	"wordengine/search"
)

// playRun runs `wordengine play args...` in-process with stdin as its
// standard input.
func playRun(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	a := &app{stdout: &stdout, stderr: &stderr, stdin: strings.NewReader(stdin),
		getenv: func(k string) string {
			if k == "USER" {
				return "tester"
			}
			return ""
		}}
	// The tests script the greedy level unless they name another.
	if !slices.Contains(args, "--level") {
		args = append([]string{"--level", "greedy"}, args...)
	}
	code := a.run(context.Background(), append([]string{"play"}, args...))
	return result{code, stdout.String(), stderr.String()}
}

// dealt returns the game `play --game name --seed seed` deals.
func dealt(t *testing.T, name string, seed uint64) *crossword.State {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*crossword.State)
}

// firstMoves returns, for the human moving first in `play --seed seed`, a
// legal first play (in GCG form), an exchange of the first letter of the
// rack, and two letters of the rack placed off the start square.
func firstMoves(t *testing.T, seed uint64) (play, exchange, offStart string) {
	t.Helper()
	s := dealt(t, "wwf", seed)
	m, err := search.Greedy{}.Choose(context.Background(), s, nil)
	if err != nil || crossword.MoveKind(m) != crossword.Play {
		t.Fatalf("seed %d: no first play (%v)", seed, err)
	}
	a := s.Alphabet()
	var letters []lexicon.Tile
	for _, tl := range s.Rack(nil, 0) {
		if !tl.IsBlank() {
			letters = append(letters, tl)
		}
	}
	if len(letters) < 2 {
		t.Fatalf("seed %d: rack %s has fewer than two letters", seed, a.Format(s.Rack(nil, 0)))
	}
	return s.FormatMove(m), "-" + a.Format(letters[:1]), "1A " + a.Format(letters[:2])
}

func TestPlayScripted(t *testing.T) {
	t.Parallel()
	const seed = 3
	play, exchange, offStart := firstMoves(t, seed)
	dir := t.TempDir()
	mid := filepath.Join(dir, "mid.gcg")
	s := fmt.Sprint(seed)
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout []string
		stderr []string
	}{
		{"eof at once", []string{"--seed", s}, "", 0,
			[]string{"seed 3 (repeat with --seed 3); you are player 1.", "your rack: ", "(bag: 90 tiles)", "(end of input)", "The game is left unfinished (tester 0, computer 0). Bye."}, nil},
		{"legal move", []string{"--seed", s}, play + "\n", 0,
			[]string{"You played " + strings.Fields(play)[0], "Computer played ", "(bag: "}, nil},
		{"illegal move and retry", []string{"--seed", s}, offStart + "\n8H\nQXQX\nQUIZ\n-\n" + play + "\n", 0,
			[]string{"Not played: illegal move: the first play must cover the start square H8.",
				`Not played: illegal move: "8H": want a position and a word`, `Unknown command or move "QXQX" (help lists the commands).`,
				`"QUIZ": a play needs a position first: 8H QUIZ (across) or H8 QUIZ (down).`, `"-" alone: type pass`,
				"You played "}, nil},
		{"lower case hint", []string{"--seed", s}, "8h " + strings.ToLower(strings.Fields(play)[1]) + "\n", 0,
			[]string{"(lower-case letters are"}, nil},
		{"exchange", []string{"--seed", s}, exchange + "\n", 0,
			[]string{"You exchanged " + exchange[1:] + ".", "Computer played"}, nil},
		{"pass", []string{"--seed", s}, "pass\n", 0, []string{"You passed.  tester 0, computer 0"}, nil},
		{"hint", []string{"--seed", s}, "hint\nhint 2\nhint x\nhint 0\n", 0,
			[]string{"best 5 of 486 moves by static:", " rank  move     score  leave    value", "best 2 of ",
				"hint x: want a number of moves from 1 to 50.", "hint 0: want a number"}, nil},
		{"bag", []string{"--seed", s}, "bag\n", 0, []string{"unseen: 97 tiles (90 in the bag, 7 on the other rack)", "? 2"}, nil},
		{"help and unknown", []string{"--seed", s}, "help\nfoo\n", 0, []string{"Commands:\n  8H WORD", "  undo        take back your last move", `Unknown command or move "foo"`}, nil},
		{"save mid-game", []string{"--seed", s}, play + "\nsave " + mid + "\nsave\n", 0,
			[]string{"Saved 2 moves to " + mid, "save needs a file name"}, nil},
		{"save fails", []string{"--seed", s}, "save " + filepath.Join(dir, "no", "such", "dir.gcg") + "\n", 0, []string{"Not saved: "}, nil},
		{"undo", []string{"--seed", s}, "undo\n" + play + "\nundo\nhint 1\n", 0,
			[]string{"Nothing to undo: you made no move yet.", "Took back 2 moves.  tester 0, computer 0", "(bag: 90 tiles)"}, nil},
		{"resign", []string{"--seed", s}, "resign\nbag\nsave " + filepath.Join(dir, "resign.gcg") + "\nquit\nnot read\n", 0,
			[]string{"You resigned.", "Game over.", "Player 1 resigned.", "Final score: tester 0, computer 0.",
				"rack left: ", "Computer wins (you resigned).", `Type "save FILE" to save the game`,
				`The game is over: type "save FILE"`, "Saved 1 move", "Bye."}, nil},
		{"quit", []string{"--seed", s}, "quit\n", 0, []string{"left unfinished"}, nil},
		{"computer first", []string{"--seed", s, "--first", "computer", "--name", "Ann Lee"}, "", 0,
			[]string{"player 1:", "computer (greedy)", "player 2:", "Ann Lee", "you are player 2", "Computer played ", "Ann Lee "}, nil},
		{"random first", []string{"--seed", s, "--first", "random", "--level", "random"}, "", 0, []string{"computer (random)"}, nil},
		{"scrabble", []string{"--seed", s, "--game", "scrabble", "--variant", "end=none"}, "bag\n", 0,
			[]string{"wordengine play: scrabble (end=none)", "unseen: 93 tiles (86 in the bag"}, nil},

		{"bad first", []string{"--first", "nobody"}, "", 2, nil, []string{`--first "nobody": want human, computer or random`, "wordengine play --help"}},
		{"bad level", []string{"--level", "genius"}, "", 2, nil, []string{`unknown player "genius"`}},
		{"bad game", []string{"--game", "chess"}, "", 2, nil, []string{`--game "chess": no such game (known: `}},
		{"bad variant", []string{"--variant", "lang=xx"}, "", 2, nil, []string{"lang=xx"}},
		{"extra argument", []string{"x"}, "", 2, nil, []string{"takes no arguments"}},
		{"players a game ignores", []string{"--players", "3"}, "", 2, nil, []string{"--players 3: wwf is played by 2 players"}},
		{"board a game ignores", []string{"--board", "CATS/DOGE/RIPE/TONE"}, "", 2, nil, []string{"--board: wwf has no board to give"}},
		{"name with a newline", []string{"--name", "evil\nx"}, "", 2, nil, []string{`--name "evil\nx": a name is one line`}},
		{"resume with game flags", []string{"--resume", mid, "--seed", "4"}, "", 2, nil, []string{"--seed: --resume continues a saved game"}},
	}
	t.Run("sessions", func(t *testing.T) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				r := playRun(t, tt.stdin, tt.args...)
				r.check(t, tt.args, tt.code, tt.stdout, tt.stderr)
				if before, _, _ := strings.Cut(r.stdout, "Game over."); strings.Contains(before, "rack left") {
					t.Errorf("the output shows the computer's rack before the end:\n%s", r.stdout)
				}
			})
		}
	})
	// The mid-game record reads back as a record of wwf with its seed and
	// both players (the computer by its level).
	data, err := os.ReadFile(mid)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.ReadRecord(bytes.NewReader(data), mid)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Game != "wwf" || !rec.Dealt || rec.Seed != seed || len(rec.Moves) != 2 || rec.Players[0].Name != "tester" || rec.Players[1].Player != "greedy" || rec.Result != nil {
		t.Errorf("mid-game record: %+v", rec)
	}
}

// TestPlayJunk feeds lines that are neither commands nor moves and checks
// that the session answers each and survives.
func TestPlayJunk(t *testing.T) {
	t.Parallel()
	junk := []string{
		"", " ", "\t", "-", "--", "---", "-?", "-??????????", "-[QU]", "-[", "-]", "-0", "-1",
		"8H", "8H ", "H8", "8H .", "8H ..", "8H ...A", "8H (", "8H ()", "8H [", "8H []", "8H [QU]", "8H [ZZ]",
		"0A AB", "99A AB", "A0 AB", "A99 AB", "Z1 AB", "1Z AB", "16A AB", "A16 AB", "+8H AB", "-8H AB", "8-H AB",
		"8H A B C", "8H AB CD", "8H ab", "8H ?", "8H ?A", "8H é", "8H ÑANDU", "8H \x00\x01", "\x1b[A", "\xff\xfe",
		strings.Repeat("A", 5000), "8H " + strings.Repeat("E", 300), "-" + strings.Repeat("E", 300),
		"hint -1", "hint 99999999999999999999", "hint 1 2", "hint 1e3", "bag bag", "board x", "save",
		"save " + string([]byte{0}), "PASS extra", "resign now", "help me", "HINT", "Bag", "8h ", "h8 a",
	}
	r := playRun(t, strings.Join(junk, "\n")+"\n", "--seed", "5")
	r.check(t, nil, 0, []string{"(end of input)", "left unfinished"}, nil)
	if n := strings.Count(r.stdout, "your move> "); n < len(junk) {
		t.Errorf("%d prompts for %d junk lines", n, len(junk))
	}
	if strings.Contains(r.stdout, "You played") || strings.Contains(r.stdout, "You passed") {
		t.Errorf("a junk line was played:\n%s", r.stdout)
	}
}

// TestPlayResume: a game saved and resumed goes on as it would have
// without the interruption (the same draws, the same computer moves), in
// every game; a failed save leaves an existing file as it was.
func TestPlayResume(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game, first, then string
	}{
		{"wwf", "8D INDEX", "pass\nhint 1\npass\n"},
		{"scrabble", "pass", "pass\nhint 1\n"},
		{"upwords", "pass", "-A\nhint 1\npass\n"},
		{"wordblock", "pass", "pass\nhint 1\n"},
		{"twoway", "D d4\nend", "hint 1\nS d5\nend\n"},
		{"wordflow", "ER2+ h2 *", "H4v b9 *\nhint 1\n"},
	} {
		dir := t.TempDir()
		file := filepath.Join(dir, "saved")
		args := []string{"--game", tc.game, "--seed", "3", "--level", "greedy"}
		whole := playRun(t, tc.first+"\n"+tc.then+"quit\n", args...)
		saved := playRun(t, tc.first+"\nsave "+file+"\nquit\n", args...)
		saved.check(t, args, 0, []string{"Saved "}, nil)
		resumed := playRun(t, tc.then+"quit\n", "--resume", file)
		resumed.check(t, nil, 0, []string{"Resumed " + file}, nil)
		// From the hint on (after the moves of then), the same text.
		const mark = "your move> hint 1\n"
		i, j := strings.LastIndex(whole.stdout, mark), strings.LastIndex(resumed.stdout, mark)
		if i < 0 || j < 0 || whole.stdout[i:] != resumed.stdout[j:] {
			t.Errorf("%s: the resumed game goes on otherwise than the whole one:\nwhole:\n%s\nresumed:\n%s", tc.game, whole.stdout, resumed.stdout)
		}
	}
	// A save that fails (no such folder) says so and writes nothing; a
	// file that is no record is kept; a save of this game replaces the
	// earlier one whole, saying so.
	dir := t.TempDir()
	old := filepath.Join(dir, "old.gcg")
	if err := os.WriteFile(old, []byte("existing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := playRun(t, "save "+old+"\nsave "+filepath.Join(dir, "no", "such", "x.gcg")+"\nquit\n", "--seed", "1")
	r.check(t, nil, 0, []string{"Not saved: " + old + " exists and is not a saved", "Not saved: "}, nil)
	if data, _ := os.ReadFile(old); string(data) != "existing\n" {
		t.Errorf("a save replaced a file that is no record: %q", data)
	}
	if err := os.Remove(old); err != nil {
		t.Fatal(err)
	}
	r = playRun(t, "save "+old+"\npass\nsave "+old+"\nquit\n", "--seed", "1")
	r.check(t, nil, 0, []string{"Saved 0 moves to " + old, "Replaced " + old + " (2 moves; it held 0)"}, nil)
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Errorf("a failed save created its folder")
	}
	// A name whose extension is the other record format's is refused,
	// naming the one to use; the game's own, or another, is written.
	r = playRun(t, "save "+filepath.Join(dir, "w.json")+"\nquit\n", "--seed", "1")
	r.check(t, nil, 0, []string{"Not saved: this game's records are GCG; give a file name ending in .gcg (save", "w.gcg)."}, nil)
	r = playRun(t, "pass\nsave "+filepath.Join(dir, "u.gcg")+"\nsave "+filepath.Join(dir, "u.json")+"\nquit\n", "--game", "upwords", "--seed", "1")
	r.check(t, nil, 0, []string{"Not saved: this game's records are JSON; give a file name ending in .json", "Saved 2 moves to " + filepath.Join(dir, "u.json")}, nil)
	for _, f := range []string{"w.json", "u.gcg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("a refused save wrote %s", f)
		}
	}
	data, err := os.ReadFile(old)
	if err != nil || strings.Contains(string(data), "existing") || !strings.HasPrefix(string(data), "#player1 ") {
		t.Errorf("the replaced file: %q, %v", data, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 { // old.gcg, u.json
		t.Errorf("the save left other files behind: %v", entries)
	}
}
