package crossword

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// crossMismatch brings the cross-sets of s up to date and describes the
// first square and direction whose cross-set, flag or cross-score
// differs from a full recomputation ("" when none does).
func crossMismatch(s *State) string {
	s.syncCross()
	b := s.board
	if b.npending != 0 || b.validDepth < 0 || b.validDepth > len(s.undo) {
		return fmt.Sprintf("after the update, %d squares pending, cross-sets said to be exact at %d moves of %d", b.npending, b.validDepth, len(s.undo))
	}
	want := b.clone()
	want.recomputeAll()
	for d := range 2 {
		for i := range b.sq {
			if b.cross[d][i] != want.cross[d][i] || b.hasCross[d][i] != want.hasCross[d][i] || b.xscore[d][i] != want.xscore[d][i] {
				return fmt.Sprintf("square %s, %v: cross-set %x (cross-word %v, %d points), recomputed %x (%v, %d)",
					squareName(i/b.cols, i%b.cols), Direction(d), b.cross[d][i], b.hasCross[d][i], b.xscore[d][i],
					want.cross[d][i], want.hasCross[d][i], want.xscore[d][i])
			}
		}
	}
	if keys := laneKeysFromScratch(b); keys != b.laneKey {
		for d := range 2 {
			for k := range b.lanes(Direction(d)) {
				if keys[d][k] != b.laneKey[d][k] {
					return fmt.Sprintf("lane %d %v: key %x, from scratch %x", k, Direction(d), b.laneKey[d][k], keys[d][k])
				}
			}
		}
	}
	return ""
}

// laneKeysFromScratch computes Board.laneKey from what b holds.
func laneKeysFromScratch(b *Board) [2][MaxDim]uint64 {
	var keys [2][MaxDim]uint64
	for i, t := range b.sq {
		x := tileKey(i, t) ^ tileKey(i, 0)
		keys[Across][i/b.cols] ^= x
		keys[Down][i%b.cols] ^= x
		for d := Across; d <= Down; d++ {
			k, _ := b.pos(d, i)
			keys[d][k] ^= crossKey(d, i, b.cross[d][i], b.hasCross[d][i], b.xscore[d][i]) ^ crossKey(d, i, b.all, false, 0)
		}
	}
	return keys
}

// TestCrossSetsSetUp checks the incremental cross-sets of the set-up
// methods (PlaceTile and RemoveTile, as position parsing and game replay
// use them): the tiles of seeded random positions are placed one by one
// on an empty board in random order, then taken off in random order, and
// after each step, or (the cross-sets being updated lazily) only after a
// random number of steps, the cross-sets, flags and cross-scores equal a
// full recomputation. The intermediate boards hold runs that are no words
// (empty cross-sets), and tiles land between, before and after runs.
//
// Checks INV-2 (MOVEGEN.md).
func TestCrossSetsSetUp(t *testing.T) {
	t.Parallel()
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
			// Every step is checked for half of the seeds; for the others a
			// check follows a step with probability 1/4, and the last one.
			every := seed%2 == 0
			checkNow := func(k int) bool { return every || k == len(tiles)-1 || rng.IntN(4) == 0 }
			rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
			for k, x := range tiles {
				if err := s.PlaceTile(x.r, x.c, src.board.At(x.r, x.c)); err != nil {
					t.Fatal(err)
				}
				steps++
				if !checkNow(k) {
					continue
				}
				if msg := crossMismatch(s); msg != "" {
					t.Fatalf("%s seed %d: after placing %s: %s\n%s", name, seed, squareName(x.r, x.c), msg, s)
				}
			}
			rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
			for k, x := range tiles {
				if err := s.RemoveTile(x.r, x.c); err != nil {
					t.Fatal(err)
				}
				steps++
				if !checkNow(k) {
					continue
				}
				if msg := crossMismatch(s); msg != "" {
					t.Fatalf("%s seed %d: after removing %s: %s\n%s", name, seed, squareName(x.r, x.c), msg, s)
				}
			}
		}
	}
	if steps < 200 {
		t.Fatalf("only %d set-up steps", steps)
	}
	t.Logf("%d placements and removals, cross-sets equal to a full recomputation after each", steps)
}

// TestCrossSetMemo checks Board.xmemo: one board, brought to seeded
// random positions of both games in turn by copyFrom (which keeps its
// memo), answers crossSet for every square next to tiles in both
// directions as walkCrossSet does, memo warm or cold.
//
// Checks INV-2, INV-10 (MOVEGEN.md).
func TestCrossSetMemo(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	var b *Board
	checked := 0
	for _, name := range []string{"wwf", "scrabble", "wwf"} {
		r := testRules(t, name)
		for seed := range uint64(positionCount(15, 6)) {
			s := randomPosition(t, r, lx, seed+1500, 0)
			if b == nil {
				b = s.board.clone()
			}
			b.copyFrom(s.board)
			for d := Across; d <= Down; d++ {
				pd := 1 - d
				st := b.step(pd)
				for i := range b.sq {
					if b.sq[i] != 0 {
						continue
					}
					lane, p := b.pos(pd, i)
					_, n := b.lane(pd, lane)
					lo, hi := p, p
					for lo > 0 && b.sq[i-(p-lo+1)*st] != 0 {
						lo--
					}
					for hi < n-1 && b.sq[i+(hi-p+1)*st] != 0 {
						hi++
					}
					if lo == p && hi == p {
						continue
					}
					want := b.walkCrossSet(i, lo, p, hi, st)
					if got := b.crossSet(i, lo, p, hi, st); got != want {
						t.Fatalf("%s seed %d: square %s, %v: crossSet %x, from the lexicon %x", name, seed, squareName(i/b.cols, i%b.cols), d, got, want)
					}
					checked++
				}
			}
		}
	}
	kept := 0
	for _, e := range b.xmemo {
		if e.key != 0 {
			kept++
		}
	}
	if checked < 1000 || kept < 100 {
		t.Errorf("%d cross-sets checked, %d kept in the memo", checked, kept)
	}
	t.Logf("%d cross-sets checked, %d kept in the memo", checked, kept)
}
