package wordblock

import (
	"slices"
	"sync"

	"wordengine/lexicon"
)

// dawg is a copy of a lexicon's DAWG laid out for the word finder. The
// lexicon's arc array holds the DAWG and the GADDAG together (4.8 MB for
// the default lexicon), so a walk over the DAWG alone jumps across all of
// it; here the DAWG's nodes are copied in depth-first order into an array
// of their own (1.5 MB), so that a node's first child follows it and a
// walk touches fewer cache lines. Each arc also carries the letters that
// every word through it needs after it, so the walk skips a child that
// cannot end a word with the letters left. The arc layout:
//
//	bits  0-6   the letter code
//	bit   7     word: the path ending with this arc is a word
//	bit   8     last: the last arc of its node
//	bits  9-31  the child node's index (0: no arcs)
//	bits 32-63  need: bit t-1 set when every word that continues past
//	            this arc uses letter t again (letters 1 to 32 only)
type dawg struct {
	arcs []uint64
	root uint32
}

const (
	dTileMask   = 1<<7 - 1
	dWord       = 1 << 7
	dLast       = 1 << 8
	dChildShift = 9
	dChildMask  = 1<<23 - 1
	dNeedShift  = 32
)

// letterBit returns the need bit of letter t (0 beyond letter 32: need
// is a necessary condition, so leaving a letter out is safe).
func letterBit(t lexicon.Tile) uint32 { return needBits[t&0x7f] }

var needBits = func() (b [128]uint32) {
	for t := 1; t <= 32; t++ {
		b[t] = 1 << (t - 1)
	}
	return b
}()

var dawgs sync.Map // *lexicon.Lexicon -> *dawg

// dawgOf returns the word finder's copy of lx's DAWG, built once per
// lexicon (some 20 ms for the default lexicon).
func dawgOf(lx *lexicon.Lexicon) *dawg {
	if d, ok := dawgs.Load(lx); ok {
		return d.(*dawg)
	}
	g := &lx.DAWG
	src := g.Arcs()
	type placed struct{ at, need uint32 }
	done := make(map[lexicon.Node]placed)
	out := make([]uint64, 1, 1<<16) // index 0: no node
	// place copies node n and returns its index and the letters every
	// word from n needs.
	var place func(n lexicon.Node) placed
	place = func(n lexicon.Node) placed {
		if n == 0 {
			return placed{0, ^uint32(0)}
		}
		if p, ok := done[n]; ok {
			return p
		}
		k := 1
		for !src[int(n)+k-1].Last() {
			k++
		}
		base := uint32(len(out))
		out = append(out, make([]uint64, k)...)
		need := ^uint32(0)
		for i := range k {
			a := src[int(n)+i]
			child := place(a.Child())
			after := child.need // what words going on past the arc need
			v := uint64(a.Tile()) | uint64(child.at)<<dChildShift
			if a.Word() {
				v |= dWord
			}
			if a.Last() {
				v |= dLast
			}
			if child.at != 0 {
				v |= uint64(after) << dNeedShift
			}
			out[int(base)+i] = v
			via := letterBit(a.Tile())
			if !a.Word() {
				via |= after
			}
			need &= via
		}
		p := placed{base, need}
		done[n] = p
		return p
	}
	d := &dawg{root: place(g.Root()).at}
	d.arcs = out
	if cap(out) > 2*len(out) { // a small lexicon (the long words): no spare room kept
		d.arcs = slices.Clone(out)
	}
	v, _ := dawgs.LoadOrStore(lx, d)
	return v.(*dawg)
}
