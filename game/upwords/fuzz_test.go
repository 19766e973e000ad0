package upwords

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// FuzzParsePosition checks that ParsePosition never panics, that its
// errors are *PositionError values with a line, and that a position it
// accepts formats to text that reads back to the same position (the same
// text and hash). Seeds: the positions of testdata/ and of random games.
func FuzzParsePosition(f *testing.F) {
	lx, err := lexicon.Default()
	if err != nil {
		f.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for i, part := range strings.Split(string(data), "\nupwords") {
			if i > 0 {
				part = "upwords" + part
			}
			f.Add(part)
		}
	}
	for seed := uint64(1); seed <= 4; seed++ {
		s, _ := NewGame(game.Config{Lexicon: lx, Players: 2 + int(seed%3), Rand: rand.New(rand.NewPCG(seed, 1))})
		buf := make([]game.Move, 0, 4096)
		rng := rand.New(rand.NewPCG(seed, 2))
		for range int(seed) * 6 {
			if s.Over() {
				break
			}
			buf = s.AppendMoves(buf[:0])
			s.Play(pickRandom(s, buf, rng))
		}
		f.Add(s.Format())
	}
	f.Add("upwords size=8\n1 . . . . . . . .\n")
	f.Add("upwords players=3\n")
	f.Add("upwords size=8,bare-plural=allowed # small\n" + strings.Repeat("1 . . . . . . . .\n", 8))
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParsePosition(lx, text)
		if err != nil {
			var pe *PositionError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 0 {
				t.Fatalf("error %v (%T), want a *PositionError with a line", err, err)
			}
			return
		}
		out := s.Format()
		back, err := ParsePosition(lx, out)
		if err != nil {
			t.Fatalf("Format of an accepted position does not parse: %v\n%s", err, out)
		}
		if back.Format() != out || back.Hash() != s.Hash() {
			t.Fatalf("round trip differs:\n%s\n---\n%s", out, back.Format())
		}
	})
}

// FuzzParseMove checks that ParseMove never panics and that an accepted
// move formats to text that parses to the same move.
func FuzzParseMove(f *testing.F) {
	lx, err := lexicon.Default()
	if err != nil {
		f.Fatal(err)
	}
	s, _ := NewGame(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(5, 1))})
	buf := make([]game.Move, 0, 4096)
	rng := rand.New(rand.NewPCG(5, 2))
	for range 8 {
		buf = s.AppendMoves(buf[:0])
		s.Play(pickRandom(s, buf, rng))
	}
	for _, m := range s.AppendMoves(nil)[:20] {
		f.Add(s.FormatMove(m))
	}
	f.Add("pass")
	f.Add("-Qu")
	f.Add("5E Q(U)")
	f.Add("E5 ..")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		back, err := s.ParseMove(s.FormatMove(m))
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %s, which parses back to %v (%v)", text, s.FormatMove(m), back, err)
		}
	})
}
