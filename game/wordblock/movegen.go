package wordblock

import (
	"math/bits"
	"slices"
	"sync"

	"wordengine/game"
	"wordengine/lexicon"
)

// The move generator. Its hot code is here: the word finder (a walk of the
// DAWG over the board's letters) and the translation of the words into
// moves for the position.
//
// The board's letters never change, so the words it can spell never
// change either: the finder runs once per board and keeps a wordList.
// A word is kept as slots, not cells: the board's cells are grouped by
// letter, and slot start[t]+k is the k-th cell of letter t in the
// position's order of preference (see prepare). The j-th occurrence of
// letter t in a word takes slot start[t]+j, so a word's slots do not
// depend on the position, and AppendMoves makes its move by looking each
// slot's cell up in the position's order.

// Cell classes for the player to move, best first (see the package doc).
const (
	classTake   = 0 // an opponent's cell, not secured: the mover takes it
	classFree   = 1 // uncoloured: the mover takes it
	classKeep   = 2 // the mover's own cell: no change
	classLocked = 3 // secured by an opponent: no change
)

// wordList holds the words a board can spell, in the DAWG's order. It is
// built once per game and shared, read-only, by the game's clones.
type wordList struct {
	// slots holds each word's slots packed as a Move packs cells; for a
	// word longer than maxPacked, A is longTag and the index in long
	// (shifted by moveLenBits).
	slots []game.Move
	// long holds the words longer than maxPacked, with their slots.
	long []longWord
	// keys holds each word; index finds a word's place in the list. It is
	// made on first use (once a word is played), once for all clones.
	keys      []wkey
	index     map[wkey]int32
	indexOnce sync.Once
	// By letter code: the board's cells of that letter, and the first
	// slot of the letter's group.
	cnt, start [lexicon.MaxLetters + 1]uint8
	cells      int // the board's cells
}

// longWord is a word of more than maxPacked letters and its slots, in
// word order.
type longWord struct {
	tiles []lexicon.Tile
	slots []uint8
}

// words returns the board's word list, finding the words on first use.
func (s *State) wordList() *wordList {
	if s.list == nil {
		s.list = findWords(s.dawg, &s.board)
		if s.longDawg != nil {
			s.list.walk(s.longDawg)
		}
	}
	return s.list
}

// findWords lists every word of the DAWG of 2 letters or more that the
// letters of board b can spell (a word uses each cell once, so at most
// the board's cells).
func findWords(d *dawg, b *Board) *wordList {
	// A random 5x5 board of the default lexicon spells some 10,000 words.
	l := &wordList{slots: make([]game.Move, 0, 1<<14), keys: make([]wkey, 0, 1<<14)}
	for _, t := range b.tiles {
		if t != 0 {
			l.cnt[t]++
		}
	}
	pos := 0
	for t := range l.cnt {
		l.start[t] = uint8(pos)
		pos += int(l.cnt[t])
	}
	l.cells = pos
	l.walk(d)
	return l
}

// walk adds the words of DAWG d that the board spells to the list.
func (l *wordList) walk(d *dawg) {
	var f finder
	f.arcs = d.arcs
	f.list = l
	f.max = min(l.cells, MaxWordLen)
	var avail uint32
	for t, n := range l.cnt {
		f.slots[t] = uint16(l.start[t]) | uint16(l.start[t]+n)<<8
		if n > 0 {
			avail |= letterBit(lexicon.Tile(t))
		}
	}
	f.walk(d.root, 0, avail)
}

// find returns the place of word k in the list, or false.
func (l *wordList) find(k wkey) (int32, bool) {
	l.indexOnce.Do(func() {
		l.index = make(map[wkey]int32, len(l.keys))
		for i, k := range l.keys {
			l.index[k] = int32(i)
		}
	})
	i, ok := l.index[k]
	return i, ok
}

// addLong adds a word of more than maxPacked letters with its slots.
func (l *wordList) addLong(w []lexicon.Tile, slots []uint8) {
	l.slots = append(l.slots, game.Move{A: longTag | uint64(len(l.long))<<moveLenBits})
	l.keys = append(l.keys, keyOf(w))
	l.long = append(l.long, longWord{tiles: slices.Clone(w), slots: slices.Clone(slots)})
}

// finder is the word finder's state during its walk.
type finder struct {
	arcs []uint64
	list *wordList
	// slots holds, by letter code, the letter's next free slot (low byte)
	// and the end of its slots (high byte).
	slots  [lexicon.MaxLetters + 1]uint16
	pa, pb [maxPacked + 1]uint64 // the slots so far, packed, by depth
	ka, kb [maxPacked + 1]uint64 // the word so far as a key, by depth
	// sl and tl hold the slot and the letter at each depth, for the words
	// longer than maxPacked; max is the longest word the board can hold.
	sl  [MaxWordLen]uint8
	tl  [MaxWordLen]lexicon.Tile
	max int
}

// walk is the sub-anagram walk of the DAWG over the board's letter
// counts: at depth d it tries every arc of node n whose letter has a cell
// left, giving it the next slot of that letter. avail holds the need bits
// of the letters with cells left.
func (f *finder) walk(n uint32, d int, avail uint32) {
	arcs, l := f.arcs, f.list
	for i := n; ; i++ {
		a := arcs[i]
		t := a & dTileMask
		if next := f.slots[t]; uint8(next) < uint8(next>>8) {
			slot := uint64(uint8(next))
			f.slots[t] = next + 1
			f.sl[d], f.tl[d] = uint8(slot), lexicon.Tile(t)
			switch {
			case d < 9:
				f.pa[d+1], f.pb[d+1] = f.pa[d]|slot<<(moveLenBits+6*d), 0
				f.ka[d+1], f.kb[d+1] = f.ka[d]|t<<(7*d), 0
			case d < maxPacked:
				f.pa[d+1], f.pb[d+1] = f.pa[d], f.pb[d]|slot<<(6*(d-9))
				f.ka[d+1], f.kb[d+1] = f.ka[d], f.kb[d]|t<<(7*(d-9))
			}
			if a&dWord != 0 && d > 0 {
				if d < maxPacked {
					l.slots = append(l.slots, game.Move{A: f.pa[d+1] | uint64(d+1), B: f.pb[d+1]})
					l.keys = append(l.keys, wkey{f.ka[d+1], f.kb[d+1]})
				} else {
					l.addLong(f.tl[:d+1], f.sl[:d+1])
				}
			}
			if ch := uint32(a>>dChildShift) & dChildMask; ch != 0 && d+1 < f.max {
				left := avail
				if uint8(next)+1 == uint8(next>>8) {
					left &^= letterBit(lexicon.Tile(t))
				}
				if uint32(a>>dNeedShift)&^left == 0 {
					f.walk(ch, d+1, left)
				}
			}
			f.slots[t] = next
		}
		if a&dLast != 0 {
			return
		}
	}
}

// generator is the position-dependent scratch space of the move
// generator, kept in the State so that AppendMoves allocates nothing.
type generator struct {
	// order maps a slot to its cell: the board's cells grouped by letter,
	// each group best first. rank gives each cell's place in the
	// position's preference, class its class.
	order [stride * MaxSize]uint8
	rank  [stride * MaxSize]uint8
	class [stride * MaxSize]uint8
	free  uint64 // the uncoloured cells
}

// prepare classifies and ranks the cells for seat p and fills the order
// of the slots.
func (s *State) prepare(p int) *generator {
	g := &s.gen
	l := s.wordList()
	secOthers := s.securedByOthers(p)
	var colored uint64
	for q := range s.players {
		colored |= s.own[q]
	}
	g.free = s.mask &^ colored
	var keys [stride * MaxSize]uint32
	var cells [stride * MaxSize]uint8
	n := 0
	for x := s.mask; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		bit := uint64(1) << c
		var class, sub uint32
		switch {
		case s.own[p]&bit != 0:
			class = classKeep
			if s.sec[p]&bit != 0 {
				sub = 1
			}
		case secOthers&bit != 0:
			class = classLocked
		case colored&bit != 0:
			class = classTake
			owner := s.owner(c)
			sub = 15 - uint32(s.positional(p, c, owner))
			sub = sub<<7 | uint32(64-s.Score(owner))
		default:
			class = classFree
			sub = 15 - uint32(s.positional(p, c, -1))
		}
		g.class[c] = uint8(class)
		keys[n] = class<<24 | sub<<8 | uint32(c)
		cells[n] = uint8(c)
		n++
	}
	// Insertion sort: at most 64 cells, usually 25.
	for i := 1; i < n; i++ {
		k, c := keys[i], cells[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], cells[j] = keys[j-1], cells[j-1]
		}
		keys[j], cells[j] = k, c
	}
	var fill [lexicon.MaxLetters + 1]uint8
	for i := range n {
		c := cells[i]
		t := s.board.tiles[c]
		g.rank[c] = uint8(i)
		g.order[l.start[t]+fill[t]] = c
		fill[t]++
	}
	return g
}

func (s *State) owner(c int) int {
	for q := range s.players {
		if s.own[q]>>c&1 != 0 {
			return q
		}
	}
	return -1
}

// positional rates taking cell c (owned by owner, -1 when uncoloured) for
// seat p, 0 to 12: two points for each neighbour the owner has secured
// (taking c breaks that), one for each neighbour off the board or in p's
// colour (c is, or comes closer to being, secured for p).
func (s *State) positional(p, c, owner int) int {
	bit := uint64(1) << c
	v := 0
	var neigh [4]uint64
	var off [4]bool
	neigh[0], off[0] = bit>>1, s.edgeW&bit != 0
	neigh[1], off[1] = bit<<1, s.edgeE&bit != 0
	neigh[2], off[2] = bit>>stride, s.edgeN&bit != 0
	neigh[3], off[3] = bit<<stride, s.edgeS&bit != 0
	for i, nb := range neigh {
		switch {
		case off[i]:
			v++
		case s.own[p]&nb != 0:
			v++
		case owner >= 0 && s.sec[owner]&nb != 0:
			v += 2
		}
	}
	return v
}

// AppendMoves implements game.State: one move per playable word with the
// cell choice of the package doc (two for a word whose preferred choice
// would colour the last uncoloured cells), in the lexicon's order, then
// Pass.
func (s *State) AppendMoves(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	s.sync()
	g := s.prepare(s.turn)
	l := s.list
	blocked := s.blocked.bits
	free := g.free
	order := &g.order
	for i, sl := range l.slots {
		if blocked[i>>6]>>(i&63)&1 != 0 {
			continue
		}
		n := int(sl.A & (1<<moveLenBits - 1))
		if n == longTag {
			dst = s.appendLong(dst, int32(i), sl, free)
			continue
		}
		a, b := uint64(n), uint64(0)
		var mask uint64
		x := sl.A >> moveLenBits
		shift := uint(moveLenBits)
		for range min(n, 9) {
			c := uint64(order[x&63])
			x >>= 6
			a |= c << shift
			shift += 6
			mask |= 1 << c
		}
		if n > 9 {
			x, shift = sl.B, 0
			for range n - 9 {
				c := uint64(order[x&63])
				x >>= 6
				b |= c << shift
				shift += 6
				mask |= 1 << c
			}
		}
		dst = append(dst, game.Move{A: a, B: b})
		if free != 0 && mask&free == free {
			if m, ok := s.declining(sl); ok {
				dst = append(dst, m)
			}
		}
	}
	return append(dst, Pass)
}

// appendLong appends the moves of word i of the list, longer than
// maxPacked (slots sl), as AppendMoves does for the others.
func (s *State) appendLong(dst []game.Move, i int32, sl game.Move, free uint64) []game.Move {
	lw := &s.list.long[sl.A>>moveLenBits]
	var mask uint64
	for _, x := range lw.slots {
		mask |= 1 << s.gen.order[x]
	}
	dst = append(dst, longMove(i, mask))
	if free != 0 && mask&free == free {
		var buf [MaxWordLen]uint8
		if cells, ok := s.decline(lw.slots, buf[:len(lw.slots)]); ok {
			var alt uint64
			for _, c := range cells {
				alt |= 1 << c
			}
			dst = append(dst, longMove(i, alt))
		}
	}
	return dst
}

// declining returns the word's second choice when its first (slots sl)
// would colour the last uncoloured cells (see decline).
func (s *State) declining(sl game.Move) (game.Move, bool) {
	n := moveLen(sl)
	var slots, cells [maxPacked]uint8
	for i := range n {
		slots[i] = uint8(cellAt(sl, i))
	}
	if _, ok := s.decline(slots[:n], cells[:n]); !ok {
		return game.Move{}, false
	}
	return packMove(cells[:n]), true
}

// decline writes to cells the second choice of the word of slots when its
// first would colour the last uncoloured cells: the uncoloured cell it
// takes that ranks last, among those whose letter has another cell the
// word does not use, is swapped for that letter's next cell (the mover's
// own or an opponent's secured cell), so that the game goes on. It
// returns false when no cell can be swapped.
func (s *State) decline(slots, cells []uint8) ([]uint8, bool) {
	g, l := &s.gen, s.list
	n := len(slots)
	var used [lexicon.MaxLetters + 1]uint8
	for i := range n {
		used[s.board.tiles[g.order[slots[i]]]]++
	}
	j := -1
	for i := range n {
		c := g.order[slots[i]]
		t := s.board.tiles[c]
		if g.class[c] == classFree && used[t] < l.cnt[t] && (j < 0 || g.rank[c] > g.rank[g.order[slots[j]]]) {
			j = i
		}
	}
	if j < 0 {
		return nil, false
	}
	t := s.board.tiles[g.order[slots[j]]]
	for i := range n {
		sl := slots[i]
		if s.board.tiles[g.order[sl]] == t && sl >= slots[j] {
			sl++ // the letter's next cell
		}
		cells[i] = g.order[sl]
	}
	return cells, true
}

// choose gives the cells of word w (letter codes) by the generator's
// first choice for the player to move, or false when the board cannot
// spell it.
func (s *State) choose(w []lexicon.Tile, cells []uint8) bool {
	g := s.prepare(s.turn)
	l := s.list
	var used [lexicon.MaxLetters + 1]uint8
	for i, t := range w {
		if int(t) >= len(l.cnt) || used[t] >= l.cnt[t] {
			return false
		}
		cells[i] = g.order[l.start[t]+used[t]]
		used[t]++
	}
	return true
}
