package crossword

import (
	"fmt"
	"strings"
	"testing"

	"wordengine/lexicon"
)

// TestLaneCacheAlphabetChange checks the lane cache when one state, which
// keeps its generator, is set by CopyFrom to a game of the same layout
// (the same *Layout) but a larger alphabet. The lanes of an empty board
// have the same key in both games, but an empty square's cross-set, with
// no cross-word, is every letter of the game's alphabet, which differs.
// The rack's Ä (letter 27) is not in the first game's alphabet: bounded
// generation must still find GRÄN on the empty board of the second.
//
// Checks INV-10 (MOVEGEN.md).
func TestLaneCacheAlphabetChange(t *testing.T) {
	t.Parallel()
	layout, err := LayoutByName("wwf")
	if err != nil {
		t.Fatal(err)
	}
	en := testRules(t, "wwf")
	en.Layout = layout
	var text strings.Builder
	text.WriteString("alphabet: own\n")
	for c := 'A'; c <= 'Z'; c++ {
		fmt.Fprintf(&text, "%c 4 1\n", c)
	}
	text.WriteString("Ä 4 1\n? 2 0\n")
	ts, err := ParseTileSet("az-ae", text.String())
	if err != nil {
		t.Fatal(err)
	}
	ae := *en
	ae.TileSet = ts
	const g, r, n, uml = 7, 18, 14, 27
	lx, err := lexicon.Build("az-ae", ts.Alphabet, [][]lexicon.Tile{{g, r, uml, n}})
	if err != nil {
		t.Fatal(err)
	}

	setUp := func(rules *Rules, lx *lexicon.Lexicon, rack []lexicon.Tile) *State {
		s, err := NewEmpty(rules, lx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetRack(0, rack); err != nil {
			t.Fatal(err)
		}
		return s
	}
	a := setUp(en, testLexicon(t), []lexicon.Tile{g, r, 1, n}) // English: fills the lane cache
	a.StartBounded(make([]int64, 16), true)
	for more := true; more; {
		_, more = a.NextBounded(nil, 0)
	}
	b := setUp(&ae, lx, []lexicon.Tile{g, r, uml, n})
	plays := len(b.AppendPlays(nil))
	if plays == 0 {
		t.Fatalf("no play of GRÄN\n%s", b)
	}
	a.CopyFrom(b)
	if best := checkOnlyBest(t, "az-ae after CopyFrom", 1, a, make([]int64, 16)); best == 0 {
		t.Errorf("no best play")
	}
}

// TestLaneCacheStartLanes checks the lanes through the start square when
// they are empty on a board that is not (a set-up position whose tiles
// are elsewhere): their keys are those of the empty board's lanes but
// for emptyBoardKey, and only the empty board has an anchor there. One
// state goes from the empty board to a word placed away from the start
// square and back; bounded generation equals AppendMoves each time.
//
// Checks INV-10 (MOVEGEN.md).
func TestLaneCacheStartLanes(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	for _, name := range []string{"wwf", "scrabble"} {
		s, err := NewEmpty(testRules(t, name), lx, 5)
		if err != nil {
			t.Fatal(err)
		}
		rack := []lexicon.Tile{1, 5, 9, 14, 18, 19, 20} // AEINRST
		if err := s.SetRack(0, rack); err != nil {
			t.Fatal(err)
		}
		leave := make([]int64, 1<<len(rack))
		checkBounded(t, name+" empty", 0, s, leave)
		word := []lexicon.Tile{3, 1, 20} // CAT on row 2, away from the start square's lanes
		for c, tile := range word {
			if err := s.PlaceTile(1, 2+c, tile); err != nil {
				t.Fatal(err)
			}
		}
		checkBounded(t, name+" CAT on row 2", 0, s, leave)
		for c := range word {
			if err := s.RemoveTile(1, 2+c); err != nil {
				t.Fatal(err)
			}
		}
		checkBounded(t, name+" empty again", 0, s, leave)
	}
}
