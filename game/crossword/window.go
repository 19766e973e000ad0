package crossword

import (
	"math"

	"wordengine/lexicon"
)

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
