package upwords

import (
	"wordengine/game"
	"wordengine/lexicon"
)

// generator holds the scratch state of AppendMoves: the cross-checks of
// every square for both directions and the current line walk. It is
// reused between calls and never shared between goroutines.
type generator struct {
	s *State
	w *words
	// moves is AppendEndgameMoves' scratch (endgame.go).
	moves []game.Move

	// Cross-checks, indexed [play direction][square]: the perpendicular
	// run through the square (the cross word a new tile there forms).
	xlen  [2][MaxSize * MaxSize]uint8  // other squares in the cross run (0: no cross word)
	xset  [2][MaxSize * MaxSize]uint32 // bit t: tile t may go here (cross word valid)
	xsum  [2][MaxSize * MaxSize]uint16 // sum of the other squares' heights
	xflat [2][MaxSize * MaxSize]bool   // every other square is 1 high
	xqu   [2][MaxSize * MaxSize]bool   // another square's top is the Qu tile
	// valid[d][lane]: the cross-checks for plays along d are up to date
	// on that lane (a column for across plays, whose cross words are
	// vertical; a row for down plays). Play and Undo clear the lanes a
	// play changes.
	valid [2][MaxSize]bool

	// The line being walked.
	dir   int
	n     int
	line  [MaxSize]int // square indices along the line
	c0    int          // start of the main word
	first bool         // the board is empty
	rack  rack
	tile  [MaxSize]lexicon.Tile // tile placed at each line position
	isNew [MaxSize]bool
	dst   []game.Move
}

// AppendMoves implements game.State: every legal play (see the package
// doc for the rules), then one exchange per distinct rack tile when the
// pool is not empty, then pass. It allocates nothing when dst has room
// (after the state's first call, which allocates the generator).
func (s *State) AppendMoves(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	g := s.gen
	if g == nil {
		g = &generator{}
		s.gen = g
	}
	g.s, g.w = s, s.w
	g.dst = dst
	g.rack = s.racks[s.toMove]
	g.first = s.b.filled == 0
	g.prepare()
	n := s.b.n
	for dir := range 2 {
		g.dir = dir
		g.n = n
		for lane := range n {
			for k := range n {
				if dir == Across {
					g.line[k] = lane*n + k
				} else {
					g.line[k] = k*n + lane
				}
			}
			g.genLine()
		}
	}
	dst = g.dst
	g.dst = nil
	if s.bag.Len() > 0 {
		for t := 1; t <= numLetters; t++ {
			if s.racks[s.toMove].counts[t] > 0 {
				dst = append(dst, packExchange(lexicon.Tile(t)))
			}
		}
	}
	return append(dst, passMove)
}

// invalidate marks the cross-checks that a tile put on or taken off
// square (r, c) changes.
func (g *generator) invalidate(r, c int) {
	g.valid[Across][c] = false
	g.valid[Down][r] = false
}

// prepare computes the cross-checks of every square that can take a tile,
// on the lanes that are not up to date.
func (g *generator) prepare() {
	b := &g.s.b
	n := b.n
	for d := range 2 {
		// The cross run of a play along d runs along 1-d.
		step := n // cross run of an across play is vertical
		if d == Down {
			step = 1
		}
		for lane := range n {
			if g.valid[d][lane] {
				continue
			}
			g.valid[d][lane] = true
			for k := range n {
				i := k*n + lane
				if d == Down {
					i = lane*n + k
				}
				g.prepareSquare(d, i, step)
			}
		}
	}
}

// prepareSquare computes the cross-checks of square i for plays along d,
// whose cross runs step by step squares.
func (g *generator) prepareSquare(d, i, step int) {
	b := &g.s.b
	n := b.n
	{
		{
			g.xlen[d][i] = 0
			g.xset[d][i] = 0
			if b.h[i] >= MaxHeight {
				return
			}
			r, c := i/n, i%n
			// Extent of the perpendicular neighbours.
			lo, hi := i, i
			if d == Across {
				for rr := r - 1; rr >= 0 && b.h[rr*n+c] > 0; rr-- {
					lo = rr*n + c
				}
				for rr := r + 1; rr < n && b.h[rr*n+c] > 0; rr++ {
					hi = rr*n + c
				}
			} else {
				for cc := c - 1; cc >= 0 && b.h[r*n+cc] > 0; cc-- {
					lo = r*n + cc
				}
				for cc := c + 1; cc < n && b.h[r*n+cc] > 0; cc++ {
					hi = r*n + cc
				}
			}
			if lo == hi {
				return
			}
			cnt, sum, flat, qu := 0, 0, true, false
			for j := lo; j <= hi; j += step {
				if j == i {
					continue
				}
				cnt++
				sum += int(b.h[j])
				flat = flat && b.h[j] == 1
				qu = qu || b.top[j] == tileQu
			}
			g.xlen[d][i] = uint8(cnt)
			g.xsum[d][i] = uint16(sum)
			g.xflat[d][i] = flat
			g.xqu[d][i] = qu
			if hi-i > i-lo {
				g.xset[d][i] = g.crossSetReversed(i, lo, hi, step)
				return
			}
			// Walk the prefix, then every letter, then the suffix.
			a := lexicon.Arc(g.w.root)
			ok := true
			for j := lo; j < i && ok; j += step {
				a, ok = g.w.step(a.Child(), b.top[j])
			}
			if !ok || a.Child() == 0 {
				return
			}
			var set uint32
			arcs := g.w.arcs
			for k := int(a.Child()); ; k++ {
				x := arcs[k]
				t := x.Tile()
				y, ok := x, true
				if t == tileQu && !g.w.quArc {
					y, ok = g.w.next(x.Child(), tileU)
				}
				if ok && t >= 1 && t <= numLetters && !(b.h[i] > 0 && b.top[i] == t) {
					for j := i + step; j <= hi && ok; j += step {
						y, ok = g.w.step(y.Child(), b.top[j])
					}
					if ok && y.Word() {
						set |= 1 << t
					}
				}
				if x.Last() {
					break
				}
			}
			g.xset[d][i] = set
		}
	}
}

// crossSetReversed computes the cross-set of square i, whose cross run
// spans lo..hi (step apart), through the GADDAG's whole reversed words:
// the suffix reversed once, then each letter, then the prefix reversed,
// ending on a whole entry. It is cheaper than the DAWG walk when the
// suffix is the longer side.
func (g *generator) crossSetReversed(i, lo, hi, step int) uint32 {
	b := &g.s.b
	w := g.w
	a := lexicon.Arc(w.groot)
	ok := true
	for j := hi; j > i && ok; j -= step {
		a, ok = w.stepLeft(a.Child(), b.top[j])
	}
	if !ok || a.Child() == 0 {
		return 0
	}
	var set uint32
	try := func(t lexicon.Tile, y lexicon.Arc) {
		if t > numLetters || (b.h[i] > 0 && b.top[i] == t) {
			return
		}
		ok := true
		for j := i - step; j >= lo && ok; j -= step {
			y, ok = w.stepLeft(y.Child(), b.top[j])
		}
		if ok && y.Word() {
			set |= 1 << t
		}
	}
	arcs := w.arcs
	for k := int(a.Child()); ; k++ {
		x := arcs[k]
		t := x.Tile()
		switch {
		case t == 0:
		case !w.quArc && t == tileQu:
			// A lone Q read leftward: no tile.
		default:
			try(t, x)
			if !w.quArc && t == tileU {
				if z, ok := w.next(x.Child(), tileQu); ok {
					try(tileQu, z)
				}
			}
		}
		if x.Last() {
			break
		}
	}
	return set
}

// anchor reports whether line position k connects a play: an occupied
// square, an empty one with a cross word, or on the first play a centre
// square.
func (g *generator) anchor(k int) bool {
	i := g.line[k]
	if g.first {
		return g.s.b.centre(i)
	}
	return g.s.b.h[i] > 0 || g.xlen[g.dir][i] > 0
}

// genLine generates the plays of the current line, once per play from
// the leftmost anchor of its main word (Gordon's GADDAG method): an
// anchor is an occupied square, an empty square with a cross word, or,
// on the first play, a centre square. From anchor a (the square before it
// not occupied), the walk takes the anchor's tile (read, stacked or
// placed), extends left over empty non-anchor squares with rack tiles,
// and at each stopping point either ends the word at a or crosses the
// separator and extends right from a+1 (walk).
func (g *generator) genLine() {
	b := &g.s.b
	for a := range g.n {
		if !g.anchor(a) || (a > 0 && b.h[g.line[a-1]] > 0) {
			continue
		}
		g.genAnchor(a)
	}
}

// genAnchor starts the walks of anchor a.
func (g *generator) genAnchor(a int) {
	b := &g.s.b
	w := g.w
	i := g.line[a]
	xl := g.xlen[g.dir][i]
	set := g.xset[g.dir][i]
	if b.h[i] > 0 {
		top, h := b.top[i], int(b.h[i])
		if y, ok := w.stepLeft(w.groot, top); ok {
			g.tile[a] = top
			g.left(a, a-1, y, 0, h, h == 1, top == tileQu, 0, false)
		}
		if h >= MaxHeight || g.rack.n == 0 {
			return
		}
		g.anchorTiles(a, top, h, xl, set)
		return
	}
	g.anchorTiles(a, 0, 0, xl, set)
}

// anchorTiles puts each rack tile allowed at anchor a (not top, the
// letter of a stack h high there; the cross-set set when xl > 0) by
// scanning the GADDAG root's arcs, and continues left.
func (g *generator) anchorTiles(a int, top lexicon.Tile, h int, xl uint8, set uint32) {
	w := g.w
	arcs := w.arcs
	for j := int(w.groot); ; j++ {
		x := arcs[j]
		t := x.Tile()
		switch {
		case t == 0:
		case !w.quArc && t == tileQu:
			// A lone Q: no tile.
		default:
			g.anchorTile(a, t, x, top, h, xl, set)
			if !w.quArc && t == tileU {
				if z, ok := w.next(x.Child(), tileQu); ok {
					g.anchorTile(a, tileQu, z, top, h, xl, set)
				}
			}
		}
		if x.Last() {
			break
		}
	}
}

// anchorTile puts tile t, reached by GADDAG arc y, at anchor a when the
// rules allow it there, and continues left.
func (g *generator) anchorTile(a int, t lexicon.Tile, y lexicon.Arc, top lexicon.Tile, h int, xl uint8, set uint32) {
	if t > numLetters || t == top || g.rack.counts[t] == 0 || (xl > 0 && set&(1<<t) == 0) {
		return
	}
	i := g.line[a]
	cs := 0
	if xl > 0 {
		cs = g.crossScore(i, t, h+1)
	}
	g.rack.remove(t)
	g.tile[a], g.isNew[a] = t, true
	g.left(a, a-1, y, 1, h+1, h == 0, t == tileQu, cs, h > 0)
	g.isNew[a] = false
	g.rack.add(t)
}

// left continues the walk of anchor a leftward at line position k (empty
// or off the line), y being the GADDAG arc of the tiles so far (the
// anchor's, then leftward). as says the anchor covered a tile of an old
// run (whole-word cover bookkeeping for walk).
func (g *generator) left(a, k int, y lexicon.Arc, placed, sumH int, flat, qu bool, cross int, as bool) {
	b := &g.s.b
	w := g.w
	if k >= 0 && b.h[g.line[k]] > 0 {
		// The word would run on into an occupied square, an anchor
		// further left: it is generated from there.
		return
	}
	// Stop here: the main word starts at k+1.
	g.c0 = k + 1
	if a+1 == g.n || b.h[g.line[a+1]] == 0 {
		if y.Word() && placed > 0 && a-k >= 2 {
			g.emit(a+1, placed, sumH, flat, qu, cross)
		}
	}
	if a+1 < g.n {
		if sep, ok := w.next(y.Child(), lexicon.Separator); ok {
			g.walk(a+1, sep.Child(), false, placed, sumH, flat, qu, cross, true, as)
		}
	}
	// Extend left over an empty square that is no anchor.
	if k < 0 || g.rack.n == 0 || g.anchor(k) || y.Child() == 0 {
		return
	}
	arcs := w.arcs
	for j := int(y.Child()); ; j++ {
		x := arcs[j]
		t := x.Tile()
		switch {
		case t == 0:
		case !w.quArc && t == tileQu:
			// A Q read leftward is a lone Q, not the Qu tile: skip.
		default:
			if g.rack.counts[t] > 0 {
				g.placeLeft(a, k, t, x, placed, sumH, flat, qu, cross, as)
			}
			if !w.quArc && t == tileU && g.rack.counts[tileQu] > 0 {
				if z, ok := w.next(x.Child(), tileQu); ok {
					g.placeLeft(a, k, tileQu, z, placed, sumH, flat, qu, cross, as)
				}
			}
		}
		if x.Last() {
			break
		}
	}
}

// placeLeft puts tile t (reached by GADDAG arc y) on the empty square at
// line position k and continues left.
func (g *generator) placeLeft(a, k int, t lexicon.Tile, y lexicon.Arc, placed, sumH int, flat, qu bool, cross int, as bool) {
	g.rack.remove(t)
	g.tile[k], g.isNew[k] = t, true
	g.left(a, k-1, y, placed+1, sumH+1, flat, qu || t == tileQu, cross, as)
	g.isNew[k] = false
	g.rack.add(t)
}

// walk extends the main word at line position k from DAWG node node
// (word: the word so far is a word). placed counts the new tiles; sumH,
// flat and qu describe the main word so far after the play; cross sums
// the cross words' points; conn says the play connects; allStacked says
// every tile so far of the current old run along the line is covered.
func (g *generator) walk(k int, node lexicon.Node, word bool, placed, sumH int, flat, qu bool, cross int, conn, allStacked bool) {
	b := &g.s.b
	if k == g.n || b.h[g.line[k]] == 0 {
		if word && placed > 0 && conn && k-g.c0 >= 2 {
			g.emit(k, placed, sumH, flat, qu, cross)
		}
		if k == g.n || node == 0 || g.rack.n == 0 {
			return
		}
		i := g.line[k]
		xl := g.xlen[g.dir][i]
		set := g.xset[g.dir][i]
		arcs := g.w.arcs
		for j := int(node); ; j++ {
			x := arcs[j]
			t := x.Tile()
			if t >= 1 && t <= numLetters && g.rack.counts[t] > 0 && (xl == 0 || set&(1<<t) != 0) {
				y, ok := x, true
				if t == tileQu && !g.w.quArc {
					y, ok = g.w.next(x.Child(), tileU)
				}
				if ok {
					cs := 0
					if xl > 0 {
						cs = g.crossScore(i, t, 1)
					}
					g.rack.remove(t)
					g.tile[k], g.isNew[k] = t, true
					c := conn || xl > 0 || (g.first && b.centre(i))
					g.walk(k+1, y.Child(), y.Word(), placed+1, sumH+1, flat, qu || t == tileQu, cross+cs, c, false)
					g.isNew[k] = false
					g.rack.add(t)
				}
			}
			if x.Last() {
				break
			}
		}
		return
	}
	// An occupied square.
	i := g.line[k]
	top, h := b.top[i], int(b.h[i])
	if k == 0 || b.h[g.line[k-1]] == 0 {
		allStacked = true // the first tile of an old run
	}
	if node == 0 {
		return
	}
	if y, ok := g.w.step(node, top); ok {
		g.tile[k] = top
		g.walk(k+1, y.Child(), y.Word(), placed, sumH+h, flat && h == 1, qu || top == tileQu, cross, true, false)
	}
	if h >= MaxHeight || g.rack.n == 0 {
		return
	}
	// Covering: forbidden on the last tile of an old run of 2+ whose
	// other tiles are all covered (whole-word cover).
	if allStacked && (k+1 == g.n || b.h[g.line[k+1]] == 0) && k > 0 && b.h[g.line[k-1]] > 0 {
		return
	}
	xl := g.xlen[g.dir][i]
	set := g.xset[g.dir][i]
	arcs := g.w.arcs
	for j := int(node); ; j++ {
		x := arcs[j]
		t := x.Tile()
		if t >= 1 && t <= numLetters && t != top && g.rack.counts[t] > 0 && (xl == 0 || set&(1<<t) != 0) {
			y, ok := x, true
			if t == tileQu && !g.w.quArc {
				y, ok = g.w.next(x.Child(), tileU)
			}
			if ok {
				cs := 0
				if xl > 0 {
					cs = g.crossScore(i, t, h+1)
				}
				g.rack.remove(t)
				g.tile[k], g.isNew[k] = t, true
				g.walk(k+1, y.Child(), y.Word(), placed+1, sumH+h+1, false, qu || t == tileQu, cross+cs, true, allStacked)
				g.isNew[k] = false
				g.rack.add(t)
			}
		}
		if x.Last() {
			break
		}
	}
}

// crossScore returns the points of the cross word through square i when
// tile t makes its stack newH high.
func (g *generator) crossScore(i int, t lexicon.Tile, newH int) int {
	d := g.dir
	if newH == 1 && g.xflat[d][i] {
		sc := 2 * (int(g.xlen[d][i]) + 1)
		if g.xqu[d][i] || t == tileQu {
			sc += 2
		}
		return sc
	}
	return int(g.xsum[d][i]) + newH
}

// emit appends the play whose main word ends before line position end.
func (g *generator) emit(end, placed, sumH int, flat, qu bool, cross int) {
	b := &g.s.b
	if g.first && placed < 2 {
		return
	}
	if placed == 1 {
		k := g.c0
		for !g.isNew[k] {
			k++
		}
		i := g.line[k]
		// A one-tile play is across when it forms an across word.
		if g.dir == Down && g.xlen[Down][i] > 0 {
			return
		}
		if !g.s.rules.BarePluralAllowed && k == end-1 && g.tile[k] == tileS && b.h[i] == 0 && end-g.c0 >= 3 && g.xlen[g.dir][i] == 0 {
			return
		}
	}
	length := end - g.c0
	score := sumH
	if flat {
		score = 2 * length
		if qu {
			score += 2
		}
	}
	score += cross
	if placed == RackSize {
		score += Bingo
	}
	var mask uint16
	var tiles uint64
	n := 0
	for k := g.c0; k < end; k++ {
		if g.isNew[k] {
			mask |= 1 << (k - g.c0)
			tiles |= uint64(g.tile[k]) << (8 * n)
			n++
		}
	}
	i := g.line[g.c0]
	g.dst = append(g.dst, packPlay(g.dir, i/b.n, i%b.n, length, mask, n, score, tiles))
}
