package crossword

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
)

// Rules are the constants of one crossword variant (Words With Friends,
// Scrabble, ...), as data.
type Rules struct {
	// Name is the registered game name, e.g. "wwf".
	Name string
	// Layout is the board.
	Layout *Layout
	// TileSet gives the tiles, their counts and their values; its alphabet
	// must equal the lexicon's.
	TileSet *TileSet
	// RackSize is the number of tiles on a full rack (7).
	RackSize int
	// Bingo is the bonus in points for playing RackSize tiles in one turn
	// (35 in WWF, 50 in Scrabble).
	Bingo int
	// ExchangeMinBag is the number of tiles the bag must hold for an
	// exchange to be allowed (Scrabble: 7; WWF: 1, i.e. any non-empty bag
	// with at least as many tiles as are exchanged).
	ExchangeMinBag int
	// OutDouble: a player who goes out earns twice the opponent's rack
	// (Scrabble); otherwise the player earns it and the opponent loses it
	// (WWF).
	OutDouble bool
	// ScorelessLimit is the number of consecutive scoreless turns (passes,
	// exchanges, 0-point plays, by either player) that ends the game: 3 in
	// WWF, 6 in Scrabble.
	ScorelessLimit int
	// ScorelessLimitAtZero is the limit that applies while the score is
	// 0-0 (WWF: 6, "our safety rule"; 0 means the same as ScorelessLimit).
	ScorelessLimitAtZero int
	// ScorelessDeduct: on a scoreless end each player loses the value of
	// their own rack (Scrabble; a WWF variant).
	ScorelessDeduct bool
}

// Validate checks the rules for consistency with lexicon lx.
func (r *Rules) Validate(lx *lexicon.Lexicon) error {
	switch {
	case r.Layout == nil || r.TileSet == nil:
		return fmt.Errorf("crossword: rules %q: missing layout or tile set", r.Name)
	case r.Layout.Rows > MaxDim || r.Layout.Cols > MaxDim:
		return fmt.Errorf("crossword: rules %q: board %dx%d larger than %dx%d", r.Name, r.Layout.Rows, r.Layout.Cols, MaxDim, MaxDim)
	case r.RackSize < 1 || r.RackSize > MaxRack:
		return fmt.Errorf("crossword: rules %q: rack size %d: want 1 to %d", r.Name, r.RackSize, MaxRack)
	case r.TileSet.Alphabet.Size() > 63:
		return fmt.Errorf("crossword: rules %q: %d letters: cross-sets hold at most 63", r.Name, r.TileSet.Alphabet.Size())
	}
	if lx == nil {
		return nil
	}
	// Languages with the same letters (French and English: A-Z) differ in
	// their words: a lexicon of one language does not play the other's
	// tiles.
	lang, langErr := lexicon.LanguageByCode(r.TileSet.Alphabet.Name())
	_, lexLangErr := lexicon.LanguageByCode(lx.Alphabet.Name())
	otherLanguage := langErr == nil && lexLangErr == nil && !strings.EqualFold(lang.Code, lx.Alphabet.Name())
	if otherLanguage || !sameLetters(lx.Alphabet, r.TileSet.Alphabet) {
		how := ""
		if langErr == nil && lang.Code != "en" { // English: the embedded default
			how = fmt.Sprintf(": the game needs a %s lexicon (build it with `make lexicons LEXICONS=%s`, then give --lexicon %s)", lang.Name, lang.Code, lang.Code)
		}
		return fmt.Errorf("crossword: lexicon %s (alphabet %s) does not fit tile set %s (alphabet %s)%s",
			lx.Name, lx.Alphabet.Name(), r.TileSet.Name, r.TileSet.Alphabet.Name(), how)
	}
	return nil
}

func sameLetters(a, b *lexicon.Alphabet) bool {
	la, lb := a.Letters(), b.Letters()
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if la[i] != lb[i] {
			return false
		}
	}
	return true
}

// rack is a multiset of tiles: counts by letter code, blanks at index 0.
type rack struct {
	counts [64]uint8
	n      int
}

func rackIndex(t lexicon.Tile) lexicon.Tile {
	if t.IsBlank() {
		return 0
	}
	return t
}

func (r *rack) add(t lexicon.Tile)    { r.counts[rackIndex(t)]++; r.n++ }
func (r *rack) remove(t lexicon.Tile) { r.counts[rackIndex(t)]--; r.n-- }
func (r *rack) has(t lexicon.Tile) bool {
	return r.counts[rackIndex(t)] > 0
}

// tiles appends the rack's tiles in code order, blanks last.
func (r *rack) tiles(dst []lexicon.Tile) []lexicon.Tile {
	for t := 1; t < len(r.counts); t++ {
		for range r.counts[t] {
			dst = append(dst, lexicon.Tile(t))
		}
	}
	for range r.counts[0] {
		dst = append(dst, lexicon.Blank)
	}
	return dst
}

// value returns the points of the rack's tiles (blanks 0).
func (r *rack) value(values []int) int {
	v := 0
	for t := 1; t < len(values) && t < len(r.counts); t++ {
		v += int(r.counts[t]) * values[t]
	}
	return v
}

// undoRecord is what Undo needs to restore the state before a move.
type undoRecord struct {
	move      game.Move
	drawn     [MaxRack]lexicon.Tile
	ndrawn    int
	squares   [MaxRack]int16 // squares a play covered
	scores    [2]int
	scoreless int
	toMove    int
	over      bool
	resigned  int
}

// State is a crossword game between two players. It implements
// game.State, game.Racker and game.Determinizer.
type State struct {
	rules     *Rules
	lex       *lexicon.Lexicon
	board     *Board
	racks     [2]rack
	bag       *game.Bag
	rng       *rand.Rand
	pcg       *rand.PCG
	scores    [2]int
	toMove    int
	scoreless int
	over      bool
	resigned  int // seat that resigned, -1 none
	undo      []undoRecord
	gen       *generator
	// editAt is the number of moves played when PlaceTile or RemoveTile
	// last changed the board (0 when never): the last move's changes
	// (StartBoundedNear, Untouched) are known only when it came after.
	editAt int
	// unknown holds, by seat, the tiles of a rack given in part
	// (FillUnknown): on the rack as far as the bag and the draws are
	// concerned, but not named, so never offered to a move. They are
	// drawn at random from the unseen tiles, and again by Determinize.
	unknown [2]rack
}

// New starts a game under rules r judged by lexicon lx (nil: no word
// checks, for replaying recorded games), dealing from a bag shuffled by a
// PCG generator seeded with seed. Seat 0 moves first.
func New(r *Rules, lx *lexicon.Lexicon, seed uint64) (*State, error) {
	s, err := NewEmpty(r, lx, seed)
	if err != nil {
		return nil, err
	}
	for p := range 2 {
		s.refill(p, nil)
	}
	return s, nil
}

// NewEmpty returns a game with an empty board, empty racks and the full
// bag, for setting up a position (SetRack, PlaceTiles).
func NewEmpty(r *Rules, lx *lexicon.Lexicon, seed uint64) (*State, error) {
	if err := r.Validate(lx); err != nil {
		return nil, err
	}
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	s := &State{
		rules:    r,
		lex:      lx,
		board:    newBoard(r.Layout, r.TileSet.Values, r.TileSet.Alphabet.Size(), lx),
		bag:      game.NewBag(r.TileSet.Tiles()),
		pcg:      pcg,
		rng:      rand.New(pcg),
		resigned: -1,
		undo:     make([]undoRecord, 0, 128),
	}
	return s, nil
}

// refill draws tiles for seat p up to the rack size and records them in u.
func (s *State) refill(p int, u *undoRecord) {
	var buf [MaxRack]lexicon.Tile
	drawn := s.bag.Draw(buf[:0], s.rules.RackSize-s.racks[p].n-s.unknown[p].n, s.rng)
	for _, t := range drawn {
		s.racks[p].add(t)
	}
	if u != nil {
		u.ndrawn = copy(u.drawn[:], drawn)
	}
}

// DrawRack fills seat p's rack from the bag up to the rack size, at
// random (position set-up: an unknown rack).
func (s *State) DrawRack(p int) { s.refill(p, nil); s.changed() }

// FillUnknown completes seat p's rack, given in part (SetRack with fewer
// tiles than the rack size while the bag holds tiles), with tiles taken
// at random from the bag that stay unknown: the bag then holds what is
// unseen less full racks, as in the game, so exchanges and the end of
// the bag are judged right, while moves use only the tiles named.
// Determinize draws the unknown tiles again from the unseen ones. It
// returns the number of unknown tiles of the rack.
func (s *State) FillUnknown(p int) int {
	var buf [MaxRack]lexicon.Tile
	for _, t := range s.bag.Draw(buf[:0], s.rules.RackSize-s.racks[p].n-s.unknown[p].n, s.rng) {
		s.unknown[p].add(t)
	}
	s.changed()
	return s.unknown[p].n
}

// Unknown returns the number of unknown tiles on seat p's rack
// (FillUnknown): the rack holds Rack's tiles and that many more.
func (s *State) Unknown(p int) int { return s.unknown[p].n }

// Rules returns the game's rules.
func (s *State) Rules() *Rules { return s.rules }

// Lexicon returns the lexicon that judges words (nil when none).
func (s *State) Lexicon() *lexicon.Lexicon { return s.lex }

// Board returns the board (read-only for callers).
func (s *State) Board() *Board { return s.board }

// Game implements game.State.
func (s *State) Game() string { return s.rules.Name }

// Players implements game.State: always 2.
func (s *State) Players() int { return 2 }

// ToMove implements game.State.
func (s *State) ToMove() int { return s.toMove }

// Over implements game.State.
func (s *State) Over() bool { return s.over }

// Score implements game.State.
func (s *State) Score(p int) int { return s.scores[p] }

// SetScore sets seat p's score (position set-up).
func (s *State) SetScore(p, points int) { s.scores[p] = points }

// SetToMove sets the seat to move (position set-up).
func (s *State) SetToMove(p int) { s.toMove = p; s.changed() }

// SetOver marks the game as ended (position set-up: a record whose game
// has ended).
func (s *State) SetOver(over bool) { s.over = over }

// SetScoreless sets the number of consecutive scoreless turns so far.
func (s *State) SetScoreless(n int) { s.scoreless = n }

// Scoreless returns the number of consecutive scoreless turns so far.
func (s *State) Scoreless() int { return s.scoreless }

// Winners implements game.Ranker: a resignation loses whatever the score.
func (s *State) Winners() []int {
	if s.resigned >= 0 {
		return []int{1 - s.resigned}
	}
	switch {
	case s.scores[0] > s.scores[1]:
		return []int{0}
	case s.scores[1] > s.scores[0]:
		return []int{1}
	}
	return []int{0, 1}
}

// Alphabet implements game.Racker.
func (s *State) Alphabet() *lexicon.Alphabet { return s.rules.TileSet.Alphabet }

// Rack implements game.Racker.
func (s *State) Rack(dst []lexicon.Tile, p int) []lexicon.Tile { return s.racks[p].tiles(dst) }

// BagLen implements game.Racker.
func (s *State) BagLen() int { return s.bag.Len() }

// Leave implements game.Racker: the mover's rack minus the tiles m places
// or exchanges.
func (s *State) Leave(dst []lexicon.Tile, m game.Move) []lexicon.Tile {
	r := s.racks[s.toMove]
	switch MoveKind(m) {
	case Play, Exchange:
		for i := range MoveTileCount(m) {
			t := lexicon.Tile(m.B >> (8 * i))
			if r.counts[rackIndex(t)] > 0 {
				r.remove(t)
			}
		}
	}
	return r.tiles(dst)
}

// SetRack replaces seat p's rack by tiles, returning the old rack's tiles
// (and its unknown ones, FillUnknown) to the bag and taking the new ones
// out of it. The error names a tile the bag cannot supply (and leaves the
// rack as it was, its unknown tiles in the bag).
func (s *State) SetRack(p int, tiles []lexicon.Tile) error {
	s.changed()
	s.bag.Put(s.unknown[p].tiles(nil)...)
	s.unknown[p] = rack{}
	old := s.racks[p].tiles(nil)
	s.bag.Put(old...)
	s.racks[p] = rack{}
	for i, t := range tiles {
		if t.IsBlank() {
			t = lexicon.Blank
		}
		if err := s.bag.Remove(t); err != nil {
			for _, u := range tiles[:i] {
				if u.IsBlank() {
					u = lexicon.Blank
				}
				s.bag.Put(u)
			}
			s.racks[p] = rack{}
			for _, u := range old {
				_ = s.bag.Remove(u)
				s.racks[p].add(u)
			}
			n := 0
			for _, u := range s.rules.TileSet.Tiles() {
				if u == t {
					n++
				}
			}
			return fmt.Errorf("crossword: rack %s: no %s left to draw (the tile set %s has %d; the rest are on the board or the other rack)",
				s.Alphabet().Format(tiles), s.Alphabet().Format([]lexicon.Tile{t}), s.rules.TileSet.Name, n)
		}
		s.racks[p].add(t)
	}
	return nil
}

// PlaceTile puts tile t on square (r, c) for setting up a position,
// taking it out of the bag, and updates the cross-sets. It does not score.
func (s *State) PlaceTile(r, c int, t lexicon.Tile) error {
	b := s.board
	if r < 0 || r >= b.rows || c < 0 || c >= b.cols {
		return fmt.Errorf("crossword: square %s is off the %dx%d board", squareName(r, c), b.rows, b.cols)
	}
	i := r*b.cols + c
	if b.sq[i] != 0 {
		return fmt.Errorf("crossword: square %s is taken", squareName(r, c))
	}
	if !s.Alphabet().Valid(t) || t == lexicon.Blank {
		return fmt.Errorf("crossword: square %s: tile %d is not a letter", squareName(r, c), t)
	}
	bt := t
	if t.IsBlank() {
		bt = lexicon.Blank
	}
	if err := s.bag.Remove(bt); err != nil {
		return fmt.Errorf("crossword: square %s: no %s left in the bag", squareName(r, c), s.Alphabet().Format([]lexicon.Tile{t}))
	}
	b.setTile(i, t)
	b.tiles++
	b.setUp(i, len(s.undo))
	s.editAt = len(s.undo)
	s.changed()
	return nil
}

// RemoveTile takes the tile off square (r, c) and puts it back in the bag
// (position set-up, a withdrawn play), updating the cross-sets.
func (s *State) RemoveTile(r, c int) error {
	b := s.board
	if r < 0 || r >= b.rows || c < 0 || c >= b.cols {
		return fmt.Errorf("crossword: square %s is off the %dx%d board", squareName(r, c), b.rows, b.cols)
	}
	i := r*b.cols + c
	t := b.sq[i]
	if t == 0 {
		return fmt.Errorf("crossword: square %s is empty", squareName(r, c))
	}
	if t.IsBlank() {
		t = lexicon.Blank
	}
	s.bag.Put(t)
	b.setTile(i, 0)
	b.tiles--
	b.setUp(i, len(s.undo))
	s.editAt = len(s.undo)
	s.changed()
	return nil
}

// PlayedSquares returns the squares (row, column) where play m puts its
// tiles on the current board, in word order.
func (s *State) PlayedSquares(m game.Move) [][2]int {
	var out [][2]int
	if MoveKind(m) != Play {
		return nil
	}
	b := s.board
	d := MoveDir(m)
	row, col := MoveStart(m)
	for k := range MoveLen(m) {
		r, c := row, col+k
		if d == Down {
			r, c = row+k, col
		}
		if r < b.rows && c < b.cols && b.sq[r*b.cols+c] == 0 {
			out = append(out, [2]int{r, c})
		}
	}
	return out
}

// Clone implements game.State. The clone has its own random source, a copy
// of this one's state.
func (s *State) Clone() game.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.board = s.board.clone()
	c.bag = s.bag.Clone()
	pcg := *s.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	c.undo = make([]undoRecord, len(s.undo), cap(s.undo))
	copy(c.undo, s.undo)
	c.gen = nil
	return &c
}

// CopyFrom implements game.Copier: s becomes equal to src (a *State; false
// for anything else), reusing s's board, bag and history buffers and
// keeping its move generator. It does not allocate once those buffers
// have grown.
func (s *State) CopyFrom(src game.State) bool {
	o, ok := src.(*State)
	if !ok {
		return false
	}
	if o == s {
		return true
	}
	board, bag, pcg, rng, undo, gen := s.board, s.bag, s.pcg, s.rng, s.undo, s.gen
	*s = *o
	if board == nil || bag == nil || pcg == nil || rng == nil { // not made by New or Clone
		c := o.clone()
		c.gen = gen
		*s = *c
		s.changed()
		return true
	}
	board.copyFrom(o.board)
	bag.CopyFrom(o.bag)
	*pcg = *o.pcg
	s.board, s.bag, s.pcg, s.rng, s.gen = board, bag, pcg, rng, gen
	s.undo = append(undo[:0], o.undo...)
	s.changed()
	return true
}

// Reseed replaces the state's random source (the order of future draws).
func (s *State) Reseed(seed uint64) {
	s.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
}

// changed records that the position changed other than by Play and
// Undo (a copy, a set-up, a determinization), so that a NextBounded
// left over from an earlier StartBounded panics instead of handing out
// plays of the old board or rack (Play and Undo are caught by the
// history's length).
// lastMove returns the last move played (the zero Move when none): with
// the number of moves played and the seat to move, it tells NextBounded
// that an Undo and another Play changed the position.
func (s *State) lastMove() game.Move {
	if len(s.undo) == 0 {
		return game.Move{}
	}
	return s.undo[len(s.undo)-1].move
}

func (s *State) changed() {
	if s.gen != nil {
		s.gen.bounded.undoLen = -1
	}
}

// Determinize implements game.Determinizer: the opponent's rack goes back
// into the bag and a new one is drawn at random with rng, and future
// draws are reseeded from rng. What observer sees (board, own rack, the
// number of tiles on each rack) is unchanged; the unknown tiles of a rack
// given in part (FillUnknown) are drawn again too, the opponent's as
// named tiles of its rack, the observer's as unknown ones. The bag is put in a
// canonical order (game.Bag.Sort) before the draw, so the result depends
// only on the position and rng, not on the order earlier plays and undos
// left the bag in: a simulation that plays and undoes several candidates
// on one state and determinizes each with the same seed gives every
// candidate the same draws (common random numbers). It does not allocate.
func (s *State) Determinize(observer int, rng *rand.Rand) {
	s.changed()
	opp := 1 - observer
	n := s.racks[opp].n + s.unknown[opp].n
	var buf [MaxRack]lexicon.Tile
	s.bag.Put(s.racks[opp].tiles(buf[:0])...)
	s.racks[opp] = rack{}
	own := s.unknown[observer].n
	if s.unknown[opp].n+own > 0 {
		s.bag.Put(s.unknown[opp].tiles(buf[:0])...)
		s.bag.Put(s.unknown[observer].tiles(buf[:0])...)
		s.unknown = [2]rack{}
	}
	s.bag.Sort()
	for _, t := range s.bag.Draw(buf[:0], n, rng) {
		s.racks[opp].add(t)
	}
	for _, t := range s.bag.Draw(buf[:0], own, rng) {
		s.unknown[observer].add(t)
	}
	s.Reseed(rng.Uint64())
}

// Hash implements game.State (FNV-1a over board, racks, scores and turn).
func (s *State) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		h ^= v
		h *= 1099511628211
	}
	for _, t := range s.board.sq {
		mix(uint64(t))
	}
	for p := range 2 {
		for _, c := range s.racks[p].counts {
			mix(uint64(c))
		}
		mix(uint64(int64(s.scores[p])))
	}
	mix(uint64(s.toMove))
	mix(uint64(s.scoreless))
	if s.over {
		mix(1)
	}
	return h
}

// MoveScore implements game.State.
func (s *State) MoveScore(m game.Move) int { return moveScore(m) }

// Play implements game.State.
func (s *State) Play(m game.Move) {
	p := s.toMove
	u := undoRecord{move: m, scores: s.scores, scoreless: s.scoreless, toMove: p, over: s.over, resigned: s.resigned}
	switch MoveKind(m) {
	case Play:
		s.place(m, &u)
		score := moveScore(m)
		s.scores[p] += score
		if score > 0 {
			s.scoreless = 0
		} else {
			s.scoreless++
		}
		s.refill(p, &u)
		if s.racks[p].n == 0 && s.unknown[p].n == 0 {
			s.goOut(p)
		}
	case Exchange:
		var buf [MaxRack]lexicon.Tile
		tiles := MoveTiles(buf[:0], m)
		for _, t := range tiles {
			s.racks[p].remove(t)
		}
		s.refill(p, &u)
		s.bag.Put(tiles...)
		s.scoreless++
	case Pass:
		s.scoreless++
	case Resign:
		s.over = true
		s.resigned = p
	}
	if !s.over && MoveKind(m) != Resign {
		limit := s.rules.ScorelessLimit
		if s.scores[0] == 0 && s.scores[1] == 0 && s.rules.ScorelessLimitAtZero > 0 {
			limit = s.rules.ScorelessLimitAtZero
		}
		if limit > 0 && s.scoreless >= limit {
			s.over = true
			if s.rules.ScorelessDeduct {
				for q := range 2 {
					s.scores[q] -= s.racks[q].value(s.rules.TileSet.Values) + s.unknown[q].value(s.rules.TileSet.Values)
				}
			}
		}
	}
	s.toMove = 1 - p
	s.undo = append(s.undo, u)
}

// goOut applies the end-of-game rack adjustment when seat p empties its
// rack with the bag empty.
func (s *State) goOut(p int) {
	v := s.racks[1-p].value(s.rules.TileSet.Values) + s.unknown[1-p].value(s.rules.TileSet.Values)
	if s.rules.OutDouble {
		s.scores[p] += 2 * v
	} else {
		s.scores[p] += v
		s.scores[1-p] -= v
	}
	s.over = true
}

// place puts a play's tiles on the board and takes them off the mover's
// rack, noting the squares for the next update of the cross-sets (Play
// pushes u on the history after it).
func (s *State) place(m game.Move, u *undoRecord) {
	b := s.board
	d := MoveDir(m)
	row, col := MoveStart(m)
	st := b.step(d)
	i := row*b.cols + col
	var sqs [MaxRack]int
	n := 0
	ts := m.B
	for range MoveLen(m) {
		if b.sq[i] == 0 {
			t := lexicon.Tile(ts)
			ts >>= 8
			b.setTile(i, t)
			s.racks[s.toMove].remove(t)
			sqs[n] = i
			u.squares[n] = int16(i)
			n++
		}
		i += st
	}
	b.tiles += n
	b.played(sqs[:n], len(s.undo)+1)
}

// Undo implements game.State.
func (s *State) Undo() {
	u := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	p := u.toMove
	m := u.move
	// Put the drawn tiles back.
	for _, t := range u.drawn[:u.ndrawn] {
		s.racks[p].remove(t)
	}
	// The squares whose tiles come off the board: none for a move other
	// than a play, but every Undo is noted (Board.undone).
	var sqs [MaxRack]int
	n := 0
	switch MoveKind(m) {
	case Play:
		s.bag.Put(u.drawn[:u.ndrawn]...)
		b := s.board
		n = MoveTileCount(m)
		for k := range n {
			i := int(u.squares[k])
			s.racks[p].add(b.sq[i])
			b.setTile(i, 0)
			sqs[k] = i
		}
		b.tiles -= n
	case Exchange:
		var buf [MaxRack]lexicon.Tile
		tiles := MoveTiles(buf[:0], m)
		for _, t := range tiles {
			_ = s.bag.Remove(t)
			s.racks[p].add(t)
		}
		s.bag.Put(u.drawn[:u.ndrawn]...)
	}
	s.board.undone(sqs[:n], len(s.undo))
	s.scores = u.scores
	s.scoreless = u.scoreless
	s.toMove = u.toMove
	s.over = u.over
	s.resigned = u.resigned
}

// syncCross brings the board's cross-sets up to date (Board.flush): the
// move generator calls it before it reads them.
func (s *State) syncCross() { s.board.flush(len(s.undo)) }

// BoardText draws the board alone (header, rows with tiles and premium
// symbols; see BoardLegend), without racks: what every player may see.
func (s *State) BoardText() string {
	var sb strings.Builder
	s.board.draw(s.Alphabet(), &sb)
	return sb.String()
}

// String implements game.State: the board, then each rack and score.
func (s *State) String() string {
	var sb strings.Builder
	sb.WriteString(s.BoardText())
	for p := range 2 {
		mark := " "
		if p == s.toMove && !s.over {
			mark = ">"
		}
		fmt.Fprintf(&sb, "%s player %d: %-8s %4d\n", mark, p+1, s.Alphabet().Format(s.racks[p].tiles(nil)), s.scores[p])
	}
	fmt.Fprintf(&sb, "  bag: %d tiles\n", s.bag.Len())
	sb.WriteString(BoardLegend + "\n")
	return sb.String()
}

// TilePoints returns the points of tile t under the game's tile set (0
// for a blank). It is the optional eval.TilePointer capability.
func (s *State) TilePoints(t lexicon.Tile) int { return s.rules.TileSet.Value(t) }
