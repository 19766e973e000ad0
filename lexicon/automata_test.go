package lexicon

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// testAlphabet returns an alphabet of the first n letters A, B, C, ...
func testAlphabet(t testing.TB, n int) *Alphabet {
	t.Helper()
	letters := make([]string, n)
	for i := range letters {
		letters[i] = string(rune('A' + i))
	}
	a, err := NewAlphabet(fmt.Sprintf("test%d", n), letters)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// randomWords returns count random words of 1..maxLen tiles over letters
// 1..size (duplicates possible, unsorted).
func randomWords(rng *rand.Rand, count, size, maxLen int) [][]Tile {
	words := make([][]Tile, count)
	for i := range words {
		w := make([]Tile, 1+rng.IntN(maxLen))
		for j := range w {
			w[j] = Tile(1 + rng.IntN(size))
		}
		words[i] = w
	}
	return words
}

func key(w []Tile) string { return string(w) }

// wantWords is the sorted distinct set of words.
func wantWords(words [][]Tile) []string {
	set := map[string]bool{}
	for _, w := range words {
		set[key(w)] = true
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// wantGADDAG is the sorted set of GADDAG entries, computed directly from
// the definition.
func wantGADDAG(words [][]Tile) []string {
	set := map[string]bool{}
	for _, w := range words {
		n := len(w)
		for k := 1; k <= n; k++ {
			var e []Tile
			for i := k - 1; i >= 0; i-- {
				e = append(e, w[i])
			}
			if k < n {
				e = append(e, Separator)
				e = append(e, w[k:]...)
			}
			set[key(e)] = true
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func entries(g *Graph) []string {
	var out []string
	g.Each(func(e []Tile) bool {
		out = append(out, key(e))
		return true
	})
	return out
}

func TestBuildExactSetRandom(t *testing.T) {
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 1))
		size := 1 + rng.IntN(8)
		words := randomWords(rng, rng.IntN(300), size, 1+rng.IntN(9))
		lx, err := Build("rand", testAlphabet(t, size), words)
		if err != nil {
			t.Fatal(err)
		}
		want := wantWords(words)
		if got := entries(&lx.DAWG); !slices.Equal(got, want) {
			t.Fatalf("seed %d: DAWG has %d entries, want %d", seed, len(got), len(want))
		}
		if lx.Words() != len(want) {
			t.Fatalf("seed %d: Words() = %d, want %d", seed, lx.Words(), len(want))
		}
		if got, want := entries(&lx.GADDAG), wantGADDAG(words); !slices.Equal(got, want) {
			t.Fatalf("seed %d: GADDAG has %d entries, want %d", seed, len(got), len(want))
		}
		for _, w := range want {
			if !lx.ContainsTiles([]Tile(w)) {
				t.Fatalf("seed %d: ContainsTiles(%v) = false", seed, []Tile(w))
			}
		}
		// Words one tile longer or shorter than a listed word are in only
		// when listed.
		set := map[string]bool{}
		for _, w := range want {
			set[w] = true
		}
		for _, w := range want {
			for _, probe := range []string{w[:len(w)-1], w + "\x01"} {
				if got := len(probe) > 0 && lx.ContainsTiles([]Tile(probe)); got != set[probe] {
					t.Fatalf("seed %d: ContainsTiles(%v) = %v, want %v", seed, []Tile(probe), got, set[probe])
				}
			}
		}
	}
}

// refNodes counts the states of the minimal automaton of an entry set, by
// brute force: build a plain trie, give every node the canonical text of
// its whole sub-trie, and count the distinct texts (Myhill-Nerode classes
// for automata whose end-of-word flag is on the arc).
func refNodes(set []string) int {
	type trie struct {
		kids map[Tile]*trie
		word map[Tile]bool
	}
	newTrie := func() *trie { return &trie{kids: map[Tile]*trie{}, word: map[Tile]bool{}} }
	root := newTrie()
	for _, s := range set {
		n := root
		for i := 0; i < len(s); i++ {
			t := Tile(s[i])
			if i == len(s)-1 {
				n.word[t] = true
			}
			if i < len(s)-1 {
				if n.kids[t] == nil {
					n.kids[t] = newTrie()
				}
				n = n.kids[t]
			} else if n.kids[t] == nil {
				n.kids[t] = newTrie()
			}
		}
	}
	classes := map[string]bool{}
	var sig func(*trie) string
	sig = func(n *trie) string {
		if len(n.kids) == 0 {
			return ""
		}
		var tiles []int
		for t := range n.kids {
			tiles = append(tiles, int(t))
		}
		sort.Ints(tiles)
		var b strings.Builder
		b.WriteByte('(')
		for _, t := range tiles {
			fmt.Fprintf(&b, "%d%v%s,", t, n.word[Tile(t)], sig(n.kids[Tile(t)]))
		}
		b.WriteByte(')')
		s := b.String()
		classes[s] = true
		return s
	}
	sig(root)
	return len(classes)
}

func TestBuildMinimal(t *testing.T) {
	for seed := range uint64(100) {
		rng := rand.New(rand.NewPCG(seed, 2))
		size := 1 + rng.IntN(5)
		words := randomWords(rng, 1+rng.IntN(120), size, 1+rng.IntN(7))
		lx, err := Build("rand", testAlphabet(t, size), words)
		if err != nil {
			t.Fatal(err)
		}
		in := lx.Info()
		if want := refNodes(wantWords(words)); in.DAWGNodes != want {
			t.Errorf("seed %d: DAWG has %d nodes, minimal is %d", seed, in.DAWGNodes, want)
		}
		if want := refNodes(wantGADDAG(words)); in.GADDAGNodes != want {
			t.Errorf("seed %d: GADDAG has %d nodes, minimal is %d", seed, in.GADDAGNodes, want)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	a := testAlphabet(t, 3)
	long := make([]Tile, MaxWordLen+1)
	for i := range long {
		long[i] = 1
	}
	for _, tc := range []struct {
		name  string
		words [][]Tile
		want  string
	}{
		{"empty word", [][]Tile{{1}, {}}, "word 1 has 0 tiles"},
		{"too long", [][]Tile{long}, "want 1 to 63"},
		{"outside alphabet", [][]Tile{{1, 4}}, "tile code 4 outside alphabet"},
		{"separator", [][]Tile{{1, 0}}, "tile code 0 outside alphabet"},
	} {
		_, err := Build("bad", a, tc.words)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
	if _, err := Build("nil", nil, nil); err == nil {
		t.Error("Build with nil alphabet: no error")
	}
	lx, err := Build("empty", a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lx.Words() != 0 || lx.Contains("A") || lx.ContainsTiles(nil) {
		t.Error("empty lexicon accepts something")
	}
	if _, err := Load(encodeOf(t, lx)); err != nil {
		t.Errorf("empty lexicon does not load back: %v", err)
	}
}

func encodeOf(t testing.TB, lx *Lexicon) []byte {
	var buf bytes.Buffer
	if _, err := lx.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func smallLexicon(t testing.TB) *Lexicon {
	a := testAlphabet(t, 26)
	var words [][]Tile
	for _, w := range strings.Fields("CAT CATS AT ACT TACT SCAT ZA QI QUA CAB ABS BA") {
		tw, err := a.Split(nil, w)
		if err != nil {
			t.Fatal(err)
		}
		words = append(words, tw)
	}
	lx, err := Build("small", a, words)
	if err != nil {
		t.Fatal(err)
	}
	return lx
}

func TestFileRoundTrip(t *testing.T) {
	lx := smallLexicon(t)
	dir := t.TempDir()
	for _, name := range []string{"x.lex", "x.lex.gz", "x.lex.zst"} {
		path := dir + "/" + name
		if err := lx.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		got, err := LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(encodeOf(t, got), encodeOf(t, lx)) {
			t.Errorf("%s: reloaded lexicon encodes differently", name)
		}
		if got.Info() != lx.Info() {
			t.Errorf("%s: Info %+v, want %+v", name, got.Info(), lx.Info())
		}
	}
	if _, err := LoadFile(dir + "/missing.lex"); err == nil || !strings.Contains(err.Error(), "missing.lex") {
		t.Errorf("LoadFile(missing) = %v, want an error naming the file", err)
	}
	// Written over an existing file: replaced whole, no temporary file
	// left; into a missing folder: an error, and no folder made.
	if err := os.WriteFile(dir+"/x.lex", []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := lx.WriteFile(dir + "/x.lex"); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(dir + "/x.lex"); err != nil {
		t.Errorf("the replaced file: %v", err)
	}
	if err := lx.WriteFile(dir + "/none/x.lex"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WriteFile into a missing folder: %v, want os.ErrNotExist", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 {
		t.Errorf("%d files in the folder, want the 3 lexicons (no temporary file, no new folder)", len(entries))
	}
}

// fixChecksum rewrites the trailing checksum so that Load reaches the
// structural checks.
func fixChecksum(data []byte) []byte {
	if len(data) < 4 {
		return data
	}
	out := slices.Clone(data)
	c := checksumOf(out[:len(out)-4])
	out[len(out)-4], out[len(out)-3], out[len(out)-2], out[len(out)-1] = byte(c), byte(c>>8), byte(c>>16), byte(c>>24)
	return out
}

func TestLoadRejects(t *testing.T) {
	lx := smallLexicon(t)
	good := encodeOf(t, lx)
	// Every truncation fails cleanly.
	for n := 0; n < len(good); n++ {
		if _, err := Load(good[:n]); !errors.Is(err, ErrFormat) {
			t.Fatalf("Load(first %d bytes) = %v, want ErrFormat", n, err)
		}
		if _, err := Load(fixChecksum(good[:n])); !errors.Is(err, ErrFormat) {
			t.Fatalf("Load(first %d bytes, checksum fixed) = %v, want ErrFormat", n, err)
		}
	}
	// Every single-byte change is caught by the checksum or the structure.
	for i := range good {
		bad := slices.Clone(good)
		bad[i] ^= 0x5a
		if _, err := Load(bad); !errors.Is(err, ErrFormat) {
			t.Fatalf("Load(byte %d flipped) = %v, want ErrFormat", i, err)
		}
	}
	arcsAt := len(good) - 4 - 4*len(lx.DAWG.arcs)
	for _, tc := range []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"foreign", func([]byte) []byte { return []byte("PK\x03\x04 a zip file") }, "not a wordengine lexicon"},
		{"version", func(b []byte) []byte { b[4] = 9; return b }, "version 9"},
		{"checksum", func(b []byte) []byte { b[len(b)-1] ^= 1; return b }, "checksum mismatch"},
		{"cycle", func(b []byte) []byte {
			// Point the first arc of the root at the root itself.
			root := int(lx.DAWG.root)
			off := arcsAt + 4*root
			v := uint32(b[off]) | uint32(b[off+1])<<8 | uint32(b[off+2])<<16 | uint32(b[off+3])<<24
			v = v&^arcChildMask | uint32(root)
			b[off], b[off+1], b[off+2], b[off+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
			return fixChecksum(b)
		}, "is not an earlier node"},
		{"word count", func(b []byte) []byte {
			wc := arcsAt - 4 - 4 - 4 - 2 - 4
			b[wc]++
			return fixChecksum(b)
		}, "the header says"},
		{"shortest word", func(b []byte) []byte {
			b[arcsAt-4-4-4-2]++ // the shortest-word byte
			return fixChecksum(b)
		}, "the shortest word has"},
		{"control character in name", func(b []byte) []byte {
			b[10] = 0x1b // first byte of the name
			return fixChecksum(b)
		}, "not printable"},
		{"separator in the DAWG", func(b []byte) []byte {
			// Relabel the first arc of the DAWG root (A: ABS, AT, ACT) as the separator.
			off := arcsAt + 4*int(lx.DAWG.root)
			b[off+3] &^= 0xfe // tile bits 25-31 live in the top byte's upper 7 bits
			return fixChecksum(b)
		}, "the DAWG holds the separator"},
		{"gzip garbage", func([]byte) []byte { return []byte{0x1f, 0x8b, 1, 2, 3} }, "gzip"},
		{"zstd garbage", func([]byte) []byte { return []byte("\x28\xb5\x2f\xfd garbage") }, "zstd"},
	} {
		_, err := Load(tc.edit(slices.Clone(good)))
		if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Load = %v, want ErrFormat with %q", tc.name, err, tc.want)
		}
	}
}

func FuzzLoad(f *testing.F) {
	lx := smallLexicon(f)
	good := encodeOf(f, lx)
	f.Add(good)
	f.Add(good[:40])
	f.Add([]byte("WELX\x01\x00\x00\x00"))
	f.Add(encodeOf(f, func() *Lexicon { l, _ := Build("e", testAlphabet(f, 1), nil); return l }()))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, d := range [][]byte{data, fixChecksum(data)} {
			lx, err := Load(d)
			if err != nil {
				if !errors.Is(err, ErrFormat) {
					t.Fatalf("error does not wrap ErrFormat: %v", err)
				}
				continue
			}
			// A file that loads is fully usable.
			n := 0
			lx.EachWord(func(w []Tile) bool {
				if !lx.ContainsTiles(w) {
					t.Fatalf("listed word %v not contained", w)
				}
				n++
				return n < 1000
			})
			lx.GADDAG.Each(func([]Tile) bool { n++; return n < 2000 })
			_ = lx.Info()
		}
	})
}
