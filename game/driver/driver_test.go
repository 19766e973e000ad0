package driver

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest/toygame"
	_ "wordengine/game/twoway"
	_ "wordengine/game/upwords"
	_ "wordengine/game/wordblock"
	_ "wordengine/game/wordflow"
	_ "wordengine/game/wwf"
	"wordengine/search"
)

func init() { toygame.Register() }

// TestImportDirection: the driver drives every game through package game
// and never imports a game package (game/<name>; game/option and
// game/textpos are shared readers of no game, game/outfile its writer).
func TestImportDirection(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command("go", "list", "-deps", "wordengine/game/driver").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch dep {
		case "wordengine/game/driver", "wordengine/game/option", "wordengine/game/textpos", "wordengine/game/outfile":
			// The driver itself, and the option and text readers and the
			// file writer that belong to no game.
			continue
		}
		if strings.HasPrefix(dep, "wordengine/game/") {
			t.Errorf("the driver imports %s: it must use only package game", dep)
		}
	}
}

// newTestGame sets up game name with a person at seat human (-1: none)
// and greedy computers elsewhere.
func newTestGame(t *testing.T, name string, seed uint64, human int) *Game {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]Seat, spec.Seats())
	for p := range seats {
		if p == human {
			seats[p] = Seat{Name: "bot"}
		} else {
			seats[p] = Seat{Name: fmt.Sprintf("computer %d", p+1), Player: search.Greedy{}, Spec: "greedy"}
		}
	}
	g, err := NewGame(Config{Spec: spec, Seed: seed, Seats: seats, LexiconName: "embedded"})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// bot types a person's side of a session: greedy's move on its own view
// of the game (in notation), hints, an undo, and once the game is over a
// save, a look at the board and the end.
type bot struct {
	s       *Session
	pending []byte
	n       int
	save    string
	undone  bool
	saved   bool
	lines   int
}

func (b *bot) Read(p []byte) (int, error) {
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

func (b *bot) next() (string, bool) {
	b.n++
	g := b.s.g
	st := g.State()
	switch {
	case b.n > 5000:
		return "", false
	case g.Over() && !b.saved:
		b.saved = true
		return "save " + b.save, true
	case g.Over() && b.s.rematcher() != nil:
		return "n", true
	case g.Over():
		return "quit", true
	case b.n%9 == 1:
		return "hint 2", true
	case !b.undone && b.n >= 3 && len(g.History()) >= 2:
		b.undone = true
		return "undo", true
	case b.n%13 == 6:
		return "board", true
	}
	view := ViewFor(st, st.ToMove(), rand.New(rand.NewPCG(uint64(b.n), 1)))
	m, err := search.Greedy{}.Choose(context.Background(), view, nil)
	if err != nil {
		return "resign", true
	}
	return view.FormatMove(m), true
}

// TestSessionWholeGames plays a whole game of every registered game (and
// of a toy game that has none of the front-end contracts) through a
// session with a scripted person: the game ends with a result, no scripted
// move is refused, the record saved at the end resumes to the same
// position, and replays to it.
func TestSessionWholeGames(t *testing.T) {
	for _, name := range game.Names() {
		for _, human := range []int{0, 1} {
			t.Run(fmt.Sprintf("%s seat %d", name, human+1), func(t *testing.T) {
				t.Parallel()
				g := newTestGame(t, name, uint64(3+human), human)
				file := filepath.Join(t.TempDir(), "game.rec")
				var out bytes.Buffer
				b := &bot{save: file}
				s, err := NewSession(g, Options{In: b, Out: &out, Echo: true, Hinter: search.Greedy{}, HinterSpec: "greedy"})
				if err != nil {
					t.Fatal(err)
				}
				b.s = s
				if err := s.Run(context.Background()); err != nil {
					t.Fatalf("Run: %v\n%s", err, out.String())
				}
				text := out.String()
				g = s.g
				if !g.Over() {
					t.Fatalf("the game did not end:\n%s", tail(text))
				}
				for _, want := range []string{"Game over.", "Final score: ", "Saved ", "best ", "Took back "} {
					if !strings.Contains(text, want) {
						t.Errorf("the session's output lacks %q:\n%s", want, tail(text))
					}
				}
				if strings.Contains(text, "Not played") || strings.Contains(text, "Unknown command") {
					t.Errorf("a scripted line was refused:\n%s", text)
				}
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				rec, err := game.ReadRecord(bytes.NewReader(data), file)
				if err != nil {
					t.Fatalf("ReadRecord: %v\n%s", err, data)
				}
				if rec.Game == "" {
					rec.Game = name
				}
				back, err := Resume(rec, Config{Seats: g.Seats()})
				if err != nil {
					t.Fatalf("Resume: %v\n%s", err, data)
				}
				if back.State().Hash() != g.State().Hash() || !back.Over() {
					t.Errorf("the record resumes to another position (over %v)", back.Over())
				}
				replayed, err := game.Replay(rec, game.ReplayOptions{Moves: -1})
				if err != nil {
					t.Fatal(err)
				}
				if replayed.Hash() != g.State().Hash() {
					t.Errorf("the record replays to another position")
				}
				if rec.Result == nil || fmt.Sprint(rec.Result.Winners) != fmt.Sprint(g.Winners()) {
					t.Errorf("the record's result %+v, want winners %v", rec.Result, g.Winners())
				}
			})
		}
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}

// TestUndoReplays: undoing takes back the person's turn and the replies,
// and leaves the position a replay of the moves left gives (its draws
// included), so that a record saved after an undo resumes exactly.
func TestUndoReplays(t *testing.T) {
	for _, name := range game.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := newTestGame(t, name, 5, 0)
			ctx := context.Background()
			for len(g.History()) < 12 && !g.Over() {
				st := g.State()
				var m game.Move
				if g.Seats()[st.ToMove()].Human() {
					var err error
					if m, err = (search.Greedy{}).Choose(ctx, ViewFor(st, st.ToMove(), g.Rand(99)), nil); err != nil {
						t.Fatal(err)
					}
				} else {
					var err error
					if m, err = g.Choose(ctx); err != nil {
						t.Fatal(err)
					}
				}
				g.Play(m)
			}
			before := len(g.History())
			n, err := g.Undo(0)
			if err != nil || n == 0 {
				t.Fatalf("Undo: %d moves, %v", n, err)
			}
			if len(g.History()) != before-n || (len(g.History()) > 0 && g.History()[len(g.History())-1].Seat == 0 && !g.Seats()[g.State().ToMove()].Human()) {
				t.Errorf("Undo took back %d of %d moves, leaving seat %d to move", n, before, g.State().ToMove())
			}
			if !g.Seats()[g.State().ToMove()].Human() {
				t.Errorf("after Undo seat %d is to move, not the person's", g.State().ToMove())
			}
			rec := g.Record()
			s, err := game.Replay(rec, game.ReplayOptions{Moves: -1})
			if err != nil {
				t.Fatal(err)
			}
			if s.Hash() != g.State().Hash() || s.String() != g.State().String() {
				t.Errorf("after Undo the position is not the replay of the moves left")
			}
		})
	}
}

// TestRankHidesNothing: a hint ranks on the view of the seat to move; the
// state is left as it was.
func TestRankHidesNothing(t *testing.T) {
	for _, name := range game.Names() {
		g := newTestGame(t, name, 7, 0)
		before := g.State().String()
		h, err := Rank(context.Background(), g.State(), search.Greedy{}, "greedy", 3, g.Rand(StreamHint), g.Rand(StreamSearch))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(h.Moves) == 0 || h.Total < len(h.Moves) || h.RankedBy != "greedy" {
			t.Errorf("%s: hints %+v", name, h)
		}
		if g.State().String() != before {
			t.Errorf("%s: Rank changed the position", name)
		}
		var out bytes.Buffer
		WriteHints(&out, h, g.Spec().Unit)
		for _, l := range strings.Split(out.String(), "\n") {
			if len([]rune(l)) > Width {
				t.Errorf("%s: a hint line is %d columns wide: %q", name, len([]rune(l)), l)
			}
		}
	}
}

func TestMessage(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"upwords: move \"5E X\": off the board", "move \"5E X\": off the board"},
		{"illegal move: no Q in the red hand", "illegal move: no Q in the red hand"},
		{"crossword: illegal move: the first play", "illegal move: the first play"},
		{"rack \"ZZ\": no Z left", "rack \"ZZ\": no Z left"},
		{"wwf: cgp rack 2: crossword: rack AEIIIOR: no I left", "cgp rack 2: rack AEIIIOR: no I left"},
	} {
		if got := Message(fmt.Errorf("%s", tc.in)); got != tc.want {
			t.Errorf("Message(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
