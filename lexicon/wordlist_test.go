package lexicon_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"wordengine/lexicon"
)

// counts is the expected ReadStats.Dropped, by reason.
type counts map[lexicon.DropReason]int

// checkStats compares stats with the expected line, blank and drop counts
// and checks that the counts add up.
func checkStats(t *testing.T, what string, s lexicon.ReadStats, lines, blank int, dropped counts) {
	t.Helper()
	var want [lexicon.NumDropReasons]int
	for r, n := range dropped {
		want[r] = n
	}
	if s.Lines != lines || s.Blank != blank || s.Dropped != want {
		t.Errorf("%s: stats %s; want %d lines, %d blank, dropped %v", what, &s, lines, blank, dropped)
	}
	if s.Lines != s.Blank+s.Kept+s.DroppedTotal() {
		t.Errorf("%s: %d lines != %d blank + %d kept + %d dropped", what, s.Lines, s.Blank, s.Kept, s.DroppedTotal())
	}
	for r, ex := range s.Example {
		if (ex != "") != (s.Dropped[r] > 0) {
			t.Errorf("%s: Example[%v] = %q with %d dropped", what, lexicon.DropReason(r), ex, s.Dropped[r])
		}
	}
}

// wordsText joins words with spaces, as plain upper-case text.
func wordsText(a *lexicon.Alphabet, words [][]lexicon.Tile) string {
	s := make([]string, len(words))
	for i, w := range words {
		s[i] = a.Word(w)
	}
	return strings.Join(s, " ")
}

func TestReadWordListFiles(t *testing.T) {
	tests := []struct {
		file, lang   string
		lines, blank int
		words        string
		dropped      counts
		caseRules    bool
	}{
		{"en_mixed.txt", "en", 22, 1, "CAT DOG RESUME ZEBRA SPACED NAIVE", counts{
			lexicon.DropApostrophe: 2, lexicon.DropHyphen: 1, lexicon.DropDigit: 1, lexicon.DropOtherChar: 2,
			lexicon.DropOutsideAlphabet: 1, lexicon.DropTooShort: 1, lexicon.DropTooLong: 1,
			lexicon.DropAcronym: 2, lexicon.DropProperNoun: 2, lexicon.DropDuplicate: 2}, true},
		{"sowpods_upper.txt", "en", 9, 1, "AA AAH AAHED NASA QI ZZZ CAFE", counts{lexicon.DropTooShort: 1}, false},
		{"de_sample.txt", "de", 13, 0, "ÄRGER STRASSE MUSS GRÖSSE ÄBTE CAFE", counts{
			lexicon.DropApostrophe: 1, lexicon.DropTooLong: 1, lexicon.DropAcronym: 1,
			lexicon.DropProperNoun: 2, lexicon.DropDuplicate: 2}, true},
		{"es_sample.txt", "es", 12, 0, "NIÑO AÑO CANCION PINGUINO ÑANDU ABACO", counts{
			lexicon.DropHyphen: 1, lexicon.DropOutsideAlphabet: 2, lexicon.DropAcronym: 1,
			lexicon.DropProperNoun: 1, lexicon.DropDuplicate: 1}, true},
		{"it_sample.txt", "it", 11, 0, "CITTA PERCHE CAFFE AMORE", counts{
			lexicon.DropApostrophe: 2, lexicon.DropOutsideAlphabet: 3, lexicon.DropAcronym: 1,
			lexicon.DropProperNoun: 1}, true},
		{"pt_sample.txt", "pt", 11, 0, "CORAÇAO AÇAO PAO AÇUCAR VO AVO", counts{
			lexicon.DropHyphen: 1, lexicon.DropOutsideAlphabet: 1, lexicon.DropAcronym: 1,
			lexicon.DropProperNoun: 1, lexicon.DropDuplicate: 1}, true},
		{"fr_sample.txt", "fr", 12, 0, "COEUR OEUVRE ELEVE CA GARCON NAIVE WAGON", counts{
			lexicon.DropApostrophe: 1, lexicon.DropHyphen: 1, lexicon.DropOtherChar: 1,
			lexicon.DropProperNoun: 1, lexicon.DropDuplicate: 1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			lang := mustLanguage(t, tt.lang)
			path := filepath.Join("testdata", "wordlist", tt.file)
			words, stats, err := lexicon.ReadWordListFile(path, lexicon.ReadOptions{Language: lang})
			if err != nil {
				t.Fatal(err)
			}
			if got := wordsText(lang.Alphabet, words); got != tt.words {
				t.Errorf("words %s\nwant  %s", got, tt.words)
			}
			if stats.Kept != len(words) || stats.CaseRules != tt.caseRules {
				t.Errorf("Kept %d, CaseRules %v; want %d, %v", stats.Kept, stats.CaseRules, len(words), tt.caseRules)
			}
			checkStats(t, tt.file, stats, tt.lines, tt.blank, tt.dropped)
			for r, ex := range stats.Example {
				if ex != "" && !strings.HasPrefix(ex, path+":") {
					t.Errorf("Example[%v] = %q: want it to start with %q", lexicon.DropReason(r), ex, path+":")
				}
			}
		})
	}
}

func TestReadWordList(t *testing.T) {
	en := mustLanguage(t, "en")
	tests := []struct {
		name         string
		text         string
		opt          lexicon.ReadOptions
		words        string
		lines, blank int
		dropped      counts
	}{
		{"empty", "", lexicon.ReadOptions{}, "", 0, 0, nil},
		{"only blank", "\n \r\n\t\n", lexicon.ReadOptions{}, "", 3, 3, nil},
		{"no final newline", "ab\ncd", lexicon.ReadOptions{}, "AB CD", 2, 0, nil},
		{"crlf and spaces", "ab\r\n  cd \r\n\r\nef\r\n", lexicon.ReadOptions{}, "AB CD EF", 4, 1, nil},
		{"byte order mark", "\uFEFFab\ncd\n", lexicon.ReadOptions{}, "AB CD", 2, 0, nil},
		{"inner BOM", "ab\n\uFEFFcd\n", lexicon.ReadOptions{}, "AB", 2, 0, counts{lexicon.DropOtherChar: 1}},
		{"no-break space trimmed", "\u00a0ab\u00a0\n", lexicon.ReadOptions{}, "AB", 1, 0, nil},
		{"upper list keeps acronyms", "AA\nAAH\nNASA\nPARIS\n", lexicon.ReadOptions{}, "AA AAH NASA PARIS", 4, 0, nil},
		{"one lower letter turns case rules on", "AA\nAAH\nNASA\nxu\n", lexicon.ReadOptions{}, "XU", 4, 0, counts{lexicon.DropAcronym: 3}},
		{"non-ASCII lower letter", "NASA\nÉTÉ\nété\n", lexicon.ReadOptions{}, "ETE", 3, 0, counts{lexicon.DropAcronym: 2}},
		{"duplicates", "resume\nrésumé\nRESUME\nresume\n", lexicon.ReadOptions{}, "RESUME", 4, 0,
			counts{lexicon.DropDuplicate: 2, lexicon.DropAcronym: 1}},
		{"duplicate of a dropped word is not a duplicate", "Paris\nparis\n", lexicon.ReadOptions{}, "PARIS", 2, 0,
			counts{lexicon.DropProperNoun: 1}},
		{"lengths", "a\nab\nabc\nabcd\nabcde\n", lexicon.ReadOptions{MinLen: 2, MaxLen: 4}, "AB ABC ABCD", 5, 0,
			counts{lexicon.DropTooShort: 1, lexicon.DropTooLong: 1}},
		{"min length one", "a\nab\n", lexicon.ReadOptions{MinLen: 1}, "A AB", 2, 0, nil},
		{"default max 15", "abcdefghijklmno\nabcdefghijklmnop\n", lexicon.ReadOptions{}, "ABCDEFGHIJKLMNO", 2, 0,
			counts{lexicon.DropTooLong: 1}},
		{"upwords", "queen\nqat\nquiz\nqu\nq\nquququ\n",
			lexicon.ReadOptions{Alphabet: lexicon.UpwordsAlphabet(), MinLen: 2, MaxLen: 3}, "QUIZ QUQUQU", 6, 0,
			counts{lexicon.DropOutsideAlphabet: 2, lexicon.DropTooShort: 1, lexicon.DropTooLong: 1}},
		{"invalid UTF-8", "ab\n\xc3\x28\ncd\xff\n", lexicon.ReadOptions{}, "AB", 3, 0, counts{lexicon.DropInvalidUTF8: 2}},
		{"NUL and controls", "a\x00b\n\x1b[m\n", lexicon.ReadOptions{}, "", 2, 0, counts{lexicon.DropOtherChar: 2}},
		{"lone combining mark", "\u0301ab\n", lexicon.ReadOptions{}, "", 1, 0, counts{lexicon.DropOtherChar: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := tt.opt
			opt.Language = en
			words, stats, err := lexicon.ReadWordList(strings.NewReader(tt.text), "list.txt", opt)
			if err != nil {
				t.Fatal(err)
			}
			a := opt.Alphabet
			if a == nil {
				a = en.Alphabet
			}
			if got := wordsText(a, words); got != tt.words {
				t.Errorf("words %q, want %q", got, tt.words)
			}
			checkStats(t, tt.name, stats, tt.lines, tt.blank, tt.dropped)
		})
	}
}

func TestReadWordListExamples(t *testing.T) {
	text := "ok\ndon't\nwon't\nno\xffpe\nNASA\n"
	_, stats, err := lexicon.ReadWordList(strings.NewReader(text), "w.txt", lexicon.ReadOptions{Language: mustLanguage(t, "en")})
	if err != nil {
		t.Fatal(err)
	}
	want := [lexicon.NumDropReasons]string{
		lexicon.DropApostrophe:  "w.txt:2: don't",
		lexicon.DropInvalidUTF8: `w.txt:4: "no\xffpe"`,
		lexicon.DropAcronym:     "w.txt:5: NASA",
	}
	if stats.Example != want {
		t.Errorf("Example = %q\nwant %q", stats.Example, want)
	}
	if got, want := stats.String(), "5 lines: 1 kept, 4 dropped (invalid UTF-8 1, apostrophe 2, acronym 1)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestReadWordListGzip(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, "cat\ndog\nDog\n")
	zw.Close()
	en := mustLanguage(t, "en")
	words, stats, err := lexicon.ReadWordList(bytes.NewReader(buf.Bytes()), "w.txt.gz", lexicon.ReadOptions{Language: en})
	if err != nil {
		t.Fatal(err)
	}
	if got := wordsText(en.Alphabet, words); got != "CAT DOG" {
		t.Errorf("words %q, want CAT DOG", got)
	}
	checkStats(t, "gzip", stats, 3, 0, counts{lexicon.DropProperNoun: 1})

	// Truncated and corrupt streams are errors naming the input.
	for _, data := range [][]byte{buf.Bytes()[:buf.Len()-6], buf.Bytes()[:5], append([]byte{0x1f, 0x8b}, "garbage"...)} {
		_, _, err := lexicon.ReadWordList(bytes.NewReader(data), "w.txt.gz", lexicon.ReadOptions{Language: en})
		if err == nil || !strings.HasPrefix(err.Error(), "lexicon: ") || !strings.Contains(err.Error(), "w.txt.gz") {
			t.Errorf("corrupt gzip of %d bytes: error %v, want one starting lexicon: and naming w.txt.gz", len(data), err)
		}
	}
}

func TestReadWordListErrors(t *testing.T) {
	en := mustLanguage(t, "en")
	errRead := errors.New("disk on fire")
	_, _, err := lexicon.ReadWordList(iotest.TimeoutReader(iotest.DataErrReader(strings.NewReader("ab\ncd\n"))), "w.txt", lexicon.ReadOptions{Language: en})
	if err == nil || !strings.Contains(err.Error(), "w.txt") {
		t.Errorf("read error: got %v", err)
	}
	_, _, err = lexicon.ReadWordList(iotest.ErrReader(errRead), "w.txt", lexicon.ReadOptions{Language: en})
	if !errors.Is(err, errRead) || !strings.HasPrefix(err.Error(), "lexicon: ") || !strings.Contains(err.Error(), "w.txt") {
		t.Errorf("read error: got %v, want one wrapping %v", err, errRead)
	}
	for _, opt := range []lexicon.ReadOptions{
		{},
		{Language: en, MinLen: -1},
		{Language: en, MinLen: 5, MaxLen: 4},
		{Language: en, MinLen: 16},
		{Language: en, MaxLen: -3},
	} {
		_, _, err := lexicon.ReadWordList(strings.NewReader("ab\n"), "w.txt", opt)
		if err == nil || !strings.HasPrefix(err.Error(), "lexicon: ") {
			t.Errorf("options %+v: error %v, want one starting lexicon: ", opt, err)
		}
	}
	_, _, err = lexicon.ReadWordListFile(filepath.Join(t.TempDir(), "missing.txt"), lexicon.ReadOptions{Language: en})
	if !errors.Is(err, os.ErrNotExist) || !strings.HasPrefix(err.Error(), "lexicon: ") || !strings.Contains(err.Error(), "missing.txt") {
		t.Errorf("missing file: got %v", err)
	}
}

// The words share a backing array, but appending to one must not change
// the next.
func TestReadWordListCapacity(t *testing.T) {
	en := mustLanguage(t, "en")
	words, _, err := lexicon.ReadWordList(strings.NewReader("ab\ncd\n"), "w", lexicon.ReadOptions{Language: en})
	if err != nil {
		t.Fatal(err)
	}
	_ = append(words[0], 1, 1)
	if got := en.Alphabet.Word(words[1]); got != "CD" {
		t.Errorf("after appending to words[0], words[1] = %s, want CD", got)
	}
}

// syntheticList returns n random lower-case words of 2 to 20 letters (some
// too long), one per line, from a fixed seed.
func syntheticList(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	for range n {
		for range 2 + rng.IntN(19) {
			b.WriteByte(byte('a' + rng.IntN(26)))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Reading allocates a fixed number of buffers, not one per line.
func TestReadWordListAllocs(t *testing.T) {
	en := mustLanguage(t, "en")
	data := syntheticList(5000)
	allocs := testing.AllocsPerRun(10, func() {
		if _, _, err := lexicon.ReadWordList(bytes.NewReader(data), "w", lexicon.ReadOptions{Language: en}); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 50 {
		t.Errorf("ReadWordList of 5000 lines: %.0f allocations, want at most 50", allocs)
	}
}

func BenchmarkReadWordList(b *testing.B) {
	en := mustLanguage(b, "en")
	data := syntheticList(270_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := lexicon.ReadWordList(bytes.NewReader(data), "w", lexicon.ReadOptions{Language: en}); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleReadWordList() {
	list := "cat\nCat\ncafé\ncafe\ndon't\nNASA\nQi\nquiz\n"
	en, err := lexicon.LanguageByCode("en")
	if err != nil {
		panic(err)
	}
	words, stats, err := lexicon.ReadWordList(strings.NewReader(list), "list.txt", lexicon.ReadOptions{Language: en})
	if err != nil {
		panic(err)
	}
	for _, w := range words {
		fmt.Print(en.Alphabet.Word(w), ";")
	}
	fmt.Println()
	fmt.Println(stats.String())
	fmt.Println(stats.Example[lexicon.DropDuplicate])

	// The same list for Upwords: QU is one tile, a lone Q is not a letter.
	up := lexicon.UpwordsAlphabet()
	words, _, _ = lexicon.ReadWordList(strings.NewReader(list), "list.txt", lexicon.ReadOptions{Language: en, Alphabet: up, MinLen: 3})
	for _, w := range words {
		fmt.Print(up.Format(w), ";")
	}
	fmt.Println()
	// Output:
	// CAT;CAFE;QUIZ;
	// 8 lines: 3 kept, 5 dropped (apostrophe 1, acronym 1, proper noun 2, duplicate 1)
	// list.txt:4: cafe
	// CAT;CAFE;[QU]IZ;
}
