package crossword

import (
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/lexicon"
)

// TestRunFits checks runFits against a brute force over the word list:
// for runs cut from words of the lexicon (which some word holds) and runs
// of random letters (which most hold in no word), and every number of
// letters a before and b after them below 8, some word of a+len+b letters
// holds the run at offset a exactly when runFits says so (with a budget
// the answers never run out of here; the default budget may only answer
// yes wrongly, which keeps a span, never drops one).
//
// Checks INV-12 (MOVEGEN.md).
func TestRunFits(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	s, err := New(testRules(t, "wwf"), lx, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := s.generator()
	var byLen [MaxDim + 1][][]lexicon.Tile
	var all [][]lexicon.Tile
	lx.EachWord(func(w []lexicon.Tile) bool {
		if len(w) <= MaxDim {
			byLen[len(w)] = append(byLen[len(w)], slices.Clone(w))
			all = append(all, byLen[len(w)][len(byLen[len(w)])-1])
		}
		return true
	})
	brute := func(run []lexicon.Tile, a, b int) bool {
		n := a + len(run) + b
		if n > MaxDim {
			return false
		}
		for _, w := range byLen[n] {
			if slices.Equal(w[a:a+len(run)], run) {
				return true
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(5, 5))
	size := lx.Alphabet.Size()
	runs := positionCount(60, 10)
	checked, yes, gaveUp := 0, 0, 0
	for i := range runs {
		var run []lexicon.Tile
		if i%3 == 2 {
			for range 1 + rng.IntN(3) {
				run = append(run, lexicon.Tile(1+rng.IntN(size)))
			}
		} else {
			w := all[rng.IntN(len(all))]
			k := 1 + rng.IntN(min(len(w), 5))
			at := rng.IntN(len(w) - k + 1)
			run = w[at : at+k]
		}
		// The run on a lane, from square lo to p.
		var l laneData
		l.n = MaxDim
		lo := rng.IntN(MaxDim - len(run) + 1)
		p := lo + len(run) - 1
		for j, c := range run {
			l.tiles[lo+j] = c
		}
		e := extEntry{key: 77, run: &runInfo{}}
		e.run.node, e.run.last, e.run.dead = g.walkRun(&l, lo, p)
		for a := range 8 {
			for b := range 8 {
				if a+b == 0 {
					continue
				}
				want := brute(run, a, b)
				budget := 1 << 30
				if got := g.aroundRun(&l, lo, p, a, b, &budget); got != b2i(want) {
					t.Fatalf("run %s, %d before, %d after: aroundRun %d, brute force %v", lx.Alphabet.Word(run), a, b, got, want)
				}
				got := g.runFits(&e, 77, a, b)
				if want && !got {
					t.Fatalf("run %s, %d before, %d after: runFits no, brute force yes", lx.Alphabet.Word(run), a, b)
				}
				if got && !want {
					gaveUp++ // the default budget ran out
				}
				if got != g.runFits(&e, 77, a, b) {
					t.Fatalf("run %s, %d before, %d after: the kept answer differs", lx.Alphabet.Word(run), a, b)
				}
				checked++
				if want {
					yes++
				}
			}
		}
		// An entry that went to another run answers yes.
		if !g.runFits(&e, 78, 7, 7) {
			t.Fatal("runFits answered no for an entry of another run")
		}
	}
	if yes == 0 || yes == checked {
		t.Fatalf("%d of %d answers yes: the test runs show nothing", yes, checked)
	}
	t.Logf("%d runs, %d answers (%d yes, %d yes only as the budget ran out)", runs, checked, yes, gaveUp)
}

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
