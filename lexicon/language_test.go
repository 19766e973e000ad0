package lexicon_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"wordengine/lexicon"
)

func mustLanguage(t testing.TB, code string) *lexicon.Language {
	t.Helper()
	l, err := lexicon.LanguageByCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestLanguageCodes(t *testing.T) {
	want := []string{"de", "en", "es", "fr", "it", "pt"}
	if got := lexicon.LanguageCodes(); !slices.Equal(got, want) {
		t.Errorf("LanguageCodes() = %q, want %q", got, want)
	}
}

func TestLanguageByCode(t *testing.T) {
	for _, code := range []string{"en", "ES", "It", "pt", "de", "fr"} {
		l, err := lexicon.LanguageByCode(code)
		if err != nil {
			t.Errorf("LanguageByCode(%q): %v", code, err)
			continue
		}
		if !strings.EqualFold(l.Code, code) || l.Name == "" || l.Alphabet == nil || l.Alphabet.Name() != l.Code {
			t.Errorf("LanguageByCode(%q) = {Code %q, Name %q, Alphabet %v}", code, l.Code, l.Name, l.Alphabet)
		}
		if l2 := mustLanguage(t, code); l2 != l {
			t.Errorf("LanguageByCode(%q) returned two different values", code)
		}
	}
	for _, code := range []string{"", "xx", "eng", "en "} {
		_, err := lexicon.LanguageByCode(code)
		if err == nil {
			t.Errorf("LanguageByCode(%q): no error", code)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "lexicon: ") || !strings.Contains(msg, "de, en, es, fr, it, pt") {
			t.Errorf("LanguageByCode(%q) error %q: want the lexicon: prefix and the known codes", code, msg)
		}
	}
}

func TestLanguageAlphabets(t *testing.T) {
	tests := []struct {
		code, letters string
	}{
		{"en", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
		{"es", "ABCDEFGHIJLMNÑOPQRSTUVXYZ"},
		{"it", "ABCDEFGHILMNOPQRSTUVZ"},
		{"pt", "ABCÇDEFGHIJLMNOPQRSTUVXZ"},
		{"de", "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"},
		{"fr", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
	}
	for _, tt := range tests {
		a := mustLanguage(t, tt.code).Alphabet
		got := strings.Join(a.Letters(), "")
		if got != tt.letters || a.Size() != len([]rune(tt.letters)) {
			t.Errorf("%s alphabet = %s (%d letters), want %s", tt.code, got, a.Size(), tt.letters)
		}
	}
}

func TestUpwordsAlphabet(t *testing.T) {
	a := lexicon.UpwordsAlphabet()
	if a != lexicon.UpwordsAlphabet() {
		t.Error("UpwordsAlphabet() is not shared")
	}
	if a.Name() != "upwords-en" || a.Size() != 26 {
		t.Errorf("UpwordsAlphabet() = %s with %d letters, want upwords-en with 26", a.Name(), a.Size())
	}
	want := "A B C D E F G H I J K L M N O P QU R S T U V W X Y Z"
	if got := strings.Join(a.Letters(), " "); got != want {
		t.Errorf("UpwordsAlphabet() letters %s, want %s", got, want)
	}
	tiles, err := a.Split(nil, "QUEUE")
	if err != nil || len(tiles) != 4 || a.Letter(tiles[0]) != "QU" || tiles[0] != 17 {
		t.Errorf("Split(QUEUE) = %v, %v: want 4 tiles starting with QU = 17", tiles, err)
	}
	if _, err := a.Split(nil, "QAT"); err == nil {
		t.Error("Split(QAT): no error for a lone Q")
	}
}

func TestNormalize(t *testing.T) {
	const (
		kept     = lexicon.Kept
		badUTF8  = lexicon.DropInvalidUTF8
		apos     = lexicon.DropApostrophe
		hyphen   = lexicon.DropHyphen
		digit    = lexicon.DropDigit
		other    = lexicon.DropOtherChar
		outside  = lexicon.DropOutsideAlphabet
		short    = lexicon.DropTooShort
		long     = lexicon.DropTooLong
		acronym  = lexicon.DropAcronym
		proper   = lexicon.DropProperNoun
		noneWord = ""
	)
	tests := []struct {
		lang, raw, word string
		r               lexicon.DropReason
	}{
		{"en", "cat", "CAT", kept},
		{"en", "  Zebra\t", "ZEBRA", proper},
		{"en", "zebra\r", "ZEBRA", kept},
		{"en", "résumé", "RESUME", kept},
		{"en", "naïve", "NAIVE", kept},
		{"en", "don't", noneWord, apos},
		{"en", "don’t", noneWord, apos},
		{"en", "well-known", noneWord, hyphen},
		{"en", "well‐known", noneWord, hyphen}, // U+2010
		{"en", "it's-a-me", noneWord, apos},    // apostrophe comes before hyphen
		{"en", "mp3", noneWord, digit},
		{"en", "x²", noneWord, digit},
		{"en", "two words", noneWord, other},
		{"en", "etc.", noneWord, other},
		{"en", "\x00ab", noneWord, other},
		{"en", "ab\xff", noneWord, badUTF8},
		{"en", "a-b\xff", noneWord, badUTF8},
		{"en", "a", "A", short},
		{"en", "", "", short},
		{"en", "incomprehensibilities", "INCOMPREHENSIBILITIES", long},
		{"en", "fifteenletterss", "FIFTEENLETTERSS", kept},
		{"en", "NASA", "NASA", acronym},
		{"en", "CDs", "CDS", acronym},
		{"en", "Paris", "PARIS", proper},
		{"en", "iPhone", "IPHONE", proper},
		{"en", "McDonald", "MCDONALD", proper},
		{"en", "A", "A", short}, // length before case
		{"en", "Ωmega", "ΩMEGA", outside},
		{"en", "ﬁsh", "ﬁSH", outside}, // compatibility ligatures are not split
		{"en", "encyclopædia", "ENCYCLOPAEDIA", kept},
		{"en", "ǅemal", "ǄEMAL", outside}, // a title-case digraph is one letter
		{"en", "straße", "STRASSE", kept},

		{"es", "niño", "NIÑO", kept},
		{"es", "nin\u0303o", "NIÑO", kept}, // decomposed Ñ
		{"es", "canción", "CANCION", kept},
		{"es", "pingüino", "PINGUINO", kept},
		{"es", "kilo", "KILO", outside},
		{"es", "wáter", "WATER", outside},
		{"es", "Madrid", "MADRID", proper},
		{"es", "ONU", "ONU", acronym},
		{"es", "bien-estar", noneWord, hyphen},
		{"es", "y", "Y", short},

		{"it", "città", "CITTA", kept},
		{"it", "perché", "PERCHE", kept},
		{"it", "dell'", noneWord, apos},
		{"it", "jeans", "JEANS", outside},
		{"it", "xilofono", "XILOFONO", outside},
		{"it", "yogurt", "YOGURT", outside},
		{"it", "Roma", "ROMA", proper},
		{"it", "BIOS", "BIOS", acronym},

		{"pt", "coração", "CORAÇAO", kept},
		{"pt", "CORAÇÃO", "CORAÇAO", acronym},
		{"pt", "açúcar", "AÇUCAR", kept},
		{"pt", "avó", "AVO", kept},
		{"pt", "kiwi", "KIWI", outside},
		{"pt", "yen", "YEN", outside},
		{"pt", "anti-heróis", noneWord, hyphen},
		{"pt", "Brasil", "BRASIL", proper},

		{"de", "Ärger", "ÄRGER", kept}, // nouns are capitalised
		{"de", "ärger", "ÄRGER", kept},
		{"de", "A\u0308rger", "ÄRGER", kept}, // decomposed Ä
		{"de", "Straße", "STRASSE", kept},
		{"de", "Größe", "GRÖSSE", kept},
		{"de", "Café", "CAFE", kept},
		{"de", "ABC", "ABC", acronym},
		{"de", "AfA", "AFA", proper},
		{"de", "McDonald", "MCDONALD", proper},
		{"de", "Schiff's", noneWord, apos},
		{"de", "Abarbeitungsgeschwindigkeit", "ABARBEITUNGSGESCHWINDIGKEIT", long},

		{"fr", "cœur", "COEUR", kept},
		{"fr", "Œuvre", "OEUVRE", proper},
		{"fr", "æther", "AETHER", kept},
		{"fr", "élève", "ELEVE", kept},
		{"fr", "garçon", "GARCON", kept},
		{"fr", "Ärger", "ARGER", proper},
		{"fr", "aujourd'hui", noneWord, apos},
		{"fr", "ex-æquo", noneWord, hyphen},
		{"fr", "ac.", noneWord, other},
	}
	for _, tt := range tests {
		word, r := mustLanguage(t, tt.lang).Normalize(tt.raw)
		if word != tt.word || r != tt.r {
			t.Errorf("%s Normalize(%q) = %q, %v; want %q, %v", tt.lang, tt.raw, word, r, tt.word, tt.r)
		}
	}
}

func TestDropReasonString(t *testing.T) {
	seen := map[string]bool{}
	for r := range lexicon.DropReason(lexicon.NumDropReasons) {
		s := r.String()
		if s == "" || seen[s] || strings.HasPrefix(s, "DropReason(") {
			t.Errorf("DropReason(%d).String() = %q: want a distinct name", r, s)
		}
		seen[s] = true
	}
	if got := lexicon.Kept.String(); got != "kept" {
		t.Errorf("Kept.String() = %q", got)
	}
	if got := lexicon.DropReason(200).String(); got != "DropReason(200)" {
		t.Errorf("DropReason(200).String() = %q", got)
	}
}

func ExampleLanguage_Normalize() {
	es, err := lexicon.LanguageByCode("es")
	if err != nil {
		panic(err)
	}
	for _, raw := range []string{"Ñandú", "ñandú", "kiwi", "bien-estar"} {
		word, r := es.Normalize(raw)
		fmt.Printf("%-10s %-8q %v\n", raw, word, r)
	}
	// Output:
	// Ñandú      "ÑANDU"  proper noun
	// ñandú      "ÑANDU"  kept
	// kiwi       "KIWI"   outside alphabet
	// bien-estar ""       hyphen
}
