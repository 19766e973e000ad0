package eval

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strings"

	"golang.org/x/text/unicode/norm"

	"wordengine/lexicon"
)

// MaxLeave is the longest leave a table lists: a rack of 7 keeps at most
// 6 tiles after a play or an exchange. Longer leaves (a pass keeps the
// whole rack) are valued by the table's prior model alone.
const MaxLeave = 6

// maxKeyTiles is the longest multiset a key packs (a 7-tile pass leave).
const maxKeyTiles = 8

// denseMaxTypes is the largest number of tile types (letters plus the
// blank) for which a table is held as one dense array indexed by the rank
// of the multiset: 32 types give 3.4 million leaves of 1 to 6 tiles, 13 MB.
// English (27 types) needs 1,107,567 entries, 4.4 MB.
const denseMaxTypes = 32

// Leaves is a table of leave values: the equity, in milli-points, of the
// tiles a player keeps on the rack after a move, for every leave of 1 to
// MaxLeave tiles. The table lists the leaves it was trained on; any other
// leave gets the value of its prior, a linear model stored with the table,
// bounded by the listed leaves of its size (see the package documentation).
//
// Value looks a leave up without allocating. A Leaves is immutable once
// built and safe for concurrent use.
type Leaves struct {
	game    string
	trained string
	alpha   *lexicon.Alphabet
	types   int   // tile types: blank (type 0) and letters 1..Size
	points  []int // points by type (blank first); nil when the file gave none
	vowel   []bool
	prior   prior

	// keys (sorted ascending, see leaveKey) and vals are the listed leaves.
	keys []uint64
	vals []int32
	// lo[k] and hi[k] are the least and greatest values of the listed
	// leaves of k tiles (bounds[k] false when none is listed): the range
	// a prior value of a leave of k tiles is clamped to, for k up to
	// MaxLeave; longer leaves use MaxLeave's.
	lo, hi [MaxLeave + 1]int64
	bounds [MaxLeave + 1]bool

	// dense holds the value of every multiset of 1 to MaxLeave tiles by
	// rank (listed value or prior) when types <= denseMaxTypes.
	dense []int32
	// binom[n][k] = C(n, k) and base[k] = the rank of the first multiset
	// of k tiles, for the dense index.
	binom [][MaxLeave + 1]uint32
	base  [MaxLeave + 2]uint32
}

// prior is the linear model for leaves the table does not list, in
// milli-points:
//
//	value = intercept + Σ_t count[t]·n_t + Σ_t dup[t]·max(0, n_t−1) + balance·(v−c)²
//
// where n_t is the number of tiles of type t in the leave, v the number of
// vowels and c the number of consonants (the blank is neither).
type prior struct {
	intercept int64
	balance   int64
	count     []int64 // by type, blank first
	dup       []int64
}

// newLeaves returns an empty table for game over alphabet a, prior all
// zero.
func newLeaves(game string, a *lexicon.Alphabet) *Leaves {
	n := a.Size() + 1
	l := &Leaves{game: game, alpha: a, types: n, vowel: make([]bool, n)}
	l.prior.count = make([]int64, n)
	l.prior.dup = make([]int64, n)
	for i, s := range a.Letters() {
		l.vowel[i+1] = isVowel(s)
	}
	return l
}

// isVowel reports whether letter text s is a vowel: its first character,
// without accents, is A, E, I, O or U (Y counts as a consonant).
func isVowel(s string) bool {
	d := norm.NFD.String(s)
	return d != "" && strings.IndexByte("AEIOU", d[0]) >= 0
}

// Game returns the name of the game the table was trained for.
func (l *Leaves) Game() string { return l.game }

// Trained returns the table's note on how it was made (command, games,
// samples), as written in its file.
func (l *Leaves) Trained() string { return l.trained }

// Alphabet returns the alphabet of the table's tiles.
func (l *Leaves) Alphabet() *lexicon.Alphabet { return l.alpha }

// Len returns the number of leaves the table lists (the others get the
// prior).
func (l *Leaves) Len() int { return len(l.keys) }

// Fits reports whether the table's letters are those of alphabet a, in
// the same order, so that its tile codes mean the same letters.
func (l *Leaves) Fits(a *lexicon.Alphabet) bool {
	return a != nil && slices.Equal(l.alpha.Letters(), a.Letters())
}

// Points returns the points of tile t (a blank counts as the blank) as
// the table's file gives them, and false when the file gives none or t is
// not a tile of the alphabet.
func (l *Leaves) Points(t lexicon.Tile) (int, bool) {
	i, ok := l.typeOf(t)
	if !ok || l.points == nil {
		return 0, false
	}
	return l.points[i], true
}

// typeOf returns the type index of tile t: 0 for any blank, its letter
// code otherwise.
func (l *Leaves) typeOf(t lexicon.Tile) (int, bool) {
	if t.IsBlank() {
		return 0, true
	}
	if t == 0 || int(t) >= l.types {
		return 0, false
	}
	return int(t), true
}

// Value returns the value in milli-points of keeping leave, an unsorted
// multiset of tiles of the table's alphabet (blanks as lexicon.Blank; a
// designated blank counts as a blank). The empty leave is worth 0; a leave
// of more than MaxLeave tiles gets the prior, bounded as those of MaxLeave
// tiles are. It does not allocate. It
// panics on a tile outside the alphabet (a programmer error: the caller
// checks Fits).
func (l *Leaves) Value(leave []lexicon.Tile) int64 {
	n := len(leave)
	if n == 0 {
		return 0
	}
	if n > MaxLeave {
		return l.boundedPrior(leave)
	}
	var ts [MaxLeave]uint8
	for i, t := range leave {
		ti := uint8(t)
		if t.IsBlank() {
			ti = 0
		} else if int(t) >= l.types || t == 0 {
			panic(fmt.Sprintf("eval: tile %d is not in the %d letters of leave table %s", t, l.types-1, l.game))
		}
		// Insertion sort: leaves are short and often sorted already.
		j := i
		for ; j > 0 && ts[j-1] > ti; j-- {
			ts[j] = ts[j-1]
		}
		ts[j] = ti
	}
	if l.dense != nil {
		return int64(l.dense[l.rank(ts[:n])])
	}
	var key uint64
	for _, t := range ts[:n] {
		key = key<<8 | uint64(t+1)
	}
	if i, ok := slices.BinarySearch(l.keys, key); ok {
		return int64(l.vals[i])
	}
	return l.boundedPrior(leave)
}

// subsetValues appends Value of every sub-multiset of rack (at most 10
// tiles), the one for mask m at index m (bit i keeps rack[i]), as
// Static.LeaveTerms lists them, and returns true; it returns dst and
// false, changing nothing, when the table is not dense or a tile is
// outside its alphabet (Value then panics with the reason). It sorts the
// rack's type indices once and goes over the subsets as masks of that
// sorted order, each the one without its last tile plus that tile, so
// that rank's sum grows by one term a subset (about 15 instructions a
// subset, against 300 ranking each from scratch). It does not allocate
// once dst and scratch (for the subsets that get the prior) have room.
func (l *Leaves) subsetValues(rack []lexicon.Tile, dst []int64, scratch []lexicon.Tile) ([]int64, bool) {
	n := len(rack)
	if l.dense == nil || n > 10 {
		return dst, false
	}
	var ty [10]uint8
	var perm [10]int // rack indices by type index
	for i, t := range rack {
		ti := uint8(t)
		if t.IsBlank() {
			ti = 0
		} else if int(t) >= l.types || t == 0 {
			return dst, false
		}
		ty[i] = ti
		j := i
		for ; j > 0 && ty[perm[j-1]] > ti; j-- {
			perm[j] = perm[j-1]
		}
		perm[j] = i
	}
	start := len(dst)
	dst = slices.Grow(dst, 1<<n)[:start+1<<n]
	out := dst[start:]
	// For a mask pm of sorted positions: sum, rank's sum over its tiles
	// (without base), and rm, the same tiles as a mask of rack indices.
	var sum [1 << 10]uint32
	var rm [1 << 10]uint16
	out[0] = 0
	for pm := 1; pm < 1<<n; pm++ {
		h := bits.Len(uint(pm)) - 1 // the last tile in sorted order
		prev := pm &^ (1 << h)
		k := bits.OnesCount(uint(pm))
		rm[pm] = rm[prev] | 1<<perm[h]
		if k > MaxLeave { // the prior, as Value
			sub := scratch[:0]
			for i, t := range rack {
				if rm[pm]>>i&1 != 0 {
					sub = append(sub, t)
				}
			}
			out[rm[pm]] = l.boundedPrior(sub)
			continue
		}
		sum[pm] = sum[prev] + l.binom[int(ty[perm[h]])+k-1][k]
		out[rm[pm]] = int64(l.dense[l.base[k]+sum[pm]])
	}
	return dst, true
}

// rank returns the dense index of the sorted multiset ts of type indices:
// the number of multisets of fewer tiles, plus the rank of ts among the
// multisets of its size in the combinatorial number system (Knuth, TAOCP
// 7.2.1.3): d_i = ts[i] + i is strictly increasing and the rank is
// Σ C(d_i, i+1).
func (l *Leaves) rank(ts []uint8) uint32 {
	r := l.base[len(ts)]
	for i, t := range ts {
		r += l.binom[int(t)+i][i+1]
	}
	return r
}

// boundedPrior returns the value of a leave the table does not list: the
// prior, clamped to the range of the listed leaves of its size (of
// MaxLeave tiles for a longer one).
func (l *Leaves) boundedPrior(leave []lexicon.Tile) int64 {
	return l.bound(len(leave), l.priorOf(leave))
}

// bound clamps v, a prior value of a leave of n tiles, to the range of
// the listed leaves of n tiles (MaxLeave for more), when any is listed.
func (l *Leaves) bound(n int, v int64) int64 {
	k := min(n, MaxLeave)
	if !l.bounds[k] {
		return v
	}
	return max(min(v, l.hi[k]), l.lo[k])
}

// setBounds sets lo, hi and bounds from the listed leaves.
func (l *Leaves) setBounds() {
	l.bounds = [MaxLeave + 1]bool{}
	for i, key := range l.keys {
		k, v := keyLen(key), int64(l.vals[i])
		if k > MaxLeave {
			continue
		}
		if !l.bounds[k] {
			l.lo[k], l.hi[k], l.bounds[k] = v, v, true
		}
		l.lo[k], l.hi[k] = min(l.lo[k], v), max(l.hi[k], v)
	}
}

// priorOf evaluates the prior model on an unsorted leave (unbounded: see
// boundedPrior).
func (l *Leaves) priorOf(leave []lexicon.Tile) int64 {
	counts, d, ok := l.tally(leave)
	if !ok {
		panic(fmt.Sprintf("eval: a tile of %v is not in the %d letters of leave table %s", leave, l.types-1, l.game))
	}
	v := l.prior.intercept + l.prior.balance*int64(d*d)
	for i := range l.types {
		if c := int64(counts[i]); c > 0 {
			v += c*l.prior.count[i] + (c-1)*l.prior.dup[i]
		}
	}
	return v
}

// tally counts the tiles of leave by type and returns the counts and the
// number of vowels minus the number of consonants (blanks are neither),
// the inputs of the prior model. ok is false for a tile outside the table.
func (l *Leaves) tally(leave []lexicon.Tile) (counts [lexicon.MaxLetters + 1]uint8, vowelsMinusConsonants int, ok bool) {
	ok = true
	for _, t := range leave {
		i, in := l.typeOf(t)
		if !in {
			ok = false
			continue
		}
		counts[i]++
		switch {
		case i == 0:
		case l.vowel[i]:
			vowelsMinusConsonants++
		default:
			vowelsMinusConsonants--
		}
	}
	return counts, vowelsMinusConsonants, ok
}

// leaveKey packs a leave into a key: its type indices sorted ascending,
// each plus 1, one byte each, the first in the highest byte used. Keys of
// longer leaves are larger, and keys of one length sort in alphabet order
// (blank first). ok is false for a tile outside the alphabet or a leave of
// more than maxKeyTiles tiles.
func (l *Leaves) leaveKey(leave []lexicon.Tile) (key uint64, ok bool) {
	if len(leave) > maxKeyTiles {
		return 0, false
	}
	var ts [maxKeyTiles]uint8
	for i, t := range leave {
		ti, ok := l.typeOf(t)
		if !ok {
			return 0, false
		}
		j := i
		for ; j > 0 && ts[j-1] > uint8(ti); j-- {
			ts[j] = ts[j-1]
		}
		ts[j] = uint8(ti)
	}
	for _, t := range ts[:len(leave)] {
		key = key<<8 | uint64(t+1)
	}
	return key, true
}

// keyTiles appends the tiles of key to dst (blank as lexicon.Blank), in
// key order.
func keyTiles(dst []lexicon.Tile, key uint64) []lexicon.Tile {
	var ts [maxKeyTiles]lexicon.Tile
	n := 0
	for ; key != 0; key >>= 8 {
		ts[n] = lexicon.Tile(key&0xff) - 1
		n++
	}
	for i := n - 1; i >= 0; i-- {
		t := ts[i]
		if t == 0 {
			t = lexicon.Blank
		}
		dst = append(dst, t)
	}
	return dst
}

// keyLen returns the number of tiles of key.
func keyLen(key uint64) int {
	n := 0
	for ; key != 0; key >>= 8 {
		n++
	}
	return n
}

// build makes the lookup structures from keys, vals and the prior. keys
// must be sorted and distinct.
func (l *Leaves) build() {
	l.setBounds()
	if l.types > denseMaxTypes {
		return
	}
	nmax := l.types + MaxLeave
	l.binom = make([][MaxLeave + 1]uint32, nmax)
	for n := range l.binom {
		l.binom[n][0] = 1
		for k := 1; k <= MaxLeave && k <= n; k++ {
			l.binom[n][k] = l.binom[n-1][k-1]
			if k <= n-1 {
				l.binom[n][k] += l.binom[n-1][k]
			}
		}
	}
	l.base[1] = 0
	for k := 1; k <= MaxLeave; k++ {
		l.base[k+1] = l.base[k] + l.binom[l.types+k-1][k]
	}
	l.dense = make([]int32, l.base[MaxLeave+1])
	// Fill every multiset with the prior, walking them in nondecreasing
	// order with running sums.
	var ts [MaxLeave]uint8
	var counts [denseMaxTypes]uint8
	var fill func(depth, from int, v int64, vowels, consonants int)
	fill = func(depth, from int, v int64, vowels, consonants int) {
		if depth > 0 {
			d := int64(vowels - consonants)
			l.dense[l.rank(ts[:depth])] = clamp32(l.bound(depth, v+l.prior.balance*d*d))
		}
		if depth == MaxLeave {
			return
		}
		for t := from; t < l.types; t++ {
			ts[depth] = uint8(t)
			w := v + l.prior.count[t]
			if counts[t] > 0 {
				w += l.prior.dup[t]
			}
			counts[t]++
			switch {
			case t == 0:
				fill(depth+1, t, w, vowels, consonants)
			case l.vowel[t]:
				fill(depth+1, t, w, vowels+1, consonants)
			default:
				fill(depth+1, t, w, vowels, consonants+1)
			}
			counts[t]--
		}
	}
	fill(0, 0, l.prior.intercept, 0, 0)
	var buf [MaxLeave]uint8
	for i, k := range l.keys {
		n := keyLen(k)
		for j := n - 1; j >= 0; j-- {
			buf[j] = uint8(k&0xff) - 1
			k >>= 8
		}
		l.dense[l.rank(buf[:n])] = l.vals[i]
	}
}

// clamp32 narrows v to the int32 range.
func clamp32(v int64) int32 {
	return int32(max(min(v, 1<<31-1), -1<<31))
}

// All yields the leaves the table lists, as a rack writes them ("?" a
// blank), with their values in milli-points, in file order: by length,
// then in alphabet order with the blank first.
func (l *Leaves) All() iter.Seq2[string, int64] {
	return func(yield func(string, int64) bool) {
		var buf []lexicon.Tile
		for i, k := range l.keys {
			buf = keyTiles(buf[:0], k)
			if !yield(l.alpha.Format(buf), int64(l.vals[i])) {
				return
			}
		}
	}
}
