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
		bs.bestFirst = g.rack.counts[0] <= 1 && bs.keyable && g.off&cacheWordMap == 0
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
	if a.bound != math.MaxInt64 && blanks <= 1 && g.off&cacheWordMap == 0 {
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
