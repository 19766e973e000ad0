package crossword

import (
	"fmt"
	"strings"

	"wordengine/lexicon"
)

// Direction of a play: Across (left to right along a row) or Down (top to
// bottom along a column).
type Direction uint8

const (
	// Across plays run along a row.
	Across Direction = 0
	// Down plays run along a column.
	Down Direction = 1
)

// String returns "across" or "down".
func (d Direction) String() string {
	if d == Across {
		return "across"
	}
	return "down"
}

// MaxDim is the largest board side the engine supports (21 for super
// boards); moves pack rows and columns in 5 bits.
const MaxDim = 21

// Board is the grid of tiles with its premium squares and, for every empty
// square and each direction of play, the cross-set (the letters that form
// valid words with the tiles above and below, or left and right: Appel &
// Jacobson 1988) and the cross-score (the points of those perpendicular
// tiles). Cross-sets are bitmasks over letter codes (bit t for code t), so
// an alphabet of at most 63 letters is supported. They are brought up to
// date lazily, when the move generator reads them (see Board.flush), so
// they are not part of what a Board shows its callers.
type Board struct {
	rows, cols int
	sq         []lexicon.Tile // 0 = empty; letter code, | BlankFlag for a blank
	prem       []Premium
	start      int
	tiles      int // tiles on the board

	// cross[d][i]: letters allowed at empty square i for a play in direction
	// d; hasCross[d][i]: square i has perpendicular neighbours for a play in
	// direction d; xscore[d][i]: their points.
	cross    [2][]uint64
	hasCross [2][]bool
	xscore   [2][]int32

	// The cross-sets are brought up to date lazily (see flush): they are
	// exact for the board as it was when the game's history held
	// validDepth moves (-1: for no board of the history), and pending
	// lists the squares changed since then, possibly more than once
	// (the invariant is stated above played).
	pending    [maxPending]int16
	npending   int
	validDepth int
	// done lets an update recompute each (direction, square) once: bit
	// d*len(sq)+i is set when it is done.
	done [(2*MaxDim*MaxDim + 63) / 64]uint64
	// The cross-set log (see flush and undone): the values each flush
	// replaced, so that an Undo below validDepth restores them instead of
	// recomputing. Each board has its own (copies start with none). It is
	// kept from the first Undo below validDepth on (logOn: the board is
	// searched, not just played on); logging is set while a flush records.
	logEntries []crossEntry
	logSquares []int16
	segs       []crossSegment
	logOn      bool
	logging    bool

	// laneKey[d][k] summarises what lane k of direction d holds for the
	// move generator (laneData): the XOR, over its squares, of a random
	// key of the square's tile and one of its cross-set, cross-word flag
	// and cross-score for direction d, each XOR'ed with the key of the
	// empty board's value (so that a new board's keys are zero). Every
	// write of those goes through setTile or setCross, which keep it up to
	// date (Zobrist 1970's hashing, as game engines key positions).
	laneKey [2][MaxDim]uint64
	// tileHash is the XOR of the tileKey terms of every square's tile
	// (relative to the empty board), kept up to date by setTile: a
	// position key of the board (State.PositionKey, endgame.go).
	tileHash uint64

	// xmemo caches crossSet by the letters around the square, for the
	// lexicon xmemoLex; each board has its own (clone and copyFrom do
	// not share it), allocated on first use.
	xmemo    *[crossMemoSize]crossMemo
	xmemoLex *lexicon.Lexicon
	noXMemo  bool // the memo is off (tests: cacheCross)

	lex    *lexicon.Lexicon // nil: no word checks (cross-sets allow everything)
	values []int            // tile values by letter code
	all    uint64           // bitmask of every letter of the alphabet
}

// newBoard returns an empty board for layout l whose tiles score values
// (by letter code) and whose cross-sets follow lx (nil: every letter
// allowed, for scoring recorded games without a lexicon).
func newBoard(l *Layout, values []int, size int, lx *lexicon.Lexicon) *Board {
	n := l.Rows * l.Cols
	b := &Board{
		rows: l.Rows, cols: l.Cols, start: l.Start,
		sq:     make([]lexicon.Tile, n),
		prem:   l.Premiums,
		lex:    lx,
		values: values,
	}
	for t := 1; t <= size; t++ {
		b.all |= 1 << t
	}
	for d := range 2 {
		b.cross[d] = make([]uint64, n)
		b.hasCross[d] = make([]bool, n)
		b.xscore[d] = make([]int32, n)
		for i := range b.cross[d] {
			b.cross[d][i] = b.all
		}
	}
	return b
}

// clone returns a copy of b, with its pending changes but an empty
// cross-set log (it only reads b, so boards shared between goroutines
// may be cloned).
func (b *Board) clone() *Board {
	c := *b
	c.sq = append([]lexicon.Tile(nil), b.sq...)
	c.logEntries, c.logSquares, c.segs, c.logOn = nil, nil, nil, false
	c.xmemo, c.xmemoLex = nil, nil
	for d := range 2 {
		c.cross[d] = append([]uint64(nil), b.cross[d]...)
		c.hasCross[d] = append([]bool(nil), b.hasCross[d]...)
		c.xscore[d] = append([]int32(nil), b.xscore[d]...)
	}
	return &c
}

// copyFrom makes b equal to o, pending changes included, reusing b's
// slices. It only reads o. The copy starts with an empty cross-set log.
func (b *Board) copyFrom(o *Board) {
	sq, cross, hasCross, xscore := b.sq, b.cross, b.hasCross, b.xscore
	le, ls, segs, logOn := b.logEntries, b.logSquares, b.segs, b.logOn
	xm, xl := b.xmemo, b.xmemoLex
	*b = *o
	b.logEntries, b.logSquares, b.segs, b.logOn = le[:0], ls[:0], segs[:0], logOn
	b.xmemo, b.xmemoLex = xm, xl
	b.sq = append(sq[:0], o.sq...)
	for d := range 2 {
		b.cross[d] = append(cross[d][:0], o.cross[d]...)
		b.hasCross[d] = append(hasCross[d][:0], o.hasCross[d]...)
		b.xscore[d] = append(xscore[d][:0], o.xscore[d]...)
	}
}

// Rows returns the number of rows.
func (b *Board) Rows() int { return b.rows }

// Cols returns the number of columns.
func (b *Board) Cols() int { return b.cols }

// At returns the tile at row r, column c (0 when empty).
func (b *Board) At(r, c int) lexicon.Tile { return b.sq[r*b.cols+c] }

// Empty reports whether no tile is on the board.
func (b *Board) Empty() bool { return b.tiles == 0 }

// value returns the points of a tile on the board: 0 for a blank.
func (b *Board) value(t lexicon.Tile) int {
	if t.IsBlank() {
		return 0
	}
	return b.values[t]
}

// step returns the index distance between neighbours along direction d.
func (b *Board) step(d Direction) int {
	if d == Across {
		return 1
	}
	return b.cols
}

// lane returns the index of the first square of lane k (a row for Across,
// a column for Down) and the lane's length.
func (b *Board) lane(d Direction, k int) (first, length int) {
	if d == Across {
		return k * b.cols, b.cols
	}
	return k, b.rows
}

// lanes returns the number of lanes in direction d.
func (b *Board) lanes(d Direction) int {
	if d == Across {
		return b.rows
	}
	return b.cols
}

// pos returns the lane and the position along it of square i.
func (b *Board) pos(d Direction, i int) (lane, p int) {
	r, c := i/b.cols, i%b.cols
	if d == Across {
		return r, c
	}
	return c, r
}

// maxPending is the number of changed squares a board keeps pending
// before it brings its cross-sets up to date anyway (a rollout's undos
// and the next play, at most 3 x 7 squares with 2 plies, fit easily).
const maxPending = 64

// The capacity of the cross-set log: entries (a flush logs at most 6 per
// pending square, so one of maxPending squares fits), squares and
// segments.
const (
	maxLogEntries  = 8 * maxPending
	maxLogSquares  = 2 * maxPending
	maxLogSegments = 32
)

// crossEntry is a cross-set, flag and cross-score as they were before a
// flush recomputed them: k = d*len(sq)+i for direction d, square i.
type crossEntry struct {
	cross uint64
	xs    int32
	k     int16
	has   bool
}

// crossSegment is one flush in the cross-set log: it brought the
// cross-sets from exact at from moves of history to exact at to moves;
// its entries and squares (the pending squares it updated) start at
// those lengths of logEntries and logSquares.
type crossSegment struct {
	from, to         int
	entries, squares int
}

// Cross-sets are updated lazily. Play, Undo and the set-up methods only
// note the squares they change (played, undone, setUp); the cross-sets
// are recomputed for all of them at once by flush, which the move
// generator calls before it reads them. The invariant: when validDepth
// >= 0 the cross-sets are exact for the board after the first
// validDepth moves of the history (which no Undo has taken back since),
// and the pending squares include every square whose tile differs
// between that board and the current one; when validDepth is -1 the
// pending squares include every square whose tile differs from a board
// the cross-sets are exact for, and the log is empty.
//
// A simulation rollout plays a candidate and a few static replies and
// undoes them all: the last reply's cross-sets are never read, an Undo
// back to validDepth needs no update at all, and an Undo below it
// restores the values the flush of the move replaced (the log), so each
// rollout recomputes only the squares of the plays whose cross-sets the
// generator reads.

// played notes that a play put tiles on squares, after which the game's
// history holds depth moves.
func (b *Board) played(squares []int, depth int) {
	if !b.pend(squares) {
		b.reset(squares, depth)
	}
}

// undone notes that an Undo took the tiles of squares off the board (none
// for a move other than a play: every Undo must be noted), after which
// the history holds depth moves. Back at validDepth, the board is the
// one the cross-sets were computed for (every move played since was
// undone, and none before it), so the pending squares are dropped. Below
// it (depth is then validDepth-1), the last flush, when it is in the log,
// is undone: its entries are restored, which makes the cross-sets exact
// at the depth it started from, and its squares, which hold every change
// since, join the pending ones. Without it, the cross-sets describe no
// board of the history any more.
func (b *Board) undone(squares []int, depth int) {
	if b.validDepth < 0 || depth > b.validDepth {
		if !b.pend(squares) {
			b.reset(squares, depth)
		}
		return
	}
	for depth < b.validDepth {
		n := len(b.segs)
		if n == 0 || b.segs[n-1].to != b.validDepth {
			b.validDepth = -1
			b.clearLog()
			b.logOn = true
			if !b.pend(squares) {
				b.reset(squares, depth)
			}
			return
		}
		seg := b.segs[n-1]
		nsq := len(b.sq)
		for _, e := range b.logEntries[seg.entries:] {
			d, i := e.k/int16(nsq), int(e.k%int16(nsq))
			b.setCross(Direction(d), i, e.cross, e.has, e.xs)
		}
		sqs := b.logSquares[seg.squares:]
		b.segs = b.segs[:n-1]
		b.logEntries = b.logEntries[:seg.entries]
		b.logSquares = b.logSquares[:seg.squares]
		b.validDepth = seg.from
		if b.npending+len(sqs)+len(squares) > maxPending {
			b.reset16(sqs, squares, depth)
			return
		}
		for _, i := range sqs {
			b.pending[b.npending] = i
			b.npending++
		}
		b.pend(squares)
	}
	if depth == b.validDepth {
		b.npending = 0
	}
}

// setUp notes that a set-up changed square i outside the history
// (PlaceTile, RemoveTile), which holds depth moves.
func (b *Board) setUp(i, depth int) {
	b.validDepth = -1
	b.clearLog()
	sq := [1]int{i}
	if !b.pend(sq[:]) {
		b.reset(sq[:], depth)
	}
}

// pend adds squares to the pending list; false (adding none) when they
// do not fit.
func (b *Board) pend(squares []int) bool {
	if b.npending+len(squares) > maxPending {
		return false
	}
	for _, i := range squares {
		b.pending[b.npending] = int16(i)
		b.npending++
	}
	return true
}

// reset brings the cross-sets up to date at once for the pending squares
// and squares (which do not fit in the pending list), without logging:
// the log is cleared.
func (b *Board) reset(squares []int, depth int) { b.reset16(nil, squares, depth) }

// reset16 is reset for the squares of both lists.
func (b *Board) reset16(more []int16, squares []int, depth int) {
	b.clearLog()
	clear(b.done[:(2*len(b.sq)+63)/64])
	for _, i := range b.pending[:b.npending] {
		b.updateFrom(int(i))
	}
	for _, i := range more {
		b.updateFrom(int(i))
	}
	for _, i := range squares {
		b.updateFrom(i)
	}
	b.npending = 0
	b.validDepth = depth
}

// clearLog empties the cross-set log.
func (b *Board) clearLog() {
	b.logEntries, b.logSquares, b.segs = b.logEntries[:0], b.logSquares[:0], b.segs[:0]
}

// flush brings the cross-sets up to date for the current board, whose
// history holds depth moves. The pending squares include every square
// whose tile differs from the board the cross-sets were computed for, so
// updating them on the current board is exact (see updateFrom). When the
// cross-sets were exact for a board of the history, the values it
// replaces go to the log as a segment (once the log is on). With nothing
// pending they are exact already, and validDepth stays where the last
// segment ends, so that an Undo below it still finds that segment.
func (b *Board) flush(depth int) {
	if b.npending == 0 {
		if b.validDepth < 0 {
			b.validDepth = depth
		}
		return
	}
	if from := b.validDepth; from >= 0 && b.logOn {
		if b.logEntries == nil {
			b.logEntries = make([]crossEntry, 0, maxLogEntries)
			b.logSquares = make([]int16, 0, maxLogSquares)
			b.segs = make([]crossSegment, 0, maxLogSegments)
		}
		if len(b.logEntries)+6*b.npending > cap(b.logEntries) || len(b.logSquares)+b.npending > cap(b.logSquares) || len(b.segs) == cap(b.segs) {
			b.clearLog() // the older segments are lost: an Undo below them recomputes
		}
		b.segs = append(b.segs, crossSegment{from: from, to: depth, entries: len(b.logEntries), squares: len(b.logSquares)})
		b.logSquares = append(b.logSquares, b.pending[:b.npending]...)
		b.logging = true
	}
	clear(b.done[:(2*len(b.sq)+63)/64])
	for _, i := range b.pending[:b.npending] {
		b.updateFrom(int(i))
	}
	b.logging = false
	b.npending = 0
	b.validDepth = depth
}

// updateFrom recomputes the cross-sets that the tile newly placed at
// square i (or just removed from it) can change, each (direction, square)
// not done yet in this update. A cross-set depends only on the tiles next
// to its square along the cross-word's direction, so the squares to
// update are the changed square itself and, from it, in both directions
// along its row and its column, the first empty square past the tiles
// next to it: the ends of every run of tiles that the change made, grew,
// split or shortened. This is exact for any set of changed squares, each
// updated on the final board: if the tiles next to an empty square j
// along a line differ from the board the cross-sets were computed for,
// take the changed square k nearest to j among them; the squares between
// k and j hold the same tiles on both boards, so j is the first empty
// square past them from k (and a changed square itself is updated). TestCrossSetsIncremental, TestCrossSetsLazy and
// TestCrossSetsSetUp check the result against a full recomputation.
func (b *Board) updateFrom(i int) {
	n2 := len(b.sq)
	for dir := Across; dir <= Down; dir++ {
		off := int(dir) * n2
		if b.mark(off + i) {
			b.redo(dir, i)
		}
		// The cross-words of plays in direction dir run along 1-dir.
		st := b.step(1 - dir)
		lane, p := b.pos(1-dir, i)
		_, n := b.lane(1-dir, lane)
		q := p - 1
		for q >= 0 && b.sq[i-(p-q)*st] != 0 {
			q--
		}
		if j := i - (p-q)*st; q >= 0 && b.mark(off+j) {
			b.redo(dir, j)
		}
		q = p + 1
		for q < n && b.sq[i+(q-p)*st] != 0 {
			q++
		}
		if j := i + (q-p)*st; q < n && b.mark(off+j) {
			b.redo(dir, j)
		}
	}
}

// redo recomputes the cross-set of square i for direction d, logging its
// old value while a flush records.
func (b *Board) redo(d Direction, i int) {
	if b.logging {
		b.logEntries = append(b.logEntries, crossEntry{
			cross: b.cross[d][i], xs: b.xscore[d][i], k: int16(int(d)*len(b.sq) + i), has: b.hasCross[d][i],
		})
	}
	b.updateSquare(d, i)
}

// mark sets bit k of done and reports whether it was clear.
func (b *Board) mark(k int) bool {
	w, m := k/64, uint64(1)<<(k%64)
	if b.done[w]&m != 0 {
		return false
	}
	b.done[w] |= m
	return true
}

// updateSquare recomputes the cross-set of square i for plays in
// direction d (the cross-word runs in the perpendicular direction).
func (b *Board) updateSquare(d Direction, i int) {
	if b.sq[i] != 0 {
		b.setCross(d, i, 0, false, 0)
		return
	}
	pd := 1 - d
	st := b.step(pd)
	lane, p := b.pos(pd, i)
	_, n := b.lane(pd, lane)
	// Extent of the tiles before and after i along pd.
	lo := p
	for lo > 0 && b.sq[i-(p-lo+1)*st] != 0 {
		lo--
	}
	hi := p
	for hi < n-1 && b.sq[i+(hi-p+1)*st] != 0 {
		hi++
	}
	if lo == p && hi == p {
		b.setCross(d, i, b.all, false, 0)
		return
	}
	score := 0
	for q := lo; q <= hi; q++ {
		if q != p {
			score += b.value(b.sq[i+(q-p)*st])
		}
	}
	cross := b.all
	if b.lex != nil {
		cross = b.crossSet(i, lo, p, hi, st) & b.all
	}
	b.setCross(d, i, cross, true, int32(score))
}

// setCross sets the cross-set, cross-word flag and cross-score of square
// i for direction d, keeping laneKey up to date.
func (b *Board) setCross(d Direction, i int, cross uint64, has bool, xs int32) {
	oc, oh, ox := b.cross[d][i], b.hasCross[d][i], b.xscore[d][i]
	if oc == cross && oh == has && ox == xs {
		return
	}
	k, _ := b.pos(d, i)
	b.laneKey[d][k] ^= crossKey(d, i, oc, oh, ox) ^ crossKey(d, i, cross, has, xs)
	b.cross[d][i], b.hasCross[d][i], b.xscore[d][i] = cross, has, xs
}

// setTile puts tile t (0: none) on square i, keeping laneKey up to date.
func (b *Board) setTile(i int, t lexicon.Tile) {
	x := tileKey(i, b.sq[i]) ^ tileKey(i, t)
	r, c := i/b.cols, i%b.cols
	b.laneKey[Across][r] ^= x
	b.laneKey[Down][c] ^= x
	b.tileHash ^= x
	b.sq[i] = t
}

// mixKey is the finalizer of splitmix64 (Steele, Lea and Flood 2014): a
// bijection of 64-bit values whose every output bit depends on every
// input bit.
func mixKey(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// tileKey is the laneKey term of tile t on square i.
func tileKey(i int, t lexicon.Tile) uint64 {
	return mixKey(uint64(i)<<8 | uint64(t) | 0x5a<<56)
}

// crossKey is the laneKey term of the cross-set values of square i for
// direction d.
func crossKey(d Direction, i int, cross uint64, has bool, xs int32) uint64 {
	h := uint64(uint32(xs)) | uint64(i)<<32 | uint64(d)<<48 | 0xc3<<56
	if has {
		h |= 1 << 47
	}
	return mixKey(cross ^ mixKey(h))
}

// crossSet returns the letters c that make a word of the tiles at lane
// positions lo..p-1, c at p (square i) and the tiles at p+1..hi, stepping
// st squares per position. With tiles after p it reads the GADDAG: the
// reversed suffix from the root, then each letter c that may precede it,
// then the reversed prefix, a whole reversed word ending on a Word arc
// (Gordon 1994: the entry of a word with no separator). The letters that
// may precede a suffix are few, so this walks far less than trying every
// letter after the prefix in the DAWG. With no tile after p, the letters
// are the DAWG's Word arcs after the prefix.
func (b *Board) crossSet(i, lo, p, hi, st int) uint64 {
	// The answer depends only on the letters before and after the
	// square: a simulation plays the same candidates over and over, and
	// each asks for the same cross-sets, so they are kept by those
	// letters (at most crossMemoLetters of them, 6 bits each in the low
	// 54 bits, with the numbers before and after above them and a mark
	// bit so that no key is zero).
	if hi-lo > crossMemoLetters {
		return b.walkCrossSet(i, lo, p, hi, st)
	}
	var letters uint64
	for q := lo; q <= hi; q++ {
		if q != p {
			letters = letters<<6 | uint64(b.sq[i+(q-p)*st].Letter()&63)
		}
	}
	key := 1<<62 | uint64(p-lo)<<58 | uint64(hi-p)<<54 | letters
	if b.xmemo == nil || b.xmemoLex != b.lex {
		if b.noXMemo {
			return b.walkCrossSet(i, lo, p, hi, st) // the memo stays nil
		}
		if b.xmemo == nil {
			b.xmemo = new([crossMemoSize]crossMemo)
		} else {
			*b.xmemo = [crossMemoSize]crossMemo{}
		}
		b.xmemoLex = b.lex
	}
	e := &b.xmemo[mixKey(key)&(crossMemoSize-1)]
	if e.key != key {
		e.key, e.set = key, b.walkCrossSet(i, lo, p, hi, st)
	}
	return e.set
}

// crossMemo is an entry of Board.xmemo: a key of crossSet and its answer.
type crossMemo struct{ key, set uint64 }

// crossMemoSize is the number of entries of Board.xmemo (64 KiB), and
// crossMemoLetters the most letters around a square whose cross-set it
// keeps.
const (
	crossMemoSize    = 1 << 12
	crossMemoLetters = 9
)

// walkCrossSet is crossSet, read from the lexicon.
func (b *Board) walkCrossSet(i, lo, p, hi, st int) uint64 {
	var mask uint64
	if hi == p {
		g := &b.lex.DAWG
		node := g.Root()
		for q := lo; q < p; q++ {
			a, ok := g.Next(node, b.sq[i+(q-p)*st].Letter())
			if !ok {
				return 0
			}
			node = a.Child()
		}
		if node == 0 {
			return 0
		}
		arcs := g.Arcs()
		for j := int(node); ; j++ {
			if a := arcs[j]; a.Word() {
				mask |= 1 << a.Tile()
			}
			if arcs[j].Last() {
				return mask
			}
		}
	}
	g := &b.lex.GADDAG
	node := g.Root()
	for q := hi; q > p; q-- {
		a, ok := g.Next(node, b.sq[i+(q-p)*st].Letter())
		if !ok {
			return 0
		}
		node = a.Child()
	}
	if node == 0 {
		return 0
	}
	arcs := g.Arcs()
	for j := int(node); ; j++ {
		a := arcs[j]
		if t := a.Tile(); t != lexicon.Separator && b.prefixOK(a, i, lo, p, st) {
			mask |= 1 << t
		}
		if a.Last() {
			return mask
		}
	}
}

// prefixOK reports whether, after GADDAG arc a (a letter at lane position
// p, square i, read after the reversed suffix), the tiles at p-1 down to
// lo complete a reversed word.
func (b *Board) prefixOK(a lexicon.Arc, i, lo, p, st int) bool {
	g := &b.lex.GADDAG
	for q := p - 1; q >= lo; q-- {
		var ok bool
		if a, ok = g.Next(a.Child(), b.sq[i+(q-p)*st].Letter()); !ok {
			return false
		}
	}
	return a.Word()
}

// recomputeAll rebuilds every cross-set (after setting up a position).
func (b *Board) recomputeAll() {
	for i := range b.sq {
		b.updateSquare(Across, i)
		b.updateSquare(Down, i)
	}
}

// isAnchor reports whether square i starts move generation for plays in
// direction d. On an empty board only the start square does. Otherwise,
// as in Macondo: a tile whose next square along d is empty or off the
// board (the last tile of a run, so generation begins by reading the run
// backwards, the most constrained path into the GADDAG), and an empty
// square with no tile before or after it along d but a tile beside it
// across d (a hook or a parallel play). Every play covers at least one
// anchor and is generated from the leftmost one it covers.
func (b *Board) isAnchor(d Direction, i int) bool {
	if b.tiles == 0 {
		return i == b.start
	}
	lane, p := b.pos(d, i)
	_, n := b.lane(d, lane)
	st := b.step(d)
	before := p > 0 && b.sq[i-st] != 0
	after := p < n-1 && b.sq[i+st] != 0
	if b.sq[i] != 0 {
		return !after
	}
	if before || after {
		return false
	}
	pd := 1 - d
	plane, pp := b.pos(pd, i)
	_, pn := b.lane(pd, plane)
	pst := b.step(pd)
	_ = plane
	return (pp > 0 && b.sq[i-pst] != 0) || (pp < pn-1 && b.sq[i+pst] != 0)
}

// squareName writes square (r, c) as in GCG: column letter and 1-based row.
func squareName(r, c int) string { return fmt.Sprintf("%c%d", 'A'+c, r+1) }

// draw writes the board as text: a header of column letters, then each
// row with its number; tiles as letters (blanks lower-case), empty
// squares as their premium so that no symbol looks like a tile: = triple
// word, - double word, " triple letter, ' double letter, ~ and `
// quadruple word and letter, * the start square, . none.
func (b *Board) draw(a *lexicon.Alphabet, sb *strings.Builder) {
	sb.WriteString("    ")
	for c := range b.cols {
		fmt.Fprintf(sb, "%c ", 'A'+c)
	}
	sb.WriteByte('\n')
	for r := range b.rows {
		fmt.Fprintf(sb, "%2d  ", r+1)
		for c := range b.cols {
			i := r*b.cols + c
			if t := b.sq[i]; t != 0 {
				l := a.Letter(t)
				if t.IsBlank() {
					l = strings.ToLower(l)
				}
				sb.WriteString(l)
				if n := len([]rune(l)); n == 1 {
					sb.WriteByte(' ')
				}
				continue
			}
			sb.WriteByte(premiumChar(b.prem[i], i == b.start))
			sb.WriteByte(' ')
		}
		sb.WriteByte('\n')
	}
}

func premiumChar(p Premium, start bool) byte {
	if start && p.Word <= 1 && p.Letter <= 1 {
		return '*'
	}
	switch {
	case p.Word == 4:
		return '~'
	case p.Word == 3:
		return '='
	case p.Word == 2:
		return '-'
	case p.Letter == 4:
		return '`'
	case p.Letter == 3:
		return '"'
	case p.Letter == 2:
		return '\''
	}
	return '.'
}

// BoardLegend explains the premium symbols of the board drawing.
const BoardLegend = `premiums: = triple word, - double word, " triple letter, ' double letter, * start; blanks in lower case`
