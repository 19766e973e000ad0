package wordblock

import (
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// longBoard spells nineteen words of 16 to 22 letters.
const longBoard = "COUNT/ERREV/OLUTI/ONARI/ESSAT"

// TestLongWords: words longer than the embedded lexicon's 15 letters (its
// long words, lexicon.DefaultLong) are offered, as the brute force finds
// them, played, written, read and blocked like the others.
func TestLongWords(t *testing.T) {
	lx := defaultLexicon(t)
	s, err := NewGame(game.Config{Lexicon: lx, Variant: "board=" + longBoard})
	if err != nil {
		t.Fatal(err)
	}
	moves := s.AppendMoves(nil)
	var long []string
	for _, m := range moves {
		if w := strings.Fields(s.FormatMove(m))[0]; len(w) > 15 {
			long = append(long, w)
		}
	}
	slices.Sort(long)
	long = slices.Compact(long)
	if len(long) != 19 || !slices.Contains(long, "COUNTERREVOLUTIONARIES") {
		t.Errorf("%d words of 16 letters or more: %v; want 19, COUNTERREVOLUTIONARIES among them", len(long), long)
	}
	want := bruteForce(s)
	if !slices.Equal(sorted(moves), sorted(want)) {
		t.Fatalf("AppendMoves gives %d moves, the brute force %d", len(moves), len(want))
	}

	m, err := s.ParseMove("COUNTERREVOLUTIONARIES")
	if err != nil {
		t.Fatal(err)
	}
	text := s.FormatMove(m)
	if m2, err := s.ParseMove(text); err != nil || m2 != m {
		t.Fatalf("ParseMove(%q) = %v, %v; want the move back", text, m2, err)
	}
	if !slices.Contains(moves, m) || s.MoveScore(m) != 22 {
		t.Errorf("%s: in AppendMoves %v, score %d; want a move of 22 cells", text, slices.Contains(moves, m), s.MoveScore(m))
	}
	hash := s.Hash()
	s.Play(m)
	if s.Score(0) != 22 || !slices.Equal(s.PlayedWords(nil), []string{"COUNTERREVOLUTIONARIES"}) {
		t.Errorf("after %s: score %d, played %v", text, s.Score(0), s.PlayedWords(nil))
	}
	for _, w := range []string{"COUNTERREVOLUTIONARIES", "COUNTERREVOLUTIONARY", "REVOLUTIONARIES", "REVOLUTION"} {
		_, err := s.ParseMove(w)
		blocked := err != nil && strings.Contains(err.Error(), "COUNTERREVOLUTIONARIES")
		if contained := w != "COUNTERREVOLUTIONARY"; blocked != contained {
			t.Errorf("after %s, %s: %v", text, w, err)
		}
	}
	for _, m := range s.AppendMoves(nil) {
		if w := strings.Fields(s.FormatMove(m))[0]; strings.Contains("COUNTERREVOLUTIONARIES", w) && m != Pass {
			t.Errorf("after %s, %s is offered", text, s.FormatMove(m))
		}
	}
	// The position with the long word played reads back.
	back, err := ParsePosition(lx, s.Format())
	if err != nil {
		t.Fatalf("%v\n%s", err, s.Format())
	}
	if back.Format() != s.Format() || back.Hash() != s.Hash() {
		t.Errorf("position read back differs:\n%s\nwant\n%s", back.Format(), s.Format())
	}
	s.Undo()
	if s.Hash() != hash || s.Score(0) != 0 {
		t.Errorf("Undo: hash %x score %d, want %x and 0", s.Hash(), s.Score(0), hash)
	}
}

// TestLongWordsEightByEight: on 8x8 boards the finder's words are the
// brute force's, long ones included.
func TestLongWordsEightByEight(t *testing.T) {
	lx := defaultLexicon(t)
	board := "COUNTERR/EVOLUTIO/NARIESAB/CDEFGHIJ/ELECTROE/NCEPHALO/GRAPHICS/MNOPQRST"
	s, err := NewGame(game.Config{Lexicon: lx, Variant: "board=" + board})
	if err != nil {
		t.Fatal(err)
	}
	moves := s.AppendMoves(nil)
	if !slices.Equal(sorted(moves), sorted(bruteForce(s))) {
		t.Fatal("AppendMoves differs from the brute force")
	}
	n := 0
	for _, m := range moves {
		if isLong(m) {
			n++
		}
	}
	if _, err := s.ParseMove("ELECTROENCEPHALOGRAPHIC"); err != nil || n == 0 {
		t.Errorf("%d moves of more than 18 letters; ELECTROENCEPHALOGRAPHIC: %v", n, err)
	}
	t.Logf("%d moves, %d of more than 18 letters", len(moves), n)
}

// TestLongWordsOtherLexicon: a lexicon other than the embedded one gets
// no words added: it plays the words it holds.
func TestLongWordsOtherLexicon(t *testing.T) {
	a := defaultLexicon(t).Alphabet
	var words [][]lexicon.Tile
	for _, w := range []string{"COUNTERREVOLUTIONARIES", "COUNT", "TRUE"} {
		ts, err := a.Parse(nil, w)
		if err != nil {
			t.Fatal(err)
		}
		words = append(words, ts)
	}
	lx, err := lexicon.Build("tiny", a, words)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewGame(game.Config{Lexicon: lx, Variant: "board=" + longBoard})
	if err != nil {
		t.Fatal(err)
	}
	if s.long != nil {
		t.Errorf("a lexicon file got the embedded long words")
	}
	var got []string
	for _, m := range s.AppendMoves(nil) {
		if m != Pass {
			got = append(got, strings.Fields(s.FormatMove(m))[0])
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{"COUNT", "COUNTERREVOLUTIONARIES", "TRUE"}) {
		t.Errorf("moves %v", got)
	}
}

func sorted(ms []game.Move) []game.Move {
	out := slices.Clone(ms)
	slices.SortFunc(out, func(x, y game.Move) int {
		if x.A != y.A {
			if x.A < y.A {
				return -1
			}
			return 1
		}
		switch {
		case x.B < y.B:
			return -1
		case x.B > y.B:
			return 1
		}
		return 0
	})
	return out
}
