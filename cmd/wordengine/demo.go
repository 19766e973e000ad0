package main

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/lexicon"
)

// demoBag is the English Words With Friends tile distribution
// (../shared/rules/wwf.md): letter, count, value. "?" is the blank.
// It is here only for the lexicon demo; the game packages own tile sets.
var demoBag = []struct {
	letter string
	count  int
	value  int
}{
	{"A", 9, 1}, {"B", 2, 4}, {"C", 2, 4}, {"D", 5, 2}, {"E", 13, 1}, {"F", 2, 4},
	{"G", 3, 3}, {"H", 4, 3}, {"I", 8, 1}, {"J", 1, 10}, {"K", 1, 5}, {"L", 4, 2},
	{"M", 2, 4}, {"N", 5, 2}, {"O", 8, 1}, {"P", 2, 4}, {"Q", 1, 10}, {"R", 6, 1},
	{"S", 5, 1}, {"T", 7, 1}, {"U", 4, 2}, {"V", 2, 5}, {"W", 2, 4}, {"X", 1, 8},
	{"Y", 2, 3}, {"Z", 1, 10}, {"?", 2, 0},
}

// demoRackSize is the number of tiles drawn for the demo.
const demoRackSize = 7

// demoShown is how many words the demo lists.
const demoShown = 10

// runDemo is the root command: load the lexicon, draw a seeded rack from
// the English bag, and list the best words it makes.
func (a *app) runDemo(c *cobra.Command, _ []string) error {
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return err
	}
	seed := a.seed
	if !c.Flags().Changed("seed") {
		seed = rand.Uint64()
	}
	w := a.stdout
	in := lx.Info()
	fmt.Fprintln(w, "wordengine: lexicon demo (the games come later)")
	fmt.Fprintf(w, "lexicon %s (%s): %d words of %d to %d tiles, alphabet %s, %d arcs, %d bytes, loaded in %.1f ms\n",
		in.Name, lx.Source, in.Words, in.MinLen, in.MaxLen, in.Alphabet, in.Arcs, in.Bytes, lx.Elapsed.Seconds()*1000)
	fmt.Fprintf(w, "seed %d (repeat with --seed %d)\n", seed, seed)

	bag, values := demoTiles(lx.Alphabet)
	rack := drawRack(bag, demoRackSize, rand.New(rand.NewPCG(seed, 0)))
	fmt.Fprintf(w, "rack %s, drawn from a %d-tile English bag\n", lx.Alphabet.Format(rack), len(bag))

	type scored struct {
		rackWord
		score int
	}
	var best []scored
	lx.Anagrams(rack, true, func(t []lexicon.Tile) bool {
		best = append(best, scored{newRackWord(lx.Alphabet, t), tileScore(t, values)})
		return true
	})
	if len(best) == 0 {
		fmt.Fprintln(w, "no word can be made from this rack")
		return nil
	}
	found := make([]rackWord, len(best))
	for i, s := range best {
		found[i] = s.rackWord
	}
	slices.SortFunc(best, func(x, y scored) int {
		return cmp.Or(cmp.Compare(y.score, x.score), cmp.Compare(y.Tiles, x.Tiles), cmp.Compare(x.Word, y.Word))
	})
	sortLongestFirst(found)
	fmt.Fprintf(w, "%d words from this rack (blanks in lower case)\n", len(found))
	var top []string
	for _, s := range best[:min(demoShown, len(best))] {
		top = append(top, fmt.Sprintf("%s %d", s.Word, s.score))
	}
	fmt.Fprintf(w, "best by tile value: %s\n", strings.Join(top, ", "))
	longest := found[0].Tiles
	var names []string
	for _, f := range found {
		if f.Tiles < longest || len(names) == demoShown {
			break
		}
		names = append(names, f.Word)
	}
	fmt.Fprintf(w, "longest (%d tiles): %s\n", longest, strings.Join(names, ", "))
	return nil
}

// demoTiles returns the demo bag as tiles of alphabet al, leaving out
// letters al lacks, and the value of each letter code.
func demoTiles(al *lexicon.Alphabet) (bag []lexicon.Tile, values map[lexicon.Tile]int) {
	values = map[lexicon.Tile]int{}
	for _, e := range demoBag {
		ts, err := al.Parse(nil, e.letter)
		if err != nil || len(ts) != 1 {
			continue // a letter this alphabet lacks (Q in Upwords' QU alphabet, K in Spanish)
		}
		values[ts[0]] = e.value
		for range e.count {
			bag = append(bag, ts[0])
		}
	}
	return bag, values
}

// drawRack draws n tiles from bag at random without replacement.
func drawRack(bag []lexicon.Tile, n int, rng *rand.Rand) []lexicon.Tile {
	bag = slices.Clone(bag)
	n = min(n, len(bag))
	for i := range n {
		j := i + rng.IntN(len(bag)-i)
		bag[i], bag[j] = bag[j], bag[i]
	}
	rack := bag[:n:n]
	slices.Sort(rack)
	return rack
}

// tileScore is the sum of the values of the tiles of a word; blanks score
// nothing.
func tileScore(word []lexicon.Tile, values map[lexicon.Tile]int) int {
	score := 0
	for _, t := range word {
		if !t.IsBlank() {
			score += values[t]
		}
	}
	return score
}
