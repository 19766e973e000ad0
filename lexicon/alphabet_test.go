package lexicon_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"wordengine/lexicon"
)

// testAlphabet has multi-letter letters that overlap single ones (Q and
// QU, T and TH) and a non-ASCII letter.
func testAlphabet(t testing.TB) *lexicon.Alphabet {
	t.Helper()
	a, err := lexicon.NewAlphabet("test", []string{"A", "E", "H", "I", "N", "Ñ", "Q", "QU", "S", "T", "TH", "U"})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Tile codes of testAlphabet.
const (
	tA lexicon.Tile = iota + 1
	tE
	tH
	tI
	tN
	tÑ
	tQ
	tQU
	tS
	tT
	tTH
	tU
)

const blank = lexicon.BlankFlag

func TestNewAlphabetErrors(t *testing.T) {
	many := make([]string, lexicon.MaxLetters+1)
	for i := range many {
		many[i] = fmt.Sprintf("L%d", i)
	}
	tests := []struct {
		name    string
		letters []string
		want    string // in the message
	}{
		{"none", nil, "0 letters"},
		{"too many", many, "128 letters"},
		{"empty letter", []string{"A", ""}, "letter 2 is empty"},
		{"invalid UTF-8", []string{"A", "\xff"}, "not UTF-8"},
		{"space", []string{"A B"}, "reserved"},
		{"blank", []string{"?"}, "reserved"},
		{"bracket", []string{"[QU]"}, "reserved"},
		{"dot", []string{"."}, "reserved"},
		{"lower-case", []string{"A", "b"}, "not upper-case"},
		{"duplicate", []string{"A", "B", "A"}, "twice"},
	}
	for _, tt := range tests {
		a, err := lexicon.NewAlphabet("x", tt.letters)
		if err == nil || a != nil {
			t.Errorf("%s: NewAlphabet = %v, %v; want an error", tt.name, a, err)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "lexicon: ") || !strings.Contains(msg, tt.want) {
			t.Errorf("%s: error %q, want one starting lexicon: and containing %q", tt.name, msg, tt.want)
		}
	}
	if _, err := lexicon.NewAlphabet("x", many[:lexicon.MaxLetters]); err != nil {
		t.Errorf("NewAlphabet with %d letters: %v", lexicon.MaxLetters, err)
	}
}

func TestAlphabetAccessors(t *testing.T) {
	a := testAlphabet(t)
	if a.Name() != "test" || a.Size() != 12 || a.Letters()[tQU-1] != "QU" {
		t.Errorf("Name %q, Size %d, Letters %q", a.Name(), a.Size(), a.Letters())
	}
	tests := []struct {
		tile   lexicon.Tile
		letter string
		valid  bool
	}{
		{tA, "A", true},
		{tQU, "QU", true},
		{tÑ, "Ñ", true},
		{tU, "U", true},
		{tTH | blank, "TH", true},
		{lexicon.Blank, "?", true},
		{lexicon.Separator, "^", false},
		{tU + 1, "<bad tile 13>", false},
		{(tU + 1) | blank, "<bad tile 141>", false},
	}
	for _, tt := range tests {
		if got := a.Letter(tt.tile); got != tt.letter {
			t.Errorf("Letter(%d) = %q, want %q", tt.tile, got, tt.letter)
		}
		if got := a.Valid(tt.tile); got != tt.valid {
			t.Errorf("Valid(%d) = %v, want %v", tt.tile, got, tt.valid)
		}
	}
	if tQ.IsBlank() || !(tQ | blank).IsBlank() || (tQ|blank).Letter() != tQ || lexicon.Blank.Letter() != 0 {
		t.Error("Tile.IsBlank or Tile.Letter wrong")
	}
}

func TestSplit(t *testing.T) {
	a := testAlphabet(t)
	tests := []struct {
		word string
		want []lexicon.Tile
	}{
		{"", nil},
		{"A", []lexicon.Tile{tA}},
		{"QUIT", []lexicon.Tile{tQU, tI, tT}},      // longest match: QU, not Q U
		{"QI", []lexicon.Tile{tQ, tI}},             // Q alone where QU does not match
		{"QUQ", []lexicon.Tile{tQU, tQ}},           // Q at the end
		{"THE", []lexicon.Tile{tTH, tE}},           // TH
		{"TEETH", []lexicon.Tile{tT, tE, tE, tTH}}, // T alone, TH at the end
		{"TTH", []lexicon.Tile{tT, tTH}},
		{"ÑU", []lexicon.Tile{tÑ, tU}}, // a two-byte letter
		{"UÑA", []lexicon.Tile{tU, tÑ, tA}},
	}
	for _, tt := range tests {
		got, err := a.Split(nil, tt.word)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Split(%q) = %v, %v; want %v", tt.word, got, err, tt.want)
		}
		if w := a.Word(got); w != tt.word {
			t.Errorf("Word(Split(%q)) = %q", tt.word, w)
		}
	}

	// Split appends to dst and allocates nothing when dst has room.
	dst := make([]lexicon.Tile, 1, 16)
	got, err := a.Split(dst, "QUITE")
	if err != nil || !slices.Equal(got, []lexicon.Tile{0, tQU, tI, tT, tE}) {
		t.Errorf("Split(dst, QUITE) = %v, %v", got, err)
	}
	if allocs := testing.AllocsPerRun(100, func() { a.Split(dst[:0], "QUITETHE") }); allocs != 0 {
		t.Errorf("Split allocates %.0f times", allocs)
	}
}

func TestSplitErrors(t *testing.T) {
	a := testAlphabet(t)
	tests := []struct {
		word   string
		offset string // "at byte N"
		letter string
	}{
		{"X", "at byte 0", `"X"`},
		{"QAX", "at byte 2", `"X"`},
		{"the", "at byte 0", `"t"`}, // Split takes upper-case text only
		{"ÑÉ", "at byte 2", `"É"`},
		{"A?", "at byte 1", `"?"`},
		{"A\xff", "at byte 1", "\"\uFFFD\""},
	}
	for _, tt := range tests {
		_, err := a.Split(nil, tt.word)
		if !errors.Is(err, lexicon.ErrSplit) {
			t.Errorf("Split(%q): error %v does not wrap ErrSplit", tt.word, err)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "lexicon: ") || !strings.Contains(msg, tt.offset) || !strings.Contains(msg, tt.letter) {
			t.Errorf("Split(%q): error %q, want %q and %s", tt.word, msg, tt.offset, tt.letter)
		}
	}
}

func TestParse(t *testing.T) {
	a := testAlphabet(t)
	tests := []struct {
		s    string
		want []lexicon.Tile
	}{
		{"", nil},
		{"AN", []lexicon.Tile{tA, tN}},
		{"?", []lexicon.Tile{lexicon.Blank}},
		{"A??", []lexicon.Tile{tA, lexicon.Blank, lexicon.Blank}},
		{"an", []lexicon.Tile{tA | blank, tN | blank}}, // lower-case: designated blanks
		{"ñ", []lexicon.Tile{tÑ | blank}},
		{"QUIT", []lexicon.Tile{tQU, tI, tT}},
		{"quit", []lexicon.Tile{tQU | blank, tI | blank, tT | blank}},
		{"Qu", []lexicon.Tile{tQ, tU | blank}},
		{"[QU]", []lexicon.Tile{tQU}},
		{"[qu]", []lexicon.Tile{tQU | blank}},
		{"[Q]U", []lexicon.Tile{tQ, tU}},
		{"Q[U]", []lexicon.Tile{tQ, tU}},
		{"[th]E?", []lexicon.Tile{tTH | blank, tE, lexicon.Blank}},
	}
	for _, tt := range tests {
		got, err := a.Parse(nil, tt.s)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.s, got, err, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	a := testAlphabet(t)
	tests := []struct {
		s, want string
	}{
		{"A[QU", "at byte 1: '[' without ']'"},
		{"[X]", "at byte 0: [X] is not a letter"},
		{"[Qu]", "at byte 0: [Qu] is not a letter"},
		{"[]", "at byte 0: [] is not a letter"},
		{"AN.", "at byte 2"},
		{"AN X", "at byte 2"},
		{"É", "at byte 0"},
		{"A]", "at byte 1"},
	}
	for _, tt := range tests {
		_, err := a.Parse(nil, tt.s)
		if !errors.Is(err, lexicon.ErrSplit) {
			t.Errorf("Parse(%q): error %v does not wrap ErrSplit", tt.s, err)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "lexicon: ") || !strings.Contains(msg, tt.want) {
			t.Errorf("Parse(%q): error %q, want it to contain %q", tt.s, msg, tt.want)
		}
	}
}

func TestFormat(t *testing.T) {
	a := testAlphabet(t)
	tests := []struct {
		tiles []lexicon.Tile
		want  string
	}{
		{nil, ""},
		{[]lexicon.Tile{tA, tN}, "AN"},
		{[]lexicon.Tile{tQU, tI, tT | blank}, "[QU]It"},
		{[]lexicon.Tile{tTH | blank, tE, lexicon.Blank}, "[th]E?"},
		{[]lexicon.Tile{tÑ, tÑ | blank}, "Ññ"},
	}
	for _, tt := range tests {
		if got := a.Format(tt.tiles); got != tt.want {
			t.Errorf("Format(%v) = %q, want %q", tt.tiles, got, tt.want)
		}
	}
	if got := a.Word([]lexicon.Tile{tQU, tI, tT | blank, tTH | blank}); got != "QUITTH" {
		t.Errorf("Word = %q, want QUITTH", got)
	}
}

// Format and Parse are inverse on every tile sequence of alphabets where
// no run of single letters spells a longer letter: the language alphabets
// and Upwords (no lone Q).
func TestFormatParseRoundTrip(t *testing.T) {
	alphabets := []*lexicon.Alphabet{lexicon.UpwordsAlphabet()}
	for _, code := range lexicon.LanguageCodes() {
		alphabets = append(alphabets, mustLanguage(t, code).Alphabet)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, a := range alphabets {
		var all []lexicon.Tile
		for l := lexicon.Tile(1); int(l) <= a.Size(); l++ {
			all = append(all, l, l|blank)
		}
		all = append(all, lexicon.Blank)
		for i := range 500 {
			tiles := all
			if i > 0 {
				tiles = make([]lexicon.Tile, rng.IntN(12))
				for j := range tiles {
					tiles[j] = all[rng.IntN(len(all))]
				}
			}
			s := a.Format(tiles)
			back, err := a.Parse(nil, s)
			if err != nil || !slices.Equal(back, tiles) {
				t.Fatalf("%s: Parse(Format(%v)) = Parse(%q) = %v, %v", a.Name(), tiles, s, back, err)
			}
		}
	}
}

// In an alphabet with both Q and QU, Format writes the tiles Q U as "QU",
// which Parse reads as the one tile QU.
func TestFormatParseOverlappingLetters(t *testing.T) {
	a := testAlphabet(t)
	for _, tiles := range [][]lexicon.Tile{{tQ, tU}, {tT, tH}, {tT | blank, tH | blank}} {
		s := a.Format(tiles)
		back, err := a.Parse(nil, s)
		if err != nil || !slices.Equal(back, tiles) {
			t.Errorf("Parse(Format(%v)) = Parse(%q) = %v, %v", tiles, s, back, err)
		}
	}
}

func ExampleNewAlphabet() {
	// A toy alphabet with the two-letter tiles QU and TH.
	a, err := lexicon.NewAlphabet("toy", []string{"A", "E", "I", "N", "QU", "S", "T", "TH"})
	if err != nil {
		panic(err)
	}
	tiles, err := a.Split(nil, "QUITE")
	fmt.Println(tiles, len(tiles), err)
	tiles, _ = a.Split(nil, "THESIS")
	fmt.Println(tiles, a.Format(tiles))
	_, err = a.Split(nil, "QUIZ")
	fmt.Println(err)
	// Output:
	// [5 3 7 2] 4 <nil>
	// [8 2 6 3 6] [TH]ESIS
	// lexicon: cannot split into tiles: "QUIZ" at byte 3: "Z" is not a letter of alphabet toy
}
