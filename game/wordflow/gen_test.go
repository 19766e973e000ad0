package wordflow

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"sort"
	"testing"

	"wordengine/lexicon"
)

// update rewrites the package's golden files: data/pieces.txt from the
// generator (TestDefaultSetIsGenerated) and testdata/positions.moves
// (TestMoveCounts).
var update = flag.Bool("update", false, "rewrite the golden files: data/pieces.txt from the generator, testdata/positions.moves (TestMoveCounts)")

// The derivation of the default set (data/pieces.txt). Every number here
// is a decision of ours (the rules file gives only the proportions); see
// the package doc.
var (
	// genSeed seeds the generator's PCG.
	genSeed = [2]uint64{2026, 9}
	// letterFreq is the relative frequency of the letters in English text
	// (Lewand, "Cryptological Mathematics", 2000), in hundredths of a
	// percent.
	letterFreq = map[string]int{
		"E": 1270, "T": 906, "A": 817, "O": 751, "I": 697, "N": 675, "S": 633, "H": 609, "R": 599,
		"D": 425, "L": 403, "C": 278, "U": 276, "M": 241, "W": 236, "F": 223, "G": 202, "Y": 197,
		"P": 193, "B": 129, "V": 98, "K": 77, "J": 15, "X": 15, "Q": 10, "Z": 7,
	}
	// letterPoints are the Scrabble letter values; a bigram is worth the
	// sum of its letters.
	letterPoints = map[string]int{
		"A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8, "K": 5, "L": 1, "M": 3,
		"N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1, "U": 1, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10,
	}
	// bigrams are the 24 commonest English letter pairs (Norvig's counts
	// over the Google books corpus, 2013), one inner piece each.
	bigrams = []string{"TH", "HE", "IN", "ER", "AN", "RE", "ON", "AT", "EN", "ND", "TI", "ES",
		"OR", "TE", "OF", "ED", "IS", "IT", "AL", "AR", "ST", "TO", "NT", "NG"}
)

// apportion splits total among keys in proportion to weight, at least min
// each, by largest remainder (ties by key order).
func apportion(keys []string, weight map[string]int, total, minEach int) map[string]int {
	out := map[string]int{}
	sum := 0
	for _, k := range keys {
		out[k] = minEach
		sum += weight[k]
	}
	left := total - minEach*len(keys)
	type rem struct {
		k string
		r int
	}
	var rems []rem
	given := 0
	for _, k := range keys {
		q := weight[k] * left
		out[k] += q / sum
		given += q / sum
		rems = append(rems, rem{k, q % sum})
	}
	sort.SliceStable(rems, func(i, j int) bool { return rems[i].r > rems[j].r })
	for i := 0; given < left; i++ {
		out[rems[i].k]++
		given++
	}
	return out
}

// shuffled returns n values where value v appears counts[v] times, in a
// random order.
func shuffled(counts []int, rng *rand.Rand) []int {
	var out []int
	for v, n := range counts {
		for range n {
			out = append(out, v)
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// generateDefaultSet derives the default set: 168 single letters (every
// letter at least once, the rest by letterFreq), shuffled, the first 48
// to the edges (12 a side) and 120 inner; the 24 bigrams inner; arrows
// and parities as the package doc says.
func generateDefaultSet(a *lexicon.Alphabet) *Set {
	rng := rand.New(rand.NewPCG(genSeed[0], genSeed[1]))
	var keys []string
	for k := range letterFreq {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	singles := 4*EdgesPerSide + InnerPieces - len(bigrams)
	counts := apportion(keys, letterFreq, singles, 1)
	var letters []string
	for _, k := range keys {
		for range counts[k] {
			letters = append(letters, k)
		}
	}
	rng.Shuffle(len(letters), func(i, j int) { letters[i], letters[j] = letters[j], letters[i] })
	set := &Set{Name: DefaultSetFile, Alphabet: a}
	tile := func(s string) []lexicon.Tile {
		t, err := a.Split(nil, s)
		if err != nil {
			panic(err)
		}
		return t
	}
	add := func(k Kind, side Side, label string, arrows uint8, par Parity) {
		p := Piece{Kind: k, Side: side, Arrows: arrows, Parity: par}
		for _, ch := range label {
			p.Label[p.Len] = tile(string(ch))[0]
			p.Len++
			p.Points += uint8(letterPoints[string(ch)])
		}
		set.Pieces = append(set.Pieces, p)
	}
	for _, s := range []Side{NW, NE, SE, SW} {
		add(Corner, s, "", 0, AnyParity)
	}
	// Arrow counts per edge side: none, right, down, both.
	edgeArrows := map[Side][]int{
		N: {2, 4, 4, 2}, // 20/30/30/20 % of 12 by largest remainder
		W: {2, 4, 4, 2},
		E: {6, 0, 6, 0}, // no right arrow: none 50 % (none+right), down 50 % (down+both)
		S: {6, 6, 0, 0}, // no down arrow: none 50 %, right 50 %
	}
	next := 0
	for _, s := range []Side{N, E, S, W} {
		arr := shuffled(edgeArrows[s], rng)
		par := shuffled([]int{EdgesPerSide / 2, EdgesPerSide / 2}, rng)
		for i := range EdgesPerSide {
			add(Edge, s, letters[next], uint8(arr[i]), Parity(par[i]))
			next++
		}
	}
	labels := append(append([]string(nil), letters[next:]...), bigrams...)
	rng.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	arr := shuffled([]int{29, 43, 43, 29}, rng) // 20/30/30/20 % of 144
	par := shuffled([]int{InnerPieces / 2, InnerPieces / 2}, rng)
	for i, l := range labels {
		add(Inner, NoSide, l, uint8(arr[i]), Parity(par[i]))
	}
	return set
}

var defaultSetComments = []string{
	"WordFlow default piece set: 4 corners, 48 edges (12 a side), 144 inner pieces.",
	"Generated by generateDefaultSet in game/wordflow/gen_test.go; regenerate with",
	"  go test ./game/wordflow -run TestDefaultSetIsGenerated -update",
	"Fields: kind side label points arrows parity (inner pieces have no side).",
	"arrows: - none, > right, v down, + both; parity: A fits row+column even, B odd, * any (corners).",
}

func TestDefaultSetIsGenerated(t *testing.T) {
	lx := testLexicon(t)
	var buf bytes.Buffer
	if err := generateDefaultSet(lx.Alphabet).WriteSet(&buf, defaultSetComments...); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("data/pieces.txt", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("wrote data/pieces.txt; run the test again to check the embedded copy")
		return
	}
	if got := defaultSetText; got != buf.String() {
		t.Fatalf("data/pieces.txt differs from the generator's output; run go test -run TestDefaultSetIsGenerated -update")
	}
	set, err := DefaultSet(lx.Alphabet)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Pieces) != SetSize {
		t.Fatalf("%d pieces", len(set.Pieces))
	}
}
