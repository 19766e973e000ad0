package crossword

// The word-test cache of splitSpan. The splits of a rack (splitSet) do
// not change while the rack and leave terms stay, so which splits of k
// tiles pass the word test (wordSet.mayWord of the split's letters plus a
// span's play-through letters) depends only on the play-through letters'
// sum psum and on k: it is the same for every span with those letters
// and as many empty squares (the spans through no tile of every anchor,
// and the spans of the opponent's rack, the same for every candidate of
// a simulation iteration, on boards that differ by one play). splitSpan
// keeps the answers, as a bit per split (the first 64 splits, in
// splitsK order, down to where the leave terms stopped it), in a small
// direct-mapped table, and then goes over only the splits that pass
// (on the simulation benchmark, none for about half the spans taken
// from the heap). Each splitSet has its own table, emptied (by moving to
// a new generation, mayCache.gen) when the set is filled for another
// rack. On the simulation benchmark about a fifth of the spans find
// their entry; the gain is mostly in going over the passing splits by
// their bits, which needs no check of the undominated splits first.

// mayCacheBits is the log2 of the number of entries of the word-test
// cache: 256 entries of 24 bytes (6 KiB); 1024 found the simulation
// benchmark's instructions no lower.
const mayCacheBits = 8

// mayEntry is one entry of the word-test cache: the play-through sum psum
// and number k of tiles played it answers for, the generation gen it was
// filled in (mayCache.gen; 0: never), how many splits of k tiles it has
// tested (known; the first ones in splitsK order) and, bit i, whether
// split i of them passed (mask).
type mayEntry struct {
	psum  uint64
	mask  uint64
	gen   uint32
	k     uint8
	known uint8
}

// mayCache is the word-test cache: its entries, and the current
// generation (bumped when its splitSet is filled: an entry of another
// generation is empty).
type mayCache struct {
	entries [1 << mayCacheBits]mayEntry
	gen     uint32
	off     bool // every entry is empty (tests: cacheMay)
}

// reset empties the cache, in constant time but every 2^32-1 calls.
func (mc *mayCache) reset() {
	mc.gen++
	if mc.gen == 0 { // wrapped: old entries could look current
		clear(mc.entries[:])
		mc.gen = 1
	}
}

// entry returns the cache entry for play-through sum psum and k tiles
// played, emptied first when it held another key.
func (mc *mayCache) entry(psum uint64, k int) *mayEntry {
	h := (psum + uint64(k)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	e := &mc.entries[h>>(64-mayCacheBits)]
	if e.gen != mc.gen || e.psum != psum || e.k != uint8(k) || mc.off {
		*e = mayEntry{psum: psum, gen: mc.gen, k: uint8(k)}
	}
	return e
}
