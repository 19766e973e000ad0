package lexicon

import (
	"fmt"
	"slices"
)

// MaxWordLen is the longest word, in tiles, that Build accepts.
const MaxWordLen = 63

// Build returns the lexicon of words over alphabet a, named name. Words are
// tile slices of letter codes 1..a.Size() (blank flags are ignored), in any
// order, duplicates allowed. The DAWG and the GADDAG are built minimal
// (Daciuk, Mihov, Watson & Watson 2000: incremental construction from
// sorted input; the GADDAG strings follow Gordon 1994) into one shared arc
// array. Build returns an error for an empty word, a word longer than
// MaxWordLen, a tile outside the alphabet, or an automaton too large for
// the 23-bit child index (MaxArcs).
func Build(name string, a *Alphabet, words [][]Tile) (*Lexicon, error) {
	if a == nil {
		return nil, fmt.Errorf("lexicon: Build %q: nil alphabet", name)
	}
	total := 0
	for i, w := range words {
		if len(w) == 0 || len(w) > MaxWordLen {
			return nil, fmt.Errorf("lexicon: Build %q: word %d has %d tiles: want 1 to %d", name, i, len(w), MaxWordLen)
		}
		for _, t := range w {
			if l := t.Letter(); l == 0 || int(l) > a.Size() {
				return nil, fmt.Errorf("lexicon: Build %q: word %d (%s): tile code %d outside alphabet %s (1..%d)", name, i, a.Word(w), t, a.Name(), a.Size())
			}
		}
		total += len(w)
	}

	// DAWG strings: the words themselves.
	dawg := newStrings(len(words), total)
	for _, w := range words {
		dawg.addFunc(len(w), func(dst []Tile) {
			for i, t := range w {
				dst[i] = t.Letter()
			}
		})
	}
	dawg.sort()

	// GADDAG strings: for each word of n tiles and k in 1..n,
	// reverse(w[:k]) + (k < n ? Separator + w[k:] : nothing).
	gtotal := 0
	for _, w := range words {
		n := len(w)
		gtotal += n*(n+1) - 1 // sum over k of (n + 1), minus the missing separator at k == n
	}
	gaddag := newStrings(total, gtotal)
	dawg.each(func(w []Tile) {
		n := len(w)
		for k := 1; k <= n; k++ {
			size := n + 1
			if k == n {
				size = n
			}
			gaddag.addFunc(size, func(dst []Tile) {
				for i := 0; i < k; i++ {
					dst[i] = w[k-1-i]
				}
				if k < n {
					dst[k] = Separator
					copy(dst[k+1:], w[k:])
				}
			})
		}
	})
	gaddag.sort()

	b := newBuilder(dawg.count() + gaddag.count())
	dawgRoot, nwords, err := b.add(dawg)
	if err != nil {
		return nil, fmt.Errorf("lexicon: Build %q: DAWG: %w", name, err)
	}
	gaddagRoot, _, err := b.add(gaddag)
	if err != nil {
		return nil, fmt.Errorf("lexicon: Build %q: GADDAG: %w", name, err)
	}
	arcs := slices.Clip(b.out)
	lx := &Lexicon{
		Name:     name,
		Alphabet: a,
		DAWG:     Graph{arcs: arcs, root: dawgRoot},
		GADDAG:   Graph{arcs: arcs, root: gaddagRoot},
		words:    nwords,
	}
	lx.minLen, lx.maxLen = lengthRange(&lx.DAWG)
	data := lx.encode()
	lx.checksum = checksumOf(data[:len(data)-4])
	return lx, nil
}

// lengthRange returns the shortest and longest word of g.
func lengthRange(g *Graph) (lo, hi int) {
	lo = -1
	g.Each(func(w []Tile) bool {
		if lo < 0 || len(w) < lo {
			lo = len(w)
		}
		hi = max(hi, len(w))
		return true
	})
	return max(lo, 0), hi
}

// tileStrings holds many short tile strings in one arena, each referenced
// by a packed (offset<<8 | length) uint64, so sorting moves 8-byte keys.
type tileStrings struct {
	arena []Tile
	refs  []uint64
	tmp   []uint64
}

func newStrings(n, total int) *tileStrings {
	return &tileStrings{arena: make([]Tile, 0, total), refs: make([]uint64, 0, n)}
}

func (s *tileStrings) addFunc(size int, fill func(dst []Tile)) {
	off := len(s.arena)
	s.arena = append(s.arena, make([]Tile, size)...)
	fill(s.arena[off : off+size])
	s.refs = append(s.refs, uint64(off)<<8|uint64(size))
}

func (s *tileStrings) count() int { return len(s.refs) }

func (s *tileStrings) str(r uint64) []Tile {
	off := int(r >> 8)
	return s.arena[off : off+int(r&0xff)]
}

// each calls fn with every distinct string in sorted order (after sort).
func (s *tileStrings) each(fn func([]Tile)) {
	var prev []Tile
	for i, r := range s.refs {
		w := s.str(r)
		if i > 0 && slices.Equal(w, prev) {
			continue
		}
		fn(w)
		prev = w
	}
}

// sort orders the strings lexicographically (a shorter string before its
// extensions) with an MSD radix sort over tile codes.
func (s *tileStrings) sort() {
	s.tmp = make([]uint64, len(s.refs))
	s.msd(s.refs, s.tmp, 0)
	s.tmp = nil
}

const radixCutoff = 24

// key returns the sort key of string r at depth d: 0 past its end, tile+1
// otherwise.
func (s *tileStrings) key(r uint64, d int) int {
	if d >= int(r&0xff) {
		return 0
	}
	return int(s.arena[int(r>>8)+d]) + 1
}

func (s *tileStrings) msd(refs, tmp []uint64, d int) {
	for len(refs) > 1 {
		if len(refs) <= radixCutoff {
			s.insertion(refs, d)
			return
		}
		var counts [MaxLetters + 2]int
		maxKey := 0
		for _, r := range refs {
			k := s.key(r, d)
			counts[k]++
			maxKey = max(maxKey, k)
		}
		if maxKey == 0 {
			return // every string ended here: all equal
		}
		var starts [MaxLetters + 3]int
		for k := 0; k <= maxKey; k++ {
			starts[k+1] = starts[k] + counts[k]
		}
		pos := starts
		for _, r := range refs {
			k := s.key(r, d)
			tmp[pos[k]] = r
			pos[k]++
		}
		copy(refs, tmp[:len(refs)])
		// Bucket 0 holds strings that ended: all equal, nothing to sort.
		// Recurse into every bucket but the largest, loop on the largest.
		big := 1
		for k := 1; k <= maxKey; k++ {
			if counts[k] > counts[big] {
				big = k
			}
		}
		for k := 1; k <= maxKey; k++ {
			if k != big && counts[k] > 1 {
				s.msd(refs[starts[k]:starts[k+1]], tmp, d+1)
			}
		}
		refs = refs[starts[big]:starts[big+1]]
		d++
	}
}

func (s *tileStrings) insertion(refs []uint64, d int) {
	for i := 1; i < len(refs); i++ {
		r := refs[i]
		w := s.str(r)[d:]
		j := i
		for ; j > 0 && slices.Compare(s.str(refs[j-1])[d:], w) > 0; j-- {
			refs[j] = refs[j-1]
		}
		refs[j] = r
	}
}

// builder turns sorted strings into minimal automata (Daciuk et al. 2000):
// the nodes along the last string stay open; when the next string leaves
// that path, the abandoned nodes are frozen bottom-up, each replaced by an
// identical node already in the register (a hash table over arc runs) or
// appended to the output. Children are therefore always stored before
// their parents, which Load relies on to prove a file acyclic.
type builder struct {
	out   []Arc
	table []uint32 // open addressing: node index, 0 = empty slot
	used  int
	open  [MaxWordLen + 3][]Arc // arcs of the open node at each depth (child of the last arc pending)
}

func newBuilder(hint int) *builder {
	b := &builder{out: make([]Arc, 1, hint/2+16)}
	size := 1 << 10
	for size < hint/2 {
		size <<= 1
	}
	b.table = make([]uint32, size)
	return b
}

// add builds the automaton of the sorted strings s into b.out and returns
// its root and the number of distinct strings.
func (b *builder) add(s *tileStrings) (Node, int, error) {
	var prev []Tile
	n := 0
	var err error
	s.each(func(w []Tile) {
		if err != nil {
			return
		}
		p := 0
		for p < len(prev) && p < len(w) && prev[p] == w[p] {
			p++
		}
		// Freeze the open nodes below the common prefix.
		for d := len(prev); d > p; d-- {
			var id Node
			if id, err = b.freeze(d); err != nil {
				return
			}
			last := len(b.open[d-1]) - 1
			b.open[d-1][last] |= Arc(id)
		}
		for d := p; d < len(w); d++ {
			b.open[d] = append(b.open[d], newArc(w[d], d == len(w)-1, false, 0))
		}
		prev = w
		n++
	})
	if err != nil {
		return 0, 0, err
	}
	for d := len(prev); d > 0; d-- {
		id, err := b.freeze(d)
		if err != nil {
			return 0, 0, err
		}
		last := len(b.open[d-1]) - 1
		b.open[d-1][last] |= Arc(id)
	}
	root, err := b.freeze(0)
	return root, n, err
}

// freeze registers the open node at depth d and returns its index.
func (b *builder) freeze(d int) (Node, error) {
	arcs := b.open[d]
	b.open[d] = arcs[:0]
	if len(arcs) == 0 {
		return 0, nil
	}
	arcs[len(arcs)-1] |= arcLast
	h := hashArcs(arcs)
	mask := uint64(len(b.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		id := b.table[i]
		if id == 0 {
			break
		}
		if int(id)+len(arcs) <= len(b.out) && slices.Equal(b.out[id:int(id)+len(arcs)], arcs) {
			return Node(id), nil
		}
	}
	id := len(b.out)
	if id+len(arcs) > MaxArcs {
		return 0, fmt.Errorf("more than %d arcs", MaxArcs)
	}
	b.out = append(b.out, arcs...)
	b.insert(uint32(id), h)
	return Node(id), nil
}

func (b *builder) insert(id uint32, h uint64) {
	if 2*(b.used+1) > len(b.table) {
		b.grow()
	}
	mask := uint64(len(b.table) - 1)
	i := h & mask
	for b.table[i] != 0 {
		i = (i + 1) & mask
	}
	b.table[i] = id
	b.used++
}

func (b *builder) grow() {
	old := b.table
	b.table = make([]uint32, 2*len(old))
	mask := uint64(len(b.table) - 1)
	for _, id := range old {
		if id == 0 {
			continue
		}
		end := int(id)
		for !b.out[end].Last() {
			end++
		}
		i := hashArcs(b.out[id:end+1]) & mask
		for b.table[i] != 0 {
			i = (i + 1) & mask
		}
		b.table[i] = id
	}
}

// hashArcs mixes a run of arcs into 64 bits (a multiply-xorshift hash).
func hashArcs(arcs []Arc) uint64 {
	h := uint64(len(arcs)) * 0x9E3779B97F4A7C15
	for _, a := range arcs {
		h ^= uint64(a)
		h *= 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h
}
