package lexicon

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

func defaultLex(t testing.TB) *Lexicon {
	t.Helper()
	lx, err := Default()
	if err != nil {
		t.Fatalf("Default: %v", err)
	}
	return lx
}

func TestDefaultLexicon(t *testing.T) {
	lx := defaultLex(t)
	in := lx.Info()
	if in.Name != DefaultName || in.Alphabet != "en" || in.Words != 269870 || in.MinLen != 2 || in.MaxLen != 15 {
		t.Errorf("Info = %+v, want %s, en, 269870 words of 2..15 letters", in, DefaultName)
	}
	for w, want := range map[string]bool{
		"QUIZ": true, "AA": true, "ZYZZYVA": true, "OXYPHENBUTAZONE": true, "CAT": true, "CATS": true,
		"A": false, "": false, "QUIZZ": false, "CATX": false, "quiz": false, "CAT ": false, "ÄPFEL": false,
		"ZZZX": false, "OXYPHENBUTAZONES": false,
	} {
		if got := lx.Contains(w); got != want {
			t.Errorf("Contains(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestDefaultRoundTrip rebuilds the embedded lexicon from its own word list
// and requires the identical file: the DAWG gives back exactly the input
// set and the build is deterministic. It also checks the GADDAG against
// the words, entry by entry.
func TestDefaultRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("rebuilds the default lexicon (about 1 s)")
	}
	lx := defaultLex(t)
	var words [][]Tile
	lx.EachWord(func(w []Tile) bool {
		words = append(words, slices.Clone(w))
		return true
	})
	if len(words) != lx.Words() {
		t.Fatalf("EachWord gave %d words, Words() = %d", len(words), lx.Words())
	}
	rng := rand.New(rand.NewPCG(1, 1))
	rng.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	re, err := Build(lx.Name, lx.Alphabet, words)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encodeOf(t, re), encodeOf(t, lx)) {
		t.Fatal("rebuilding the default lexicon from its words gives a different file")
	}
	// Every GADDAG entry decodes to a word, and each word has len(w) entries.
	n := 0
	lx.GADDAG.Each(func(e []Tile) bool {
		n++
		k := slices.Index(e, Separator)
		var w []Tile
		if k < 0 {
			w = slices.Clone(e)
			slices.Reverse(w)
		} else {
			w = slices.Clone(e[:k])
			slices.Reverse(w)
			w = append(w, e[k+1:]...)
		}
		if !lx.ContainsTiles(w) {
			t.Fatalf("GADDAG entry %v is not a word", e)
		}
		return true
	})
	total := 0
	for _, w := range words {
		total += len(w)
	}
	if n != total {
		t.Fatalf("GADDAG has %d entries, want %d", n, total)
	}
}

func TestContainsAllocs(t *testing.T) {
	lx := defaultLex(t)
	word := []Tile{17, 21, 9, 26} // QUIZ
	if n := testing.AllocsPerRun(100, func() {
		_ = lx.Contains("OXYPHENBUTAZONE")
		_ = lx.Contains("NOTAWORDX")
		_ = lx.ContainsTiles(word)
	}); n != 0 {
		t.Errorf("Contains allocates %v times per run, want 0", n)
	}
}

func TestContainsMultiLetter(t *testing.T) {
	a, err := NewAlphabet("qu", []string{"A", "E", "I", "QU", "T", "Z"})
	if err != nil {
		t.Fatal(err)
	}
	var words [][]Tile
	for _, w := range []string{"QUIT", "QUIZ", "EQUATE"} {
		tw, err := a.Split(nil, w)
		if err != nil {
			t.Fatal(err)
		}
		words = append(words, tw)
	}
	lx, err := Build("qu", a, words)
	if err != nil {
		t.Fatal(err)
	}
	for w, want := range map[string]bool{"QUIT": true, "EQUATE": true, "QIT": false, "QUI": false, "Q": false} {
		if got := lx.Contains(w); got != want {
			t.Errorf("Contains(%q) = %v, want %v", w, got, want)
		}
	}
	if lx.Info().MaxLen != 5 {
		t.Errorf("MaxLen = %d, want 5 tiles for EQUATE", lx.Info().MaxLen)
	}
}

// feasible reports whether rack (letters and blanks) can spell w using
// every tile (sub false) or some of them (sub true): brute force.
func feasible(rack []Tile, w []Tile, sub bool) bool {
	if len(w) > len(rack) || (!sub && len(w) != len(rack)) {
		return false
	}
	var counts [MaxLetters + 1]int
	blanks := 0
	for _, t := range rack {
		if t.IsBlank() {
			blanks++
		} else {
			counts[t]++
		}
	}
	for _, t := range w {
		if counts[t] > 0 {
			counts[t]--
		} else if blanks > 0 {
			blanks--
		} else {
			return false
		}
	}
	return true
}

func TestAnagramsBruteForce(t *testing.T) {
	lx := defaultLex(t)
	var all [][]Tile
	lx.EachWord(func(w []Tile) bool {
		all = append(all, slices.Clone(w))
		return true
	})
	rng := rand.New(rand.NewPCG(7, 7))
	racks := 30
	if testing.Short() {
		racks = 8
	}
	for i := range racks {
		rack := make([]Tile, 2+rng.IntN(6))
		for j := range rack {
			rack[j] = Tile(1 + rng.IntN(26))
		}
		for j := 0; j < i%3 && j < len(rack); j++ {
			rack[j] = Blank
		}
		for _, sub := range []bool{false, true} {
			var got []string
			lx.Anagrams(rack, sub, func(w []Tile) bool {
				if !feasibleExact(rack, w) {
					t.Fatalf("rack %s: %s uses tiles the rack lacks", lx.Alphabet.Format(rack), lx.Alphabet.Format(w))
				}
				got = append(got, lx.Alphabet.Word(w))
				return true
			})
			var want []string
			for _, w := range all {
				if feasible(rack, w, sub) {
					want = append(want, lx.Alphabet.Word(w))
				}
			}
			sort.Strings(got)
			if !slices.Equal(got, want) {
				t.Fatalf("rack %s sub=%v: got %d words, want %d", lx.Alphabet.Format(rack), sub, len(got), len(want))
			}
		}
	}
}

// feasibleExact checks the blank designations of an anagram: real tiles
// where the word shows letters, blanks where it shows blanks.
func feasibleExact(rack, w []Tile) bool {
	var counts [256]int
	for _, t := range rack {
		counts[t]++
	}
	for _, t := range w {
		k := t
		if t.IsBlank() {
			k = Blank
		}
		if counts[k] == 0 {
			return false
		}
		counts[k]--
	}
	return true
}

func TestMatch(t *testing.T) {
	lx := defaultLex(t)
	var got []string
	if err := lx.Match("Q.I.", func(w []Tile) bool {
		got = append(got, lx.Alphabet.Word(w))
		return true
	}); err != nil {
		t.Fatal(err)
	}
	// Brute force over the whole list.
	var want []string
	lx.EachWord(func(w []Tile) bool {
		if len(w) == 4 && w[0] == 17 && w[2] == 9 {
			want = append(want, lx.Alphabet.Word(w))
		}
		return true
	})
	if !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("Match(Q.I.) = %v, want %v", got, want)
	}
	for _, bad := range []string{"", "Q1", "É."} {
		if err := lx.Match(bad, func([]Tile) bool { return true }); err == nil {
			t.Errorf("Match(%q): no error", bad)
		}
	}
}

func ExampleLexicon_Contains() {
	lx, err := Default()
	if err != nil {
		panic(err)
	}
	fmt.Println(lx.Contains("QUIZ"), lx.Contains("QUIZZ"))
	// Output: true false
}

func ExampleLexicon_Anagrams() {
	lx, err := Default()
	if err != nil {
		panic(err)
	}
	rack, _ := lx.Alphabet.Parse(nil, "RETAINS")
	var words []string
	lx.Anagrams(rack, false, func(w []Tile) bool {
		words = append(words, lx.Alphabet.Format(w))
		return true
	})
	fmt.Println(strings.Join(words, " "))
	// A blank shows as the lower-case letter it stands for.
	rack, _ = lx.Alphabet.Parse(nil, "QIZ?")
	words = words[:0]
	lx.Anagrams(rack, false, func(w []Tile) bool {
		words = append(words, lx.Alphabet.Format(w))
		return true
	})
	fmt.Println(strings.Join(words, " "))
	// Output:
	// ANESTRI ANTSIER NASTIER RATINES RESIANT RETAINS RETINAS RETSINA STAINER STARNIE STEARIN
	// QuIZ
}

// Benchmarks. Build time and sizes: go test -bench 'Build|Load' -benchmem ./lexicon

var benchWords [][]Tile

func defaultWords(b *testing.B) (*Lexicon, [][]Tile) {
	lx := defaultLex(b)
	if benchWords == nil {
		lx.EachWord(func(w []Tile) bool {
			benchWords = append(benchWords, slices.Clone(w))
			return true
		})
		rng := rand.New(rand.NewPCG(3, 3))
		rng.Shuffle(len(benchWords), func(i, j int) { benchWords[i], benchWords[j] = benchWords[j], benchWords[i] })
	}
	return lx, benchWords
}

// BenchmarkBuild builds the DAWG and the GADDAG of the default list from
// unsorted words and reports the size of each automaton.
func BenchmarkBuild(b *testing.B) {
	lx, words := defaultWords(b)
	var out *Lexicon
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if out, err = Build(lx.Name, lx.Alphabet, words); err != nil {
			b.Fatal(err)
		}
	}
	in := out.Info()
	b.ReportMetric(float64(in.Bytes), "file-bytes")
	b.ReportMetric(float64(4*in.DAWGArcs), "dawg-bytes")
	b.ReportMetric(float64(4*in.GADDAGArcs), "gaddag-bytes")
	b.ReportMetric(float64(in.Words), "words")
}

func BenchmarkLoadDefault(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(defaultData)))
	for b.Loop() {
		if _, err := Load(defaultData); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkContains(b *testing.B) {
	lx := defaultLex(b)
	words := []string{"QUIZ", "OXYPHENBUTAZONE", "CAT", "NOTAWORD", "ZYZZYVAS", "AA", "RETAINS", "XYZZY"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = lx.Contains(words[i&7])
		i++
	}
}

func BenchmarkAnagram7Blank2(b *testing.B) {
	lx := defaultLex(b)
	rack, _ := lx.Alphabet.Parse(nil, "RETIN??")
	n := 0
	count := func([]Tile) bool { n++; return true }
	b.ReportAllocs()
	for b.Loop() {
		lx.Anagrams(rack, true, count)
	}
	b.ReportMetric(float64(n)/float64(b.N), "words/op")
}

// TestDefaultLong: the embedded long words are those of the list that the
// default lexicon leaves out, 16 letters and more, none of them in it.
func TestDefaultLong(t *testing.T) {
	long, err := DefaultLong()
	if err != nil {
		t.Fatal(err)
	}
	def, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	in := long.Info()
	if in.Name != LongName || in.Alphabet != "en" || in.Words != 4267 || in.MinLen != 16 || in.MaxLen != 28 {
		t.Errorf("Info = %+v, want %s, en, 4267 words of 16..28 letters", in, LongName)
	}
	for _, w := range []string{"COUNTERREVOLUTIONARIES", "ELECTROENCEPHALOGRAPHIC"} {
		if !long.Contains(w) || def.Contains(w) {
			t.Errorf("%s: in the long words %v, in the default %v; want only the long", w, long.Contains(w), def.Contains(w))
		}
	}
	if !slices.Equal(long.Alphabet.Letters(), def.Alphabet.Letters()) {
		t.Errorf("the long words' alphabet differs from the default's")
	}
}
