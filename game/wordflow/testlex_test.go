package wordflow

import (
	"testing"

	"wordengine/lexicon"
)

func testLexicon(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	return lx
}
