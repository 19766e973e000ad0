package twoway

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"wordengine/lexicon"
)

// Tile is one double-sided tile: Tile[Red] is its red face and Tile[Blue]
// its blue face, as letter codes of the game's alphabet (the two differ).
// A face of 0 is unknown (only in templates being completed, see
// ParsePosition); the zero Tile is an empty cell.
type Tile [2]lexicon.Tile

// Colours: seat 0 plays red and moves first, seat 1 plays blue.
const (
	Red  = 0
	Blue = 1
)

// ColourNames names the colours by seat.
var ColourNames = [2]string{"red", "blue"}

// TileCount is the number of tiles of a set (the rules: 90 double-sided
// tiles).
const TileCount = 90

// TileSet is a multiset of TileCount double-sided tiles, sorted by red
// face then blue face.
type TileSet struct {
	// Name identifies the set ("default" or the file it came from).
	Name string
	// Tiles holds the tiles, sorted.
	Tiles []Tile
}

// letterFrequency is the relative frequency of the letters A to Z in
// English text, in thousandths of a percent (R. Lewand, Cryptological
// Mathematics, 2000: the usual table, A 8.167 % to Z 0.074 %).
var letterFrequency = [26]int{
	8167, 1492, 2782, 4253, 12702, 2228, 2015, 6094, 6966, 153, 772, 4025, 2406,
	6749, 7507, 1929, 95, 5987, 6327, 9056, 2758, 978, 2360, 150, 1974, 74,
}

// DefaultSeed is the seed GenerateTileSet used for the committed default
// set, data/tiles.txt.
const DefaultSeed = 2

// VowelShare is the share of vowels (A, E, I, O, U) among the faces of a
// generated set, in percent (the rules: "vowels about 40 %").
const VowelShare = 40

// FaceCounts returns how many of the 2·TileCount faces of a generated set
// carry each letter A to Z: the English text frequencies with the vowels
// scaled to VowelShare % of the weight and the consonants to the rest,
// every letter at least once, rounded by largest remainder to a total of
// 2·TileCount (ties to the earlier letter).
func FaceCounts() [26]int {
	const faces = 2 * TileCount
	vowel := func(i int) bool { return strings.IndexByte("AEIOU", byte('A'+i)) >= 0 }
	var vsum, csum int
	for i, f := range letterFrequency {
		if vowel(i) {
			vsum += f
		} else {
			csum += f
		}
	}
	// quota in units of 1/(vsum*csum*100) faces, exact integers.
	var counts [26]int
	var rem [26]int64
	den := int64(vsum) * int64(csum) * 100
	total := 0
	for i, f := range letterFrequency {
		var q int64
		if vowel(i) {
			q = int64(f) * int64(csum) * VowelShare * faces
		} else {
			q = int64(f) * int64(vsum) * (100 - VowelShare) * faces
		}
		counts[i] = int(q / den)
		rem[i] = q % den
		if counts[i] == 0 {
			counts[i], rem[i] = 1, -1
		}
		total += counts[i]
	}
	for total < faces {
		best := -1
		for i := range counts {
			if rem[i] >= 0 && (best < 0 || rem[i] > rem[best]) {
				best = i
			}
		}
		counts[best]++
		rem[best] = -1
		total++
	}
	for total > faces { // only when the minimum of one pushed the sum over
		best := -1
		for i := range counts {
			if counts[i] > 1 && rem[i] >= 0 && (best < 0 || rem[i] < rem[best]) {
				best = i
			}
		}
		counts[best]--
		rem[best] = -1
		total--
	}
	return counts
}

// GenerateTileSet derives a tile set from FaceCounts and seed, for the
// English alphabet a (the letters A to Z must be its letters): the faces
// of each letter are split between the colours as evenly as possible
// (letters with an odd count give the extra face to red and blue in
// turn), the blue faces are shuffled with a PCG seeded (seed, seed) and
// paired with the red faces in letter order, and every pair with the same
// letter on both faces swaps its blue face with the first later pair
// (cyclically) where the swap leaves both pairs with two different
// letters. The result is sorted. The committed default set is
// GenerateTileSet(DefaultSeed).
func GenerateTileSet(a *lexicon.Alphabet, seed uint64) (*TileSet, error) {
	counts := FaceCounts()
	var faces [2][]lexicon.Tile
	odd := 0
	for i, c := range counts {
		t, err := letterTile(a, string(rune('A'+i)))
		if err != nil {
			return nil, err
		}
		for k := range c {
			side := k % 2
			if c%2 == 1 && k == c-1 {
				side = odd % 2
				odd++
			}
			faces[side] = append(faces[side], t)
		}
	}
	if len(faces[Red]) != TileCount || len(faces[Blue]) != TileCount {
		return nil, fmt.Errorf("twoway: generated %d red and %d blue faces, want %d each", len(faces[Red]), len(faces[Blue]), TileCount)
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	blue := faces[Blue]
	for i := len(blue) - 1; i > 0; i-- { // Fisher-Yates on the raw generator, stable across Go releases
		j := int(rng.Uint64() % uint64(i+1))
		blue[i], blue[j] = blue[j], blue[i]
	}
	red := faces[Red]
	for i := range red {
		if red[i] != blue[i] {
			continue
		}
		for k := 1; k < len(red); k++ {
			j := (i + k) % len(red)
			if red[j] != blue[i] && red[i] != blue[j] {
				blue[i], blue[j] = blue[j], blue[i]
				break
			}
		}
		if red[i] == blue[i] {
			return nil, fmt.Errorf("twoway: cannot pair the faces of %s without a double", a.Letter(red[i]))
		}
	}
	ts := &TileSet{Name: "default"}
	for i := range red {
		ts.Tiles = append(ts.Tiles, Tile{red[i], blue[i]})
	}
	sortTiles(ts.Tiles)
	return ts, nil
}

func sortTiles(ts []Tile) {
	slices.SortFunc(ts, func(x, y Tile) int {
		if x[0] != y[0] {
			return int(x[0]) - int(y[0])
		}
		return int(x[1]) - int(y[1])
	})
}

// letterTile returns the tile code of a one-letter string of a.
func letterTile(a *lexicon.Alphabet, s string) (lexicon.Tile, error) {
	ts, err := a.Split(nil, strings.ToUpper(s))
	if err != nil || len(ts) != 1 {
		return 0, fmt.Errorf("unknown letter %q (alphabet %s: %s)", s, a.Name(), strings.Join(a.Letters(), ""))
	}
	return ts[0], nil
}

// FormatTileSet writes ts in the format ParseTileSet reads, with a header
// comment.
func FormatTileSet(w io.Writer, a *lexicon.Alphabet, ts *TileSet, header string) error {
	bw := bufio.NewWriter(w)
	for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		fmt.Fprintf(bw, "# %s\n", l)
	}
	for _, t := range ts.Tiles {
		fmt.Fprintf(bw, "%s %s\n", a.Letter(t[Red]), a.Letter(t[Blue]))
	}
	return bw.Flush()
}

// ParseTileSet reads a tile set: one tile a line, its red face's letter
// and its blue face's letter separated by white space ("E T"); blank lines
// and lines starting with # are ignored. Letters are those of alphabet a
// (either case). The error names the file (name) and line: a line without
// exactly two letters, an unknown letter, the same letter on both faces,
// or a count other than TileCount tiles.
func ParseTileSet(r io.Reader, name string, a *lexicon.Alphabet) (*TileSet, error) {
	sc := bufio.NewScanner(r)
	ts := &TileSet{Name: name}
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		if len(f) != 2 {
			return nil, fmt.Errorf("%s:%d: want two letters (red face, blue face), got %q", name, line, text)
		}
		var t Tile
		for c, s := range f {
			l, err := letterTile(a, s)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %s face: %v", name, line, ColourNames[c], err)
			}
			t[c] = l
		}
		if t[Red] == t[Blue] {
			return nil, fmt.Errorf("%s:%d: the same letter %s on both faces (a tile has two different letters)", name, line, f[0])
		}
		if len(ts.Tiles) == TileCount {
			return nil, fmt.Errorf("%s:%d: more than %d tiles", name, line, TileCount)
		}
		ts.Tiles = append(ts.Tiles, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(ts.Tiles) != TileCount {
		return nil, fmt.Errorf("%s: %d tiles, want %d", name, len(ts.Tiles), TileCount)
	}
	sortTiles(ts.Tiles)
	return ts, nil
}

//go:embed data/tiles.txt
var defaultTiles string

// DefaultTileSet returns the committed default set (data/tiles.txt) read
// with alphabet a, which must have the letters A to Z.
func DefaultTileSet(a *lexicon.Alphabet) (*TileSet, error) {
	ts, err := ParseTileSet(strings.NewReader(defaultTiles), "data/tiles.txt", a)
	if err != nil {
		return nil, fmt.Errorf("twoway: default tile set: %w", err)
	}
	ts.Name = "default"
	return ts, nil
}

// defaultHeader is the comment at the top of data/tiles.txt.
const defaultHeader = `2 Way Words default tile set: 90 double-sided tiles, one a line: red face, blue face.
Generated by twoway.GenerateTileSet(DefaultSeed = 2): face counts from English letter
frequencies (Lewand 2000) with vowels scaled to 40 %, every letter at least once,
faces split evenly between the colours, blue faces shuffled (PCG) and paired without doubles.
Regenerate: go test ./game/twoway -run TestDefaultTileSet -update-tiles`
