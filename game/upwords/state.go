package upwords

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
)

// board is the grid: the top tile and the stack height of every square,
// row-major, square index r*n+c.
type board struct {
	n      int
	top    [MaxSize * MaxSize]lexicon.Tile
	h      [MaxSize * MaxSize]uint8
	filled int // occupied squares
}

func (b *board) centre(i int) bool {
	r, c := i/b.n, i%b.n
	lo := b.n/2 - 1
	return (r == lo || r == lo+1) && (c == lo || c == lo+1)
}

// rack is a multiset of tiles: counts by tile code.
type rack struct {
	counts [numLetters + 1]uint8
	n      int
}

func (r *rack) add(t lexicon.Tile)    { r.counts[t]++; r.n++ }
func (r *rack) remove(t lexicon.Tile) { r.counts[t]--; r.n-- }

func (r *rack) tiles(dst []lexicon.Tile) []lexicon.Tile {
	for t := 1; t <= numLetters; t++ {
		for range r.counts[t] {
			dst = append(dst, lexicon.Tile(t))
		}
	}
	return dst
}

// undoRecord is what Undo needs to restore the state before a move.
type undoRecord struct {
	move    game.Move
	prevTop [RackSize]lexicon.Tile // the top tiles a play covered, in word order
	drawn   [RackSize]lexicon.Tile
	ndrawn  int
	scores  [MaxPlayers]int
	toMove  int
	passes  int
	idle    int
	over    bool
}

// State is an Upwords game of 2 to 4 players. It implements game.State,
// game.Racker and game.Determinizer, and eval.TilePointer and
// eval.EndFactorer.
type State struct {
	rules   Rules
	lex     *lexicon.Lexicon
	w       *words
	b       board
	players int
	racks   [MaxPlayers]rack
	bag     *game.Bag
	pcg     *rand.PCG
	rng     *rand.Rand
	scores  [MaxPlayers]int
	toMove  int
	passes  int // consecutive passes
	idle    int // consecutive turns without a play (passes and exchanges)
	over    bool
	undo    []undoRecord
	gen     *generator
}

// NewGame starts a game from a game.Config: Players 0 means 2; Variant
// holds the options of the package doc (size, bare-plural); a nil
// Lexicon means lexicon.Default; Config.Rand (required) seeds the deal.
// Seat 0 moves first.
func NewGame(cfg game.Config) (*State, error) {
	rules, err := ParseVariant(cfg.Variant)
	if err != nil {
		return nil, err
	}
	if cfg.Rand == nil {
		return nil, fmt.Errorf("upwords: Config.Rand is required to deal the tiles")
	}
	players := cfg.Players
	if players == 0 {
		players = 2
	}
	s, err := NewEmpty(rules, cfg.Lexicon, players, cfg.Rand.Uint64())
	if err != nil {
		return nil, err
	}
	for p := range players {
		s.refill(p, nil)
	}
	return s, nil
}

// NewEmpty returns a game with an empty board, empty racks and the full
// pool, for setting up a position. lx nil means lexicon.Default. The
// error names an unsupported number of players or lexicon alphabet.
func NewEmpty(rules Rules, lx *lexicon.Lexicon, players int, seed uint64) (*State, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("upwords: %d players: want %d to %d", players, MinPlayers, MaxPlayers)
	}
	if rules.Size != 10 && rules.Size != 8 {
		return nil, fmt.Errorf("upwords: board size %d: want 10 or 8", rules.Size)
	}
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	w, err := newWords(lx)
	if err != nil {
		return nil, err
	}
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	s := &State{
		rules:   rules,
		lex:     lx,
		w:       w,
		players: players,
		bag:     game.NewBag(TileSet(rules.Size)),
		pcg:     pcg,
		rng:     rand.New(pcg),
		undo:    make([]undoRecord, 0, 128),
	}
	s.b.n = rules.Size
	return s, nil
}

func (s *State) refill(p int, u *undoRecord) {
	var buf [RackSize]lexicon.Tile
	drawn := s.bag.Draw(buf[:0], RackSize-s.racks[p].n, s.rng)
	for _, t := range drawn {
		s.racks[p].add(t)
	}
	if u != nil {
		u.ndrawn = copy(u.drawn[:], drawn)
	}
}

// Rules returns the game's rule options.
func (s *State) Rules() Rules { return s.rules }

// Lexicon returns the lexicon that judges words.
func (s *State) Lexicon() *lexicon.Lexicon { return s.lex }

// Size returns the board side (10 or 8).
func (s *State) Size() int { return s.b.n }

// Square returns the top tile (0 when empty) and the stack height of
// square (row, col), 0-based.
func (s *State) Square(row, col int) (lexicon.Tile, int) {
	i := row*s.b.n + col
	return s.b.top[i], int(s.b.h[i])
}

// Game implements game.State: "upwords" whatever the variant.
func (s *State) Game() string { return Name }

// Players implements game.State.
func (s *State) Players() int { return s.players }

// ToMove implements game.State.
func (s *State) ToMove() int { return s.toMove }

// Over implements game.State.
func (s *State) Over() bool { return s.over }

// Score implements game.State.
func (s *State) Score(p int) int { return s.scores[p] }

// Passes returns the number of consecutive passes so far.
func (s *State) Passes() int { return s.passes }

// Idle returns the number of consecutive turns without a play so far.
func (s *State) Idle() int { return s.idle }

// Alphabet implements game.Racker (lexicon.UpwordsAlphabet).
func (s *State) Alphabet() *lexicon.Alphabet { return Alphabet() }

// Rack implements game.Racker.
func (s *State) Rack(dst []lexicon.Tile, p int) []lexicon.Tile { return s.racks[p].tiles(dst) }

// BagLen implements game.Racker.
func (s *State) BagLen() int { return s.bag.Len() }

// Bag appends the tiles in the pool to dst, in code order.
func (s *State) Bag(dst []lexicon.Tile) []lexicon.Tile {
	var r rack
	for _, t := range s.bag.Tiles() {
		r.add(t)
	}
	return r.tiles(dst)
}

// Leave implements game.Racker: the mover's rack minus the tiles m places
// or exchanges (the whole rack for a pass).
func (s *State) Leave(dst []lexicon.Tile, m game.Move) []lexicon.Tile {
	r := s.racks[s.toMove]
	if k := MoveKind(m); k == Play || k == Exchange {
		for i := range MoveTileCount(m) {
			t := lexicon.Tile(m.B >> (8 * i))
			if t <= numLetters && r.counts[t] > 0 {
				r.remove(t)
			}
		}
	}
	return r.tiles(dst)
}

// TilePoints implements eval.TilePointer: every tile left on a rack at
// the end costs TilePenalty points, whatever its letter.
func (s *State) TilePoints(lexicon.Tile) int { return TilePenalty }

// EndFactor implements eval.EndFactorer: 1, since a tile left at the end
// costs its holder TilePenalty points and nobody gains them (no transfer
// to the player who goes out, unlike Scrabble's 2).
func (s *State) EndFactor() int { return 1 }

// Unseen appends to dst the tiles seat p cannot see (the pool and the
// other racks), in code order.
func (s *State) Unseen(dst []lexicon.Tile, p int) []lexicon.Tile {
	var r rack
	for _, t := range s.bag.Tiles() {
		r.add(t)
	}
	for q := range s.players {
		if q != p {
			for t, c := range s.racks[q].counts {
				r.counts[t] += c
				r.n += int(c)
			}
		}
	}
	return r.tiles(dst)
}

// Clone implements game.State; the clone has its own random source, a
// copy of this one's state.
func (s *State) Clone() game.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.bag = s.bag.Clone()
	pcg := *s.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	c.undo = make([]undoRecord, len(s.undo), max(cap(s.undo), 16))
	copy(c.undo, s.undo)
	c.gen = nil
	return &c
}

// Reseed replaces the state's random source (the order of future draws).
func (s *State) Reseed(seed uint64) { s.pcg.Seed(seed, seed^0x9e3779b97f4a7c15) }

// Determinize implements game.Determinizer: every other seat's rack goes
// back to the pool and a rack of the same size is drawn for each at
// random with rng; future draws are reseeded from rng. What observer sees
// (board, own rack, rack sizes, pool size, scores) is unchanged.
func (s *State) Determinize(observer int, rng *rand.Rand) {
	var buf [RackSize]lexicon.Tile
	var sizes [MaxPlayers]int
	for q := range s.players {
		if q != observer {
			sizes[q] = s.racks[q].n
			s.bag.Put(s.racks[q].tiles(buf[:0])...)
			s.racks[q] = rack{}
		}
	}
	// A canonical bag order first, so the result depends only on the
	// position and rng (common random numbers for simulation).
	s.bag.Sort()
	for q := range s.players {
		if q != observer {
			for _, t := range s.bag.Draw(buf[:0], sizes[q], rng) {
				s.racks[q].add(t)
			}
		}
	}
	s.Reseed(rng.Uint64())
}

// Hash implements game.State (FNV-1a over board, racks, scores, turn and
// the pass counters).
func (s *State) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		h ^= v
		h *= 1099511628211
	}
	sq := s.b.n * s.b.n
	for i := range sq {
		mix(uint64(s.b.top[i]) | uint64(s.b.h[i])<<8)
	}
	for p := range s.players {
		for _, c := range s.racks[p].counts {
			mix(uint64(c))
		}
		mix(uint64(int64(s.scores[p])))
	}
	mix(uint64(s.toMove))
	mix(uint64(s.passes))
	mix(uint64(s.idle))
	if s.over {
		mix(1)
	}
	return h
}

// MoveScore implements game.State.
func (s *State) MoveScore(m game.Move) int { return moveScore(m) }

// step returns the square offset of one step along dir.
func (s *State) step(dir int) int {
	if dir == Down {
		return s.b.n
	}
	return 1
}

// Play implements game.State.
func (s *State) Play(m game.Move) {
	p := s.toMove
	u := undoRecord{move: m, scores: s.scores, toMove: p, passes: s.passes, idle: s.idle, over: s.over}
	switch MoveKind(m) {
	case Play:
		row, col := MoveStart(m)
		st := s.step(MoveDir(m))
		i := row*s.b.n + col
		mask := MoveMask(m)
		k := 0
		for j := range MoveLen(m) {
			if mask&(1<<j) != 0 {
				t := lexicon.Tile(m.B >> (8 * k))
				u.prevTop[k] = s.b.top[i]
				if s.b.h[i] == 0 {
					s.b.filled++
				}
				s.b.top[i] = t
				s.b.h[i]++
				s.racks[p].remove(t)
				if s.gen != nil {
					s.gen.invalidate(i/s.b.n, i%s.b.n)
				}
				k++
			}
			i += st
		}
		s.scores[p] += moveScore(m)
		s.passes, s.idle = 0, 0
		s.refill(p, &u)
		if s.racks[p].n == 0 {
			s.end()
		}
	case Exchange:
		t := lexicon.Tile(m.B)
		s.racks[p].remove(t)
		s.refill(p, &u)
		s.bag.Put(t)
		s.passes = 0
		s.idle++
	case Pass:
		s.passes++
		s.idle++
	}
	if !s.over && (s.passes >= s.players || s.idle >= 3*s.players) {
		s.end()
	}
	s.toMove = (p + 1) % s.players
	s.undo = append(s.undo, u)
}

// end ends the game: every player loses TilePenalty points per tile left.
func (s *State) end() {
	for q := range s.players {
		s.scores[q] -= TilePenalty * s.racks[q].n
	}
	s.over = true
}

// Undo implements game.State.
func (s *State) Undo() {
	u := &s.undo[len(s.undo)-1]
	p := u.toMove
	m := u.move
	for _, t := range u.drawn[:u.ndrawn] {
		s.racks[p].remove(t)
	}
	switch MoveKind(m) {
	case Play:
		s.bag.Put(u.drawn[:u.ndrawn]...)
		row, col := MoveStart(m)
		st := s.step(MoveDir(m))
		i := row*s.b.n + col
		mask := MoveMask(m)
		k := 0
		for j := range MoveLen(m) {
			if mask&(1<<j) != 0 {
				s.racks[p].add(s.b.top[i])
				s.b.top[i] = u.prevTop[k]
				s.b.h[i]--
				if s.b.h[i] == 0 {
					s.b.filled--
				}
				if s.gen != nil {
					s.gen.invalidate(i/s.b.n, i%s.b.n)
				}
				k++
			}
			i += st
		}
	case Exchange:
		t := lexicon.Tile(m.B)
		_ = s.bag.Remove(t)
		s.racks[p].add(t)
		s.bag.Put(u.drawn[:u.ndrawn]...)
	}
	s.scores = u.scores
	s.toMove = u.toMove
	s.passes = u.passes
	s.idle = u.idle
	s.over = u.over
	s.undo = s.undo[:len(s.undo)-1]
}

// squareText writes a square as the board shows it: the top letter
// ("Qu" for the Qu tile) and the stack height, right-aligned in 3
// characters, or "." (an empty centre square "*").
func (s *State) squareText(i int) string {
	t, h := s.b.top[i], s.b.h[i]
	if h == 0 {
		if s.b.centre(i) {
			return "  *"
		}
		return "  ."
	}
	return fmt.Sprintf("%2s%d", tileText(t), h)
}

// tileText writes one tile: its letter, "Qu" for the Qu tile.
func tileText(t lexicon.Tile) string {
	if t == tileQu {
		return "Qu"
	}
	if t >= 1 && t <= numLetters {
		return string(rune('A' + t - 1))
	}
	return fmt.Sprintf("#%d", t)
}

// BoardText draws the board alone: a header of column letters, then one
// line per row: its number and each square as top letter plus stack
// height ("E1", "Qu3"), "." when empty, "*" for an empty centre square.
func (s *State) BoardText() string {
	var sb strings.Builder
	n := s.b.n
	sb.WriteString("   ")
	for c := range n {
		fmt.Fprintf(&sb, "   %c", 'A'+c)
	}
	sb.WriteByte('\n')
	for r := range n {
		fmt.Fprintf(&sb, "%2d ", r+1)
		for c := range n {
			sb.WriteByte(' ')
			sb.WriteString(s.squareText(r*n + c))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// String implements game.State: the board, then each rack and score.
func (s *State) String() string {
	var sb strings.Builder
	sb.WriteString(s.BoardText())
	for p := range s.players {
		mark := " "
		if p == s.toMove && !s.over {
			mark = ">"
		}
		fmt.Fprintf(&sb, "%s player %d: %-10s %4d\n", mark, p+1, formatTiles(s.racks[p].tiles(nil)), s.scores[p])
	}
	fmt.Fprintf(&sb, "  pool: %d tiles", s.bag.Len())
	if s.over {
		sb.WriteString("; game over")
	}
	sb.WriteByte('\n')
	return sb.String()
}

// formatTiles writes tiles as letters, the Qu tile as "Qu".
func formatTiles(ts []lexicon.Tile) string {
	var sb strings.Builder
	for _, t := range ts {
		sb.WriteString(tileText(t))
	}
	return sb.String()
}

// SetRack replaces seat p's rack by tiles (at most RackSize), returning
// the old rack's tiles to the pool and taking the new ones out of it. The
// error names a tile the pool cannot supply; the rack is then unchanged.
func (s *State) SetRack(p int, tiles []lexicon.Tile) error {
	if p < 0 || p >= s.players {
		return fmt.Errorf("upwords: seat %d: want 1 to %d", p+1, s.players)
	}
	if len(tiles) > RackSize {
		return fmt.Errorf("upwords: rack %s: at most %d tiles", formatTiles(tiles), RackSize)
	}
	old := s.racks[p].tiles(nil)
	s.bag.Put(old...)
	for i, t := range tiles {
		if t < 1 || t > numLetters || s.bag.Remove(t) != nil {
			s.bag.Put(tiles[:i]...)
			for _, u := range old {
				_ = s.bag.Remove(u)
			}
			return fmt.Errorf("upwords: rack %s: no %s left in the pool (the rest are on the board or other racks)", formatTiles(tiles), tileText(t))
		}
	}
	s.racks[p] = rack{}
	for _, t := range tiles {
		s.racks[p].add(t)
	}
	return nil
}
