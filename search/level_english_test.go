package search

import (
	"testing"

	"wordengine/lexicon"
)

// TestEnglishLexicon: the embedded English lists speak English, a list
// of another language's words does not, so that the levels' English
// vocabulary limits only games in English.
func TestEnglishLexicon(t *testing.T) {
	en, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	sow, err := lexicon.SOWPODS()
	if err != nil {
		t.Fatal(err)
	}
	a, err := lexicon.NewAlphabet("es", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "L", "M", "N", "Ñ", "O", "P", "Q", "R", "S", "T", "U", "V", "X", "Y", "Z"})
	if err != nil {
		t.Fatal(err)
	}
	var words [][]lexicon.Tile
	// Spanish words, and a few that English shares (AND is not one).
	for _, w := range []string{"CASA", "PERRO", "GATO", "MESA", "COME", "LIBRO", "AGUA", "SOL", "LUNA", "MAR", "TIME", "HAVE", "SOME"} {
		ts, err := a.Split(nil, w)
		if err != nil {
			t.Fatal(err)
		}
		words = append(words, ts)
	}
	es, err := lexicon.Build("es", a, words)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		lx   *lexicon.Lexicon
		want bool
	}{{"en", en, true}, {"sowpods", sow, true}, {"es", es, false}} {
		if got := englishLexicon(tc.lx); got != tc.want {
			t.Errorf("%s: englishLexicon %v, want %v", tc.name, got, tc.want)
		}
		if got := englishLexicon(tc.lx); got != tc.want { // cached
			t.Errorf("%s: englishLexicon cached %v, want %v", tc.name, got, tc.want)
		}
	}
}
