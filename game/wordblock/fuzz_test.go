package wordblock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParsePosition reads arbitrary text as a position: it must not panic,
// its errors are *SyntaxError values with a line, and a position it
// accepts must write back to text that reads as the same position (the
// same text, hash and end). Seeds: testdata/*.txt and hand-made
// positions.
func FuzzParsePosition(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(board4)
	f.Add("wordblock players=3 turn=VIOLET\nCATS\nDOGE\nRIPE\nTONE\nwords CAT")
	f.Add("wordblock\n[QU]b A T S\nDOGE\nRIPE\nTONE\n")
	f.Add("wordblock players=3,contain=prefix # three\nCATS\nDOGE # a row\nRIPE\nTONE\nwords: CAT\n")
	lx := defaultLexicon(f)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParsePosition(lx, text)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("error %v is a %T, not a *SyntaxError with a line", err, err)
			}
			return
		}
		out := s.Format()
		back, err := ParsePosition(lx, out)
		if err != nil {
			t.Fatalf("ParsePosition(Format()) = %v\n%s", err, out)
		}
		if back.Format() != out || back.Hash() != s.Hash() || back.Over() != s.Over() {
			t.Fatalf("round trip differs:\n%s\n%s", out, back.Format())
		}
		_ = s.String()
		if !s.Over() {
			if moves := s.AppendMoves(nil); len(moves) == 0 {
				t.Fatal("no moves, not even a pass")
			}
		}
	})
}

// FuzzParseMove reads arbitrary text as a move on a position: it must
// not panic, and a move it accepts must format and parse back to itself.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"TIER", "CAT a1,b1,c1", "pass", "-", "tee a4 d3 a1", "COD a1,b2,z9", "[QU]", "ROPE a3 b2 c3 d3"} {
		f.Add(s)
	}
	lx := defaultLexicon(f)
	s, err := ParsePosition(lx, "wordblock\nCb Ab T. S.\nDb Ob G. E.\nR. Io P. E.\nT. Oo N. E.\nwords CAD\n")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		back, err := s.ParseMove(s.FormatMove(m))
		if err != nil || back != m {
			t.Fatalf("%q -> %s -> %v, %v", text, s.FormatMove(m), back, err)
		}
		h := s.Hash()
		s.Play(m)
		s.Undo()
		if s.Hash() != h {
			t.Fatal("Play, Undo changed the hash")
		}
	})
}

// FuzzParseBoard reads arbitrary text as a board (the --board flag and
// variant board=): it must not panic, an error is a *SyntaxError with a
// line and a column from 1, and a board it accepts writes back to text
// that reads as the same board.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"CATS/DOGE/RIPE/TONE", "cats\nDOGE\nr i p e\nTONE\n", "CAT/DOG/RIP", "/", "",
		"CATS/DOG/RIPE/TONE", "CA1S/DOGE/RIPE/TONE", "[QU]ATS/DOGE/RIPE/TONE", "ÄATS/DOGE/RIPE/TONE", "\n\nCATS\r\nDOGE\nRIPE\nTONE"} {
		f.Add(s)
	}
	lx := defaultLexicon(f)
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBoard(lx.Alphabet, text)
		if err != nil {
			se, ok := err.(*SyntaxError)
			if !ok {
				t.Fatalf("error %v is a %T, not a *SyntaxError", err, err)
			}
			if se.Line < 1 || se.Col < 1 {
				t.Fatalf("error %v: line and column count from 1", err)
			}
			return
		}
		out := b.Format(lx.Alphabet)
		back, err := ParseBoard(lx.Alphabet, out)
		if err != nil {
			t.Fatalf("ParseBoard(Format()) = %v\n%s", err, out)
		}
		if back.Format(lx.Alphabet) != out || back.Rows() != b.Rows() || back.Cols() != b.Cols() {
			t.Fatalf("round trip differs: %s, %s", out, back.Format(lx.Alphabet))
		}
	})
}
