package crossword

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"wordengine/game"
	"wordengine/lexicon"
)

// Bounded move generation (game.BoundedMover), after the "shadow playing"
// of wolges (Andy Kurnia) and MAGPIE: before generating, every anchor
// gets an upper bound on the equity of the plays the GADDAG walk would
// produce from it, computed from the board without walking the GADDAG;
// the anchors are then walked best bound first, and a player that wants
// the single best move stops at the first anchor whose bound is below the
// best equity found.
//
// Spans. The plays of an anchor cover a span of squares lo..hi. A span
// counts when it contains the anchor, its ends touch no tile along the
// lane (the word is maximal), none of the squares left of the anchor down
// to lo is another anchor (the walk stops there, see movegen.go), it has
// 1 to (rack size) empty squares, each of which admits a tile of the rack
// (its cross-set meets the rack's letters, or any letter with a blank on
// the rack; next to the anchor's own run of tiles, also a letter that
// extends the run in some word, read from the GADDAG), and it is at least
// two squares long.
//
// Score. For a span with empty squares E (k of them), play-through points
// P and word multiplier W (the product of the word premiums of E), the
// score of any play covering exactly that span is
//
//	Σ_{i∈E} v_i·lm_i·(W + xw_i) + W·P + Σ_{i∈E, cross-word} xs_i·wm_i + bingo
//
// where v_i is the value of the tile put on square i, lm_i and wm_i its
// premiums, xw_i = wm_i when a cross-word is formed there (else 0) and xs_i
// the cross-score. The tiles are k of the rack's (a blank worth 0), so by
// the rearrangement inequality the sum is at most the k highest values,
// sorted, times the coefficients lm_i·(W + xw_i), sorted; and also at most
// the best fitting value on each square whose letters are limited (by a
// cross-word or the run) times its coefficient plus the highest values
// paired with the other squares. The lower of the two is the bound. The
// bingo term counts only when the rack may make a word of its own tiles
// (no play-through) or with the one play-through letter (wordSet).
//
// Equity. The caller gives the leave term of every sub-multiset of the
// rack. A span's bound is 1000·(score bound with the rack's k best
// values) + the best leave term of the splits playing k tiles; a span
// through no tile counts only when some k tiles of the rack may make a
// word. StartBounded bounds each anchor by windowBound, which is never
// below the bound of any of its spans and costs far less than going
// over them (WWF self-play: about 75 anchors a turn, of which the static
// player goes over about 37, most dropped span by span at a glance), and
// orders the anchors by it. NextBounded,
// which knows the threshold (the caller's best equity so far), goes over
// the anchor's spans (shadow) and keeps those whose bound reaches the
// threshold and where some split of the rack into k tiles played and the
// rest kept reaches it with its own values and its own leave term, and
// whose played letters plus the play-through ones may be a word's
// (wordSet). With two blanks or more on the rack, the groups are the
// anchors: the GADDAG walk goes only towards the kept spans, and places
// a blank only where a kept span allows a split with that many blanks.
// Every play left out has an equity below the threshold: the caller can
// neither choose it nor tie with it.
//
// Best first. With no blank or one blank on the rack, the plays of a
// span and split are read from the word map (wordmap.go): the words
// whose letters are exactly the split's plus the play-through ones, each
// checked against the board. Then the groups are the spans, best bound
// first: shadow puts the spans of an anchor whose bound reaches the
// threshold on a heap, and NextBounded takes the span on top once no
// anchor left has a higher window bound, going over the anchors as
// needed. A span's splits are read from the word map when the span comes
// to the top, with the threshold as high as it has risen by then. The
// threshold rises with every play handed out (onlyBest), so the plays of
// a span that cannot win are seldom read: on the simulation benchmark's
// position, the static player's word-map lookups fell from 197 to 80 a
// move (64 if it knew the best equity in advance), for a heap of about
// 250 spans a move.
//
// Lane versions. A simulation goes over the same lanes again and again
// (the board of the root with one candidate and one reply on it), so the
// parts of the bounds that do not depend on the rack are worked out once
// per lane version (Board.laneKey): the window of each anchor, for a full
// rack of every letter, is kept with the lane in the lane cache
// (windowBound, winSum), and the spans of an anchor met a second time on
// the same lane version go into an anchor table (anchortab.go), which
// shadow then completes with the rack instead of working the spans out.
// Spans whose anchor run has more letters around it than any word are
// dropped (runFits). On the simulation benchmark, with the word-test
// cache of splitSpan (maycache.go): 6.57 M instructions an iteration
// before, 4.85 M after.

// anchorBound is an anchor with the bound of its plays' equity.
type anchorBound struct {
	bound int64
	d     Direction
	lane  uint8
	pos   uint8
}

// cmpAnchorBound orders anchors by bound, highest first, then by
// direction, lane and square, so that the order is deterministic.
func cmpAnchorBound(a, b anchorBound) int {
	if c := cmp.Compare(b.bound, a.bound); c != 0 {
		return c
	}
	if c := cmp.Compare(a.d, b.d); c != 0 {
		return c
	}
	if c := cmp.Compare(a.lane, b.lane); c != 0 {
		return c
	}
	return cmp.Compare(a.pos, b.pos)
}

// boundedState is the generator's state between StartBounded and the last
// NextBounded.
type boundedState struct {
	lanes [2][MaxDim]laneData
	order []anchorBound
	keys  []uint64 // sortAnchors' scratch
	next  int
	// undoLen, toMove and last (the last move played, zero when none)
	// identify the position StartBounded prepared.
	undoLen, toMove int
	last            game.Move
	// vals holds the values of the rack's tiles, highest first (a blank
	// 0).
	vals [MaxRack]int
	// seven and eight: whether the rack makes a word of its own tiles, and
	// which letters it may make a word one longer with (wordSet.chances).
	seven bool
	eight uint64
	// fill is the set of letters the rack can put on a square.
	fill uint64
	// ends and endsRun are shadow's scratch lists of span ends.
	ends, endsRun [MaxDim]rightEnd
	// The splits of the rack (splits), and those of the rack before it
	// (spare): a simulation alternates between the opponent's rack, the
	// same for every candidate, and the mover's.
	splitSet
	spare splitSet
	// onlyBest: the caller wants the best moves only (StartBounded), so
	// NextBounded raises its threshold to each play it finds, with the
	// leave terms leave of the kept tiles (bit i: tiles[i], the rack in
	// Rack order, ntiles of them).
	onlyBest bool
	leave    []int64
	tiles    [MaxRack]lexicon.Tile
	ntiles   int
	ws       *wordSet
	wsLex    *lexicon.Lexicon // the lexicon of ws
	size     int              // letters in the alphabet
	// top > 1 (StartBoundedTop): the caller wants the top best moves;
	// tops holds the equities of the best plays handed out so far,
	// highest first (ntops of them), and NextBounded raises its
	// threshold to the top-th.
	top          int
	tops         [MaxTop]int64
	ntops        int
	topThreshold int64 // noteTop's last answer
	// nearOn: only the spans that meet near count (StartBoundedNear;
	// near[d][k]: the squares of lane k of direction d, see nearRegion).
	nearOn bool
	near   [2][MaxDim]uint32
	// bestFirst: the plays come from the word map, span by span, highest
	// bound first (a heap of the spans of the anchors gone over); thr is
	// the threshold raised by the plays handed out (onlyBest).
	bestFirst bool
	spans     []spanRec
	// tabLow is the first slab position of the anchor tables whose records
	// spans point to (see buildTab).
	tabLow uint64
	// local is shadowTable's span for splitSpan without best first.
	local spanRec
	// packedVals is vals packed for packedDot, and packable tells whether
	// every value is small enough for it (else shadow does without
	// anchor tables).
	packedVals packed
	packable   bool
	heap       []uint64 // see push
	// anchorHeap holds the anchors not gone over yet (heapAnchors).
	anchorHeap []uint64
	// lastBound is the bound of the group NextBounded handed out last.
	lastBound int64
	thr       int64
}

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

// StartBounded implements game.BoundedMover: it loads every lane, finds
// the anchors and bounds each one by its window (windowBound, see the
// comment at the top of shadow.go), dropping the anchors where no rack
// tile fits, and orders them by bound, highest first: sorted, or, when
// the plays come best first (at most one blank on the rack and every
// leave term within ±2^40), on a heap from which NextBounded takes the
// anchors it needs, handing out the plays span by span. leave[m] bounds
// the leave term of a play that keeps the tiles of mask m (bit i: the
// i-th tile of Rack); with other than 2^(rack tiles) entries every
// anchor is bounded by math.MaxInt64 and walked whole. With onlyBest,
// leave holds the exact leave terms and NextBounded, when it reads plays
// from the word map (at most one blank on the rack), raises its
// threshold to the equity of each play it records, so it may leave out
// plays below one it hands out.
func (s *State) StartBounded(leave []int64, onlyBest bool) {
	s.startBounded(leave, onlyBest, false)
}

// MaxTop is the largest k for which StartBoundedTop raises its threshold
// to the k-th best play handed out; above it, every play of each group
// is handed out.
const MaxTop = 16

// StartBoundedTop implements game.TopBoundedMover: StartBounded for a
// caller that wants the k best moves (k = 1 is StartBounded with
// onlyBest; a k above MaxTop is StartBounded without onlyBest: every play
// of each group is handed out). leave holds the exact leave terms. When
// NextBounded reads plays from the word map (at most one blank on the
// rack), it raises its threshold to the k-th highest equity of the plays
// it has handed out since, so it may leave out plays below k plays it
// handed out, never one tied with the k-th.
func (s *State) StartBoundedTop(leave []int64, k int) {
	if k > MaxTop {
		// Too many to keep: raising the threshold to the MaxTop-th
		// would lose the plays ranked between it and the k-th.
		s.startBounded(leave, false, false)
		return
	}
	s.startBounded(leave, true, false)
	g := s.gen
	g.bounded.top, g.bounded.ntops = min(max(k, 1), MaxTop), 0
	g.bounded.topThreshold = math.MinInt64
}

// noteTop records the equity eq of a play handed out among the best
// (StartBoundedTop) and returns the threshold it allows: the top-th
// highest so far, or math.MinInt64 while there are fewer.
func (bs *boundedState) noteTop(eq int64) int64 {
	n := bs.ntops
	if n == bs.top {
		if eq <= bs.tops[n-1] {
			return bs.tops[n-1]
		}
		n--
	} else {
		bs.ntops++
	}
	i := n
	for ; i > 0 && bs.tops[i-1] < eq; i-- {
		bs.tops[i] = bs.tops[i-1]
	}
	bs.tops[i] = eq
	if bs.ntops < bs.top {
		return math.MinInt64
	}
	return bs.tops[bs.top-1]
}

// startBounded is StartBounded, limited to the spans near the last move
// with near (StartBoundedNear).
func (s *State) startBounded(leave []int64, onlyBest, near bool) {
	g := s.generator()
	g.bounds++
	bs := &g.bounded
	bs.onlyBest, bs.leave = onlyBest, leave
	bs.top = 1
	bs.nearOn = near && s.nearRegion(&bs.near)
	bs.order = bs.order[:0]
	bs.spans = bs.spans[:0]
	bs.heap = bs.heap[:0]
	bs.tabLow = math.MaxUint64
	bs.anchorHeap = bs.anchorHeap[:0]
	bs.thr = math.MinInt64
	bs.bestFirst = false
	bs.next = 0
	bs.undoLen, bs.toMove, bs.last = len(s.undo), s.toMove, s.lastMove()
	if s.over || s.lex == nil || !g.setRack() {
		return
	}
	b := s.board
	n := g.rack.n
	k := 0
	for t, c := range g.rack.counts {
		for range c {
			if t == 0 {
				bs.vals[k] = 0
			} else {
				bs.vals[k] = g.values[t]
			}
			k++
		}
	}
	slices.SortFunc(bs.vals[:n], func(a, b int) int { return b - a })
	clear(bs.vals[n:]) // spanCoef.score pairs them with zero coefficients
	bs.packedVals = packValues(&bs.vals)
	bs.packable = bs.vals[0] <= maxPackedValue // anchor tables' bounds (packedDot)
	useBound := len(leave) == 1<<n
	if bs.wsLex != s.lex { // wordSetFor locks: look it up once per lexicon
		bs.ws, bs.wsLex = wordSetFor(s.lex), s.lex
	}
	bs.size = s.Alphabet().Size()
	bs.seven, bs.eight = true, ^uint64(0)
	if n == g.rackSize {
		bs.seven, bs.eight = bs.ws.chances(&g.rack, s.Alphabet().Size())
	}
	if useBound {
		g.splits(leave)
		bs.bestFirst = g.rack.counts[0] <= 1 && bs.keyable
	}
	fill := g.letters
	if g.rack.counts[0] > 0 {
		fill = b.all
	}
	bs.fill = fill
	// The anchors' windows in the lane cache are for a full rack of every
	// letter: of the rules' size, or of the rack's when it holds more
	// tiles (SetRack does not stop it), as a window of fewer squares than
	// the rack can fill is no bound.
	full := max(g.rackSize, n)
	for d := Across; d <= Down; d++ {
		for k := range b.lanes(d) {
			if bs.nearOn && bs.near[d][k] == 0 {
				continue // no span of this lane meets the last move's changes
			}
			l := &bs.lanes[d][k]
			sums, fresh := g.lanes.load(l, b, d, k, full)
			g.d, g.lane = d, k // for windowBound
			for p := range l.n {
				if !l.anchor[p] {
					continue
				}
				if fresh {
					// The window for a full rack of every letter, worked out
					// once per lane version (see windowBound).
					g.windowSum(l, p, full, b.all, &sums[p])
				}
				bound := int64(math.MaxInt64)
				if useBound {
					if sums == nil {
						bound = g.windowBound(l, p, fill)
					} else {
						bound = g.sumBound(l, p, fill, &sums[p])
					}
					if bound == math.MinInt64 {
						continue // no play can start from this anchor
					}
				}
				bs.order = append(bs.order, anchorBound{bound: bound, d: d, lane: uint8(k), pos: uint8(p)})
			}
		}
	}
	if bs.bestFirst {
		// Best first goes over only the anchors above the spans it
		// has: a heap of them is cheaper than sorting them all.
		heapAnchors(bs)
		return
	}
	sortAnchors(bs)
}

// heapAnchors puts the anchors of bs.order (unsorted) on the heap
// bs.anchorHeap, keyed as sortAnchors keys them but complemented, so
// that the best anchor has the largest key (every bound is within
// ±2^50: best-first generation runs only with leave terms within
// ±leaveKeyLimit).
func heapAnchors(bs *boundedState) {
	const top = 1<<52 - 1
	h := bs.anchorHeap[:0]
	for _, a := range bs.order {
		v := uint64(a.bound + 1<<51)
		h = append(h, ^((top-v)<<anchorKeyBits | uint64(a.d)<<10 | uint64(a.lane)<<5 | uint64(a.pos)))
	}
	heapifyMax(h)
	bs.anchorHeap = h
}

// anchorOf decodes an anchor key of bs.anchorHeap.
func anchorOf(k uint64) anchorBound {
	const top = 1<<52 - 1
	k = ^k
	return anchorBound{bound: int64(top-k>>anchorKeyBits) - 1<<51, d: Direction(k >> 10 & 1), lane: uint8(k >> 5 & 31), pos: uint8(k & 31)}
}

// anchorKeyBits is the number of bits of an anchor's direction, lane and
// square in its sort key (sortAnchors).
const anchorKeyBits = 11

// sortAnchors sorts bs.order as cmpAnchorBound does, by packing each
// anchor into one integer (its bound, negated and offset, above its
// direction, lane and square) and sorting those, which is about twice as
// fast as sorting the structs with a comparison function. Bounds beyond
// ±2^50 (never met: a bound is about 1000 times a score plus a leave
// term), but for math.MaxInt64, fall back to the comparison sort.
func sortAnchors(bs *boundedState) {
	const top = 1<<52 - 1
	keys := bs.keys[:0]
	for _, a := range bs.order {
		v := uint64(top)
		if a.bound != math.MaxInt64 {
			if a.bound <= -1<<50 || a.bound >= 1<<50 {
				slices.SortFunc(bs.order, cmpAnchorBound)
				return
			}
			v = uint64(a.bound + 1<<51)
		}
		keys = append(keys, (top-v)<<anchorKeyBits|uint64(a.d)<<10|uint64(a.lane)<<5|uint64(a.pos))
	}
	bs.keys = keys
	slices.Sort(keys)
	for i, k := range keys {
		v := top - k>>anchorKeyBits
		b := int64(math.MaxInt64)
		if v != top {
			b = int64(v) - 1<<51
		}
		bs.order[i] = anchorBound{bound: b, d: Direction(k >> 10 & 1), lane: uint8(k >> 5 & 31), pos: uint8(k & 31)}
	}
}

// NextBounded implements game.BoundedMover: the plays generated from the
// next group (the next span, best bound first, with at most one blank on
// the rack; otherwise the next anchor), when its bound is at least
// threshold, leaving out plays that cannot reach threshold (see the
// comment at the top of shadow.go). With onlyBest it also leaves out the
// plays below one it handed out since StartBounded. The thresholds of
// successive calls must not decrease: the spans below an earlier
// threshold are gone.
// It panics when the position changed since StartBounded (a programmer
// error): by Play without its Undo, or by CopyFrom, Determinize or a
// set-up method (SetRack, DrawRack, PlaceTile, RemoveTile, SetToMove).
func (s *State) NextBounded(dst []game.Move, threshold int64) ([]game.Move, bool) {
	g := s.gen
	if g == nil {
		return dst, false
	}
	bs := &g.bounded
	if bs.next >= len(bs.order) && len(bs.heap) == 0 && len(bs.anchorHeap) == 0 {
		return dst, false
	}
	if len(s.undo) != bs.undoLen || s.toMove != bs.toMove || s.lastMove() != bs.last {
		if bs.undoLen < 0 {
			panic("crossword: NextBounded after the position changed (CopyFrom, Determinize or a set-up) since StartBounded")
		}
		panic(fmt.Sprintf("crossword: NextBounded after the position changed (%d moves played, StartBounded saw %d)", len(s.undo), bs.undoLen))
	}
	if bs.bestFirst {
		return g.nextBestFirst(dst, threshold)
	}
	a := bs.order[bs.next]
	if a.bound < threshold {
		return dst, false
	}
	bs.next++
	bs.lastBound = a.bound
	g.d, g.lane = a.d, int(a.lane)
	g.laneData = bs.lanes[a.d][a.lane]
	p := int(a.pos)
	blanks := int(g.rack.counts[0])
	if a.bound != math.MaxInt64 && blanks <= 1 {
		// One blank on the rack or none: the words of each span and split that may
		// reach threshold come from the word map (wordmap.go), with no
		// GADDAG walk.
		g.out, g.useMap = dst, true
		g.shadow(&g.laneData, p, bs.fill, threshold)
		dst, g.out, g.useMap = g.out, nil, false
		return dst, true
	}
	if a.bound != math.MaxInt64 {
		// Walk only towards the spans whose own bound reaches threshold,
		// with as many blanks as a split reaching it plays there.
		for b := range blanks + 1 {
			clear(g.masks[b].spanOK[:])
		}
		g.shadow(&g.laneData, p, bs.fill, threshold)
		for b := range blanks + 1 {
			g.masks[b].derive(g.n)
		}
		g.ok, g.blanks = &g.masks[0], 0
	} else {
		g.allowAll(blanks)
	}
	if g.ok.rowOK == 0 {
		return dst, true // no span of this anchor reaches threshold
	}
	g.anchorPos = p
	g.rightEmpty = p == g.n-1 || g.tiles[p+1] == 0
	g.out = dst
	g.extend(p, p, s.lex.GADDAG.Root(), true, 0, 1, 0, 0)
	dst = g.out
	g.out = nil
	return dst, true
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

// The heap of spans holds for each span one key, its bound (offset to be
// positive) above its index in boundedState.spans, so that the heap
// compares and moves single integers (about 2 % of a simulation
// iteration's instructions fewer than a heap of structs). A bound is
// 1000 times a score bound plus a leave term: startBounded generates
// best first only when every leave term is within ±leaveKeyLimit, which
// keeps the bounds within ±spanKeyLimit. A board has fewer than
// spanKeyIndex spans (at most 2·15·15 anchors of at most 9·8 spans).
const (
	spanKeyBits   = 20
	spanKeyIndex  = 1<<spanKeyBits - 1
	spanKeyLimit  = 1 << 42
	leaveKeyLimit = 1 << 40
)

// push adds span i of bound b to the heap.
func (bs *boundedState) push(b int64, i int) {
	k := uint64(b+spanKeyLimit)<<spanKeyBits | uint64(i)
	h := append(bs.heap, 0)
	j := len(h) - 1
	for j > 0 {
		p := (j - 1) / heapArity
		if h[p] >= k {
			break
		}
		h[j] = h[p]
		j = p
	}
	h[j] = k
	bs.heap = h
}

// popMax removes the largest key of heap h (highest on top) and returns
// it with the heap.
func popMax(h []uint64) (uint64, []uint64) {
	top := h[0]
	n := len(h) - 1
	if n > 0 {
		siftDown(h[:n], 0, h[n])
	}
	return top, h[:n]
}

// heapifyMax orders h as a heap, largest key on top.
func heapifyMax(h []uint64) {
	if len(h) < 2 {
		return
	}
	for i := (len(h) - 2) / heapArity; i >= 0; i-- {
		siftDown(h, i, h[i])
	}
}

// heapArity is the number of children of a node of the span and anchor
// heaps: a 4-ary heap is half as deep as a binary one, so a push moves
// half as many keys up and a pop half as many down, for about as many
// comparisons (three to find the largest of four children, one against
// the key sifted).
const heapArity = 4

// siftDown puts key x at place j of heap h (heapArity children a node),
// whose subtrees below j are heaps, moving the largest child up until x
// is not below it.
func siftDown(h []uint64, j int, x uint64) {
	n := len(h)
	for {
		c := heapArity*j + 1
		if c+3 >= n {
			// Fewer than four children: the heap's last internal node.
			if c >= n {
				break
			}
			m, v := c, h[c]
			for i := c + 1; i < n; i++ {
				if h[i] > v {
					m, v = i, h[i]
				}
			}
			if v > x {
				h[j] = v
				j = m
			}
			break
		}
		// The largest of the four by a tournament of pairs, with no
		// branch: which child wins is data, not a pattern a branch
		// predictor learns.
		m, v := maxAt(c, h[c], c+1, h[c+1])
		m2, v2 := maxAt(c+2, h[c+2], c+3, h[c+3])
		m, v = maxAt(m, v, m2, v2)
		if v <= x {
			break
		}
		h[j] = v
		j = m
	}
	h[j] = x
}

// maxAt returns the larger of keys a and b with its place (ia or ib),
// without a branch (by the borrow of a - b).
func maxAt(ia int, a uint64, ib int, b uint64) (int, uint64) {
	_, lt := bits.Sub64(a, b, 0) // 1 when a < b
	return ia + (ib-ia)*int(lt), a ^ (a^b)&-lt
}

// heapBound returns the bound of heap key k.
func heapBound(k uint64) int64 { return int64(k>>spanKeyBits) - spanKeyLimit }

// nextBestFirst is NextBounded when the plays come from the word map:
// the plays of the span of highest bound, after going over (shadow)
// every anchor whose window bound is above it.
func (g *generator) nextBestFirst(dst []game.Move, threshold int64) ([]game.Move, bool) {
	bs := &g.bounded
	for {
		thr := max(threshold, bs.thr)
		ab := int64(math.MinInt64)
		if len(bs.anchorHeap) > 0 {
			ab = anchorOf(bs.anchorHeap[0]).bound
		}
		if len(bs.heap) > 0 && heapBound(bs.heap[0]) >= ab {
			if heapBound(bs.heap[0]) < thr {
				return dst, false
			}
			// Take the span on top (popMax, written out: one call a
			// span instead of three).
			h := bs.heap
			top := h[0]
			if n := len(h) - 1; n > 0 {
				siftDown(h[:n], 0, h[n])
			}
			bs.heap = h[:len(h)-1]
			i, bound := int(top&spanKeyIndex), heapBound(top)
			bs.lastBound = bound
			sp := &bs.spans[i]
			g.d, g.lane = sp.d, int(sp.lane)
			g.out, g.useMap = dst, true
			n := len(dst)
			t := g.splitSpan(&bs.lanes[sp.d][sp.lane], sp, bound, thr)
			dst, g.out, g.useMap = g.out, nil, false
			if bs.onlyBest {
				bs.thr = max(bs.thr, t)
			}
			if len(dst) > n {
				return dst, true
			}
			continue
		}
		if len(bs.anchorHeap) == 0 || ab < thr {
			return dst, false
		}
		var k uint64
		k, bs.anchorHeap = popMax(bs.anchorHeap)
		a := anchorOf(k)
		g.d, g.lane = a.d, int(a.lane)
		g.shadow(&bs.lanes[a.d][a.lane], int(a.pos), bs.fill, thr)
	}
}

// spanMasks tells the GADDAG walk which spans of the lane may hold a
// play worth generating: bit hi of spanOK[lo] for the span lo..hi; and,
// derived from it, rowOK (bit lo: some span starts at lo), leftOK (bit q:
// some span starts at q or left of it) and rightOK[lo] (bit q: some span
// from lo ends at q or right of it).
type spanMasks struct {
	spanOK, rightOK [MaxDim]uint32
	rowOK, leftOK   uint32
}

// all allows every span.
func (m *spanMasks) all() {
	for i := range m.spanOK {
		m.spanOK[i], m.rightOK[i] = ^uint32(0), ^uint32(0)
	}
	m.rowOK, m.leftOK = ^uint32(0), ^uint32(0)
}

// derive computes rowOK, leftOK and rightOK from spanOK for a lane of n
// squares.
func (m *spanMasks) derive(n int) {
	m.rowOK, m.leftOK = 0, 0
	for lo := range n {
		ok := m.spanOK[lo]
		m.rightOK[lo] = 0
		if ok == 0 {
			continue
		}
		m.rowOK |= 1 << lo
		m.rightOK[lo] = uint32(1)<<(32-bits.LeadingZeros32(ok)) - 1
	}
	if m.rowOK != 0 {
		m.leftOK = ^uint32(0) << bits.TrailingZeros32(m.rowOK)
	}
}

// allowAll lets the GADDAG walk cover every span, with up to blanks
// blanks (full generation).
func (g *generator) allowAll(blanks int) {
	for b := range blanks + 1 {
		g.masks[b].all()
	}
	g.ok, g.blanks = &g.masks[0], 0
}

// blankOK reports whether a blank may go on square pos: some span still
// reachable from there allows one more blank (left: the walk goes left,
// spans start at pos or before; otherwise spans start at lo and end at
// pos or after).
func (g *generator) blankOK(pos, lo int, left bool) bool {
	m := &g.masks[g.blanks+1]
	if left {
		return m.leftOK>>pos&1 != 0
	}
	return m.rightOK[lo]>>pos&1 != 0
}

// AppendUnbounded implements game.BoundedMover: the exchanges and the
// pass (nothing once the game is over).
func (s *State) AppendUnbounded(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	dst = s.AppendExchanges(dst)
	return append(dst, passMove)
}

// rightEnd is one way the span can end right of the anchor: the last
// square hi, the number k of empty squares right of the anchor up to hi,
// their play-through points pt, word multiplier w and cross-word points x,
// the number npt of play-through tiles with the letter lpt of the last
// one, and the wordSet sum psum of their letters.
type rightEnd struct {
	hi, k, pt, w, x, npt int
	lpt                  lexicon.Tile
	psum                 uint64
}

// shadowSquare is an empty square of a span: its letter premium lm, the
// word premium xw that applies to its cross-word (0 when it forms none),
// and fit, the highest value of a rack tile its cross-set admits when it
// forms a cross-word (-1 when it forms none: any rack tile may go there).
type shadowSquare struct {
	lm, xw, fit int
}

// sortDesc sorts c in place, highest first (insertion sort: at most
// MaxRack values).
func sortDesc(c []int) {
	for i := 1; i < len(c); i++ {
		v := c[i]
		j := i
		for ; j > 0 && c[j-1] < v; j-- {
			c[j] = c[j-1]
		}
		c[j] = v
	}
}

// square returns the shadowSquare of empty square q of lane l for a rack
// whose letters are g.letters, when the letters allowed there are limited
// to ext as well as to the cross-set (ext is all ones when only the
// cross-set limits them).
func (g *generator) square(l *laneData, q int, ext uint64) shadowSquare {
	sq := shadowSquare{lm: int(l.lm[q]), fit: -1}
	if l.hasX[q] {
		sq.xw = int(l.wm[q])
	} else if ext == ^uint64(0) {
		return sq
	}
	if g.rack.counts[0] > 0 {
		sq.fit = 0
	}
	for m := l.cross[q] & ext & g.letters; m != 0; m &= m - 1 {
		sq.fit = max(sq.fit, g.values[bits.TrailingZeros64(m)])
	}
	return sq
}

// extensions returns, for the run of tiles lo..p of lane l, the letters
// that some word puts right before the run (left) and, in words that
// begin with the run, right after it (right), read from the GADDAG.
//
// The answer depends only on the run's letters, and runs stay on the
// board for many turns: it is kept in the lexicon's wordSet (wordSet.ext,
// storeExt), keyed by the run's letters, and shared by every generator on
// that lexicon.
//
// For runs of up to 10 letters it also returns the run's entry of the
// generator's cache, which keeps which numbers of letters words put
// around the run (runFits); nil for longer runs.
func (g *generator) extensions(l *laneData, lo, p int) (left, right uint64, e *extEntry) {
	// Runs of up to 10 letters are also kept in the generator's own
	// small cache (extMemo), which costs far less to read than the
	// shared map: the letters, 6 bits each, above a mark bit.
	var packed uint64
	if p-lo < 10 {
		packed = 1
		for q := lo; q <= p; q++ {
			packed = packed<<6 | uint64(l.tiles[q].Letter()&63)
		}
		if g.extWS != g.bounded.ws {
			g.extMemo, g.extWS = [extMemoSize]extEntry{}, g.bounded.ws
		}
		e := &g.extMemo[mixKey(packed)&(extMemoSize-1)]
		if e.key != packed {
			e.run = g.sharedExtensions(l, lo, p)
			e.key, e.left, e.right = packed, e.run.left, e.run.right
		}
		return e.left, e.right, e
	}
	r := g.sharedExtensions(l, lo, p)
	return r.left, r.right, nil
}

// sharedExtensions returns the word set's entry of the run of tiles lo..p
// of lane l, made on first need.
func (g *generator) sharedExtensions(l *laneData, lo, p int) *runInfo {
	var key [MaxDim]byte
	for q := lo; q <= p; q++ {
		key[q-lo] = byte(l.tiles[q].Letter())
	}
	ws := g.bounded.ws
	if e, ok := ws.ext.Load(string(key[:p-lo+1])); ok {
		return e.(*runInfo)
	}
	r := &runInfo{}
	r.left, r.right = g.runExtensions(l, lo, p)
	r.node, r.last, r.dead = g.walkRun(l, lo, p)
	return ws.storeExt(string(key[:p-lo+1]), r)
}

// extEntry is an entry of generator.extMemo: a packed run, the letters
// that extend it (see extensions) and the word set's entry of the run.
type extEntry struct {
	key, left, right uint64
	run              *runInfo
}

// extMemoSize is the number of entries of generator.extMemo (32 bytes each: 32 KiB).
const extMemoSize = 1 << 10

// runExtensions computes extensions from the GADDAG.
func (g *generator) runExtensions(l *laneData, lo, p int) (left, right uint64) {
	arcs := g.arcs
	node := g.s.lex.GADDAG.Root()
	for q := p; q >= lo; q-- {
		a, ok := g.s.lex.GADDAG.Next(node, l.tiles[q].Letter())
		if !ok {
			return 0, 0
		}
		node = a.Child()
	}
	if node == 0 {
		return 0, 0
	}
	for i := int(node); ; i++ {
		a := arcs[i]
		if t := a.Tile(); t == lexicon.Separator {
			for j := int(a.Child()); a.Child() != 0; j++ {
				right |= 1 << arcs[j].Tile()
				if arcs[j].Last() {
					break
				}
			}
		} else {
			left |= 1 << t
		}
		if a.Last() {
			return left, right
		}
	}
}

// rightEnds lists in ends the ways a span can end right of anchor p of
// lane l, nearest first, and in right the empty squares up to the last
// one; ext limits the letters of square p+1 (all ones: no limit). It
// returns the number of ends.
func (g *generator) rightEnds(l *laneData, p int, fill, ext uint64, ends *[MaxDim]rightEnd, right *[MaxRack]shadowSquare) int {
	n := g.rack.n
	b := g.s.board
	ne := 0
	e := rightEnd{w: 1}
	for q := p + 1; ; q++ {
		if q == l.n || l.tiles[q] == 0 {
			e.hi = q - 1
			ends[ne] = e
			ne++
		}
		if q == l.n {
			break
		}
		if t := l.tiles[q]; t != 0 {
			e.pt += b.value(t)
			e.npt++
			e.lpt = t.Letter()
			e.psum += g.bounded.ws.code[e.lpt&63]
			continue
		}
		x := ^uint64(0)
		if q == p+1 {
			x = ext
		}
		if e.k == n || l.cross[q]&x&fill == 0 {
			break
		}
		wm := int(l.wm[q])
		right[e.k] = g.square(l, q, x)
		if l.hasX[q] {
			e.x += int(l.xs[q]) * wm
		}
		e.w *= wm
		e.k++
	}
	return ne
}

// spanCoef holds the coefficients of the empty squares of a span: all
// of them, highest first; those of the squares without a cross-word
// (free), highest first; and the sum over the other squares of their
// coefficient times their best fitting value (restricted).
type spanCoef struct {
	all, free  [MaxRack]int
	k, nf      int
	restricted int
}

// coefs fills c for the empty squares sqs of a span of word multiplier w.
func (c *spanCoef) coefs(sqs []shadowSquare, w int) {
	c.k, c.nf, c.restricted = len(sqs), 0, 0
	for i, sq := range sqs {
		x := sq.lm * (w + sq.xw)
		c.all[i] = x
		if sq.fit < 0 {
			c.free[c.nf] = x
			c.nf++
		} else {
			c.restricted += x * sq.fit
		}
	}
	sortDesc(c.all[:c.k])
	sortDesc(c.free[:c.nf])
}

// add adds one square to the coefficients of a span of word multiplier
// w, keeping them sorted.
func (c *spanCoef) add(sq shadowSquare, w int) {
	x := sq.lm * (w + sq.xw)
	c.all[c.k] = x
	c.k++
	insertDesc(c.all[:c.k])
	if sq.fit < 0 {
		c.free[c.nf] = x
		c.nf++
		insertDesc(c.free[:c.nf])
	} else {
		c.restricted += x * sq.fit
	}
}

// insertDesc moves the last element of c, whose others are sorted highest
// first, to its place.
func insertDesc(c []int) {
	i := len(c) - 1
	v := c[i]
	for ; i > 0 && c[i-1] < v; i-- {
		c[i] = c[i-1]
	}
	c[i] = v
}

// score returns the bound of the points of the tiles placed on the span
// when their values, highest first, are vals: the lower of two upper
// bounds, vals paired with all the coefficients, and the best fitting
// value on each square with a cross-word or an extension limit plus vals
// paired with the other squares.
//
// The entries of all past k and of free past nf are zero (coefs and add
// only ever grow a spanCoef that starts zero), so the sums run over the
// whole arrays, unrolled, with no loop branch to mispredict.
func (c *spanCoef) score(vals *[MaxRack]int) int {
	_ = [1]int{}[MaxRack-8] // the sums below are unrolled for MaxRack = 8
	b1 := c.all[0]*vals[0] + c.all[1]*vals[1] + c.all[2]*vals[2] + c.all[3]*vals[3] +
		c.all[4]*vals[4] + c.all[5]*vals[5] + c.all[6]*vals[6] + c.all[7]*vals[7]
	if c.nf == c.k {
		return b1
	}
	b2 := c.restricted + c.free[0]*vals[0] + c.free[1]*vals[1] + c.free[2]*vals[2] + c.free[3]*vals[3] +
		c.free[4]*vals[4] + c.free[5]*vals[5] + c.free[6]*vals[6] + c.free[7]*vals[7]
	return min(b1, b2)
}

// windowBound returns a bound of the equity of the plays of anchor p of
// lane l that is cheaper than shadow's and never below it (math.MinInt64
// when the anchor has no square a rack tile fits): it takes the window of
// every square some span of the anchor may cover (from the leftmost lo to
// the farthest hi of shadow's loops) as if one span held all of it, with
// the n largest word multipliers of its empty squares (n: the rack's
// tiles; a span has at most n empty squares), every play-through tile and
// every cross-word, the k highest square coefficients paired with the k
// highest rack values for k tiles played, the bingo when k is the rack
// size, and the best leave of k tiles played. Each term bounds the one of
// any span, so the whole bounds shadow's maximum over the spans; StartBounded
// orders the anchors by it, and NextBounded's shadow then bounds each span
// exactly. An anchor whose window bound is below the caller's best equity
// costs no more than this.
//
// StartBounded reads the window of each anchor from the lane cache
// instead (winSum, worked out once per lane version for a full rack of
// every letter): a window of fewer squares has no term above it, so its
// bound is a bound too, equal to windowBound's for 89 % of the anchors of
// the simulation benchmark's plain moves; it costs 7.9 % more anchors
// gone over there, and a ninth of windowBound's instructions.
func (g *generator) windowBound(l *laneData, p int, fill uint64) int64 {
	var ws winSum
	g.windowSum(l, p, g.rack.n, fill, &ws)
	return g.sumBound(l, p, fill, &ws)
}

// winSum is the window of an anchor (see windowBound) as windowSum
// gathers it: its empty squares' coefficients, highest first (the first
// MaxRack), their number ne, its points that do not depend on the tiles
// played (base: word multiplier times play-through points plus
// cross-word points), its play-through tiles and the letter of the last
// one, and its first and last squares; ok is false when the anchor has no
// span of two squares or more.
type winSum struct {
	c        [MaxRack]int32
	base     int32
	ne       uint8
	tiles    uint8
	letter   lexicon.Tile
	wlo, whi uint8
	ok       bool
}

// windowSum gathers in ws the window of anchor p of lane l for a rack of
// n tiles whose letters are fill.
func (g *generator) windowSum(l *laneData, p, n int, fill uint64, ws *winSum) {
	b := g.s.board
	var win window
	*ws = winSum{}
	// Left of the anchor (and the anchor): as shadow's lo loop.
	kl := 0
	wlo := p   // the window's first square
	first := p // the first square a span may cover
	for lo := p; lo >= 0; lo-- {
		wlo = lo
		if t := l.tiles[lo]; t != 0 {
			win.tile(b, t)
		} else {
			if kl == n || l.cross[lo]&fill == 0 {
				if lo == p {
					return // every span covers the anchor: ws.ok is false
				}
				break
			}
			win.empty(l, lo)
			kl++
		}
		first = lo
		if lo == 0 || l.anchor[lo-1] {
			break
		}
	}
	// Right of the anchor: as rightEnds, with at most n empty squares in
	// all when the anchor square is one of them.
	kr := 0
	if l.tiles[p] == 0 {
		kr = 1
	}
	whi := p  // the window's last square (or the square that ends it)
	last := p // the last square a span may cover
	for q := p + 1; q < l.n; q++ {
		whi = q
		if t := l.tiles[q]; t != 0 {
			win.tile(b, t)
			last = q
			continue
		}
		if kr == n || l.cross[q]&fill == 0 {
			break
		}
		last = q
		win.empty(l, q)
		kr++
	}
	ws.wlo, ws.whi, ws.tiles, ws.letter = uint8(wlo), uint8(whi), uint8(win.tiles), win.letter
	ne, nw := win.ne, win.nw
	lm, xw, wp := &win.lm, &win.xw, &win.wp
	if ne == 0 || first == last {
		return // no span of two squares or more: ws.ok is false
	}
	// The word multiplier: the product of the n largest (of the word
	// premiums above 1, as the others multiply by 1).
	if nw > n {
		sortDesc(wp[:nw])
		nw = n
	}
	w := 1
	for _, v := range wp[:nw] {
		w *= v
	}
	var c [2 * MaxRack]int
	for i := range ne {
		c[i] = lm[i] * (w + xw[i])
	}
	sortDesc(c[:ne])
	for i := range min(ne, MaxRack) {
		ws.c[i] = int32(c[i])
	}
	ws.base, ws.ne, ws.ok = int32(w*win.pt+win.x), uint8(ne), true
}

// sumBound is windowBound for anchor p of lane l from its window ws,
// gathered for the rack or for a larger one with more letters (fill: the
// rack's).
func (g *generator) sumBound(l *laneData, p int, fill uint64, ws *winSum) int64 {
	bs := &g.bounded
	if !ws.ok || l.tiles[p] == 0 && l.cross[p]&fill == 0 ||
		bs.nearOn && bs.near[g.d][g.lane]&spanBits(int(ws.wlo), int(ws.whi)) == 0 {
		return math.MinInt64
	}
	n, tiles := g.rack.n, int(ws.tiles)
	best := int64(math.MinInt64)
	sum, base := 0, int(ws.base)
	for k := 1; k <= min(n, int(ws.ne)); k++ {
		sum += int(ws.c[k-1]) * bs.vals[k-1]
		if tiles == 0 && !bs.wordK[k] {
			continue // no span here goes through a tile: as shadow
		}
		bingo := 0
		if k == g.rackSize {
			// As shadow: a bingo through no tile needs a word of the
			// rack's tiles, one through a single tile a word of them and
			// that letter (wordSet.chances).
			if !bs.seven && tiles < 2 && (tiles == 0 || bs.eight>>ws.letter&1 == 0) {
				continue
			}
			bingo = g.bingo
		}
		best = max(best, 1000*int64(sum+base+bingo)+bs.leaveK[k])
	}
	return best
}

// window gathers what windowBound needs of the squares of an anchor's
// window: the empty squares' letter premiums and cross-word multipliers
// (xw, 0: no cross-word), their cross-words' points x, the word premiums
// above 1 (at most 2n), and the play-through points, tiles and letter
// (the last one met).
type window struct {
	lm, xw, wp [2 * MaxRack]int
	ne, nw, x  int
	pt, tiles  int
	letter     lexicon.Tile
}

// tile adds play-through tile t (on board b).
func (w *window) tile(b *Board, t lexicon.Tile) {
	w.pt += b.value(t)
	w.tiles++
	w.letter = t.Letter()
}

// empty adds empty square q of lane l.
func (w *window) empty(l *laneData, q int) {
	wm := int(l.wm[q])
	w.lm[w.ne], w.xw[w.ne] = int(l.lm[q]), 0
	if l.hasX[q] {
		w.xw[w.ne] = wm
		w.x += int(l.xs[q]) * wm
	}
	if wm > 1 {
		w.wp[w.nw] = wm
		w.nw++
	}
	w.ne++
}

// shadow goes over the spans of anchor p of lane l and their splits (see
// the comment at the top of shadow.go) down to threshold. fill is the set
// of letters the rack can put on a square. With g.useMap it records the
// plays of the spans and splits that reach threshold from the word map,
// raising threshold to each play's equity with onlyBest; otherwise it
// sets bit hi of g.masks[b].spanOK[lo] for every span lo..hi where a
// split of b blanks or more reaches threshold (the masks must be clear),
// for the GADDAG walk.
func (g *generator) shadow(l *laneData, p int, fill uint64, threshold int64) {
	// The anchor tables hold the spans of racks of the rules' size: not
	// for a rack SetRack made larger.
	if !g.noTabs && g.bounded.packable && g.rack.n <= g.rackSize && g.bounds > tablesAfter && len(g.s.board.prem) > 0 {
		if t := g.anchorTable(l, g.d, g.lane, p); t != nil {
			g.shadowTable(l, p, fill, threshold, t)
			return
		}
	}
	n := g.rack.n
	bs := &g.bounded
	b := g.s.board

	// The ends right of the anchor, nearest first: when the anchor is a
	// tile, the square after its run takes only the letters that follow
	// the run in a word beginning with it (for spans starting at the run,
	// endsRun), and the square before it only the letters that precede it.
	var right, rightRun [MaxRack]shadowSquare
	ends, endsRun := &g.bounded.ends, &g.bounded.endsRun // not zeroed: written before read
	ne := g.rightEnds(l, p, fill, ^uint64(0), ends, &right)
	ner, run, lext := 0, -1, ^uint64(0)
	var runEnt *extEntry // the anchor's run in extMemo (nil: none), while it holds runKey
	var runKey uint64
	if l.tiles[p] != 0 {
		run = p
		for run > 0 && l.tiles[run-1] != 0 {
			run--
		}
		var rext uint64
		if lext, rext, runEnt = g.extensions(l, run, p); runEnt != nil {
			runKey = runEnt.key
		}
		ner = g.rightEnds(l, p, fill, rext, endsRun, &rightRun)
	}

	nearOn, span := bs.nearOn, uint32(0) // the squares a span must meet
	if nearOn {
		span = bs.near[g.d][g.lane]
	}
	var sqs [MaxRack]shadowSquare
	kl, ptl, wl, xl, nptl := 0, 0, 1, 0, 0
	var lptl lexicon.Tile
	var psuml uint64
	for lo := p; lo >= 0; lo-- {
		if t := l.tiles[lo]; t != 0 {
			ptl += b.value(t)
			nptl++
			lptl = t.Letter()
			psuml += bs.ws.code[lptl&63]
		} else {
			x := ^uint64(0)
			if lo == run-1 {
				x = lext
			}
			if kl == n || l.cross[lo]&x&fill == 0 {
				break
			}
			wm := int(l.wm[lo])
			sqs[kl] = g.square(l, lo, x)
			if l.hasX[lo] {
				xl += int(l.xs[lo]) * wm
			}
			wl *= wm
			kl++
		}
		if lo == 0 || l.tiles[lo-1] == 0 {
			es, rs := ends[:ne], &right
			if lo == run {
				es, rs = endsRun[:ner], &rightRun
			}
			// The coefficients of the span's squares, kept sorted as the
			// ends go right (rebuilt when the word multiplier changes).
			var c spanCoef
			curW, prevK := -1, 0
			for ei := range es {
				e := &es[ei]
				kk := kl + e.k
				if kk > n {
					break
				}
				W := wl * e.w
				if W != curW {
					copy(sqs[kl:], rs[:e.k])
					c.coefs(sqs[:kk], W)
					curW = W
				} else {
					for j := prevK; j < e.k; j++ {
						c.add(rs[j], W)
					}
				}
				prevK = e.k
				if kk == 0 || lo == e.hi || nearOn && span&spanBits(lo, e.hi) == 0 {
					continue
				}
				bingo := 0
				if kk == g.rackSize {
					switch npt := nptl + e.npt; {
					case npt == 0 && !bs.seven:
						continue
					case npt == 1 && bs.eight&(1<<(e.lpt|lptl)) == 0:
						continue // one of the two letters is 0
					}
					bingo = g.bingo
				}
				if nptl+e.npt == 0 && !bs.wordK[kk] {
					continue // no kk tiles of the rack make a word
				}
				base := W*(ptl+e.pt) + xl + e.x + bingo
				// The rack's best values with the best leave of kk tiles
				// played bound every split; a span that reaches the
				// threshold so is checked split by split.
				dec := 1000*int64(base+c.score(&bs.vals)) + bs.leaveK[kk]
				if dec < threshold {
					continue
				}
				if runEnt != nil && run-lo < 8 && e.hi-p < 8 && !g.runFits(runEnt, runKey, run-lo, e.hi-p) {
					continue // no word has the anchor's run with as many letters around it
				}
				if bs.bestFirst {
					i := len(bs.spans)
					if i == cap(bs.spans) {
						bs.spans = append(bs.spans, spanRec{})
					}
					bs.spans = bs.spans[:i+1]
					sp := &bs.spans[i]
					sp.c, sp.ts = c, nil
					sp.base, sp.psum, sp.kk = base, psuml+e.psum, kk
					sp.d, sp.lane, sp.lo, sp.hi = g.d, uint8(g.lane), uint8(lo), uint8(e.hi)
					bs.push(dec, i)
					continue
				}
				sp := spanRec{c: c, base: base, psum: psuml + e.psum, kk: kk, lo: uint8(lo), hi: uint8(e.hi)}
				threshold = g.splitSpan(l, &sp, dec, threshold)
			}
		}
		if lo == 0 || l.anchor[lo-1] {
			break
		}
	}
}
