package twoway

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/game/option"
	"wordengine/lexicon"
)

// Name is the registered name of the game.
const Name = "twoway"

// Sizes of the rules.
const (
	// Size is the side of the grid; Cells its number of cells.
	Size  = 7
	Cells = Size * Size
	// HandSize is the number of tiles of a full hand.
	HandSize = 5
	// MinWord and MaxWord bound the length of a claimed word, in letters.
	MinWord = 3
	MaxWord = 6
	// MaxSlots bounds the number of required lengths of a variant.
	MaxSlots = 8
)

const fullGrid = uint64(1)<<Cells - 1

// Move kinds (bits 0-7 of Move.A).
const (
	kindPlace = 1
	kindClaim = 2
	kindEnd   = 3
)

// dirs are the 8 directions as (row step, column step): east, south-east,
// south, south-west, west, north-west, north, north-east.
var dirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// rays[c][d] holds the cells from c (included) in direction d, at most
// MaxWord of them, within the grid; rayLen its length.
var (
	rays   [Cells][8][MaxWord]int8
	rayLen [Cells][8]int8
)

func init() {
	for c := range Cells {
		for d, st := range dirs {
			r, col := c/Size, c%Size
			n := 0
			for n < MaxWord && r >= 0 && r < Size && col >= 0 && col < Size {
				rays[c][d][n] = int8(r*Size + col)
				n++
				r, col = r+st[0], col+st[1]
			}
			rayLen[c][d] = int8(n)
		}
	}
	initSegments()
	game.Register(spec())
}

// word is a claimed word: its tiles in reading order.
type word struct {
	tiles [MaxWord]Tile
	n     int8
}

// Rules are the options of a game (the variant).
type Rules struct {
	// Lengths are the required word lengths, sorted (default 3,4,5,6).
	Lengths []int
	// OpenHands: each player also sees its colour's faces of the
	// opponent's hand.
	OpenHands bool
	// Tiles is the tile set (default: DefaultTileSet).
	Tiles *TileSet
}

// String returns the variant text of r, as ParseVariant reads it.
func (r *Rules) String() string {
	var b strings.Builder
	b.WriteString("lengths=")
	for i, l := range r.Lengths {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(l))
	}
	if r.OpenHands {
		b.WriteString(",open-hands")
	}
	if r.Tiles != nil && r.Tiles.Name != "default" {
		b.WriteString(",tiles=" + r.Tiles.Name)
	}
	return b.String()
}

// ParseVariant reads the variant text of a game.Config for alphabet a:
// comma-separated options "lengths=L,L,...", where the lengths after
// lengths= run on over the commas ("lengths=3,3,4,5"; also "3+3+4+5";
// 1 to MaxSlots lengths of MinWord to MaxWord letters), "open-hands" (or
// open-hands=on|off) and "tiles=FILE" (a tile set, see ParseTileSet). The
// error (an *option.Error) names the option and the values it takes.
func ParseVariant(v string, a *lexicon.Alphabet) (Rules, error) {
	s := option.NewSet(Name, "variant")
	return readRules(s, func() error { return s.Parse(v) }, a)
}

// readRules binds the variant's options to set, reads them with parse,
// and checks and completes the rules: the number of lengths, the tile
// set (loaded from the tiles= file, else the default).
func readRules(set *option.Set, parse func() error, a *lexicon.Alphabet) (Rules, error) {
	var r Rules
	var file string
	set.IntList(&r.Lengths, "lengths", MinWord, MaxWord)
	set.Bool(&r.OpenHands, "open-hands")
	set.Text(&file, "tiles", "a tile set file")
	if err := parse(); err != nil {
		return r, err
	}
	if len(r.Lengths) == 0 {
		r.Lengths = []int{3, 4, 5, 6}
	}
	if len(r.Lengths) > MaxSlots {
		return r, set.Errorf("lengths", "%d lengths, at most %d", len(r.Lengths), MaxSlots)
	}
	slices.Sort(r.Lengths)
	if file != "" {
		f, err := game.OpenFile(file)
		if err != nil {
			return r, set.Errorf("tiles", "%w", err)
		}
		r.Tiles, err = ParseTileSet(f, file, a)
		f.Close()
		if err != nil {
			return r, set.Errorf("tiles", "%w", err)
		}
		return r, nil
	}
	ts, err := DefaultTileSet(a)
	r.Tiles = ts
	return r, err
}

// undoRec records what Undo needs to take back one move.
type undoRec struct {
	m        game.Move
	slot     int8 // place: the hand index of the tile
	drawn    int8 // end: tiles drawn
	toMove   int8 // end: the mover before
	phase    int8
	over     bool
	winner   int8
	miss     [2]int16
	revealed [2]uint64
	tiles    [MaxWord]Tile // claim: the tiles removed; place: tiles[0]
}

// State is a 2 Way Words position; it implements game.State,
// game.Determinizer, game.Ranker and game.Evaluator. See the package doc
// for the rules it implements.
type State struct {
	lx    *lexicon.Lexicon
	rules Rules
	need  [MaxWord + 1]int8 // slots per length

	grid     [Cells]Tile
	occ      uint64    // bit c: cell c holds a tile
	revealed [2]uint64 // revealed[k] bit c: a wrong claim announced the colour-k face of cell c's tile
	hands    [2][]Tile
	bag      []Tile // drawn from the end
	bagCount int    // templates only: the number of unknown bag tiles
	claimed  [2][MaxWord + 1]int8
	words    [2][]word
	letters  [2]int
	toMove   int
	phase    int8 // 0: the placement is still to come; 1: placed (or cannot place), claims then end
	miss     [2]int16
	over     bool
	winner   int8 // -1: none by completion
	// filled[k]: ParsePosition made up a face that seat k would see (a ?
	// in colour k on the grid or in k's hand), see Filled.
	filled [2]bool

	undo []undoRec
}

// NewGame starts a game: Config.Lexicon (nil: the default lexicon, which
// must have the letters A to Z for the default tile set), Players 0 or 2,
// Variant (see ParseVariant) and Rand, which shuffles the bag (required).
// Red (seat 0) moves first; red then blue draw a hand of HandSize.
func NewGame(cfg game.Config) (*State, error) {
	lx := cfg.Lexicon
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	if cfg.Players != 0 && cfg.Players != 2 {
		return nil, fmt.Errorf("twoway: %d players: the game is for 2", cfg.Players)
	}
	if cfg.Rand == nil {
		return nil, fmt.Errorf("twoway: NewGame needs Config.Rand to shuffle the bag")
	}
	rules, err := ParseVariant(cfg.Variant, lx.Alphabet)
	if err != nil {
		return nil, err
	}
	s := newState(lx, rules)
	s.bag = append(s.bag, rules.Tiles.Tiles...)
	for i := len(s.bag) - 1; i > 0; i-- {
		j := cfg.Rand.IntN(i + 1)
		s.bag[i], s.bag[j] = s.bag[j], s.bag[i]
	}
	for p := range 2 {
		s.refill(p)
	}
	return s, nil
}

func newState(lx *lexicon.Lexicon, rules Rules) *State {
	s := &State{lx: lx, rules: rules, winner: -1}
	for _, l := range rules.Lengths {
		s.need[l]++
	}
	for p := range 2 {
		s.hands[p] = make([]Tile, 0, HandSize)
		s.words[p] = make([]word, 0, MaxSlots)
	}
	s.bag = make([]Tile, 0, TileCount)
	s.undo = make([]undoRec, 0, 256)
	return s
}

// refill draws p's hand up to HandSize from the end of the bag and
// returns the number drawn.
func (s *State) refill(p int) int {
	n := min(HandSize-len(s.hands[p]), len(s.bag))
	for range n {
		s.hands[p] = append(s.hands[p], s.bag[len(s.bag)-1])
		s.bag = s.bag[:len(s.bag)-1]
	}
	return n
}

// Rules returns the game's options.
func (s *State) Rules() *Rules { return &s.rules }

// Lexicon returns the lexicon that judges claims.
func (s *State) Lexicon() *lexicon.Lexicon { return s.lx }

// Game implements game.State.
func (s *State) Game() string { return Name }

// Players implements game.State: 2.
func (s *State) Players() int { return 2 }

// ToMove implements game.State.
func (s *State) ToMove() int { return s.toMove }

// Over implements game.State.
func (s *State) Over() bool { return s.over }

// Score implements game.State: the letters of p's claimed words.
func (s *State) Score(p int) int { return s.letters[p] }

// Placed reports whether the player to move has made (or cannot make)
// this turn's placement: then only claims and the end of the turn remain.
func (s *State) Placed() bool { return s.phase == 1 }

// Missed returns the number of turns seat p will still miss (one per
// wrong claim).
func (s *State) Missed(p int) int { return int(s.miss[p]) }

// Hand returns seat p's hand (the caller must not modify it).
func (s *State) Hand(p int) []Tile { return s.hands[p] }

// BagLen returns the number of tiles in the bag.
func (s *State) BagLen() int { return len(s.bag) + s.bagCount }

// Cell returns the tile on cell c (row*Size+col), the zero Tile when empty.
func (s *State) Cell(c int) Tile { return s.grid[c] }

// Filled reports whether ParsePosition had to make up a face that seat p
// sees in the game (a ? in p's colour on the grid or in p's hand): the
// position is then not what p sees, and p's moves on it rest on invented
// letters. It is false for a state from NewGame, and Determinize keeps it.
func (s *State) Filled(p int) bool { return s.filled[p] }

// Open reports whether seat p may still claim a word of n letters.
func (s *State) Open(p, n int) bool {
	return n >= MinWord && n <= MaxWord && s.claimed[p][n] < s.need[n]
}

// Winners implements game.Ranker: the seat that claimed every required
// length, else the seat with more claimed letters, else both (a draw).
func (s *State) Winners() []int {
	switch {
	case s.winner >= 0:
		return []int{int(s.winner)}
	case s.letters[0] > s.letters[1]:
		return []int{0}
	case s.letters[1] > s.letters[0]:
		return []int{1}
	}
	return []int{0, 1}
}

// canPlace reports whether p can place a tile now.
func (s *State) canPlace(p int) bool { return len(s.hands[p]) > 0 && s.occ != fullGrid }

// Move packing: A = kind | letter<<8 | cell<<16 | dir<<24 | length<<28 |
// wrong<<32; B = the claimed word's letters, 8 bits each, first letter
// lowest.
func placeMove(l lexicon.Tile, cell int) game.Move {
	return game.Move{A: kindPlace | uint64(l)<<8 | uint64(cell)<<16}
}

var endMove = game.Move{A: kindEnd}

func claimMove(cell, dir, n int, letters uint64, wrong bool) game.Move {
	a := uint64(kindClaim) | uint64(cell)<<16 | uint64(dir)<<24 | uint64(n)<<28
	if wrong {
		a |= 1 << 32
	}
	return game.Move{A: a, B: letters}
}

func moveKind(m game.Move) int { return int(m.A & 0xff) }
func moveLetter(m game.Move) lexicon.Tile {
	return lexicon.Tile(m.A >> 8)
}
func moveCell(m game.Move) int   { return int(m.A >> 16 & 0xff) }
func moveDir(m game.Move) int    { return int(m.A >> 24 & 0xf) }
func moveLen(m game.Move) int    { return int(m.A >> 28 & 0xf) }
func moveWrong(m game.Move) bool { return m.A>>32&1 != 0 }

// claimMask returns the cells of a claim as a bit set.
func claimMask(m game.Move) uint64 {
	var mask uint64
	c, d := moveCell(m), moveDir(m)
	for i := range moveLen(m) {
		mask |= 1 << rays[c][d][i]
	}
	return mask
}

// AppendMoves implements game.State: the valid claims of the player to
// move (every run of MinWord to MaxWord occupied cells in the 8
// directions that spells a word in the mover's colour, for a length still
// open), then, before the placement, one placement per distinct letter of
// the hand (in the mover's colour) and empty cell, or else the end of the
// turn. It allocates nothing when dst has room.
func (s *State) AppendMoves(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	p := s.toMove
	dst = s.appendClaims(dst, p)
	if s.phase == 0 && s.canPlace(p) {
		var seen uint64
		for _, t := range s.hands[p] {
			l := t[p]
			if seen>>l&1 != 0 {
				continue
			}
			seen |= 1 << l
			for free := fullGrid &^ s.occ; free != 0; free &= free - 1 {
				dst = append(dst, placeMove(l, bits.TrailingZeros64(free)))
			}
		}
		return dst
	}
	return append(dst, endMove)
}

// appendClaims appends p's valid claims: from every occupied cell in
// every direction, a walk of the lexicon's DAWG along p's faces.
func (s *State) appendClaims(dst []game.Move, p int) []game.Move {
	open := false
	for n := MinWord; n <= MaxWord; n++ {
		open = open || s.Open(p, n)
	}
	if !open {
		return dst
	}
	g := &s.lx.DAWG
	for occ := s.occ; occ != 0; occ &= occ - 1 {
		c := bits.TrailingZeros64(occ)
		for d := range 8 {
			n := g.Root()
			var letters uint64
			ray := &rays[c][d]
			for i := range int(rayLen[c][d]) {
				cell := ray[i]
				if s.occ>>cell&1 == 0 {
					break
				}
				l := s.grid[cell][p]
				a, ok := g.Next(n, l)
				if !ok {
					break
				}
				letters |= uint64(l) << (8 * i)
				if i+1 >= MinWord && a.Word() && s.Open(p, i+1) {
					dst = append(dst, claimMove(c, d, i+1, letters, false))
				}
				if n = a.Child(); n == 0 {
					break
				}
			}
		}
	}
	return dst
}

// MoveScore implements game.State: the letters of a valid claim, 0 for
// any other move.
func (s *State) MoveScore(m game.Move) int {
	if moveKind(m) == kindClaim && !moveWrong(m) {
		return moveLen(m)
	}
	return 0
}

// Play implements game.State.
func (s *State) Play(m game.Move) {
	p := s.toMove
	r := undoRec{m: m, toMove: int8(p), phase: s.phase, over: s.over, winner: s.winner, miss: s.miss, revealed: s.revealed}
	switch moveKind(m) {
	case kindPlace:
		l, c := moveLetter(m), moveCell(m)
		h := s.hands[p]
		i := 0
		for i < len(h) && h[i][p] != l {
			i++
		}
		if i == len(h) || s.occ>>c&1 != 0 {
			panic(fmt.Sprintf("twoway: illegal placement %s", s.FormatMove(m)))
		}
		t := h[i]
		s.hands[p] = append(h[:i], h[i+1:]...)
		r.slot, r.tiles[0] = int8(i), t
		s.grid[c] = t
		s.occ |= 1 << c
		s.phase = 1
	case kindClaim:
		mask := claimMask(m)
		if moveWrong(m) {
			s.revealed[p] |= mask
			s.miss[p]++
			break
		}
		c, d, n := moveCell(m), moveDir(m), moveLen(m)
		var w word
		for i := range n {
			cell := rays[c][d][i]
			w.tiles[i] = s.grid[cell]
			s.grid[cell] = Tile{}
		}
		w.n = int8(n)
		r.tiles = w.tiles
		s.occ &^= mask
		s.revealed[0] &^= mask
		s.revealed[1] &^= mask
		s.words[p] = append(s.words[p], w)
		s.claimed[p][n]++
		s.letters[p] += n
		done := true
		for l := MinWord; l <= MaxWord; l++ {
			done = done && s.claimed[p][l] >= s.need[l]
		}
		if done {
			s.over, s.winner = true, int8(p)
		}
	case kindEnd:
		r.drawn = int8(s.refill(p))
		s.phase = 0
		q := 1 - p
		switch {
		case s.occ == fullGrid || len(s.hands[0])+len(s.hands[1]) == 0:
			s.over = true
		case s.miss[q] > 0:
			s.miss[q]--
		default:
			s.toMove = q
		}
	default:
		panic(fmt.Sprintf("twoway: Play of an unknown move %x", m.A))
	}
	s.undo = append(s.undo, r)
}

// Undo implements game.State.
func (s *State) Undo() {
	if len(s.undo) == 0 {
		panic("twoway: Undo with nothing to undo")
	}
	r := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	p := int(r.toMove)
	s.toMove, s.phase, s.over, s.winner, s.miss, s.revealed = p, r.phase, r.over, r.winner, r.miss, r.revealed
	m := r.m
	switch moveKind(m) {
	case kindPlace:
		c := moveCell(m)
		s.grid[c] = Tile{}
		s.occ &^= 1 << c
		s.hands[p] = slices.Insert(s.hands[p], int(r.slot), r.tiles[0])
	case kindClaim:
		if moveWrong(m) {
			break
		}
		c, d, n := moveCell(m), moveDir(m), moveLen(m)
		for i := range n {
			s.grid[rays[c][d][i]] = r.tiles[i]
		}
		s.occ |= claimMask(m)
		s.words[p] = s.words[p][:len(s.words[p])-1]
		s.claimed[p][n]--
		s.letters[p] -= n
	case kindEnd:
		h := s.hands[p]
		for i := len(h) - int(r.drawn); i < len(h); i++ {
			s.bag = append(s.bag, h[i])
		}
		slices.Reverse(s.bag[len(s.bag)-int(r.drawn):])
		s.hands[p] = h[:len(h)-int(r.drawn)]
	}
}

// Clone implements game.State.
func (s *State) Clone() game.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	for p := range 2 {
		c.hands[p] = append(make([]Tile, 0, HandSize), s.hands[p]...)
		c.words[p] = append(make([]word, 0, MaxSlots), s.words[p]...)
	}
	c.bag = append(make([]Tile, 0, TileCount), s.bag...)
	c.undo = append(make([]undoRec, 0, max(cap(s.undo), 64)), s.undo...)
	return &c
}

// Hash implements game.State: FNV-1a over grid, hands, bag, claims, turn.
func (s *State) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		h ^= v
		h *= 1099511628211
	}
	tile := func(t Tile) uint64 { return uint64(t[0]) | uint64(t[1])<<8 }
	for c, t := range s.grid {
		if t != (Tile{}) {
			mix(uint64(c)<<16 | tile(t))
		}
	}
	for p := range 2 {
		mix(0xff0000 + uint64(p))
		for _, t := range s.hands[p] {
			mix(tile(t))
		}
		for _, w := range s.words[p] {
			for _, t := range w.tiles[:w.n] {
				mix(tile(t))
			}
			mix(0xfe0000)
		}
		mix(uint64(s.miss[p]))
	}
	for _, t := range s.bag {
		mix(tile(t))
	}
	mix(uint64(s.toMove) | uint64(s.phase)<<8 | uint64(s.bagCount)<<16)
	mix(s.revealed[0])
	mix(s.revealed[1])
	if s.over {
		mix(0xdead)
	}
	return h
}

// Occupied returns the number of tiles on the grid.
func (s *State) Occupied() int { return bits.OnesCount64(s.occ) }
