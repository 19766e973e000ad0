package crossword

import (
	"encoding/binary"
	"slices"

	"wordengine/game"
	"wordengine/lexicon"
)

// Endgame move generation (game.EndgameMover, game.PositionKeyer).
//
// An exact endgame search plays and undoes a few moves on one board, over
// and over, and generates the moves of every position it meets. With the
// bag empty the racks only shrink: every rack of the search is a
// sub-multiset of the rack its seat held when the search began. So the
// plays of a lane (a row or column), for a seat, are generated once per
// version of the lane (Board.laneKey: its tiles, cross-sets, cross-word
// flags and cross-scores) with the seat's base rack, the rack it held then
// (plus the bag's tiles, when they fit on a rack: a pre-endgame's draw),
// and kept; each position then takes, from the list of each lane, the
// plays whose tiles its rack holds. A move changes the versions of the
// lane it was played in and of the lanes whose cross-sets it changed,
// a handful of the 30; the others are read from the lists. Whether a
// play's tiles are on the rack is one subtraction: the tiles a play takes
// of each tile of the base rack, a byte each, packed in a word (need),
// against the rack's counts packed the same way.
//
// The lists are kept in an open-addressing table by a hash of the lane's
// key, the lane and the seat's base (a rack outside the base makes a new
// base, whose lists are new), with the last few versions of each lane
// and seat checked first. When the table holds maxEndgamePlays plays it
// is emptied.

// endgameLanes is a generator's endgame state: the base racks and the
// lists of plays by lane version.
type endgameLanes struct {
	// What the lists were made for.
	lex   *lexicon.Lexicon
	rules *Rules
	prem  *Premium
	start int
	all   uint64

	// base[p] is seat p's base rack; types[p] its distinct tiles (rack
	// index: a letter code, 0 for blanks), typeOf[p] the place of each
	// in types[p] (-1: none), salt[p] a key of the base, mixed into the
	// lists' keys.
	base   [2]rack
	types  [2][MaxRack]uint8
	ntypes [2]int
	typeOf [2][64]int8
	salt   [2]uint64
	bases  uint64 // bases made so far

	slots  []laneSlot // by key, linear probing; key 0: empty
	used   int
	plays  []lanePlay
	recent [2][2][MaxDim][recentWays]laneSlot
	rnext  [2][2][MaxDim]uint8

	// killer[p] is 1 + the lane (across lanes first, then down lanes)
	// of seat p's last best move (BestEndgameMove), 0 when none; rows
	// is the number of across lanes.
	killer [2]uint8
	rows   int

	moves []game.Move        // scratch of the lane walks and exchanges
	best  []game.EndgameMove // scratch of BestEndgameMove
	leave []int64
}

// laneSlot is a list of plays: a lane version's key and its plays
// plays[start:end].
type laneSlot struct {
	key        uint64
	start, end uint32
}

// lanePlay is a play of a lane list with the tiles it takes of each tile
// of the seat's base rack (byte i: types[i]).
type lanePlay struct {
	move game.Move
	need uint64
}

const (
	// recentWays is the number of versions of each lane, per seat, that
	// are checked before the table (a power of two).
	recentWays = 16
	// maxEndgamePlays bounds the plays the lists hold (24 bytes each).
	maxEndgamePlays = 1 << 20
	// minEndgameSlots is the first size of the table.
	minEndgameSlots = 1 << 12
	// highBits has the high bit of every byte set: (have|highBits)-need
	// keeps them all exactly when no byte of need exceeds have's.
	highBits = 0x8080808080808080
)

// endgame returns the generator's endgame state for s, emptied when the
// lexicon, rules or layout changed since it was filled.
func (g *generator) endgame() *endgameLanes {
	s := g.s
	e := g.eg
	if e == nil {
		e = &endgameLanes{slots: make([]laneSlot, minEndgameSlots)}
		g.eg = e
	}
	b := s.board
	if e.lex != s.lex || e.rules != s.rules || e.prem != &b.prem[0] || e.start != b.start || e.all != b.all {
		e.lex, e.rules, e.prem, e.start, e.all = s.lex, s.rules, &b.prem[0], b.start, b.all
		e.rows, e.killer = b.rows, [2]uint8{}
		e.reset()
		e.ntypes = [2]int{-1, -1} // no base yet
	}
	return e
}

// reset empties the lists.
func (e *endgameLanes) reset() {
	clear(e.slots)
	e.used = 0
	e.plays = e.plays[:0]
	e.recent = [2][2][MaxDim][recentWays]laneSlot{}
}

// have returns the counts of seat p's rack r packed as the needs of its
// base rack's plays, making a new base of r (and the bag's tiles, when
// they fit) when r holds a tile the base does not.
func (e *endgameLanes) have(p int, r *rack, bag []lexicon.Tile) uint64 {
	if e.ntypes[p] >= 0 {
		var h uint64
		n := 0
		for i, t := range e.types[p][:e.ntypes[p]] {
			c := r.counts[t]
			if c > e.base[p].counts[t] {
				break
			}
			h |= uint64(c) << (8 * i)
			n += int(c)
		}
		if n == r.n {
			return h
		}
	}
	// A new base: this rack, and the bag's tiles if all fit on it.
	base := *r
	if r.n+len(bag) <= MaxRack {
		for _, t := range bag {
			base.add(t)
		}
	}
	e.base[p] = base
	e.ntypes[p] = 0
	for t := range e.typeOf[p] {
		e.typeOf[p][t] = -1
	}
	for t := 1; t <= 64; t++ {
		i := t % 64 // letters first, blanks last
		if base.counts[i] > 0 {
			e.typeOf[p][i] = int8(e.ntypes[p])
			e.types[p][e.ntypes[p]] = uint8(i)
			e.ntypes[p]++
		}
	}
	e.bases++
	e.salt[p] = mixKey(e.bases<<1 | uint64(p) | 0xb5<<56)
	return e.have(p, r, nil)
}

// need returns what play m takes of seat p's base rack, packed.
func (e *endgameLanes) need(p int, m game.Move) uint64 {
	var n uint64
	for i := range MoveTileCount(m) {
		t := lexicon.Tile(m.B >> (8 * i))
		n += 1 << (8 * int(e.typeOf[p][rackIndex(t)]))
	}
	return n
}

// laneKey returns the key of seat p's list of lane k of direction d as
// the board is now (its cross-sets up to date).
func (e *endgameLanes) laneKey(b *Board, p int, d Direction, k int) uint64 {
	// laneKey is already a hash (an XOR of mixKey terms); the salts tell
	// seats, bases and lanes apart (lanes of equal content, empty ones
	// above all, have equal keys).
	key := b.laneKey[d][k] ^ e.salt[p] ^ laneSalt[d][k]
	if key == 0 {
		key = 1
	}
	return key
}

// lookup returns seat p's list of lane (d, k) of key key, when kept.
func (e *endgameLanes) lookup(p int, d Direction, k int, key uint64) ([]lanePlay, bool) {
	rs := &e.recent[p][d][k]
	for w := range rs {
		if sl := &rs[w]; sl.key == key {
			return e.plays[sl.start:sl.end], true
		}
	}
	mask := uint64(len(e.slots) - 1)
	for i := key & mask; ; i = (i + 1) & mask {
		sl := &e.slots[i]
		if sl.key == key {
			e.remember(p, d, k, *sl)
			return e.plays[sl.start:sl.end], true
		}
		if sl.key == 0 {
			return nil, false
		}
	}
}

// walkLane appends to dst the plays of lane k of direction d with rack r.
func (g *generator) walkLane(d Direction, k int, r *rack, dst []game.Move) []game.Move {
	g.rack = *r
	g.letters = 0
	for t := 1; t < len(g.rack.counts); t++ {
		if g.rack.counts[t] > 0 {
			g.letters |= 1 << t
		}
	}
	g.allowAll(int(g.rack.counts[0]))
	g.out = dst
	g.loadLane(d, k)
	root := g.s.lex.GADDAG.Root()
	for pos := range g.n {
		if !g.anchor[pos] {
			continue
		}
		g.anchorPos = pos
		g.rightEmpty = pos == g.n-1 || g.tiles[pos+1] == 0
		g.extend(pos, pos, root, true, 0, 1, 0, 0)
	}
	dst, g.out = g.out, nil
	return dst
}

// laneList returns seat p's list of lane k of direction d as the board is
// now (its cross-sets up to date), generating it with the base rack when
// it is new.
func (g *generator) laneList(e *endgameLanes, p int, d Direction, k int) []lanePlay {
	key := e.laneKey(g.s.board, p, d, k)
	if l, ok := e.lookup(p, d, k, key); ok {
		return l
	}
	if len(e.plays) >= maxEndgamePlays {
		e.reset()
	}
	e.moves = g.walkLane(d, k, &e.base[p], e.moves[:0])
	start := len(e.plays)
	for _, m := range e.moves {
		e.plays = append(e.plays, lanePlay{move: m, need: e.need(p, m)})
	}
	// Highest score first (ties: the walk's order), for BestEndgameMove.
	slices.SortStableFunc(e.plays[start:], func(x, y lanePlay) int { return moveScore(y.move) - moveScore(x.move) })
	sl := laneSlot{key: key, start: uint32(start), end: uint32(len(e.plays))}
	e.insert(sl)
	e.remember(p, d, k, sl)
	return e.plays[sl.start:sl.end]
}

// remember puts sl among the recent versions of seat p's lane (d, k).
func (e *endgameLanes) remember(p int, d Direction, k int, sl laneSlot) {
	w := e.rnext[p][d][k]
	e.recent[p][d][k][w] = sl
	e.rnext[p][d][k] = (w + 1) % recentWays
}

// insert adds sl to the table, doubling it when half full.
func (e *endgameLanes) insert(sl laneSlot) {
	if 2*(e.used+1) > len(e.slots) {
		old := e.slots
		e.slots = make([]laneSlot, 2*len(old))
		e.used = 0
		for _, o := range old {
			if o.key != 0 {
				e.insert(o)
			}
		}
	}
	mask := uint64(len(e.slots) - 1)
	i := sl.key & mask
	for e.slots[i].key != 0 {
		i = (i + 1) & mask
	}
	e.slots[i] = sl
	e.used++
}

// AppendEndgameMoves implements game.EndgameMover: every legal move, as
// AppendMoves, with its spread change, from the lane lists (see above).
// The plays come lane by lane, across lanes top to bottom then down lanes
// left to right, each lane's in the GADDAG walk's order; then the
// exchanges and the pass.
func (s *State) AppendEndgameMoves(dst []game.EndgameMove) []game.EndgameMove {
	if s.over {
		return dst
	}
	p := s.toMove
	r := &s.racks[p]
	if s.lex != nil && r.n > 0 {
		if s.board.tiles == 0 {
			g := s.generator()
			e := g.endgame()
			e.moves = s.AppendPlays(e.moves[:0])
			for _, m := range e.moves {
				dst = append(dst, s.endgameMove(m))
			}
		} else {
			g := s.generator()
			e := g.endgame()
			have := e.have(p, r, s.bag.Tiles())
			out := 2 * int32(s.racks[1-p].value(s.rules.TileSet.Values))
			if s.bag.Len() > 0 {
				out = -1 // no play goes out
			}
			b := s.board
			for d := Across; d <= Down; d++ {
				for k := range b.lanes(d) {
					for _, lp := range g.laneList(e, p, d, k) {
						if ((have|highBits)-lp.need)&highBits != highBits {
							continue
						}
						m := lp.move
						score, tiles := int32(moveScore(m)), MoveTileCount(m)
						switch {
						case score == 0:
							dst = append(dst, s.endgameMove(m))
						case out >= 0 && tiles == r.n:
							dst = append(dst, game.EndgameMove{Move: m, Delta: score + out, Tiles: uint8(tiles), Ends: true})
						default:
							dst = append(dst, game.EndgameMove{Move: m, Delta: score, Tiles: uint8(tiles)})
						}
					}
				}
			}
		}
	}
	if s.bag.Len() > 0 {
		g := s.generator()
		e := g.endgame()
		e.moves = s.AppendExchanges(e.moves[:0])
		for _, m := range e.moves {
			dst = append(dst, s.endgameMove(m))
		}
	}
	return append(dst, s.passEndgameMove())
}

// BestEndgameMove implements game.EndgameBester: a move of the largest
// spread change, or of one at least enough. It reads the kept lane lists
// first, each highest score first and only as long as a play of it could
// beat the best so far; then it walks the lanes whose lists are not kept
// with the rack itself, without keeping them (one ply from a search's
// horizon, a lane just changed is seldom met again).
func (s *State) BestEndgameMove(enough int32) game.EndgameMove {
	if s.over {
		return game.EndgameMove{}
	}
	best := s.passEndgameMove()
	p := s.toMove
	r := &s.racks[p]
	g := s.generator()
	e := g.endgame()
	if s.lex == nil || r.n == 0 || s.board.tiles == 0 || s.bag.Len() > 0 {
		// Not the endgame the lists are for: every move.
		e.best = s.AppendEndgameMoves(e.best[:0])
		for _, m := range e.best {
			if m.Delta > best.Delta {
				best = m
			}
		}
		return best
	}
	have := e.have(p, r, nil)
	out := 2 * int32(s.racks[1-p].value(s.rules.TileSet.Values))
	b := s.board
	var missed [2 * MaxDim]uint8
	nmissed := 0
	// The lane of the seat's last best move first: its best play is
	// often still there, and enough already.
	first := int(e.killer[p]) - 1
	n := b.lanes(Across) + b.lanes(Down)
	for j := -1; j < n; j++ {
		x := j
		switch {
		case j < 0 && first < 0, j >= 0 && x == first:
			continue
		case j < 0:
			x = first
		}
		d, k := Direction(0), x
		if x >= b.lanes(Across) {
			d, k = Down, x-b.lanes(Across)
		}
		list, ok := e.lookup(p, d, k, e.laneKey(b, p, d, k))
		if !ok {
			missed[nmissed] = uint8(x)
			nmissed++
			continue
		}
		for _, lp := range list {
			if moveScore(lp.move)+int(out) <= int(best.Delta) {
				break // sorted by score: nothing later can do better
			}
			if ((have|highBits)-lp.need)&highBits == highBits {
				s.offerBest(&best, lp.move, out)
			}
		}
		if best.Delta >= enough && (best.Ends || r.n >= bigRack) {
			return e.remember1(p, best)
		}
	}
	for _, x := range missed[:nmissed] {
		d, k := Direction(0), int(x)
		if k >= b.lanes(Across) {
			d, k = Down, k-b.lanes(Across)
		}
		e.moves = g.walkLane(d, k, r, e.moves[:0])
		for _, m := range e.moves {
			if moveScore(m)+int(out) > int(best.Delta) {
				s.offerBest(&best, m, out)
			}
		}
		if best.Delta >= enough && (best.Ends || r.n >= bigRack) {
			return e.remember1(p, best)
		}
	}
	return e.remember1(p, best)
}

// remember1 notes the lane of seat p's best move (none for a move that
// is not a play) and returns it.
func (e *endgameLanes) remember1(p int, best game.EndgameMove) game.EndgameMove {
	e.killer[p] = 0
	if MoveKind(best.Move) == Play {
		row, col := MoveStart(best.Move)
		x := row
		if MoveDir(best.Move) == Down {
			x = e.rows + col
		}
		e.killer[p] = uint8(x + 1)
	}
	return best
}

// bigRack is the number of tiles from which BestEndgameMove returns the
// first move at least enough even when it does not end the game: a rack
// that big seldom goes out, and a search that relies on the game ending
// (its bound then holds at every depth) gains nothing to look for one.
const bigRack = 5

// offerBest makes play m, a legal play of the player to move, the best
// when its spread change (out: the going-out bonus) beats best's.
func (s *State) offerBest(best *game.EndgameMove, m game.Move, out int32) {
	score := int32(moveScore(m))
	em := game.EndgameMove{Move: m, Delta: score, Tiles: uint8(MoveTileCount(m))}
	switch {
	case score == 0:
		em = s.endgameMove(m)
	case int(em.Tiles) == s.racks[s.toMove].n:
		em.Delta, em.Ends = score+out, true
	}
	if em.Delta > best.Delta || em.Delta == best.Delta && em.Ends && !best.Ends {
		*best = em
	}
}

// endgameMove returns m with its spread change, by playing it and taking
// it back.
func (s *State) endgameMove(m game.Move) game.EndgameMove {
	p := s.toMove
	before := s.scores[p] - s.scores[1-p]
	s.Play(m)
	em := game.EndgameMove{Move: m, Delta: int32(s.scores[p] - s.scores[1-p] - before), Ends: s.over}
	s.Undo()
	if k := MoveKind(m); k == Play || k == Exchange {
		em.Tiles = uint8(MoveTileCount(m))
	}
	return em
}

// passEndgameMove returns the pass with its spread change: none, unless
// it ends the game by the scoreless-turn rule.
func (s *State) passEndgameMove() game.EndgameMove {
	em := game.EndgameMove{Move: passMove}
	limit := s.rules.ScorelessLimit
	if s.scores[0] == 0 && s.scores[1] == 0 && s.rules.ScorelessLimitAtZero > 0 {
		limit = s.rules.ScorelessLimitAtZero
	}
	if limit > 0 && s.scoreless+1 >= limit {
		em.Ends = true
		if s.rules.ScorelessDeduct {
			v := s.rules.TileSet.Values
			em.Delta = int32(s.racks[1-s.toMove].value(v) - s.racks[s.toMove].value(v))
		}
	}
	return em
}

// PositionKey implements game.PositionKeyer: a hash of the board's tiles
// (kept up to date by every change of a square), both racks, the bag's
// tiles, the player to move, the scoreless-turn count, whether both
// scores are zero (Words With Friends' limit then differs) and whether
// the game is over. The scores themselves are left out.
func (s *State) PositionKey() uint64 {
	h := s.board.tileHash
	for p := range 2 {
		c := &s.racks[p].counts
		for i := range len(c) / 8 {
			if w := binary.LittleEndian.Uint64(c[8*i:]); w != 0 {
				h ^= mixKey(w ^ rackSalt[p][i])
			}
		}
	}
	var bag uint64
	for _, t := range s.bag.Tiles() {
		bag += mixKey(uint64(t) | 0xba<<56)
	}
	h ^= mixKey(bag)
	st := uint64(s.toMove) | uint64(s.scoreless)<<8 | 0x7e<<56
	if s.over {
		st |= 1 << 16
	}
	if s.scores[0] == 0 && s.scores[1] == 0 {
		st |= 1 << 17
	}
	return h ^ mixKey(st)
}

// laneSalt tells the lanes apart in the keys of the lane lists.
var laneSalt = func() (s [2][MaxDim]uint64) {
	for d := range s {
		for k := range s[d] {
			s[d][k] = mixKey(uint64(d)<<8 | uint64(k) | 0x1a<<56)
		}
	}
	return s
}()

// rackSalt keys the words of each seat's rack counts in PositionKey.
var rackSalt = func() (s [2][8]uint64) {
	for p := range s {
		for i := range s[p] {
			s[p][i] = mixKey(uint64(p)<<8 | uint64(i) | 0x3c<<56)
		}
	}
	return s
}()
