package twoway

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzParsePosition reads arbitrary text as a position: it must not
// panic, and a position it accepts must write back to text that reads as
// the same position, whose moves play and undo.
func FuzzParsePosition(f *testing.F) {
	lx := lex(f)
	for seed := range uint64(4) {
		s := newGame(f, []string{"", "lengths=3,3,4,5,open-hands"}[seed%2], seed)
		playRandom(s, rand.New(rand.NewPCG(seed, 5)), int(seed*20))
		f.Add(s.Position())
		f.Add(s.Observation(int(seed % 2)))
	}
	f.Add("twoway\nturn blue claim\nmissed 1 0\n1 ?/? . . . . . .\n2 . . . . . . .\n3 . . . . . . .\n4 . . . . . . .\n5 . . . . . . .\n6 . . . . . . .\n7 . . . . . . .\nred hand\nblue hand ?/?\nbag 88\n")
	f.Fuzz(func(t *testing.T, text string) {
		if strings.Contains(text, "tiles=") {
			return // a file name: the fuzzer must not read arbitrary files
		}
		s, err := ParsePosition(text, lx, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "twoway") {
				t.Fatalf("error %q does not say twoway", err)
			}
			return
		}
		out := s.Position()
		back, err := ParsePosition(out, lx, nil)
		if err != nil {
			t.Fatalf("ParsePosition(Position()) = %v\n%s", err, out)
		}
		if back.Position() != out || back.Hash() != s.Hash() {
			t.Fatalf("round trip differs:\n%s\n%s", out, back.Position())
		}
		for _, m := range s.AppendMoves(nil) {
			s.Play(m)
			s.Undo()
		}
		if s.Position() != out {
			t.Fatalf("play and undo changed the position")
		}
	})
}
