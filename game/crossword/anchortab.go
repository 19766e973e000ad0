package crossword

import (
	"math/bits"

	"wordengine/lexicon"
)

// Anchor tables: shadow's spans, worked out once per lane version.
//
// Most of what shadow works out for an anchor does not depend on the
// rack: which spans the anchor has (up to the rack size in empty squares,
// each admitting some letter), and for each span its empty squares, their
// coefficients sorted (letter premium times word multiplier plus
// cross-word premium), its word multiplier, its play-through and
// cross-word points, its play-through letters. What the rack changes is
// only which of those spans it can fill (its size, and whether each empty
// square admits one of its letters) and the best value that fits each
// square with a cross-word (spanCoef.restricted). A simulation goes over
// the same anchors on the same lanes again and again: on its benchmark
// position 91 % of the anchors shadow went over had been gone over before
// on a lane with the same key (Board.laneKey).
//
// So the generator keeps, per anchor of a lane version, the table of its
// spans (anchorTab, spans in a ring of tabSpan records), built by
// buildTab with the rack size and every letter the second time the
// anchor is met (once the generator has done tablesAfter bounded
// generations); shadowTable then goes over the table with the rack: it
// drops the spans the rack cannot fill, completes each span's bound with
// the rack's values and fits, and keeps the spans as shadow keeps them,
// in the same order, with the same bounds. Shadow works an anchor out as
// before when a coefficient exceeds 255 (a layout with premiums far above
// the usual ones), a rack tile's value exceeds 63 (packedDot), or the rack
// holds more tiles than the rules' rack size (SetRack allows it).

// tablesAfter is the number of bounded generations (StartBounded) a
// generator does before shadow uses anchor tables. A simulation does
// thousands a second on the same lanes; a game of static self-play,
// whose states are new each game, some dozens on lanes that change every
// move, for which the tables and their ring (1.1 MiB a generator) cost
// more than they save: 2.28 MB allocated a game against 0.64 MB, and
// about 10 % fewer games a second, with tables from the first move.
// The package's tests set it to 0, to check the tables everywhere.
var tablesAfter = 256

// anchorTabSize is the number of anchor tables a generator keeps
// (direct-mapped by key; 48 bytes each: 192 KiB).
const anchorTabSize = 1 << 12

// tabSlabSize is the number of span records of the ring the tables' spans
// are kept in (72 bytes each: 1,152 KiB); a table whose spans were written
// over is built again. On the simulation benchmark, against 2^13, 2^15 and
// 4 times the tables: 6.27, 6.07 and 6.01 M instructions an iteration
// (6.12 M with these sizes; 6.49 M without tables), and about 10 % more
// first-level cache misses than without tables (callgrind's cache
// simulation), with no more last-level ones.
const tabSlabSize = 1 << 14

// maxTabSpans bounds the spans of one anchor: at most MaxRack+1 starts
// (the run and the empty squares left of it) by MaxDim ends.
const maxTabSpans = (MaxRack + 1) * MaxDim

// anchorTab is the table of one anchor: its key (lane key, direction,
// lane and square), its spans (slab positions start to start+n, absolute:
// they are intact while the ring's head is at most start+tabSlabSize),
// the first square of the anchor's run (-1: the anchor is an empty
// square), and the letters that extend the run to the left and to the
// right (extensions; all ones for an empty anchor); ok: the table is
// built; seen: the anchor was met with this key; none: its table cannot
// be built (a coefficient above maxPackedCoef), so shadow works the
// anchor out without trying again until the key changes.
type anchorTab struct {
	key, start     uint64
	lext, rext     uint64
	restr          uint32 // the squares some span limits (tabSpan.restr)
	empty          uint32 // the squares some span leaves empty (tabSpan.empty)
	n              int16
	run            int8
	ok, seen, none bool
}

// tabSpan is one span lo..hi of an anchor table: the wordSet sum of its
// play-through letters (psum), its points that do not depend on the tiles
// played but for a bingo (base: word multiplier times play-through points
// plus cross-word points), its empty squares and those among them whose
// letters are limited (restr: by a cross-word, or by the run next to it),
// as lane position bits, the coefficients of its empty squares (all) and
// of those not limited (free), highest first (packed), its word multiplier w, its
// empty squares kk, of which nf free, its play-through tiles npt, the
// letter of the one play-through tile when npt is 1, and whether the
// square after the anchor's run takes only the run's right extensions
// (rext: a span that starts at the run).
type tabSpan struct {
	psum       uint64
	base       int32
	empty      uint32
	restr      uint32
	all, free  packed
	w          uint16
	lo, hi, kk uint8
	nf, npt    uint8
	lpt        lexicon.Tile
	rext       bool
}

// anchorTable returns the table of anchor p of lane k of direction d
// (loaded in l), building it when the generator has none for the lane's
// key; nil when it cannot be built.
func (g *generator) anchorTable(l *laneData, d Direction, k, p int) *anchorTab {
	b := g.s.board
	if g.tabs == nil || g.tabLex != g.s.lex || g.tabRules != g.s.rules || g.tabPrem != &b.prem[0] ||
		g.tabStart != b.start || g.tabAll != b.all || g.tabWS != g.bounded.ws {
		if g.tabs == nil {
			g.tabs = make([]anchorTab, anchorTabSize)
		} else {
			clear(g.tabs)
		}
		g.tabLex, g.tabRules, g.tabPrem, g.tabStart, g.tabAll, g.tabWS = g.s.lex, g.s.rules, &b.prem[0], b.start, b.all, g.bounded.ws
	}
	key := b.laneKey[d][k]
	if b.tiles == 0 {
		key ^= emptyBoardKey
	}
	key = mixKey(key ^ mixKey(uint64(d)<<16|uint64(k)<<8|uint64(p)|0x7e<<56))
	t := &g.tabs[key&(anchorTabSize-1)]
	if t.ok && t.key == key && g.slabHead <= t.start+tabSlabSize {
		if g.slabHead > t.start+tabSlabSize/2 {
			// Past half the ring: copied to the head, so that the
			// records of the spans a move puts on its heap are never
			// near being written over by the tables the move builds
			// (see buildTab).
			if head, ok := g.slabReserve(); ok {
				copy(g.slab[head%tabSlabSize:][:t.n], g.slab[t.start%tabSlabSize:][:t.n])
				t.start, g.slabHead = head, head+uint64(t.n)
			}
		}
		return t
	}
	if t.key != key || !t.seen {
		// Not met since the lane last changed: a table pays only for an
		// anchor met again (static self-play, which seldom meets one
		// twice, would build tables for nothing), so it is built the
		// next time.
		t.key, t.seen, t.ok, t.none = key, true, false, false
		return nil
	}
	if t.none {
		return nil
	}
	if g.slab == nil {
		g.slab = make([]tabSpan, tabSlabSize)
	}
	t.ok = g.buildTab(t, l, p)
	if !t.ok {
		return nil
	}
	return t
}

// buildTab fills t with the spans of anchor p of lane l, in shadow's
// order (starts from the anchor leftwards, ends from the nearest), for a
// rack of the rules' size holding every letter; false when a coefficient
// exceeds 255 (t.none is then set), or when the ring could write over the
// records of spans on the heap. A span whose anchor run has more letters
// around it than any word (runFits) is left out. The ring's head moves
// past every record written, also by a build that fails: a table is
// intact only while the head has not come round to its first record
// (anchorTable), so a record written at the head must never be left
// behind it.
func (g *generator) buildTab(t *anchorTab, l *laneData, p int) bool {
	n := g.rackSize
	head, ok := g.slabReserve()
	if !ok {
		return false
	}
	g.slabHead = head
	t.start, t.n = g.slabHead, 0
	out := g.slab[g.slabHead%tabSlabSize:][:maxTabSpans]
	run := -1 // the anchor's run starts at run (-1: none)
	t.lext, t.rext = ^uint64(0), ^uint64(0)
	var runEnt *extEntry
	var runKey uint64
	if l.tiles[p] != 0 {
		run = p
		for run > 0 && l.tiles[run-1] != 0 {
			run--
		}
		if t.lext, t.rext, runEnt = g.extensions(l, run, p); runEnt != nil {
			runKey = runEnt.key
		}
		if g.off&cacheRunFits != 0 {
			runEnt = nil
		}
	}
	// The ends right of the anchor, as rightEnds (square p+1 limited to
	// rext for the spans that start at the run).
	var ends, endsRun [MaxDim]tabPart
	ne := g.tabEnds(l, p, n, -1, ^uint64(0), &ends)
	ner := 0
	if run >= 0 {
		ner = g.tabEnds(l, p, n, p+1, t.rext, &endsRun)
	}
	ns := 0
	left := tabPart{w: 1}
	for lo := p; lo >= 0; lo-- {
		if !g.tabSquare(&left, l, lo, n, run-1, t.lext) {
			break
		}
		if lo == 0 || l.tiles[lo-1] == 0 {
			es := ends[:ne]
			if lo == run {
				es = endsRun[:ner]
			}
			for ei := range es {
				e := &es[ei]
				hi, kk := e.hi, left.kk+e.kk
				if kk > n {
					break
				}
				if kk == 0 || lo == hi {
					continue
				}
				if runEnt != nil && run-lo < 8 && hi-p < 8 && !g.runFits(runEnt, runKey, run-lo, hi-p) {
					continue // no word has the anchor's run with as many letters around it
				}
				if !tabSpanOf(&out[ns], l, &left, e, lo, lo == run) {
					// out[:ns+1] are written over: the tables whose
					// records they were must be seen as overwritten.
					g.slabHead += uint64(ns + 1)
					t.none = true
					return false
				}
				ns++
			}
		}
		if lo == 0 || l.anchor[lo-1] {
			break
		}
	}
	t.run, t.n, t.restr, t.empty = int8(run), int16(ns), 0, 0
	for i := range ns {
		t.restr |= out[i].restr
		t.empty |= out[i].empty
	}
	g.slabHead += uint64(ns)
	return true
}

// slabReserve returns where the next table's spans go in the ring: the
// head, or the start of the ring's array when they would not fit before
// its end (a table's spans are kept in one piece). It returns false when
// they could write over the records of spans on the heap (bs.tabLow):
// shadow then works the anchor out without a table (never met: tables
// are copied to the head once half the ring is past them, and a move
// writes a few hundred records at most).
func (g *generator) slabReserve() (uint64, bool) {
	head := g.slabHead
	if head%tabSlabSize+maxTabSpans > tabSlabSize {
		head += tabSlabSize - head%tabSlabSize
	}
	low := g.bounded.tabLow // math.MaxUint64: no span on the heap from a table
	return head, low > head || head+maxTabSpans-low <= tabSlabSize
}

// tabPart sums up the squares of one side of a span (for an end, the
// squares right of the anchor up to hi): the product of their word
// premiums w, their play-through points pt and tiles npt (lpt: the letter
// of the last one, psum: the wordSet sum of their letters), their
// cross-word points x, and their empty squares kk, as lane position bits
// (empty) and among them those whose letters are limited (restr).
type tabPart struct {
	hi, kk, w, pt, x, npt int
	lpt                   lexicon.Tile
	psum                  uint64
	empty, restr          uint32
}

// tabSquare adds square q of lane l to side s, for a rack of n tiles of
// every letter; limited is the square whose letters are only ext (-1:
// none). It returns false when no span goes over the square: an empty
// square with n empty squares in s already, or that admits no letter.
func (g *generator) tabSquare(s *tabPart, l *laneData, q, n, limited int, ext uint64) bool {
	if t := l.tiles[q]; t != 0 {
		s.pt += g.s.board.value(t)
		s.npt++
		s.lpt = t.Letter()
		s.psum += g.bounded.ws.code[s.lpt&63]
		return true
	}
	x := g.s.board.all
	if q == limited {
		x = ext
	}
	if s.kk == n || l.cross[q]&x == 0 {
		return false
	}
	wm := int(l.wm[q])
	s.w *= wm
	s.empty |= 1 << q
	if l.hasX[q] {
		s.x += int(l.xs[q]) * wm
		s.restr |= 1 << q
	} else if q == limited {
		s.restr |= 1 << q
	}
	s.kk++
	return true
}

// tabEnds lists in ends the ends of the spans right of anchor p of lane l
// for a rack of n tiles of every letter, nearest first, as rightEnds: each
// with the squares from p+1 to its last one. Square limited takes only
// the letters ext (p+1 for the spans that start at the anchor's run: the
// letters that follow the run; -1: none). It returns the number of ends.
func (g *generator) tabEnds(l *laneData, p, n, limited int, ext uint64, ends *[MaxDim]tabPart) int {
	ne := 0
	e := tabPart{w: 1}
	for q := p + 1; ; q++ {
		if q == l.n || l.tiles[q] == 0 {
			e.hi = q - 1
			ends[ne] = e
			ne++
		}
		if q == l.n || !g.tabSquare(&e, l, q, n, limited, ext) {
			break
		}
	}
	return ne
}

// tabSpanOf fills s with the span of left side left (from lo to the
// anchor) and end e; run: it starts at the anchor's run. It returns false
// when a coefficient exceeds 255.
func tabSpanOf(s *tabSpan, l *laneData, left, e *tabPart, lo int, run bool) bool {
	w := left.w * e.w
	if w > 0xffff {
		return false
	}
	*s = tabSpan{
		psum: left.psum + e.psum, base: int32(w*(left.pt+e.pt) + left.x + e.x),
		empty: left.empty | e.empty, restr: left.restr | e.restr, w: uint16(w),
		lo: uint8(lo), hi: uint8(e.hi), npt: uint8(left.npt + e.npt), lpt: left.lpt | e.lpt, rext: run,
	}
	var all, free [MaxRack]int
	for m := s.empty; m != 0; m &= m - 1 {
		q := bits.TrailingZeros32(m)
		c := tabCoef(l, q, w)
		if c > maxPackedCoef {
			return false
		}
		// Insertion sort, highest first: at most MaxRack squares.
		j := int(s.kk)
		for ; j > 0 && all[j-1] < c; j-- {
			all[j] = all[j-1]
		}
		all[j] = c
		s.kk++
		if s.restr>>q&1 == 0 {
			j := int(s.nf)
			for ; j > 0 && free[j-1] < c; j-- {
				free[j] = free[j-1]
			}
			free[j] = c
			s.nf++
		}
	}
	s.all, s.free = packCoefs(&all), packCoefs(&free)
	return true
}

// nonZero returns 1 when x is not 0, else 0, with no branch.
func nonZero(x uint64) uint64 { return (x | -x) >> 63 }

// packed holds 8 small numbers (coefficients at most maxPackedCoef, or
// tile values below maxPackedValue), 16 bits each, 4 to a word: so that
// one multiplication of two words adds up the products of 4 pairs
// (packedDot), as a SIMD dot product would.
type packed [2]uint64

// maxPackedCoef and maxPackedValue bound the numbers packedDot multiplies:
// 4·255·63 < 2^16, so that no sum of products overflows its 16 bits.
const (
	maxPackedCoef  = 255
	maxPackedValue = 63
)

// packCoefs packs c, c[i] in bits 16·(i mod 4) of word i/4.
func packCoefs(c *[MaxRack]int) packed {
	_ = [1]int{}[MaxRack-8] // 8 numbers, 4 to a word
	return packed{
		uint64(c[0]) | uint64(c[1])<<16 | uint64(c[2])<<32 | uint64(c[3])<<48,
		uint64(c[4]) | uint64(c[5])<<16 | uint64(c[6])<<32 | uint64(c[7])<<48,
	}
}

// packValues packs v in the reverse order of packCoefs within each word
// (v[i] in bits 16·(3 - i mod 4)), for packedDot.
func packValues(v *[MaxRack]int) packed {
	return packed{
		uint64(v[3]) | uint64(v[2])<<16 | uint64(v[1])<<32 | uint64(v[0])<<48,
		uint64(v[7]) | uint64(v[6])<<16 | uint64(v[5])<<32 | uint64(v[4])<<48,
	}
}

// packedDot returns Σ c[i]·v[i] for c packed by packCoefs and v by
// packValues: in the product of two words, bits 48 to 63 hold the sum of
// the products of the pairs in the same place (the lower bits hold sums
// of fewer products, which never carry into them; the higher ones fall
// off).
func packedDot(c, v *packed) int {
	return int(c[0]*v[0]>>48 + c[1]*v[1]>>48)
}

// tabCoef returns the coefficient of empty square q of lane l in a span
// of word multiplier w: its letter premium times w plus the word premium
// of its cross-word (as spanCoef).
func tabCoef(l *laneData, q, w int) int {
	xw := 0
	if l.hasX[q] {
		xw = int(l.wm[q])
	}
	return int(l.lm[q]) * (w + xw)
}

// shadowTable is shadow for an anchor p of lane l with table t: it keeps
// the spans of t the rack can fill, with the same bounds and in the same
// order as shadow would.
func (g *generator) shadowTable(l *laneData, p int, fill uint64, threshold int64, t *anchorTab) {
	n := g.rack.n
	bs := &g.bounded
	spans := g.slab[t.start%tabSlabSize:][:t.n]
	run := int(t.run)
	bs.tabLow = min(bs.tabLow, t.start) // the heap's spans will point into spans
	// The empty squares where some letter of the rack fits: ok, and okRun
	// for the spans that start at the run (square p+1 limited to rext).
	// Over the squares some span leaves empty (t.empty), with no branch
	// on each.
	var ok uint32
	for m := t.empty; m != 0; m &= m - 1 {
		q := bits.TrailingZeros32(m)
		ok |= uint32(nonZero(l.cross[q]&fill)) << q
	}
	if run >= 1 {
		q := run - 1
		ok = ok&^(1<<q) | uint32(nonZero(l.cross[q]&t.lext&fill))<<q
	}
	okRun := ok
	if run >= 0 && p+1 < l.n {
		okRun = ok&^(1<<(p+1)) | uint32(nonZero(l.cross[p+1]&t.rext&fill))<<(p+1)
	}
	nearOn, near := bs.nearOn, uint32(0)
	if nearOn {
		near = bs.near[g.d][g.lane]
	}
	// The best rack value fitting each limited square of the spans
	// (fitsRun: with square p+1 limited to rext, for the spans that start
	// at the run).
	var fits, fitsRun [MaxDim]int16
	for r := t.restr; r != 0; r &= r - 1 {
		q := bits.TrailingZeros32(r)
		x := ^uint64(0)
		if q == run-1 {
			x = t.lext
		}
		fits[q] = int16(g.square(l, q, x).fit)
	}
	if run >= 0 && p+1 < l.n {
		fitsRun = fits
		fitsRun[p+1] = int16(g.square(l, p+1, t.rext).fit)
	}
	for i := range spans {
		s := &spans[i]
		kk := int(s.kk)
		if kk > n {
			continue
		}
		m := ok
		if s.rext {
			m = okRun
		}
		if s.empty&^m != 0 || nearOn && near&spanBits(int(s.lo), int(s.hi)) == 0 {
			continue
		}
		bingo := 0
		if kk == g.rackSize {
			switch {
			case s.npt == 0 && !bs.seven:
				continue
			case s.npt == 1 && bs.eight&(1<<s.lpt) == 0:
				continue
			}
			bingo = g.bingo
		}
		if s.npt == 0 && !bs.wordK[kk] {
			continue // no kk tiles of the rack make a word
		}
		w := int(s.w)
		f := &fits
		if s.rext {
			f = &fitsRun
		}
		restricted := 0
		for r := s.restr; r != 0; r &= r - 1 {
			q := bits.TrailingZeros32(r)
			restricted += tabCoef(l, q, w) * int(f[q])
		}
		base := int(s.base) + bingo
		dec := 1000*int64(base+s.score(&bs.packedVals, restricted)) + bs.leaveK[kk]
		if dec < threshold {
			continue
		}
		var sp *spanRec
		if bs.bestFirst {
			i := len(bs.spans)
			if i == cap(bs.spans) {
				bs.spans = append(bs.spans, spanRec{})
			}
			bs.spans = bs.spans[:i+1]
			sp = &bs.spans[i]
		} else {
			sp = &bs.local
		}
		sp.ts, sp.c.restricted = s, restricted
		sp.base, sp.psum, sp.kk = base, s.psum, kk
		sp.d, sp.lane, sp.lo, sp.hi = g.d, uint8(g.lane), s.lo, s.hi
		if bs.bestFirst {
			bs.push(dec, len(bs.spans)-1)
			continue
		}
		threshold = g.splitSpan(l, sp, dec, threshold)
	}
}

// score is spanCoef.score for span s with the limited squares' part
// restricted: the lower of the values vals (highest first, packed by
// packValues) paired with all the coefficients, and restricted plus them
// paired with the free ones.
func (s *tabSpan) score(vals *packed, restricted int) int {
	b1 := packedDot(&s.all, vals)
	if s.nf == s.kk {
		return b1
	}
	return min(b1, restricted+packedDot(&s.free, vals))
}
