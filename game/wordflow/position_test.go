package wordflow

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPositionRoundTrip(t *testing.T) {
	lx := testLexicon(t)
	for _, v := range []string{"", "layout=free", "size=6x5,ends=arrowless", "layout=free,start=3,triple-bonus"} {
		seeds := uint64(4)
		if raceEnabled {
			seeds = 1
		}
		for seed := range seeds {
			s := newTest(t, v, 2, seed)
			rng := rand.New(rand.NewPCG(seed, 9))
			for ply := 0; !s.Over(); ply++ {
				text := s.Format()
				back, err := ParsePosition(lx, text, rand.New(rand.NewPCG(seed, 10)))
				if err != nil {
					t.Fatalf("%q seed %d ply %d: %v\n%s", v, seed, ply, err, text)
				}
				if got := back.Format(); got != text {
					t.Fatalf("%q seed %d ply %d: Format after ParsePosition\n%s\nwant\n%s", v, seed, ply, got, text)
				}
				if back.BoardText() != s.BoardText() || back.PoolLen() != s.PoolLen() || back.Over() != s.Over() {
					t.Fatalf("%q seed %d ply %d: parsed position differs (pool %d, want %d)", v, seed, ply, back.PoolLen(), s.PoolLen())
				}
				want, got := s.AppendMoves(nil), back.AppendMoves(nil)
				if len(want) != len(got) {
					t.Fatalf("%q seed %d ply %d: %d moves after parsing, want %d", v, seed, ply, len(got), len(want))
				}
				moves := s.AppendMoves(nil)
				s.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	lx := testLexicon(t)
	for _, tc := range []struct {
		text, want string
	}{
		{"", "line 1: empty position"},
		{"chess", `line 1, column 1: want "wordflow" to start the position, not "chess"`},
		{"wordflow size=3x3\nrow NW", "line 1, column 10: size=3x3: want WxH, each from 4 to 14"},
		{"wordflow layout=free\nrow NW N:ZZ1>", "line 2, column 8: cell b1: no unused piece N:ZZ1>"},
		{"wordflow layout=free\nrow NW\nfoo", "line 3, column 1: unknown line \"foo\""},
		{"wordflow layout=free\nturn x\nrow NW", "line 2, column 6: turn \"x\": want a whole number from 0 to 100000"},
		{"wordflow layout=free\nrow . NW", "b1: piece NW breaks the outline"},
		{"wordflow size=4x4\nrow NW", "the frame is incomplete at b1"},
		{"wordflow layout=free\nrow NW\nhand 0 Q99>", "line 3, column 8: no unused piece Q99> left"},
		{"wordflow layout=free\nrow NW . E1/q", "line 2, column 10: piece \"E1/q\": '1' is not a letter"},
		{"wordflow layout=free\nrow NW N:P3!", "line 2, column 8: piece \"N:P3!\": arrow '!': want . (none), > (right), v (down) or + (both)"},
		{"wordflow layout=free\nrow NW\nhand 0 E1@", "line 3, column 8: piece \"E1@\": arrow '@'"},
		{"wordflow layout=free\nrow NW\nhand -1 E1.", "line 3, column 6: seat \"-1\": want a whole number from 0 to 3"},
		{"wordflow layout=free\nrow NW\nplayers 3", "line 3: players 3 given after the puzzle's rows"},
		{"# a comment\n\nwordflow layout=free,size=8x8\nrow NW", "line 3, column 22: size=8x8: size is for layout=frame"},
		{"wordflow layout=free\nplayers 2\n\nturn 2\nrow NW", "line 4: turn 2: want a seat from 0 to 1"},
		{"wordflow layout=free\nscores 1 2 3\nrow NW", "line 2: scores: 3 numbers, want one per seat (2)"},
		{"wordflow layout=free\nrow NW\nbest 4", "line 3: best: 1 numbers, want one per seat (2)"},
		{"wordflow layout=free\nhand 0\nrow NW\nhand 0", `line 4, column 1: second "hand" line (the first is line 2)`},
		{"wordflow layout=free triple-bonus # the free form\nrow NW # the corner\nturn 3", "line 3: turn 3: want a seat from 0 to 1"},
		{"wordflow layout=free,pieces=/nonexistent/p.txt\nrow NW", "line 1, column 22: pieces=/nonexistent/p.txt: "},
	} {
		_, err := ParsePosition(lx, tc.text, nil)
		var pe *PositionError
		if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePosition(%q) = %v, want a PositionError containing %q", tc.text, err, tc.want)
		}
	}
}

// FuzzParsePosition reads arbitrary text as a position: it must not
// panic, its errors are *PositionError values with a line, and a position
// it accepts must write back to text that reads as the same position (the
// same text, board, pool size and end; the pieces Format leaves out are
// dealt again). Seeds: testdata/*.txt and positions of random games.
func FuzzParsePosition(f *testing.F) {
	lx := testLexicon(f)
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, v := range []string{"", "layout=free", "size=4x4"} {
		s := newTest(f, v, 2, 1)
		f.Add(s.Format())
		moves := s.AppendMoves(nil)
		s.Play(moves[0])
		f.Add(s.Format())
	}
	f.Add("wordflow layout=free\nrow NW N:A1>\nrow W:E1v TH5>\n")
	f.Add("wordflow layout=free triple-bonus # comment\nplayers 3\nrow NW N:A1> # the corner\nrow W:E1v TH5>\n")
	f.Fuzz(func(t *testing.T, text string) {
		if strings.Contains(strings.ToLower(text), "pieces") {
			return // a file name: the fuzzer must not read arbitrary files
		}
		s, err := ParsePosition(lx, text, nil)
		if err != nil {
			var pe *PositionError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error %v is not a *PositionError with a line", err)
			}
			return
		}
		out := s.Format()
		back, err := ParsePosition(lx, out, nil)
		if err != nil {
			t.Fatalf("re-parsing Format's output: %v\n%s", err, out)
		}
		if back.Format() != out || back.BoardText() != s.BoardText() || back.PoolLen() != s.PoolLen() || back.Over() != s.Over() {
			t.Fatalf("round trip differs:\n%s\n%s", out, back.Format())
		}
		s.AppendMoves(nil)
	})
}

// TestParsePositionNoHand deals the player to move a hand when the
// position gives none.
func TestParsePositionNoHand(t *testing.T) {
	s, err := ParsePosition(testLexicon(t), "wordflow size=4x4\nrow NW N:N N:A NE\nrow W:K . . E:T\nrow W:E . . E:O\nrow SW S:S S:D SE\n", nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.Hand(s.ToMove())); n != 4 {
		t.Fatalf("the player to move holds %d pieces, want 4 (3 and the draw)", n)
	}
	if len(s.AppendMoves(nil)) == 0 {
		t.Fatal("no moves")
	}
}

// TestParsePositionOutline rejects positions no game can reach: a piece
// that touches no piece joined to the puzzle (framed and free form), and
// in free form a piece in the last column or row while that border is
// not fixed.
func TestParsePositionOutline(t *testing.T) {
	lx := testLexicon(t)
	for _, tc := range []struct {
		variant string
		r, c    int // where to add a piece
		kind    Kind
		side    Side
		want    string
	}{
		{"layout=free", 7, 3, Inner, NoSide, "d8: piece %s touches no piece joined to the puzzle"},
		{"size=8x8", 4, 4, Inner, NoSide, "e5: piece %s touches no piece joined to the puzzle"},
		{"layout=free", 0, 13, Edge, N, "n1: piece %s in the last column, which only the right border"},
		{"layout=free", 13, 0, Edge, W, "a14: piece %s in the last row, which only the bottom border"},
	} {
		s := newTest(t, tc.variant, 2, 1)
		// A piece of the right kind and parity that is on no cell and in
		// no hand: the position below gives no hand line.
		id := -1
		for i, p := range s.set.Pieces {
			if p.Kind == tc.kind && p.Side == tc.side && p.Parity.Fits(tc.r, tc.c) && !s.onBoard(uint8(i)) {
				id = i
				break
			}
		}
		if id < 0 {
			t.Fatalf("%s: no spare piece", tc.variant)
		}
		// Rows 1..r+1, the last with the piece at column c (row 1 in free
		// form runs on with N edges up to c).
		var lines []string
		for _, l := range strings.Split(s.Format(), "\n") {
			if !strings.HasPrefix(l, "hand ") && !strings.HasPrefix(l, "row") && l != "" {
				lines = append(lines, l)
			}
		}
		tok := s.set.PieceText(&s.set.Pieces[id])
		for r := range max(tc.r+1, 8) {
			row := "row"
			for c := range MaxSide {
				switch p, ok := s.At(r, c); {
				case ok:
					row += " " + s.set.PieceText(p)
				case r == tc.r && c == tc.c:
					row += " " + tok
				default:
					row += " ."
				}
			}
			lines = append(lines, row)
		}
		text := strings.Join(lines, "\n")
		_, err := ParsePosition(lx, text, nil)
		want := fmt.Sprintf(tc.want, tok)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: ParsePosition = %v, want an error containing %q\n%s", tc.variant, err, want, text)
		}
	}
}

func (s *State) onBoard(id uint8) bool {
	for _, c := range s.cell {
		if c == id {
			return true
		}
	}
	return false
}
