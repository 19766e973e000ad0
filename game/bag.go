package game

import (
	"fmt"
	"math/rand/v2"

	"wordengine/lexicon"
)

// Bag is the multiset of tiles not yet drawn. The order of its slice is
// irrelevant: Draw picks uniformly with the caller's random source, so a
// seed reproduces a deal.
type Bag struct {
	tiles []lexicon.Tile
}

// NewBag returns a bag holding a copy of tiles (use lexicon.Blank for
// blanks).
func NewBag(tiles []lexicon.Tile) *Bag {
	return &Bag{tiles: append([]lexicon.Tile(nil), tiles...)}
}

// Len returns the number of tiles in the bag.
func (b *Bag) Len() int { return len(b.tiles) }

// Tiles returns the tiles in the bag (in no particular order). The caller
// must not modify the slice.
func (b *Bag) Tiles() []lexicon.Tile { return b.tiles }

// Draw removes up to n random tiles (fewer when the bag runs out) and
// appends them to dst.
func (b *Bag) Draw(dst []lexicon.Tile, n int, rng *rand.Rand) []lexicon.Tile {
	for ; n > 0 && len(b.tiles) > 0; n-- {
		i := rng.IntN(len(b.tiles))
		dst = append(dst, b.tiles[i])
		last := len(b.tiles) - 1
		b.tiles[i] = b.tiles[last]
		b.tiles = b.tiles[:last]
	}
	return dst
}

// Put returns tiles to the bag.
func (b *Bag) Put(tiles ...lexicon.Tile) { b.tiles = append(b.tiles, tiles...) }

// Remove takes one tile t out of the bag, for setting up a known position;
// it returns an error when the bag has none left.
func (b *Bag) Remove(t lexicon.Tile) error {
	for i, x := range b.tiles {
		if x == t {
			last := len(b.tiles) - 1
			b.tiles[i] = b.tiles[last]
			b.tiles = b.tiles[:last]
			return nil
		}
	}
	return fmt.Errorf("game: no tile %d left in the bag", t)
}

// Clone returns an independent copy.
func (b *Bag) Clone() *Bag { return &Bag{tiles: append([]lexicon.Tile(nil), b.tiles...)} }

// CopyFrom makes b hold o's tiles in o's order, reusing b's memory.
func (b *Bag) CopyFrom(o *Bag) { b.tiles = append(b.tiles[:0], o.tiles...) }

// Sort puts the tiles in increasing tile-code order, in place (a counting
// sort; it does not allocate). Two bags holding the same tiles are then
// equal slices, so a draw with the same random source takes the same
// tiles from both: determinization uses it for common random numbers.
func (b *Bag) Sort() {
	var counts [256]uint16
	for _, t := range b.tiles {
		counts[t]++
	}
	i := 0
	for t, n := range counts {
		for range n {
			b.tiles[i] = lexicon.Tile(t)
			i++
		}
	}
}

// Reset replaces the content with tiles, reusing the storage.
func (b *Bag) Reset(tiles []lexicon.Tile) { b.tiles = append(b.tiles[:0], tiles...) }
