package crossword

import (
	"wordengine/game"
	"wordengine/lexicon"
)

// Move generation with the GADDAG (Gordon 1994, "A faster Scrabble move
// generation algorithm"). For each direction and each lane (row or column)
// the lane's tiles, cross-sets (Appel & Jacobson 1988), cross-scores and
// premiums are copied into flat arrays; then from every anchor (an empty
// square next to a tile, or the start square of an empty board) the walk
// goes left through the GADDAG's reversed prefix, placing rack tiles on
// empty squares and reading board tiles, turns at the separator, and goes
// right. Scores are summed on the way, so every move comes out scored.
//
// Anchors are the last tile of each run along the lane, and empty squares
// with no tile before or after them along the lane but one beside them
// (see Board.isAnchor). Starting from the last tile of a run reads the run
// backwards first, so the GADDAG walk is constrained from its first step.
//
// Each play is generated exactly once:
//   - going left from an anchor never steps onto another anchor (that play
//     is generated from the leftmost anchor it covers);
//   - a play of a single tile that forms words both across and down is
//     generated only as an across play; a single tile with no across
//     neighbour is generated as a down play only.
//
// The walk is recursive over at most MaxDim squares, keeps its state in a
// generator owned by the State, and appends to the caller's buffer, so it
// allocates nothing once the buffer has room.
type generator struct {
	s    *State
	arcs []lexicon.Arc

	// The lane being searched, copied from the board.
	d    Direction
	lane int
	laneData
	placed [MaxDim]lexicon.Tile

	anchorPos  int
	rightEmpty bool // the square right of the anchor is empty or off the board

	rack     rack
	letters  uint64 // bit t set when the rack holds letter t (not blanks)
	values   [64]int
	rackSize int
	bingo    int
	out      []game.Move

	// The spans the walk may cover (see spanMasks): all of them for
	// AppendPlays; for NextBounded, masks[b] holds the spans where a play
	// with b blanks or more may reach the threshold. ok points to
	// masks[blanks], blanks being the number of blanks placed so far.
	masks  [MaxRack + 1]spanMasks
	ok     *spanMasks
	blanks int

	// useMap makes shadow record the plays of the spans it keeps from the
	// word map (NextBounded with at most one blank on the rack).
	useMap bool

	bounded boundedState
	lanes   laneCache

	// extMemo keeps the extensions of runs (see extensions) for the
	// word set extWS; extNoMemo stands for it when it is off.
	extMemo   [extMemoSize]extEntry
	extWS     *wordSet
	extNoMemo extEntry

	// The anchor tables (anchortab.go): tabs by key, their spans in the
	// ring slab (slabHead: the absolute position of the next record),
	// made for the lexicon, rules, layout, start square, alphabet and word
	// set below.
	tabs     []anchorTab
	slab     []tabSpan
	slabHead uint64
	tabLex   *lexicon.Lexicon
	tabRules *Rules
	tabPrem  *Premium
	tabStart int
	tabAll   uint64
	tabWS    *wordSet
	bounds   int // StartBounded calls so far (see tablesAfter)

	// off holds the cache layers switched off (tests; see cacheLayer).
	off cacheLayer

	// eg holds the endgame's lane lists (endgame.go); nil until used.
	eg *endgameLanes
}

func (s *State) generator() *generator {
	if s.gen == nil {
		s.gen = &generator{s: s}
	}
	g := s.gen
	g.s = s
	s.syncCross()
	g.arcs = s.lex.GADDAG.Arcs()
	copy(g.values[:], s.rules.TileSet.Values)
	g.rackSize = s.rules.RackSize
	g.bingo = s.rules.Bingo
	return g
}

// AppendMoves implements game.State: every legal play (tiles on the board),
// every distinct exchange the bag allows, and the pass. A game that is over
// has no moves. It allocates nothing when dst has room.
func (s *State) AppendMoves(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	dst = s.AppendPlays(dst)
	dst = s.AppendExchanges(dst)
	return append(dst, passMove)
}

// AppendPlays appends every legal play of the player to move: all tile
// placements whose words are in the lexicon, scored. With no lexicon
// (replay mode) it appends nothing.
func (s *State) AppendPlays(dst []game.Move) []game.Move {
	if s.lex == nil {
		return dst
	}
	g := s.generator()
	if !g.setRack() {
		return dst
	}
	g.allowAll(int(g.rack.counts[0]))
	g.out = dst
	b := s.board
	for d := Across; d <= Down; d++ {
		for k := range b.lanes(d) {
			g.loadLane(d, k)
			for p := range g.n {
				if !g.anchor[p] {
					continue
				}
				g.anchorPos = p
				g.rightEmpty = p == g.n-1 || g.tiles[p+1] == 0
				g.extend(p, p, s.lex.GADDAG.Root(), true, 0, 1, 0, 0)
			}
		}
	}
	dst = g.out
	g.out = nil
	return dst
}

// laneData is one lane (row or column) of the board as the generator
// reads it: for each square along the lane its tile, its cross-set,
// cross-score and premiums for plays along the lane, and whether it is an
// anchor.
type laneData struct {
	n      int
	tiles  [MaxDim]lexicon.Tile
	cross  [MaxDim]uint64
	hasX   [MaxDim]bool
	xs     [MaxDim]int32
	lm, wm [MaxDim]uint8
	anchor [MaxDim]bool
}

// load copies lane k of direction d of board b. Its anchors are those of
// Board.isAnchor, computed here along the lane.
func (l *laneData) load(b *Board, d Direction, k int) {
	first, n := b.lane(d, k)
	st, pst := b.step(d), b.step(1-d)
	last := b.lanes(d) - 1 // the last position along the perpendicular lanes
	l.n = n
	sq := b.sq
	cross, hasX, xs := b.cross[d], b.hasCross[d], b.xscore[d]
	for p := range n {
		i := first + p*st
		t := sq[i]
		l.tiles[p] = t
		l.cross[p] = cross[i]
		l.hasX[p] = hasX[i]
		l.xs[p] = xs[i]
		pr := b.prem[i]
		l.lm[p], l.wm[p] = max(pr.Letter, 1), max(pr.Word, 1)
		after := p < n-1 && sq[i+st] != 0
		switch {
		case b.tiles == 0:
			l.anchor[p] = i == b.start
		case t != 0:
			l.anchor[p] = !after
		default:
			before := p > 0 && sq[i-st] != 0
			l.anchor[p] = !before && !after && (k > 0 && sq[i-pst] != 0 || k < last && sq[i+pst] != 0)
		}
	}
}

// setRack loads the rack of the player to move; false when it is empty.
func (g *generator) setRack() bool {
	g.rack = g.s.racks[g.s.toMove]
	if g.rack.n == 0 {
		return false
	}
	g.letters = 0
	for t := 1; t < len(g.rack.counts); t++ {
		if g.rack.counts[t] > 0 {
			g.letters |= 1 << t
		}
	}
	return true
}

// loadLane copies lane k of direction d into the generator.
func (g *generator) loadLane(d Direction, k int) {
	g.d, g.lane = d, k
	g.laneData.load(g.s.board, d, k)
	clear(g.placed[:])
}

// extend handles square pos of the lane with GADDAG node node. lo is the
// leftmost square of the word so far (when going right). main is the sum
// of the main word's tile points so far (letter premiums applied), mult
// its word multiplier, cross the points of completed cross-words, and
// placed the number of tiles placed.
func (g *generator) extend(pos, lo int, node lexicon.Node, left bool, main, mult, cross, placed int) {
	if node == 0 {
		return
	}
	arcs := g.arcs
	if t := g.tiles[pos]; t != 0 {
		l := t.Letter()
		for i := int(node); ; i++ {
			a := arcs[i]
			if at := a.Tile(); at == l {
				v := 0
				if !t.IsBlank() {
					v = g.values[l&63]
				}
				g.goOn(pos, lo, a, left, main+v, mult, cross, placed)
				return
			} else if at > l || a.Last() {
				return
			}
		}
	}
	if g.rack.n == 0 {
		return
	}
	mask := g.cross[pos]
	blank := g.rack.counts[0] > 0 && g.blankOK(pos, lo, left)
	if !blank {
		mask &= g.letters
	}
	if mask == 0 {
		return
	}
	lm, wm := int(g.lm[pos]), int(g.wm[pos])
	hasX := g.hasX[pos]
	xs := int(g.xs[pos])
	for i := int(node); ; i++ {
		a := arcs[i]
		l := a.Tile()
		if mask>>l == 0 {
			return // arcs are sorted: no allowed letter follows
		}
		if mask>>l&1 != 0 {
			if g.rack.counts[l] > 0 {
				g.rack.counts[l]--
				g.rack.n--
				if g.rack.counts[l] == 0 {
					g.letters &^= 1 << l
				}
				g.placed[pos] = l
				v := g.values[l&63] * lm
				c := cross
				if hasX {
					c += (xs + v) * wm
				}
				g.goOn(pos, lo, a, left, main+v, mult*wm, c, placed+1)
				g.rack.counts[l]++
				g.letters |= 1 << l
				g.rack.n++
			}
			if blank {
				g.rack.counts[0]--
				g.rack.n--
				g.placed[pos] = l | lexicon.BlankFlag
				c := cross
				if hasX {
					c += xs * wm
				}
				prev := g.ok
				g.blanks++
				g.ok = &g.masks[g.blanks]
				g.goOn(pos, lo, a, left, main, mult*wm, c, placed+1)
				g.blanks--
				g.ok = prev
				g.rack.counts[0]++
				g.rack.n++
			}
			g.placed[pos] = 0
		}
		if a.Last() {
			return
		}
	}
}

// goOn continues after arc a put a letter on square pos.
func (g *generator) goOn(pos, lo int, a lexicon.Arc, left bool, main, mult, cross, placed int) {
	if left {
		leftEmpty := pos == 0 || g.tiles[pos-1] == 0
		if a.Word() && leftEmpty && g.rightEmpty && g.ok.spanOK[pos]>>g.anchorPos&1 != 0 {
			g.record(pos, g.anchorPos, main*mult+cross, placed)
		}
		child := a.Child()
		if child == 0 {
			return
		}
		if pos > 0 && !g.anchor[pos-1] && g.ok.leftOK>>(pos-1)&1 != 0 {
			g.extend(pos-1, pos-1, child, true, main, mult, cross, placed)
		}
		if leftEmpty && g.anchorPos+1 < g.n && g.ok.rowOK>>pos&1 != 0 {
			// Turn at the separator, which sorts first in a node.
			if sep := g.arcs[child]; sep.Tile() == lexicon.Separator {
				g.extend(g.anchorPos+1, pos, sep.Child(), false, main, mult, cross, placed)
			}
		}
		return
	}
	if a.Word() && (pos == g.n-1 || g.tiles[pos+1] == 0) && g.ok.spanOK[lo]>>pos&1 != 0 {
		g.record(lo, pos, main*mult+cross, placed)
	}
	if pos+1 < g.n && g.ok.rightOK[lo]>>(pos+1)&1 != 0 {
		g.extend(pos+1, lo, a.Child(), false, main, mult, cross, placed)
	}
}

// record appends the play covering lane squares lo..hi.
func (g *generator) record(lo, hi, score, placed int) {
	if hi == lo || placed == 0 {
		return // a one-square main word, or a word already on the board
	}
	if placed == 1 && g.d == Down {
		for p := lo; p <= hi; p++ {
			if g.tiles[p] == 0 && g.hasX[p] {
				return // the tile has an across word: generated as an across play
			}
		}
	}
	var b uint64
	k := 0
	for p := lo; p <= hi; p++ {
		if g.tiles[p] == 0 {
			b |= uint64(g.placed[p]) << (8 * k)
			k++
		}
	}
	g.emit(lo, hi, placed, score, b)
}

// emit appends the play of the lane being generated that covers squares
// lo..hi with placed tiles b (packed as Move.B) scoring score before the
// bingo bonus, and returns its score with the bonus.
func (g *generator) emit(lo, hi, placed, score int, b uint64) int {
	if placed == g.rackSize {
		score += g.bingo
	}
	row, col := g.lane, lo
	if g.d == Down {
		row, col = lo, g.lane
	}
	g.out = append(g.out, game.Move{A: playA(g.d, row, col, hi-lo+1, placed, score), B: b})
	return score
}

// AppendExchanges appends every distinct exchange (each sub-multiset of
// the rack, 1 tile or more) that the bag allows: it must hold at least as
// many tiles as are exchanged and at least Rules.ExchangeMinBag.
func (s *State) AppendExchanges(dst []game.Move) []game.Move {
	r := s.racks[s.toMove]
	bag := s.bag.Len()
	if bag < s.rules.ExchangeMinBag || bag == 0 {
		return dst
	}
	var buf [MaxRack]lexicon.Tile
	return appendSubsets(dst, &r, 0, buf[:0], bag)
}

// appendSubsets enumerates the non-empty sub-multisets of r over tile
// indices from t on (index 0 = blanks, enumerated last).
func appendSubsets(dst []game.Move, r *rack, t int, cur []lexicon.Tile, limit int) []game.Move {
	for ; t < len(r.counts) && r.counts[(t+1)%len(r.counts)] == 0; t++ {
	}
	if t >= len(r.counts) {
		if len(cur) > 0 && len(cur) <= limit {
			dst = append(dst, packExchange(cur))
		}
		return dst
	}
	idx := (t + 1) % len(r.counts) // letters 1..63, then blanks
	tile := lexicon.Tile(idx)
	if idx == 0 {
		tile = lexicon.Blank
	}
	for k := 0; k <= int(r.counts[idx]); k++ {
		dst = appendSubsets(dst, r, t+1, cur, limit)
		cur = append(cur, tile)
	}
	return dst
}
