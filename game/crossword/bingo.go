package crossword

import (
	"sync"

	"wordengine/lexicon"
)

// bingoIndex holds the alphagrams (letters sorted, see alphagramKey) of
// the lexicon's words of 2 to n+1 letters, n the rack size (keys of
// different lengths differ, as no letter code is 0). A play that goes
// through no tile forms a main word of its own tiles, and a play of the
// whole rack through one tile a word of n+1 letters: the shadow bound
// (shadow.go) counts only the sub-racks that make such words, an idea of
// the word maps of MAGPIE.
type bingoIndex struct {
	words map[uint64]struct{}
}

// has reports whether the letters of tiles (in any order, no blank) are
// those of a word.
func (bi *bingoIndex) has(tiles []lexicon.Tile) bool {
	_, ok := bi.words[alphagramKey(tiles)]
	return ok
}

// bingoKey identifies a lexicon and a rack size.
type bingoKey struct {
	lex  *lexicon.Lexicon
	rack int
}

var (
	bingoMu    sync.Mutex
	bingoCache = map[bingoKey]*bingoIndex{}
)

// bingoIndexFor returns the index of lexicon lx for racks of n tiles,
// building it on first use (a walk of the DAWG to depth n+1, about
// 0.1 s for English) and keeping it for the life of the process.
// It returns nil for racks of more than 8 tiles (keys hold 9 letters).
func bingoIndexFor(lx *lexicon.Lexicon, n int) *bingoIndex {
	if n+1 > 9 || n < 1 {
		return nil
	}
	bingoMu.Lock()
	defer bingoMu.Unlock()
	k := bingoKey{lx, n}
	if bi, ok := bingoCache[k]; ok {
		return bi
	}
	bi := &bingoIndex{words: map[uint64]struct{}{}}
	var word [9]lexicon.Tile
	arcs := lx.DAWG.Arcs()
	var walk func(node lexicon.Node, depth int)
	walk = func(node lexicon.Node, depth int) {
		if node == 0 {
			return
		}
		for i := int(node); ; i++ {
			a := arcs[i]
			word[depth] = a.Tile()
			if a.Word() && depth+1 >= 2 {
				bi.words[alphagramKey(word[:depth+1])] = struct{}{}
			}
			if depth+1 < n+1 {
				walk(a.Child(), depth+1)
			}
			if a.Last() {
				return
			}
		}
	}
	walk(lx.DAWG.Root(), 0)
	bingoCache[k] = bi
	return bi
}

// alphagramKey packs the letter codes of tiles (at most 9, each below 64),
// sorted, 6 bits each: equal multisets of letters give equal keys.
func alphagramKey(tiles []lexicon.Tile) uint64 {
	var ts [9]lexicon.Tile
	n := copy(ts[:], tiles)
	for i := 1; i < n; i++ {
		v := ts[i]
		j := i
		for ; j > 0 && ts[j-1] > v; j-- {
			ts[j] = ts[j-1]
		}
		ts[j] = v
	}
	var key uint64
	for _, t := range ts[:n] {
		key = key<<6 | uint64(t.Letter()&63)
	}
	return key
}

// bingoChances tells, for the rack r of exactly n tiles (the rack size),
// whether it makes a word of n letters (seven) and which letters x make a
// word of n+1 letters with it (eight, bit x), a blank standing for any
// letter. With two blanks or more every answer is yes; with one blank the
// n+1-letter answer is yes for every letter (a cheap over-estimate: the
// bound stays an upper bound). size is the number of letters of the
// alphabet.
func (bi *bingoIndex) chances(r *rack, size int) (seven bool, eight uint64) {
	all := uint64(1)<<(size+1) - 2
	var ts [9]lexicon.Tile
	n := 0
	for t := 1; t < len(r.counts); t++ {
		for range r.counts[t] {
			ts[n] = lexicon.Tile(t)
			n++
		}
	}
	switch r.counts[0] {
	case 0:
		seven = bi.has(ts[:n])
		for x := 1; x <= size; x++ {
			ts[n] = lexicon.Tile(x)
			if bi.has(ts[:n+1]) {
				eight |= 1 << x
			}
		}
		return seven, eight
	case 1:
		for x := 1; x <= size && !seven; x++ {
			ts[n] = lexicon.Tile(x)
			seven = bi.has(ts[:n+1])
		}
		return seven, all
	}
	return true, all
}
