package wordflow

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"

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

func gameConfig(t testing.TB, variant string) game.Config {
	return game.Config{Lexicon: testLexicon(t), Variant: variant, Rand: rand.New(rand.NewPCG(1, 1))}
}
