package lexicon

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// FuzzReadWordList reads arbitrary bytes as a word list and checks that it
// never panics and that the result is consistent: the counts add up, the
// kept words are distinct, valid, within the lengths, and read back
// unchanged; Normalize agrees with the reader word by word; splitText
// agrees with Alphabet.Split. Seeds are the files of testdata/wordlist.
//
// mode bit 0 selects the Upwords alphabet; bit 1 uses minLen and maxLen
// (taken modulo 20) instead of the defaults.
func FuzzReadWordList(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "wordlist", "*.txt"))
	for i, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(i), uint8(0), uint8(0), uint8(0))
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("cat\nDog\nqueen\n"))
	zw.Close()
	for _, s := range []string{
		"", "\n", "\uFEFF", "\r\n\r\n", gz.String(), "\x1f\x8b", "ab\xffcd\nok\n",
		"queen\nqat\nQuiz\nquququququ\n", "AA\nAAH\nNASA\n", "n\u0303o\u0308\n",
	} {
		f.Add([]byte(s), uint8(1), uint8(1), uint8(2), uint8(3))
		f.Add([]byte(s), uint8(4), uint8(2), uint8(1), uint8(5))
	}

	codes := LanguageCodes()
	f.Fuzz(func(t *testing.T, data []byte, lang, mode, minLen, maxLen uint8) {
		opt := ReadOptions{Language: languages[int(lang)%len(codes)]}
		if mode&1 != 0 {
			opt.Alphabet = UpwordsAlphabet()
		}
		if mode&2 != 0 {
			opt.MinLen, opt.MaxLen = int(minLen%20), int(maxLen%20)
		}
		a := cmp.Or(opt.Alphabet, opt.Language.Alphabet)
		lo, hi := cmp.Or(opt.MinLen, DefaultMinLen), cmp.Or(opt.MaxLen, DefaultMaxLen)
		checkSplitText(t, a, data)

		words, stats, err := ReadWordList(bytes.NewReader(data), "fuzz", opt)
		gzipped := len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b
		if err != nil {
			if !strings.HasPrefix(err.Error(), "lexicon: ") {
				t.Errorf("error %q does not start with lexicon: ", err)
			}
			if !gzipped && lo <= hi {
				t.Fatalf("unexpected error: %v", err)
			}
			return
		}
		if lo > hi {
			t.Fatalf("lengths %d to %d accepted", lo, hi)
		}

		// The counts add up.
		if stats.Lines != stats.Blank+stats.Kept+stats.DroppedTotal() || stats.Kept != len(words) || stats.Dropped[Kept] != 0 {
			t.Fatalf("stats do not add up: %+v, %d words", stats, len(words))
		}
		for r, ex := range stats.Example {
			if (ex != "") != (stats.Dropped[r] > 0) || (ex != "" && !strings.HasPrefix(ex, "fuzz:")) {
				t.Errorf("Example[%v] = %q with %d dropped", DropReason(r), ex, stats.Dropped[r])
			}
		}

		// The kept words are distinct, valid and within the lengths.
		seen := make(map[string]bool, len(words))
		var list strings.Builder
		for _, w := range words {
			if len(w) < lo || len(w) > hi {
				t.Errorf("word %s of %d tiles kept, want %d to %d", a.Format(w), len(w), lo, hi)
			}
			for _, tile := range w {
				if tile.IsBlank() || !a.Valid(tile) {
					t.Fatalf("word %v holds tile %d, not a letter of %s", w, tile, a.Name())
				}
			}
			text := a.Word(w)
			if seen[text] {
				t.Errorf("word %s kept twice", text)
			}
			seen[text] = true
			if back, err := a.Split(nil, text); err != nil || !slices.Equal(back, w) {
				t.Errorf("Split(Word(%v)) = %v, %v", w, back, err)
			}
			list.WriteString(text)
			list.WriteByte('\n')
		}

		// Normalisation is idempotent: the kept words read back unchanged.
		again, stats2, err := ReadWordList(strings.NewReader(list.String()), "again", opt)
		if err != nil || !slices.EqualFunc(again, words, slices.Equal) || stats2.Kept != len(words) || stats2.DroppedTotal() != 0 {
			t.Errorf("reading the kept words back: %v, %s; want the same %d words", err, &stats2, len(words))
		}

		// Without options, the reader counts what Normalize finds line by
		// line (on lists that have lower-case letters, where Normalize's
		// case rules apply).
		if gzipped || mode != 0 || !stats.CaseRules {
			return
		}
		var want [NumDropReasons]int
		kept := map[string]bool{}
		text := strings.TrimPrefix(string(data), "\uFEFF")
		for line := range strings.Lines(text) {
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			word, r := opt.Language.Normalize(line)
			if r == Kept && kept[word] {
				r = DropDuplicate
			}
			kept[word] = kept[word] || r == Kept
			want[r]++
		}
		want[Kept] = 0
		if want != stats.Dropped {
			t.Errorf("reader dropped %v, Normalize %v", stats.Dropped, want)
		}
	})
}

// checkSplitText checks that splitText cuts data as Alphabet.Split does.
func checkSplitText(t *testing.T, a *Alphabet, data []byte) {
	t.Helper()
	got, ok := splitText(a, nil, data)
	want, err := a.Split(nil, string(data))
	if ok != (err == nil) || (ok && !slices.Equal(got, want)) {
		t.Errorf("splitText(%q) = %v, %v; Split = %v, %v", data, got, ok, want, err)
	}
}
