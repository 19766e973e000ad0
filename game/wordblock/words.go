package wordblock

import "wordengine/lexicon"

// wkey is a word packed exactly: tile i in 7 bits at bit 7*(i%9) of
// word i/9. Tiles are never 0, so the key also fixes the length; the
// zero key is no word. A word longer than maxPacked (18) letters gets
// instead two 64-bit hashes of its tiles, with bit 63 of b set (an exact
// key leaves it clear): 127 bits, so that two long words of a board
// share a key with a chance of about 2^-100.
type wkey struct{ a, b uint64 }

func keyOf(tiles []lexicon.Tile) wkey {
	var k wkey
	if len(tiles) > maxPacked {
		k.a, k.b = 0x6c6f6e67776f7264, 0x9E3779B97F4A7C15 // "longword"
		for _, t := range tiles {
			k.a = splitmix(k.a ^ uint64(t))
			k.b = splitmix(k.b + uint64(t)*0xBF58476D1CE4E5B9)
		}
		k.b |= 1 << 63
		return k
	}
	for i, t := range tiles {
		if i < 9 {
			k.a |= uint64(t) << (7 * i)
		} else {
			k.b |= uint64(t) << (7 * (i - 9))
		}
	}
	return k
}

// isLong reports whether k is the hashed key of a long word.
func (k wkey) isLong() bool { return k.b>>63 != 0 }

// tiles appends the tiles of k, an exact key (not isLong), to dst.
func (k wkey) tiles(dst []lexicon.Tile) []lexicon.Tile {
	for i := range maxPacked {
		w := k.a
		if i >= 9 {
			w = k.b
		}
		t := lexicon.Tile(w >> (7 * (i % 9)) & 127)
		if t == 0 {
			break
		}
		dst = append(dst, t)
	}
	return dst
}

// zhash returns the Zobrist term of a played word.
func (k wkey) zhash() uint64 { return splitmix(k.a ^ splitmix(k.b^0x5851F42D4C957F2D)) }

func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// blockSet is the set of blocked words of the board's word list: every
// word of two or more letters contained in (or, by the prefix rule, a
// prefix of) a played word, the played words themselves included, as one
// bit per word of the list. Words the board cannot spell cannot be played
// anyway and are left out.
//
// The set follows the played words lazily: Play only records a word;
// sync adds the words of the plays not yet synced, and Undo removes a
// synced word's entries. Play and Undo stay cheap in searches that only
// evaluate a move, and generation pays for the set only when it needs it.
type blockSet struct {
	bits   []uint64 // bit i: word i of the list is blocked
	log    []int32  // words added, in order
	marks  []int32  // marks[i]: len(log) before played word i was synced
	synced int      // played words whose entries are in the set
}

func newBlockSet() blockSet {
	return blockSet{log: make([]int32, 0, 256), marks: make([]int32, 0, MaxWords+1)}
}

func (s *blockSet) clone() blockSet {
	c := blockSet{synced: s.synced}
	c.bits = append([]uint64(nil), s.bits...)
	c.log = append(make([]int32, 0, cap(s.log)), s.log...)
	c.marks = append(make([]int32, 0, cap(s.marks)), s.marks...)
	return c
}

func (s *blockSet) has(i int32) bool { return s.bits[i>>6]>>(i&63)&1 != 0 }

// add blocks word i and logs it; it does nothing when i is blocked.
func (s *blockSet) add(i int32) {
	if !s.has(i) {
		s.bits[i>>6] |= 1 << (i & 63)
		s.log = append(s.log, i)
	}
}

// unsync removes the entries of the last synced word.
func (s *blockSet) unsync() {
	s.synced--
	mark := int(s.marks[s.synced])
	for _, i := range s.log[mark:] {
		s.bits[i>>6] &^= 1 << (i & 63)
	}
	s.log = s.log[:mark]
	s.marks = s.marks[:s.synced]
}

// blocks adds to the set the words of list l that playing w blocks.
func (s *blockSet) blocks(dawg *lexicon.Graph, l *wordList, w []lexicon.Tile, prefixOnly bool) {
	for i := 0; i < len(w)-1; i++ {
		n := dawg.Root()
		for j := i; j < len(w) && j-i < MaxWordLen; j++ {
			a, ok := dawg.Next(n, w[j])
			if !ok {
				break
			}
			if a.Word() && j > i {
				if k, ok := l.find(keyOf(w[i : j+1])); ok {
					s.add(k)
				}
			}
			if n = a.Child(); n == 0 {
				break
			}
		}
		if prefixOnly {
			break
		}
	}
}
