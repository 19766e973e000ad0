package wwf

import (
	"strings"
	"testing"

	"wordengine/lexicon"
)

// TestLanguageNeedsItsLexicon: a language's tiles refuse a lexicon of
// another language, French (the same letters as English) too, and the
// error says how to get the language's lexicon.
func TestLanguageNeedsItsLexicon(t *testing.T) {
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"wwf", "scrabble"} {
		for _, lang := range []string{"en", "fr", "de", "es", "it", "pt"} {
			err := checkRules(name, "lang="+lang, lx)
			// Spanish Scrabble has tiles of two letters (CH, LL, RR): no
			// lexicon of the Spanish alphabet fits it, none is advised.
			how := "make lexicons LEXICONS=" + lang + "`, then give --lexicon " + lang + ")"
			if name == "scrabble" && lang == "es" {
				how = "alphabet scrabble-es"
			}
			switch {
			case lang == "en" && err != nil:
				t.Errorf("%s lang=en: %v", name, err)
			case lang != "en" && (err == nil || !strings.Contains(err.Error(), how)):
				t.Errorf("%s lang=%s with the English lexicon: %v, want a refusal saying how to get the %s lexicon", name, lang, err, lang)
			}
		}
	}
}
