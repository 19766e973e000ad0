package crossword

import (
	"cmp"
	"math"
	"slices"

	"wordengine/lexicon"
)

// wordMap is an anagram index of a lexicon: for a multiset of letters,
// the words of the lexicon made of exactly those letters. It is keyed by
// the wordSet sum of the multiset (the sum of a random 64-bit code per
// letter), so that the sum of a split of the rack plus the sum of a
// span's play-through letters finds the words a play on that span may
// spell without walking the GADDAG. It is the "word map" (wmp) of MAGPIE
// (the C crossword game engine at github.com/jvc56/MAGPIE, which keys its
// word map by the rack's letter counts, a bit rack) in idea; the layout
// here is our own: an open-addressing table of sums, each pointing to a
// run of words.
//
// Two different multisets with the same sum share a run; the move
// generator checks every word it takes from a run against the board and
// the rack, so a collision costs time, never a wrong or missing play; nor
// a play handed out twice, since no two splits of a rack have the same sum
// (TestWordSetCodesSeparateSplits). The embedded lexicon has no collision
// (TestWordMapIndex).
type wordMap struct {
	mask  uint64    // len(slots) minus 1 (a power of two)
	slots []mapSlot // the runs by sum, found by linear probing
	words []mapWord
}

// mapSlot is one slot of a wordMap's table: the sum of the run's letters
// and the run words[start:end] (end 0: an empty slot).
type mapSlot struct {
	sum        uint64
	start, end uint32
}

// mapWord is one word of at most MaxDim letters: the letter codes, then
// zeros, the last byte holding the length.
type mapWord [MaxDim + 1]lexicon.Tile

// len returns the number of letters of w.
func (w *mapWord) len() int { return int(w[MaxDim]) }

// buildWordMap indexes every word of the DAWG of lx of 2 to MaxDim
// letters by the sum of codes of its letters (about 0.13 s and 14 MiB for
// the 269,870 words of the embedded lexicon: 8 MiB of table, 5.7 MiB of
// words of 22 bytes; words longer than MaxDim are left out, as no board
// holds them).
// It calls onWord with the sum and the letters of every word it indexes.
func buildWordMap(lx *lexicon.Lexicon, code *[64]uint64, onWord func(h uint64, word []lexicon.Tile)) *wordMap {
	type entry struct {
		sum uint64
		seq uint32 // the word's place in the DAWG's order
		w   mapWord
	}
	var entries []entry
	arcs := lx.DAWG.Arcs()
	var cur mapWord
	var walk func(node lexicon.Node, sum uint64, depth int)
	walk = func(node lexicon.Node, sum uint64, depth int) {
		if node == 0 || depth >= MaxDim {
			return
		}
		for i := int(node); ; i++ {
			a := arcs[i]
			t := a.Tile()
			h := sum + code[t&63]
			cur[depth] = t
			if a.Word() && depth >= 1 {
				w := cur
				w[MaxDim] = lexicon.Tile(depth + 1)
				entries = append(entries, entry{h, uint32(len(entries)), w})
				onWord(h, w[:depth+1])
			}
			walk(a.Child(), h, depth+1)
			cur[depth] = 0
			if a.Last() {
				return
			}
		}
	}
	walk(lx.DAWG.Root(), 0, 0)
	// By sum, then in the DAWG's (tile) order within a run.
	slices.SortFunc(entries, func(a, b entry) int { return cmp.Or(cmp.Compare(a.sum, b.sum), cmp.Compare(a.seq, b.seq)) })

	m := &wordMap{words: make([]mapWord, len(entries))}
	runs := 0
	for i := range entries {
		if i == 0 || entries[i].sum != entries[i-1].sum {
			runs++
		}
	}
	// A table at most 80 % full (about 2 probes for an absent sum): for
	// English, 2^19 slots of 16 bytes.
	size := uint64(1)
	for size*4 < 5*uint64(runs) {
		size <<= 1
	}
	m.mask = size - 1
	m.slots = make([]mapSlot, size)
	for i := 0; i < len(entries); {
		end := i + 1
		for end < len(entries) && entries[end].sum == entries[i].sum {
			end++
		}
		for k := i; k < end; k++ {
			m.words[k] = entries[k].w
		}
		j := entries[i].sum & m.mask
		for m.slots[j].end != 0 {
			j = (j + 1) & m.mask
		}
		m.slots[j] = mapSlot{sum: entries[i].sum, start: uint32(i), end: uint32(end)}
		i = end
	}
	return m
}

// lookup returns the words whose letters have the sum h (none when no
// word does).
func (m *wordMap) lookup(h uint64) []mapWord {
	for j := h & m.mask; ; j = (j + 1) & m.mask {
		sl := &m.slots[j]
		if sl.end == 0 {
			return nil
		}
		if sl.sum == h {
			return m.words[sl.start:sl.end]
		}
	}
}

// playWords records the plays on span lo..hi of lane l (the lane being
// generated, g.d and g.lane) that spell a word of the word map with sum
// h: the sum of a split of the rack (no blank) plus the span's
// play-through letters. Each word is checked against the board (the
// play-through letters in place, the cross-sets of the empty squares) and
// the rack, and scored as record scores a play of the GADDAG walk. It
// returns the highest equity of the plays recorded (see playWord).
func (g *generator) playWords(l *laneData, lo, hi int, h uint64) int64 {
	n := hi - lo + 1
	best := int64(math.MinInt64)
	for i, words := 0, g.bounded.ws.words.lookup(h); i < len(words); i++ {
		if w := &words[i]; w.len() == n {
			best = max(best, g.playWord(l, lo, hi, w, -1))
		}
	}
	return best
}

// playBlankWords records the plays on span lo..hi of lane l that play
// one blank and spell a word whose letters but the blank's have the sum
// h: for every letter y the blank may stand for (blank1 first, then the
// word set for each y), the words of sum h plus y's code, with the blank
// on each square that takes a y in turn. It returns the highest equity
// of the plays recorded (see playWord).
func (g *generator) playBlankWords(l *laneData, lo, hi int, h uint64) int64 {
	ws := g.bounded.ws
	best := int64(math.MinInt64)
	if !ws.hasBlank1(h) {
		return best
	}
	n := hi - lo + 1
	for y := 1; y <= g.bounded.size; y++ {
		hy := h + ws.code[y]
		if !ws.hasSum(hy) {
			continue
		}
		for i, words := 0, ws.words.lookup(hy); i < len(words); i++ {
			w := &words[i]
			if w.len() != n {
				continue
			}
			for q := lo; q <= hi; q++ {
				if l.tiles[q] == 0 && w[q-lo] == lexicon.Tile(y) {
					best = max(best, g.playWord(l, lo, hi, w, q))
				}
			}
		}
	}
	return best
}

// playWord records the play of word w (of hi-lo+1 letters) on span lo..hi
// of lane l with a blank on square blank (none when it is outside the
// span), when it is legal with the tiles of the rack. With onlyBest
// (StartBounded) it returns the play's equity, 1000·score plus the leave
// term of the tiles it keeps; otherwise 0; math.MinInt64 when it records
// nothing.
func (g *generator) playWord(l *laneData, lo, hi int, w *mapWord, blank int) int64 {
	counts := g.rack.counts
	main, mult, cross, placed, last := 0, 1, 0, 0, 0
	var b uint64
	for q := lo; q <= hi; q++ {
		c := w[q-lo]
		if t := l.tiles[q]; t != 0 {
			if t.Letter() != c {
				return math.MinInt64
			}
			if !t.IsBlank() {
				main += g.values[c&63]
			}
			continue
		}
		if l.cross[q]>>c&1 == 0 {
			return math.MinInt64
		}
		tile, v := c, 0
		if q == blank {
			tile |= lexicon.BlankFlag
			c = 0
		} else {
			v = g.values[c&63] * int(l.lm[q])
		}
		if counts[c&63] == 0 {
			return math.MinInt64
		}
		counts[c&63]--
		wm := int(l.wm[q])
		main += v
		mult *= wm
		if l.hasX[q] {
			cross += (int(l.xs[q]) + v) * wm
		}
		b |= uint64(tile) << (8 * placed)
		placed++
		last = q
	}
	if placed == 0 || placed == 1 && g.d == Down && l.hasX[last] {
		return math.MinInt64 // a word already on the board; a tile with an across word
	}
	score := g.emit(lo, hi, placed, main*mult+cross, b)
	bs := &g.bounded
	if !bs.onlyBest {
		return 0
	}
	// The tiles kept, as a mask over the rack in Rack order.
	kept := 0
	for i, t := range bs.tiles[:bs.ntiles] {
		if c := &counts[rackIndex(t)]; *c > 0 {
			*c--
			kept |= 1 << i
		}
	}
	eq := 1000*int64(score) + bs.leave[kept]
	if bs.top > 1 {
		bs.topThreshold = bs.noteTop(eq)
	}
	return eq
}
