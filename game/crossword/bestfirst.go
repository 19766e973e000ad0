package crossword

import (
	"math"
	"math/bits"

	"wordengine/game"
)

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
