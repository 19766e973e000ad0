package crossword

import (
	"math/rand/v2"
	"testing"
)

// crossMismatch returns the first square (index, direction) whose
// cross-set, flag or cross-score differs from a full recomputation, or
// -1.
func crossMismatch(b *Board) (int, int) {
	want := b.clone()
	want.recomputeAll()
	for d := range 2 {
		for i := range b.sq {
			if b.cross[d][i] != want.cross[d][i] || b.hasCross[d][i] != want.hasCross[d][i] || b.xscore[d][i] != want.xscore[d][i] {
				return i, d
			}
		}
	}
	return -1, 0
}

// TestCrossSetsSetUp checks the incremental cross-sets of the set-up
// methods (PlaceTile and RemoveTile, as position parsing and game replay
// use them): the tiles of seeded random positions are placed one by one
// on an empty board in random order, then taken off in random order, and
// after each step the cross-sets, flags and cross-scores equal a full
// recomputation. The intermediate boards hold runs that are no words
// (empty cross-sets), and tiles land between, before and after runs.
func TestCrossSetsSetUp(t *testing.T) {
	lx := testLexicon(t)
	steps := 0
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		for seed := range uint64(12) {
			src := randomPosition(t, r, lx, seed+300, 0)
			type tile struct{ r, c int }
			var tiles []tile
			b := src.board
			for i, tl := range b.sq {
				if tl != 0 {
					tiles = append(tiles, tile{i / b.cols, i % b.cols})
				}
			}
			s, err := NewEmpty(r, lx, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 41))
			rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
			for _, x := range tiles {
				if err := s.PlaceTile(x.r, x.c, src.board.At(x.r, x.c)); err != nil {
					t.Fatal(err)
				}
				steps++
				if i, d := crossMismatch(s.board); i >= 0 {
					t.Fatalf("%s seed %d: after placing %s: square %s direction %d differs from a recomputation\n%s",
						name, seed, squareName(x.r, x.c), squareName(i/b.cols, i%b.cols), d, s)
				}
			}
			rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
			for _, x := range tiles {
				if err := s.RemoveTile(x.r, x.c); err != nil {
					t.Fatal(err)
				}
				steps++
				if i, d := crossMismatch(s.board); i >= 0 {
					t.Fatalf("%s seed %d: after removing %s: square %s direction %d differs from a recomputation\n%s",
						name, seed, squareName(x.r, x.c), squareName(i/b.cols, i%b.cols), d, s)
				}
			}
		}
	}
	if steps < 200 {
		t.Fatalf("only %d set-up steps", steps)
	}
	t.Logf("%d placements and removals, cross-sets equal to a full recomputation after each", steps)
}
