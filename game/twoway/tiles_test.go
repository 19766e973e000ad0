package twoway

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"wordengine/lexicon"
)

var updateTiles = flag.Bool("update-tiles", false, "rewrite data/tiles.txt from GenerateTileSet(DefaultSeed)")

func alphabet(t testing.TB) *lexicon.Alphabet {
	t.Helper()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	return lx.Alphabet
}

func TestDefaultTileSet(t *testing.T) {
	a := alphabet(t)
	ts, err := GenerateTileSet(a, DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := FormatTileSet(&buf, a, ts, defaultHeader); err != nil {
		t.Fatal(err)
	}
	if *updateTiles {
		if err := os.WriteFile("data/tiles.txt", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := defaultTiles; got != buf.String() {
		t.Fatalf("data/tiles.txt differs from GenerateTileSet(%d); run with -update-tiles and review the diff", DefaultSeed)
	}
	def, err := DefaultTileSet(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(def.Tiles) != TileCount {
		t.Fatalf("%d tiles", len(def.Tiles))
	}
	vowels, counts := 0, map[lexicon.Tile]int{}
	for _, tl := range def.Tiles {
		if tl[Red] == tl[Blue] {
			t.Errorf("tile %v has the same letter twice", tl)
		}
		for _, f := range tl {
			counts[f]++
			if strings.Contains("AEIOU", a.Letter(f)) {
				vowels++
			}
		}
	}
	if share := vowels * 100 / (2 * TileCount); share < 38 || share > 42 {
		t.Errorf("vowels %d of %d faces (%d %%), want about 40 %%", vowels, 2*TileCount, share)
	}
	if len(counts) != 26 {
		t.Errorf("%d distinct letters, want all 26", len(counts))
	}
	fc := FaceCounts()
	for i, c := range fc {
		tl, _ := letterTile(a, string(rune('A'+i)))
		if counts[tl] != c {
			t.Errorf("letter %c: %d faces, FaceCounts says %d", 'A'+i, counts[tl], c)
		}
	}
}

func TestParseTileSetErrors(t *testing.T) {
	a := alphabet(t)
	good := strings.Repeat("A B\n", TileCount)
	tests := []struct {
		name, text, want string
	}{
		{"few", "A B\nC D\n", "f.txt: 2 tiles, want 90"},
		{"many", good + "A B\n", "f.txt:91: more than 90 tiles"},
		{"double", "# c\nA B\nE E\n", "f.txt:3: the same letter E on both faces"},
		{"unknown", "A B\nA 1\n", "f.txt:2: blue face: unknown letter \"1\""},
		{"fields", "A B C\n", "f.txt:1: want two letters"},
		{"multi", "AB C\n", "f.txt:1: red face: unknown letter \"AB\""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseTileSet(strings.NewReader(tc.text), "f.txt", a)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want containing %q", err, tc.want)
			}
		})
	}
	ts, err := ParseTileSet(strings.NewReader("\n# x\n"+strings.Repeat("b a\n", TileCount)), "ok.txt", a)
	if err != nil || len(ts.Tiles) != TileCount {
		t.Fatalf("lower-case set: %v", err)
	}
}
