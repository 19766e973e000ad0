package game_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// TestBagSort checks that Sort orders the tiles without changing the
// multiset, so two bags with the same tiles in other orders become equal
// and draw the same tiles from equal random sources.
func TestBagSort(t *testing.T) {
	tiles := []lexicon.Tile{5, 1, 0, 9, 1, 5, 5, 2, 0}
	for _, tc := range []struct {
		name  string
		tiles []lexicon.Tile
	}{{"empty", nil}, {"one", []lexicon.Tile{3}}, {"mixed", tiles}} {
		t.Run(tc.name, func(t *testing.T) {
			a := game.NewBag(tc.tiles)
			rev := slices.Clone(tc.tiles)
			slices.Reverse(rev)
			b := game.NewBag(rev)
			a.Sort()
			b.Sort()
			want := slices.Sorted(slices.Values(tc.tiles))
			if !slices.Equal(a.Tiles(), want) || !slices.Equal(b.Tiles(), want) {
				t.Fatalf("Sort: %v and %v, want %v", a.Tiles(), b.Tiles(), want)
			}
			da := a.Draw(nil, 4, rand.New(rand.NewPCG(1, 2)))
			db := b.Draw(nil, 4, rand.New(rand.NewPCG(1, 2)))
			if !slices.Equal(da, db) {
				t.Fatalf("draws after Sort differ: %v and %v", da, db)
			}
			if n := testing.AllocsPerRun(10, a.Sort); n != 0 {
				t.Errorf("Sort allocates %v times", n)
			}
		})
	}
}
