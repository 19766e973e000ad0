package crossword

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"wordengine/lexicon"
)

// wordSet answers, for a multiset of letters, "may these be the letters
// of a word of the lexicon?", with false positives but no false
// negatives: the bound of shadow.go counts a span only when its
// play-through letters plus some tiles of the rack may make its main
// word, an idea of the word maps of MAGPIE. A multiset is summarised by
// the sum of a random 64-bit code per letter (additive, so the sums of
// the rack's sub-multisets and of a span's play-through letters combine
// by addition), and the set is a bitset indexed by the top bits of the
// sum of every word of the lexicon that fits on a board (at most MaxDim
// letters): 2^22 bits (512 KiB) for about 270,000
// words, so an absent multiset tests present about 6 % of the time (a
// looser bound, never a wrong one).
//
// For one blank, blank1 holds in the same way the multisets that are a
// word's letters but one (each word once for each distinct letter left
// out): 2^25 bits (4 MiB); for English, 1.97 million insertions of 1.24
// million distinct multisets set 3.6 % of the bits, so about 4 % false
// positives, where trying each letter for the blank in bits would answer
// "may" for most multisets.
type wordSet struct {
	code   [64]uint64 // by letter code
	bits   []uint64
	blank1 []uint64
	words  *wordMap // the words by sum (bounded generation, at most one blank)

	// ext memoizes what the generators know of a run of tiles (shadow.go's
	// extensions, runfits.go): string of the run's letters -> *runInfo,
	// shared by every generator on the lexicon; nExt counts its entries,
	// stored up to maxExt.
	ext  sync.Map
	nExt atomic.Int64
}

// runInfo is what a wordSet knows of a run of tiles: the letters that
// some word puts right before it (left) and, in words that begin with
// it, right after it (right); the GADDAG node its letters lead to, from
// the last back to the first, and the arc that reaches it (dead: no word
// holds the run); and, bit 8a+b of each, whether runFits knows if some
// word has a letters, the run and b letters (known) and the answer
// (fits), set by any generator (fits before known).
type runInfo struct {
	left, right uint64
	node        lexicon.Node
	last        lexicon.Arc
	dead        bool
	known, fits atomic.Uint64
}

// maxExt bounds the number of runs a wordSet memoizes (some hundred bytes
// each).
const maxExt = 1 << 16

// storeExt memoizes r for run, while there is room, and returns the
// run's entry (r when it was stored or there is no room).
func (ws *wordSet) storeExt(run string, r *runInfo) *runInfo {
	if ws.nExt.Load() >= maxExt {
		return r
	}
	e, loaded := ws.ext.LoadOrStore(run, r)
	if !loaded {
		ws.nExt.Add(1)
	}
	return e.(*runInfo)
}

// wordSetBits and blank1Bits are the log2 of the number of bits of a
// wordSet's bits and blank1.
const (
	wordSetBits = 22
	blank1Bits  = 25
)

var (
	wordSetMu    sync.Mutex
	wordSetCache = map[*lexicon.Lexicon]*wordSet{}
)

// wordSetFor returns the word set of lexicon lx, building it on first use
// (one walk of the whole DAWG and a sort, 0.15-0.2 s for English) and
// keeping it for the life of the process. It is safe for concurrent use.
func wordSetFor(lx *lexicon.Lexicon) *wordSet {
	wordSetMu.Lock()
	defer wordSetMu.Unlock()
	if ws, ok := wordSetCache[lx]; ok {
		return ws
	}
	ws := &wordSet{bits: make([]uint64, 1<<(wordSetBits-6)), blank1: make([]uint64, 1<<(blank1Bits-6))}
	rng := rand.New(rand.NewPCG(0x5eed, 0xc0de)) // fixed codes: reproducible
	for i := range ws.code {
		ws.code[i] = rng.Uint64()
	}
	// One walk of the DAWG fills the word map, bits and blank1.
	ws.words = buildWordMap(lx, &ws.code, func(h uint64, word []lexicon.Tile) {
		ws.add(h)
		var seen uint64
		for _, c := range word {
			if seen>>(c&63)&1 == 0 {
				seen |= 1 << (c & 63)
				ws.addBlank1(h - ws.code[c&63])
			}
		}
	})
	wordSetCache[lx] = ws
	return ws
}

// add puts the multiset of sum h in the set.
func (ws *wordSet) add(h uint64) {
	i := h >> (64 - wordSetBits)
	ws.bits[i>>6] |= 1 << (i & 63)
}

// addBlank1 puts the multiset of sum h in blank1.
func (ws *wordSet) addBlank1(h uint64) {
	i := h >> (64 - blank1Bits)
	ws.blank1[i>>6] |= 1 << (i & 63)
}

// hasBlank1 reports whether the multiset of sum h plus one letter may be
// a word's.
func (ws *wordSet) hasBlank1(h uint64) bool {
	i := h >> (64 - blank1Bits)
	return ws.blank1[i>>6]>>(i&63)&1 != 0
}

// hasSum reports whether the multiset of sum h may be a word's.
func (ws *wordSet) hasSum(h uint64) bool {
	i := h >> (64 - wordSetBits)
	return ws.bits[i>>6]>>(i&63)&1 != 0
}

// chances tells, for the rack r of exactly n tiles (the rack size),
// whether it may make a word of its n tiles (seven) and with which
// letters x it may make a word of n+1 (eight, bit x), a blank standing
// for any letter. With two blanks or more every answer is yes. size is
// the number of letters of the alphabet.
func (ws *wordSet) chances(r *rack, size int) (seven bool, eight uint64) {
	var h uint64
	for t := 1; t < len(r.counts); t++ {
		h += uint64(r.counts[t]) * ws.code[t]
	}
	switch r.counts[0] {
	case 0:
		seven = ws.hasSum(h)
		for x := 1; x <= size; x++ {
			if ws.hasSum(h + ws.code[x]) {
				eight |= 1 << x
			}
		}
		return seven, eight
	case 1:
		seven = ws.hasBlank1(h)
		for x := 1; x <= size; x++ {
			if ws.hasBlank1(h + ws.code[x]) {
				eight |= 1 << x
			}
		}
		return seven, eight
	}
	return true, ^uint64(0)
}

// mayWord reports whether the letters of sum plus blanks blanks (each
// any of the size letters) may be a word's: exactly for no blank, by
// blank1 for one blank, and always yes for more.
func (ws *wordSet) mayWord(sum uint64, blanks int) bool {
	switch blanks {
	case 0:
		return ws.hasSum(sum)
	case 1:
		return ws.hasBlank1(sum)
	}
	return true
}
