package crossword

import (
	"math/bits"

	"wordengine/lexicon"
)

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
		if g.off&cacheExtMemo != 0 {
			e = &g.extNoMemo // filled below every time
			e.key = 0
		}
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
	if g.off&cacheRuns == 0 {
		if e, ok := ws.ext.Load(string(key[:p-lo+1])); ok {
			return e.(*runInfo)
		}
	}
	r := &runInfo{}
	r.left, r.right = g.runExtensions(l, lo, p)
	r.node, r.last, r.dead = g.walkRun(l, lo, p)
	if g.off&cacheRuns != 0 {
		return r
	}
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
	if g.off&cacheTabs == 0 && g.bounded.packable && g.rack.n <= g.rackSize && g.bounds > tablesAfter && len(g.s.board.prem) > 0 {
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
		if g.off&cacheRunFits != 0 {
			runEnt = nil
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
