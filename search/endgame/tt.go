package endgame

import (
	"sync/atomic"

	"wordengine/game"
)

// The transposition table: a flat array of buckets of two entries, each
// entry four 64-bit words read and written atomically, so that the
// threads of a search share it without locks (the race detector sees no
// race). An entry's first word is the position key XOR the three others
// (Hyatt and Mann's lockless hashing, 2002): a torn entry, half written by
// another thread, fails the check and reads as absent.
//
// The data word packs:
//
//	bits  0-15  value (int16, points, relative to the position)
//	bits 16-23  depth (plies searched below the position)
//	bits 24-25  bound: 1 lower, 2 upper, 3 exact
//	bit     26  solved: the bound holds at every depth from this one on
//	bits 32-39  generation of the solve that wrote it
//
// Slot 0 of a bucket keeps the deeper entry, slot 1 the most recent one.
type table struct {
	buckets []bucket
	mask    uint64
	gen     uint64
}

type bucket struct {
	e [2]ttEntry
}

type ttEntry struct {
	check, a, b, data atomic.Uint64
}

// Bound kinds of an entry.
const (
	boundLower = 1
	boundUpper = 2
	boundExact = 3
)

// bucketBytes is the size of a bucket: 64 bytes, one cache line.
const bucketBytes = 64

// newTable returns a table of at most mb megabytes (at least one bucket).
func newTable(mb int) *table {
	n := uint64(1)
	for n*2*bucketBytes <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{buckets: make([]bucket, n), mask: n - 1, gen: 1}
}

// bytes returns the table's size in bytes.
func (t *table) bytes() int { return len(t.buckets) * bucketBytes }

// newGeneration makes every entry written before look absent, in constant
// time but every 255 calls.
func (t *table) newGeneration() {
	t.gen++
	if t.gen > 255 {
		for i := range t.buckets {
			for j := range t.buckets[i].e {
				e := &t.buckets[i].e[j]
				e.check.Store(0)
				e.a.Store(0)
				e.b.Store(0)
				e.data.Store(0)
			}
		}
		t.gen = 1
	}
}

// ttHit is what a probe finds.
type ttHit struct {
	move   game.Move
	value  int32
	depth  int
	bound  int
	solved bool
}

// usable reports whether the hit's bound holds for a search depth plies
// deep: it was searched exactly that deep, or it is solved (every line
// ended) at that depth or less. Entries searched deeper are not used, so
// that the value of a fixed depth is the same whatever the table held.
func (h *ttHit) usable(depth int) bool {
	return h.depth == depth || h.solved && h.depth <= depth
}

// probe looks key up.
func (t *table) probe(key uint64) (ttHit, bool) {
	b := &t.buckets[key&t.mask]
	for j := range b.e {
		e := &b.e[j]
		a, bb, d := e.a.Load(), e.b.Load(), e.data.Load()
		if e.check.Load()^a^bb^d != key || d>>32&0xff != t.gen {
			continue
		}
		return ttHit{
			move:   game.Move{A: a, B: bb},
			value:  int32(int16(d)),
			depth:  int(d >> 16 & 0xff),
			bound:  int(d >> 24 & 3),
			solved: d>>26&1 != 0,
		}, true
	}
	return ttHit{}, false
}

// store writes the result of a search of key.
func (t *table) store(key uint64, m game.Move, value int32, depth, bound int, solved bool) {
	value = max(min(value, 32767), -32768)
	d := uint64(uint16(int16(value))) | uint64(depth&0xff)<<16 | uint64(bound)<<24 | t.gen<<32
	if solved {
		d |= 1 << 26
	}
	b := &t.buckets[key&t.mask]
	slot := 1
	e0 := &b.e[0]
	a0, b0, d0 := e0.a.Load(), e0.b.Load(), e0.data.Load()
	switch {
	case e0.check.Load()^a0^b0^d0 == key, d0>>32&0xff != t.gen, int(d0>>16&0xff) <= depth:
		slot = 0
	}
	e := &b.e[slot]
	e.a.Store(m.A)
	e.b.Store(m.B)
	e.data.Store(d)
	e.check.Store(key ^ m.A ^ m.B ^ d)
}
