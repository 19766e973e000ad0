package wordflow

import (
	"strings"
	"testing"
)

// FuzzParseSet feeds set files to ParseSet: it must never panic, and a set
// it accepts must write back (WriteSet) to a file it reads again equally.
func FuzzParseSet(f *testing.F) {
	lx := testLexicon(f)
	f.Add(defaultSetText)
	f.Add("corner NW - 0 - *\nedge N T 1 > A\ninner TH 5 v B\n")
	f.Add(strings.Replace(defaultSetText, "inner", "inner X", 3))
	f.Fuzz(func(t *testing.T, text string) {
		set, err := ParseSet(strings.NewReader(text), "fuzz.txt", lx.Alphabet)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.txt:") {
				t.Fatalf("error without file:line: %v", err)
			}
			return
		}
		var b strings.Builder
		if err := set.WriteSet(&b); err != nil {
			t.Fatal(err)
		}
		back, err := ParseSet(strings.NewReader(b.String()), "back.txt", lx.Alphabet)
		if err != nil {
			t.Fatalf("re-reading WriteSet's output: %v", err)
		}
		for i := range set.Pieces {
			if set.Pieces[i] != back.Pieces[i] {
				t.Fatalf("piece %d: %+v, read back %+v", i, set.Pieces[i], back.Pieces[i])
			}
		}
	})
}

// FuzzParseMove feeds move texts to ParseMove on a few positions: it must
// never panic, and a move it accepts must be legal (in AppendMoves, up to
// the announcement bits) and format back to text it reads again equally.
func FuzzParseMove(f *testing.F) {
	states := []*State{newTest(f, "", 2, 1), newTest(f, "layout=free", 2, 2)}
	for _, s := range states {
		for _, m := range s.AppendMoves(nil)[:3] {
			f.Add(s.FormatMove(m))
		}
	}
	f.Add("pass")
	f.Add("TH c4 missed=0,1 zeroed")
	f.Add("N:T1> z99")
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range states {
			m, err := s.ParseMove(text)
			if err != nil {
				continue
			}
			base := m
			base.B = 0
			legal := false
			for _, x := range s.AppendMoves(nil) {
				legal = legal || x == base
			}
			if !legal {
				t.Fatalf("ParseMove(%q) = %s, not a legal move", text, s.FormatMove(m))
			}
			back, err := s.ParseMove(s.FormatMove(m))
			if err != nil || back != m {
				t.Fatalf("ParseMove(FormatMove(%q)) = %v, %v", text, back, err)
			}
		}
	})
}
