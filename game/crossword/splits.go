package crossword

import (
	"cmp"
	"math"
	"math/bits"
	"slices"

	"wordengine/lexicon"
)

// splitSet holds the splits of one rack with one set of leave terms.
type splitSet struct {
	// By number of tiles played: the best leave bound (leaveK), every
	// distinct split of the rack (splitsK), and whether the tiles of one
	// of them may make a word on their own (wordK: a play through no
	// tile; a split with a blank counts as making one).
	leaveK  [MaxRack + 1]int64
	splitsK [MaxRack + 1][]split
	wordK   [MaxRack + 1]bool
	// may caches splitSpan's word tests for these splits (maycache.go);
	// it moves with the set when the set becomes the spare and back.
	may *mayCache
	// keyable: every split's leave term is within ±leaveKeyLimit, so that
	// best-first generation may key its spans (see spanKeyBits).
	keyable bool
	// sortKeys is splits' scratch for sorting.
	sortKeys []uint64
	// The set's key: the rack's tiles in Rack order, the leave terms,
	// the rules (tile values) and the word set (letter codes).
	keyTiles [MaxRack]lexicon.Tile
	keyN     int // -1: empty set
	keyLeave []int64
	keyRules *Rules
	keyWS    *wordSet
}

// holds reports whether the set was made for tiles with leave terms
// leave under rules r and word set ws.
func (x *splitSet) holds(tiles []lexicon.Tile, leave []int64, r *Rules, ws *wordSet) bool {
	return x.keyN == len(tiles) && x.keyRules == r && x.keyWS == ws &&
		slices.Equal(x.keyTiles[:x.keyN], tiles) && slices.Equal(x.keyLeave, leave)
}

// split is one way to divide the rack between the tiles played and the
// tiles kept: the values of the tiles played, highest first (zeros after
// them), the bound of the leave term of the tiles kept, the number of
// blanks played and the wordSet sum of the letters played (blanks left
// out).
type split struct {
	vals   [MaxRack]int
	leave  int64
	blanks int
	sum    uint64
}

// splits fills bs.leaveK, bs.splitsK and bs.wordK from leave,
// the bound of the leave term by kept tiles (bit i of the index: the i-th
// tile of the rack in Rack order). Equal multisets are listed once.
func (g *generator) splits(leave []int64) {
	bs := &g.bounded
	tiles := g.rack.tiles(bs.tiles[:0])
	n := len(tiles)
	bs.ntiles = n
	r := g.s.rules
	if g.off&cacheSplits != 0 {
		bs.splitSet.keyN, bs.spare.keyN = -1, -1 // neither set holds a rack
	}
	if bs.splitSet.holds(tiles, leave, r, bs.ws) {
		return
	}
	// Keep the current set as the spare, and reuse the spare's buffers
	// unless it is the one wanted.
	bs.splitSet, bs.spare = bs.spare, bs.splitSet
	if bs.splitSet.holds(tiles, leave, r, bs.ws) {
		return
	}
	bs.keyN = -1 // until filled
	if bs.may == nil {
		bs.may = new(mayCache) // once for each of the two sets
	}
	bs.may.off = g.off&cacheMay != 0
	bs.may.reset()
	for k := range bs.splitsK {
		bs.splitsK[k] = bs.splitsK[k][:0]
		bs.leaveK[k] = math.MinInt64
		bs.wordK[k] = false
	}
	bs.keyable = true
	full := 1<<n - 1
	// The rack's tiles by value, highest first (ord: their places in the
	// rack), so that each split's values come out sorted; equal tiles
	// stay side by side (dup, bit j: the j-th equals the one before).
	var ord, tv [MaxRack]int
	for i, t := range tiles {
		if t != lexicon.Blank {
			tv[i] = g.values[t&63]
		}
		j := i
		for ; j > 0 && tv[ord[j-1]] < tv[i]; j-- {
			ord[j] = ord[j-1]
		}
		ord[j] = i
	}
	dup := 0
	for j := 1; j < n; j++ {
		if tiles[ord[j]] == tiles[ord[j-1]] {
			dup |= 1 << j
		}
	}
	// By place in ord: the tile's value, its wordSet code (0 for a
	// blank), whether it is a blank, and its bit in the rack's order, so
	// that each mask's split below adds them up with no branch.
	var oval [MaxRack]int
	var ocode [MaxRack]uint64
	var oblank [MaxRack]int
	var obit [MaxRack]int
	for j := range n {
		i := ord[j]
		oval[j], obit[j] = tv[i], 1<<i
		if t := tiles[i]; t == lexicon.Blank {
			oblank[j] = 1
		} else {
			ocode[j] = bs.ws.code[t&63]
		}
	}
	// First the key of each distinct split, from its mask alone: by tiles
	// played, then leave term, highest first (shadow stops at the first
	// split whose leave cannot lift the span to the threshold), then by
	// mask; playedOf[pm] is the rack bits (Rack order) of the tiles of
	// mask pm, from those of pm without its lowest bit.
	var playedOf [1 << MaxRack]uint8
	keys := bs.sortKeys[:0]
	for pm := 1; pm <= full; pm++ { // the tiles played, by their places in ord
		j := bits.TrailingZeros(uint(pm)) & (MaxRack - 1) // MaxRack is 8 (spanCoef.score): no bounds check
		played := playedOf[pm&(pm-1)] | uint8(obit[j])
		playedOf[pm] = played
		if pm&dup&^(pm<<1) != 0 {
			continue // the same multiset as a mask playing the earlier copy
		}
		lv := leave[full^int(played)]
		if lv <= -leaveKeyLimit || lv >= leaveKeyLimit {
			bs.keyable = false
		}
		keys = append(keys, uint64(bits.OnesCount(uint(pm)))<<50|uint64(leaveKeyLimit-lv)<<8&(1<<50-1)|uint64(pm))
	}
	if !bs.keyable {
		// The leave bits are meaningless: by tiles played and mask only,
		// sorted by leave below.
		for i := range keys {
			keys[i] &^= 1<<50 - 1 - 255
		}
	}
	slices.Sort(keys)
	// Then each split, in that order, straight into its list.
	for _, key := range keys {
		pm, k := int(key&255), int(key>>50)
		bs.splitsK[k] = append(bs.splitsK[k], split{})
		x := &bs.splitsK[k][len(bs.splitsK[k])-1]
		i := 0
		for m := pm; m != 0; m &= m - 1 {
			j := bits.TrailingZeros(uint(m)) & (MaxRack - 1)
			// A blank is worth 0, the lowest value: vals[i] gets 0.
			x.vals[i&(MaxRack-1)] = oval[j]
			x.sum += ocode[j]
			x.blanks += oblank[j]
			i++
		}
		x.leave = leave[full^int(playedOf[pm])]
		bs.leaveK[k] = max(bs.leaveK[k], x.leave)
		if k >= 2 && !bs.wordK[k] && (x.blanks > 0 || bs.ws.hasSum(x.sum)) {
			bs.wordK[k] = true
		}
	}
	if !bs.keyable {
		for k := range bs.splitsK {
			slices.SortStableFunc(bs.splitsK[k], func(a, b split) int { return cmp.Compare(b.leave, a.leave) })
		}
	}
	bs.sortKeys = keys
	copy(bs.keyTiles[:], tiles)
	bs.keyN, bs.keyRules, bs.keyWS = n, r, bs.ws
	bs.keyLeave = append(bs.keyLeave[:0], leave...)
}

// spanRec is a span lo..hi of lane lane in direction d: the
// coefficients of its empty squares, the points that do not depend on
// the tiles played (base), the wordSet sum of its play-through letters
// and its number of empty squares.
type spanRec struct {
	c      spanCoef
	base   int
	psum   uint64
	kk     int
	d      Direction
	lane   uint8
	lo, hi uint8
	// ts, when not nil, is the span's record in an anchor table, which
	// holds its coefficients instead of c (but for c.restricted).
	ts *tabSpan
}

// score is spanCoef.score of the span's coefficients, from its anchor
// table record when it has one.
func (sp *spanRec) score(vals *[MaxRack]int) int {
	if sp.ts != nil {
		v := packValues(vals)
		return sp.ts.score(&v, sp.c.restricted)
	}
	return sp.c.score(vals)
}

// splitSpan goes over the splits of span sp of lane l whose bound (dec
// for the best of them) reaches threshold and whose letters with the
// play-through ones may make a word: with g.useMap it records their
// plays from the word map and returns the threshold raised to the
// equity of each (onlyBest); otherwise it sets the span's bits in
// g.masks.
func (g *generator) splitSpan(l *laneData, sp *spanRec, dec, threshold int64) int64 {
	bs := &g.bounded
	kk, base := sp.kk, sp.base
	splits := bs.splitsK[kk]
	// A split counts when its bound reaches threshold and its letters
	// with the play-through ones may make a word. The splits are by leave,
	// highest first, and threshold only rises: once one split's leave
	// cannot lift the span to it, no later one's can.
	lo, hi, psum := int(sp.lo), int(sp.hi), sp.psum
	top := dec - bs.leaveK[kk] // no split's tiles score more
	// The word tests of the first 64 splits are cached (maycache.go):
	// test those not known yet down to the first whose leave cannot lift
	// the span to threshold, at once; the answers serve every span of the
	// split set with the same play-through letters and tiles played, and
	// the splits that pass are few (none for about half the spans on the
	// simulation benchmark).
	e := bs.may.entry(psum, kk)
	if n := min(len(splits), 64); int(e.known) < n {
		i := int(e.known)
		for ; i < n; i++ {
			x := &splits[i]
			if top+x.leave < threshold {
				break
			}
			if bs.ws.mayWord(x.sum+psum, x.blanks) {
				e.mask |= 1 << i
			}
		}
		e.known = uint8(i)
	}
	// The splits whose word test is cached: only those that passed it.
	for m := e.mask; m != 0; m &= m - 1 {
		x := &splits[bits.TrailingZeros64(m)]
		if top+x.leave < threshold {
			return threshold
		}
		if 1000*int64(base+sp.score(&x.vals))+x.leave < threshold {
			continue
		}
		var done bool
		if threshold, done = g.splitPlays(l, lo, hi, x, psum, threshold); done {
			return threshold
		}
	}
	// The others: none when the tests above stopped at a split's leave
	// (threshold has not fallen since); else those past the first 64
	// (racks of 8 tiles), testing their words.
	for i := int(e.known); i < len(splits); i++ {
		x := &splits[i]
		if top+x.leave < threshold {
			break
		}
		// The word test first: it is cheaper, and it rejects most
		// splits that reach this far.
		if !bs.ws.mayWord(x.sum+psum, x.blanks) || 1000*int64(base+sp.score(&x.vals))+x.leave < threshold {
			continue
		}
		var done bool
		if threshold, done = g.splitPlays(l, lo, hi, x, psum, threshold); done {
			break
		}
	}
	return threshold
}

// splitPlays acts on split x of span lo..hi of lane l (play-through sum
// psum), which passed splitSpan's tests at threshold: with g.useMap it
// records the split's plays from the word map and returns threshold
// raised to the best play's equity (onlyBest); otherwise it sets the
// span's bit in the masks of x's number of blanks and fewer, and reports
// (done) when every mask the span can set is set.
func (g *generator) splitPlays(l *laneData, lo, hi int, x *split, psum uint64, threshold int64) (int64, bool) {
	bs := &g.bounded
	if g.useMap {
		var eq int64
		if x.blanks == 0 {
			eq = g.playWords(l, lo, hi, x.sum+psum)
		} else {
			eq = g.playBlankWords(l, lo, hi, x.sum+psum)
		}
		if bs.onlyBest {
			// The caller will not take a play below the best found
			// (below the top-th best with StartBoundedTop, where
			// playWord notes each play's equity): neither need we.
			if bs.top > 1 {
				eq = bs.topThreshold
			}
			threshold = max(threshold, eq)
		}
		return threshold, false
	}
	for b := range x.blanks + 1 {
		g.masks[b].spanOK[lo] |= 1 << hi
	}
	return threshold, x.blanks == int(g.rack.counts[0])
}
