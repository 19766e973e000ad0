package lexicon

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestCommonWordsRoundTrip writes tiers and reads them back: each word in
// the first tier that lists it, any case looked up, other words in none.
func TestCommonWordsRoundTrip(t *testing.T) {
	tiers := [][]string{{"CAT", "DOG"}, {"CAT", "DOG", "EMU", "GNU"}, {"ZEBU", "EMU"}}
	var b bytes.Buffer
	if err := WriteCommonWords(&b, "a test\nof two lines", tiers); err != nil {
		t.Fatal(err)
	}
	c, err := ReadCommonWords(&b)
	if err != nil {
		t.Fatal(err)
	}
	for word, want := range map[string]int{"CAT": 1, "dog": 1, "Emu": 2, "GNU": 2, "ZEBU": 3, "YAK": 0, "": 0, "CAT'S": 0, "CÂT": 0} {
		if got := c.Tier(word); got != want {
			t.Errorf("Tier(%q) = %d, want %d", word, got, want)
		}
	}
	if c.Tiers() != 3 || c.Words(1) != 2 || c.Words(2) != 2 || c.Words(3) != 1 || c.Words(4) != 0 || c.Words(0) != 0 {
		t.Errorf("Tiers %d, words %d %d %d", c.Tiers(), c.Words(1), c.Words(2), c.Words(3))
	}
	// The same words give the same bytes.
	var again bytes.Buffer
	if err := WriteCommonWords(&again, "a test\nof two lines", [][]string{{"DOG", "CAT"}, {"GNU", "EMU", "DOG"}, {"EMU", "ZEBU"}}); err != nil {
		t.Fatal(err)
	}
	var first bytes.Buffer
	_ = WriteCommonWords(&first, "a test\nof two lines", tiers)
	if !bytes.Equal(first.Bytes(), again.Bytes()) {
		t.Error("the same tiers in another order give other bytes")
	}
}

// TestReadCommonWordsErrors: each fault named with its line.
func TestReadCommonWordsErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"CAT\n", "line 1: word \"CAT\" before the first tier"},
		{"=1\nCAT\n=3\nDOG\n", "line 3: tier \"=3\": want =2"},
		{"=1\nCA T\n", "line 2: \"CA T\": want letters A to Z only"},
		{"=1\nCAT\n=2\ncat\n", "listed twice"},
		{"=1\n=2\n=3\n=4\n=5\n=6\n=7\n=8\n", "line 8: tier \"=8\": want =8 (tiers in order, at most 7)"},
	} {
		_, err := ReadCommonWords(strings.NewReader(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadCommonWords(%q) = %v, want an error with %q", tc.text, err, tc.want)
		}
	}
	if err := WriteCommonWords(&bytes.Buffer{}, "", [][]string{{"cat"}}); err == nil {
		t.Error("WriteCommonWords took a lower-case word")
	}
	if err := WriteCommonWords(&bytes.Buffer{}, "", nil); err == nil {
		t.Error("WriteCommonWords took no tiers")
	}
}

// TestCommonEnglish: the embedded list has SCOWL's four sizes as Debian
// ships them, everyday words in tier 1 and the words only word-game
// players know in the higher tiers or none.
func TestCommonEnglish(t *testing.T) {
	c, err := CommonEnglish()
	if err != nil {
		t.Fatal(err)
	}
	want := []int{40086, 23526, 50310, 127062}
	for i, n := range want {
		if c.Words(i+1) != n {
			t.Errorf("tier %d: %d words, want %d", i+1, c.Words(i+1), n)
		}
	}
	for word, tier := range map[string]int{"CAT": 1, "HOUSE": 1, "WALKED": 1, "QUIZ": 1, "OX": 1,
		"EX": 2, "QI": 3, "XU": 3, "ZA": 4, "QAT": 4, "ZZZ": 4, "AA": 3, "CAZ": 0} {
		if got := c.Tier(word); got != tier {
			t.Errorf("Tier(%s) = %d, want %d", word, got, tier)
		}
	}
	if n := testing.AllocsPerRun(100, func() { c.Tier("HOUSE") }); n != 0 {
		t.Errorf("Tier allocates %v times", n)
	}
}

func ExampleCommonWords_Tier() {
	c, err := CommonEnglish()
	if err != nil {
		panic(err)
	}
	for _, w := range []string{"house", "qi", "za", "caz"} {
		fmt.Printf("%s %d\n", w, c.Tier(w))
	}
	// Output:
	// house 1
	// qi 3
	// za 4
	// caz 0
}

func BenchmarkCommonEnglish(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadCommonWords(bytes.NewReader(commonData)); err != nil {
			b.Fatal(err)
		}
	}
}
