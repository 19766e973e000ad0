package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/game/wwf"
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
	pos, word := gcgWord(s, m)
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
	return pos + " " + word, "-" + a.Format(letters[:1]), "1A " + a.Format(letters[:2])
}

func TestPlayScripted(t *testing.T) {
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
			[]string{"seed 3 (repeat with --seed 3); tester moves first", "your rack: ", "(bag: 90 tiles)", "(end of input)", "The game is left unfinished (tester 0, computer (greedy) 0). Bye."}, nil},
		{"legal move", []string{"--seed", s}, play + "\n", 0,
			[]string{"You played " + strings.Fields(play)[0], "computer (greedy) played ", "(bag: "}, nil},
		{"illegal move and retry", []string{"--seed", s}, offStart + "\n8H\nQXQX\nQUIZ\n-\n" + play + "\n", 0,
			[]string{"Not played: illegal move: the first play must cover the start square H8. Try again.",
				`Not played: illegal move: "8H": want a position and a word`, `Unknown command "QXQX".`,
				`"QUIZ": a play needs a position first: 8H QUIZ (across) or H8 QUIZ (down).`, `"-" alone: type pass`,
				"You played "}, nil},
		{"lower case hint", []string{"--seed", s}, "8h " + strings.ToLower(strings.Fields(play)[1]) + "\n", 0,
			[]string{"lower-case letters are blanks: type your tiles in upper case"}, nil},
		{"exchange", []string{"--seed", s}, exchange + "\n", 0,
			[]string{"You exchanged " + exchange[1:] + ".", "computer (greedy) played"}, nil},
		{"pass", []string{"--seed", s}, "pass\n", 0, []string{"You passed.  tester 0, computer (greedy) 0"}, nil},
		{"hint", []string{"--seed", s}, "hint\nhint 2\nhint x\nhint 0\n", 0,
			[]string{"best 5 of ", "moves by greedy equity:", "rank  move                   score  leave      equity", "best 2 of ",
				"hint x: want a number of moves from 1 to 50.", "hint 0: want a number"}, nil},
		{"bag", []string{"--seed", s}, "bag\n", 0, []string{"unseen: 97 tiles (90 in the bag, 7 on the computer's rack)", "? 2"}, nil},
		{"help and unknown", []string{"--seed", s}, "help\nfoo\n", 0, []string{"Commands:\n  8H WORD", `Unknown command "foo".`}, nil},
		{"save mid-game", []string{"--seed", s}, play + "\nsave " + mid + "\nsave\n", 0,
			[]string{"Saved 2 events to " + mid, "save needs a file name"}, nil},
		{"save fails", []string{"--seed", s}, "save " + filepath.Join(dir, "no", "such", "dir.gcg") + "\n", 0, []string{"Not saved: "}, nil},
		{"resign", []string{"--seed", s}, "resign\nbag\nsave " + filepath.Join(dir, "resign.gcg") + "\nquit\nnot read\n", 0,
			[]string{"You resigned.", "Game over.", "tester resigned.", "Final score: tester 0, computer (greedy) 0.",
				"The computer's rack: ", "The computer wins (you resigned).", `Type "save FILE" to save the game as GCG, or "quit".`,
				`The game is over: type "save FILE"`, "Saved 0 events", "Bye."}, nil},
		{"quit", []string{"--seed", s}, "quit\n", 0, []string{"left unfinished"}, nil},
		{"computer first", []string{"--seed", s, "--first", "computer", "--name", "Ann Lee"}, "", 0,
			[]string{"Ann Lee against computer (greedy)", "computer (greedy) moves first", "computer (greedy) played ", "Ann Lee "}, nil},
		{"random first", []string{"--seed", s, "--first", "random", "--level", "random"}, "", 0, []string{"computer (random)"}, nil},
		{"scrabble", []string{"--seed", s, "--game", "scrabble", "--variant", "end=none"}, "bag\n", 0,
			[]string{"wordengine play: scrabble (end=none)", "unseen: 93 tiles (86 in the bag"}, nil},

		{"bad first", []string{"--first", "nobody"}, "", 2, nil, []string{`--first "nobody": want human, computer or random`, "wordengine play --help"}},
		{"bad level", []string{"--level", "genius"}, "", 2, nil, []string{`unknown player "genius"`}},
		{"bad game", []string{"--game", "chess"}, "", 2, nil, []string{"play supports wwf, scrabble", "known games"}},
		{"bad variant", []string{"--variant", "lang=xx"}, "", 2, nil, []string{"lang=xx"}},
		{"extra argument", []string{"x"}, "", 2, nil, []string{"takes no arguments"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := playRun(t, tt.stdin, tt.args...)
			r.check(t, tt.args, tt.code, tt.stdout, tt.stderr)
			if strings.Contains(r.stdout, "player 2:") || strings.Contains(r.stdout, "player 1:") {
				t.Errorf("the output shows the racks of State.String:\n%s", r.stdout)
			}
		})
	}
	// The mid-game record reads back and keeps the computer's leave hidden.
	g := readGCGFile(t, mid)
	if len(g.Events) != 2 || g.Events[0].Nick != "tester" || g.Events[1].Nick != "wordengine" {
		t.Fatalf("mid-game record: %+v", g.Events)
	}
	if comp := g.Events[1]; comp.Kind == wwf.EventPlay && len(comp.Rack) != len(strings.ReplaceAll(comp.Word, ".", "")) {
		t.Errorf("mid-game record shows the computer's rack %s for its play %s", comp.Rack, comp.Word)
	}
}

// TestPlayJunk feeds lines that are neither commands nor moves and checks
// that the session answers each and survives.
func TestPlayJunk(t *testing.T) {
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

// botInput plays the human's side of a session as a scripted player: on
// each request it looks at the session's game and answers with greedy's
// move (written with '.' or with the letters on the board, in turn), a
// hint or a bag now and then, and after the end saves and quits.
type botInput struct {
	ps       *playSession
	pending  []byte
	n        int
	save     string // the file to save the finished game to
	midSave  string // the file to save the game to at the fourth request
	quitSent bool
}

func (b *botInput) Read(p []byte) (int, error) {
	if len(b.pending) == 0 {
		line, ok := b.next()
		if !ok {
			return 0, io.EOF
		}
		b.pending = []byte(line + "\n")
	}
	n := copy(p, b.pending)
	b.pending = b.pending[n:]
	return n, nil
}

func (b *botInput) next() (string, bool) {
	b.n++
	s := b.ps.s
	switch {
	case s.Over() && !b.quitSent && b.save != "":
		b.quitSent = true
		return "save " + b.save, true
	case s.Over():
		return "quit", b.n < 10000
	case b.n == 4 && b.midSave != "":
		return "save " + b.midSave, true
	case b.n%7 == 3:
		return "hint 3", true
	case b.n%11 == 5:
		return "bag", true
	}
	m, err := search.Greedy{}.Choose(context.Background(), s, nil)
	if err != nil {
		return "resign", true
	}
	if crossword.MoveKind(m) == crossword.Play && b.n%2 == 0 {
		pos, word := gcgWord(s, m)
		return pos + " " + word, true
	}
	return s.FormatMove(m), true
}

// TestPlayFullGame plays whole games through the session with a scripted
// human, saves them, and checks that the records read back with ReadGCG
// and replay with Replay to the same board and scores, every play scoring
// as recorded.
func TestPlayFullGame(t *testing.T) {
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		game  string
		seed  uint64
		human int
	}{{"wwf", 1, 0}, {"wwf", 2, 1}, {"scrabble", 3, 0}, {"scrabble", 4, 1}} {
		t.Run(fmt.Sprintf("%s seed %d seat %d", tc.game, tc.seed, tc.human), func(t *testing.T) {
			dir := t.TempDir()
			final, mid := filepath.Join(dir, "final.gcg"), filepath.Join(dir, "mid.gcg")
			s := dealt(t, tc.game, tc.seed)
			var out bytes.Buffer
			bot := &botInput{save: final, midSave: mid}
			ps := newPlaySession(&out, bot, s, playConfig{
				game: tc.game, lexicon: lx.Name, seed: tc.seed,
				player: search.Greedy{}, human: tc.human, name: "bot",
			})
			bot.ps = ps
			err := ps.run(context.Background())
			ps.in.close()
			if err != nil {
				t.Fatalf("run: %v\n%s", err, out.String())
			}
			if !s.Over() {
				t.Fatalf("the game did not end:\n%s", out.String())
			}
			text := out.String()
			for _, want := range []string{"Game over.", "Final score: bot ", "Saved ", "Bye.", "best 3 of ", "unseen: "} {
				if !strings.Contains(text, want) {
					t.Errorf("output lacks %q", want)
				}
			}
			if strings.Contains(text, "Not played") {
				t.Errorf("a scripted move was rejected:\n%s", text)
			}
			// The computer's rack shows only at the end.
			before, _, _ := strings.Cut(text, "Game over.")
			if strings.Contains(before, "The computer's rack") || strings.Contains(before, "player 2:") {
				t.Errorf("the computer's rack shows before the end")
			}
			checkRecord(t, final, tc.game, lx, s, true)
			checkRecord(t, mid, tc.game, lx, nil, false)
		})
	}
}

// checkRecord reads a saved game, checks its totals, replays it and, when
// want is not nil, requires the replayed board and scores to equal want's.
func checkRecord(t *testing.T, file, name string, lx *lexicon.Lexicon, want *crossword.State, over bool) {
	t.Helper()
	g := readGCGFile(t, file)
	if err := g.CheckTotals(); err != nil {
		t.Errorf("%s: %v", file, err)
	}
	incomplete := false
	for _, pr := range g.Pragmas {
		incomplete = incomplete || pr.Key == "incomplete"
	}
	if incomplete == over {
		t.Errorf("%s: #incomplete present = %v for a game over = %v", file, incomplete, over)
	}
	rules, _, err := wwf.Rules(name, "")
	if err != nil {
		t.Fatal(err)
	}
	plays := 0
	got, err := wwf.Replay(g, rules, lx, len(g.Events), 1, func(c wwf.ReplayCheck) {
		plays++
		if c.Computed != c.Recorded {
			t.Errorf("%s:%d: %s %s scores %d on replay, recorded %d", file, c.Event.Line, c.Event.Pos, c.Event.Word, c.Computed, c.Recorded)
		}
	})
	if err != nil {
		t.Fatalf("replay %s: %v", file, err)
	}
	if plays == 0 {
		t.Errorf("%s: no plays replayed", file)
	}
	if want == nil {
		return
	}
	for p := range 2 {
		if got.Score(p) != want.Score(p) {
			t.Errorf("%s: seat %d scores %d on replay, %d in the game", file, p, got.Score(p), want.Score(p))
		}
	}
	gb, wb := got.Board(), want.Board()
	for r := range wb.Rows() {
		for c := range wb.Cols() {
			if gb.At(r, c) != wb.At(r, c) {
				t.Fatalf("%s: square %c%d differs on replay", file, 'A'+c, r+1)
			}
		}
	}
	last := g.Events[len(g.Events)-1]
	if want.BagLen() == 0 && last.Kind != wwf.EventEndRack && last.Kind != wwf.EventEndRackPenalty {
		t.Errorf("%s: the game ended with an empty bag but the record has no rack adjustment: %+v", file, last)
	}
}

func readGCGFile(t *testing.T, file string) *wwf.GCG {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := wwf.ReadGCG(f, file)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestBoardTextHidesRacks(t *testing.T) {
	s := dealt(t, "wwf", 1)
	b := s.BoardText()
	if n := strings.Count(b, "\n"); n != 16 {
		t.Errorf("board text has %d lines, want 16:\n%s", n, b)
	}
	if strings.Contains(b, "player") || strings.Contains(b, "bag") {
		t.Errorf("board text shows more than the board:\n%s", b)
	}
}
