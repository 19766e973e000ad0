package crossword

import (
	"math/rand/v2"
	"testing"
)

// TestBoundedRackOfEight checks bounded generation with racks of 8 tiles,
// where a number of tiles played can have more than 64 distinct splits
// (up to 70 for 4 of 8 different tiles): splitSpan's word-test cache
// (maycache.go) holds the first 64, and splitSpan tests the others' words
// itself. On seeded positions of both games (none with more than one
// blank, so that the plays come best first from the word map), every
// play comes out once within its group's bound (checkBounded) and the
// best plays are all handed out (checkOnlyBest); and some positions do
// have more than 64 splits of one size.
//
// Checks INV-5, INV-7 (MOVEGEN.md).
func TestBoundedRackOfEight(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := positionCount(60, 6)
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		r.RackSize = 8
		rng := rand.New(rand.NewPCG(8, 8))
		checked, wide := 0, 0
		for seed := range uint64(n) {
			s := randomPosition(t, r, lx, seed+800, int(seed%2))
			if s.Over() || len(s.AppendPlays(nil)) == 0 {
				continue
			}
			checkBounded(t, name, seed, s, randomLeaves(s, rng))
			checkOnlyBest(t, name, seed, s, coarseLeaves(s, rng))
			for _, list := range s.gen.bounded.splitsK {
				if len(list) > 64 {
					wide++
					break
				}
			}
			checked++
		}
		t.Logf("%s: %d positions with racks of 8, %d with more than 64 splits of one size", name, checked, wide)
		if checked < n/2 || wide == 0 {
			t.Errorf("%s: too few positions of some kind (%d, %d wide)", name, checked, wide)
		}
	}
}
