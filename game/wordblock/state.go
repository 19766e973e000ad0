package wordblock

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"wordengine/game"
	"wordengine/game/option"
	"wordengine/lexicon"
)

// Name is the registered name of the game.
const Name = "wordblock"

// Limits of the rules.
const (
	// MinPlayers and MaxPlayers bound the number of seats.
	MinPlayers = 2
	MaxPlayers = 4
	// MaxWords is the number of words after which the game ends (the
	// game ends right after the 101st word).
	MaxWords = 101
	// MaxWordLen is the longest word a Move can hold, in letters (tiles):
	// a word uses each cell at most once, and the largest board has 64
	// cells. The words of the embedded lexicon and of its long words
	// (lexicon.DefaultLong) have at most 28 letters.
	MaxWordLen = stride * MaxSize
)

// Colours names the players' colours in turn order: seat p plays
// Colours[p].
var Colours = [MaxPlayers]string{"BLUE", "ORANGE", "VIOLET", "YELLOW"}

// Contain is the played-word rule: which words a played word blocks.
type Contain uint8

const (
	// Anywhere blocks every word contained in a played word as a
	// contiguous run of letters (HAUSTIER blocks TIER and HAUS). The
	// default.
	Anywhere Contain = iota
	// Prefix blocks only the prefixes of a played word (Letterpress:
	// HAUSTIER blocks HAUS but not TIER).
	Prefix
)

// String returns the variant value: "anywhere" or "prefix".
func (c Contain) String() string {
	if c == Prefix {
		return "prefix"
	}
	return "anywhere"
}

// containOption binds *c to the option contain: anywhere (or substring)
// or prefix.
func containOption(s *option.Set, c *Contain) {
	option.Choice(s, c, "contain", option.Is(Anywhere, "anywhere", "substring"), option.Is(Prefix, "prefix"))
}

func init() {
	game.Register(spec())
}

// NewGame starts a game from a game.Config: Players 0 means 2; Variant
// holds the options of the package doc (size, contain, board); without
// board= the board is drawn with Config.Rand, which is then required.
func NewGame(cfg game.Config) (*State, error) {
	lx := cfg.Lexicon
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	players := cfg.Players
	if players == 0 {
		players = 2
	}
	size, contain, boardText := DefaultSize, Anywhere, ""
	opts := option.NewSet(Name, "variant")
	opts.Int(&size, "size", MinSize, MaxSize)
	containOption(opts, &contain)
	opts.Text(&boardText, "board", "rows of letters separated by '/', such as CATS/DOGE/RIPE/TONE")
	if err := opts.Parse(cfg.Variant); err != nil {
		return nil, err
	}
	var b Board
	var err error
	if boardText != "" {
		if b, err = ParseBoard(lx.Alphabet, boardText); err != nil {
			var se *SyntaxError
			if errors.As(err, &se) {
				return nil, fmt.Errorf("wordblock: board %q (variant board=): line %d, column %d: %s", boardText, se.Line, se.Col, se.Msg)
			}
			return nil, fmt.Errorf("wordblock: board %q (variant board=): %w", boardText, err)
		}
		if opts.Given("size") && (b.rows != size || b.cols != size) {
			return nil, opts.Errorf("size", "the board= given is %dx%d", b.rows, b.cols)
		}
	} else {
		if cfg.Rand == nil {
			return nil, fmt.Errorf("wordblock: Config.Rand is required to draw the board (or give variant board=)")
		}
		if b, err = RandomBoard(lx, size, size, cfg.Rand); err != nil {
			return nil, err
		}
	}
	return New(lx, b, players, contain)
}

// State is a WordBlock game. It implements game.State, game.Ranker and
// game.Evaluator. It is not safe for concurrent use: Clone one per
// goroutine.
type State struct {
	lx      *lexicon.Lexicon
	dawg    *dawg
	board   Board
	contain Contain
	players int

	mask                       uint64 // the board's cells
	edgeW, edgeE, edgeN, edgeS uint64 // cells on each edge

	own    [MaxPlayers]uint64 // cells in each seat's colour
	sec    [MaxPlayers]uint64 // cells each seat has secured
	turn   int
	passes int    // consecutive passes just played
	words  []wkey // played words, in order
	over   bool
	hash   uint64
	base   uint64 // hash of what never changes: letters, rule, players

	undo    []undoRec
	list    *wordList // the words the board can spell, found on first use
	blocked blockSet
	gen     generator
	// long and longDawg hold the words longer than lx keeps, for the
	// embedded lexicon (lexicon.DefaultLong); nil otherwise.
	long     *lexicon.Lexicon
	longDawg *dawg
}

// undoRec is what Undo restores.
type undoRec struct {
	move     game.Move
	own, sec [MaxPlayers]uint64
	hash     uint64
	passes   int
	over     bool
}

var (
	zCell [stride * MaxSize][MaxPlayers]uint64
	zTurn [MaxPlayers]uint64
	zPass [MaxPlayers + 1]uint64
)

func init() {
	x := uint64(0x776f7264626c6f63) // "wordbloc"
	next := func() uint64 { x = splitmix(x); return x }
	for c := range zCell {
		for p := range zCell[c] {
			zCell[c][p] = next()
		}
	}
	for p := range zTurn {
		zTurn[p] = next()
	}
	for i := range zPass {
		zPass[i] = next()
	}
}

// New starts a game on board b for the given number of players under the
// played-word rule contain, seat 0 (BLUE) to move, every cell uncoloured.
func New(lx *lexicon.Lexicon, b Board, players int, contain Contain) (*State, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("wordblock: %d players: want %d to %d", players, MinPlayers, MaxPlayers)
	}
	if b.rows < MinSize || b.rows > MaxSize || b.cols < MinSize || b.cols > MaxSize {
		return nil, fmt.Errorf("wordblock: board %dx%d: want rows and columns from %d to %d", b.rows, b.cols, MinSize, MaxSize)
	}
	if lx == nil {
		return nil, fmt.Errorf("wordblock: nil lexicon")
	}
	for r := range b.rows {
		for c := range b.cols {
			if t := b.Tile(r, c); !lx.Alphabet.Valid(t) || t == lexicon.Blank {
				return nil, fmt.Errorf("wordblock: board letter %d at row %d column %d is not in alphabet %s", t, r+1, c+1, lx.Alphabet.Name())
			}
		}
	}
	s := &State{lx: lx, dawg: dawgOf(lx), board: b, contain: contain, players: players}
	if s.long = longWords(lx); s.long != nil {
		s.longDawg = dawgOf(s.long)
	}
	for r := range b.rows {
		for c := range b.cols {
			bit := uint64(1) << (r*stride + c)
			s.mask |= bit
			if c == 0 {
				s.edgeW |= bit
			}
			if c == b.cols-1 {
				s.edgeE |= bit
			}
			if r == 0 {
				s.edgeN |= bit
			}
			if r == b.rows-1 {
				s.edgeS |= bit
			}
		}
	}
	s.base = splitmix(uint64(players)<<8 | uint64(contain))
	for i, t := range b.tiles {
		if t != 0 {
			s.base ^= splitmix(uint64(i)<<8 | uint64(t) | 0xb0a4d<<16)
		}
	}
	s.hash = s.base ^ zTurn[0] ^ zPass[0]
	s.words = make([]wkey, 0, MaxWords)
	s.undo = make([]undoRec, 0, 128)
	s.blocked = newBlockSet()
	return s, nil
}

// Game implements game.State.
func (s *State) Game() string { return Name }

// Players implements game.State.
func (s *State) Players() int { return s.players }

// ToMove implements game.State.
func (s *State) ToMove() int { return s.turn }

// Over implements game.State: every cell is coloured, every player passed
// in a row, or MaxWords words were played.
func (s *State) Over() bool { return s.over }

// Score implements game.State: the number of cells in seat p's colour.
func (s *State) Score(p int) int { return bits.OnesCount64(s.own[p]) }

// Secured returns the number of cells seat p has secured.
func (s *State) Secured(p int) int { return bits.OnesCount64(s.sec[p]) }

// Board returns the board.
func (s *State) Board() *Board { return &s.board }

// Lexicon returns the lexicon that judges words.
func (s *State) Lexicon() *lexicon.Lexicon { return s.lx }

// Contain returns the played-word rule.
func (s *State) Contain() Contain { return s.contain }

// Owner returns the seat whose colour the cell at row r, column c has,
// or -1 when it is uncoloured.
func (s *State) Owner(r, c int) int {
	bit := uint64(1) << (r*stride + c)
	for p := range s.players {
		if s.own[p]&bit != 0 {
			return p
		}
	}
	return -1
}

// IsSecured reports whether the cell at row r, column c is secured.
func (s *State) IsSecured(r, c int) bool {
	bit := uint64(1) << (r*stride + c)
	for p := range s.players {
		if s.sec[p]&bit != 0 {
			return true
		}
	}
	return false
}

// Passes returns the number of consecutive passes just played.
func (s *State) Passes() int { return s.passes }

// PlayedWords appends the words played so far, in order, to dst, as text
// in the lexicon's alphabet.
func (s *State) PlayedWords(dst []string) []string {
	var buf [MaxWordLen]lexicon.Tile
	for _, k := range s.words {
		dst = append(dst, s.lx.Alphabet.Format(s.wordTiles(k, buf[:0])))
	}
	return dst
}

// longWords returns the lexicon of the words longer than lx keeps that
// the game adds to lx: the embedded long words (lexicon.DefaultLong) when
// lx is the embedded lexicon, nil otherwise (a lexicon file holds the
// words it was built with, up to its own --max).
func longWords(lx *lexicon.Lexicon) *lexicon.Lexicon {
	if def, err := lexicon.Default(); err != nil || lx != def {
		return nil
	}
	long, err := lexicon.DefaultLong()
	if err != nil {
		return nil
	}
	return long
}

// hasWord reports whether w is a word of the game's lexicon (lx and its
// long words).
func (s *State) hasWord(w []lexicon.Tile) bool {
	return s.lx.ContainsTiles(w) || (s.long != nil && s.long.ContainsTiles(w))
}

// wordTiles appends the tiles of word k to dst.
func (s *State) wordTiles(k wkey, dst []lexicon.Tile) []lexicon.Tile {
	if !k.isLong() {
		return k.tiles(dst)
	}
	l := s.wordList()
	i, ok := l.find(k)
	if !ok {
		panic("wordblock: a long word that is not in the board's word list")
	}
	return append(dst, l.long[l.slots[i].A>>moveLenBits].tiles...)
}

// Winners implements game.Ranker: the seats with the most cells (several
// share the win on equal scores).
func (s *State) Winners() []int {
	best := -1
	var w []int
	for p := range s.players {
		switch sc := s.Score(p); {
		case sc > best:
			best, w = sc, append(w[:0], p)
		case sc == best:
			w = append(w, p)
		}
	}
	return slices.Clip(w)
}

// Hash implements game.State: a Zobrist hash of the cell colours, the set
// of played words, the player to move and the count of consecutive passes,
// over a hash of the board's letters, the rule and the number of players.
func (s *State) Hash() uint64 { return s.hash }

// securedOf returns the cells of own that are secured: coloured, with
// every orthogonal neighbour off the board or in the same colour.
func (s *State) securedOf(own uint64) uint64 {
	return own & (s.edgeW | own<<1) & (s.edgeE | own>>1) & (s.edgeN | own<<stride) & (s.edgeS | own>>stride)
}

// Move layout. A Move packs a word of up to maxPacked (18) letters as
// the cells that spell it, in word order (the letters are the board's):
//
//	A bits 0-4     n, the number of cells (2..18); 1 marks a pass
//	A bits 5-58    cells 0..8, 6 bits each: cell i at bit 5+6i
//	B bits 0-53    cells 9..17, 6 bits each: cell i at bit 6(i-9)
//
// A longer word (19 to MaxWordLen letters) is packed as its place in the
// board's word list and the set of its cells:
//
//	A bits 0-4     longTag (31)
//	A bits 5-36    the word's index in the board's word list
//	B              the cells, bit c for cell c
//
// The cells of equal letters of a long word are taken, in word order, in
// increasing cell order (the set is the move: equal letters swapped are
// the same move).
//
// A cell is row*8 + column (0-based, whatever the board's width). Unused
// bits are zero, so equal moves are equal values; the zero Move (n = 0) is
// no move. Within a word, the cells of equal letters are listed in the
// order of the position's cell preference (see the package doc), so that
// ParseMove gives the same value for any order a player writes them in.
const (
	moveLenBits = 5
	passLen     = 1
	longTag     = 1<<moveLenBits - 1
	// maxPacked is the longest word packed as its cells in word order.
	maxPacked = 18
)

// isLong reports whether m is a move of a word longer than maxPacked.
func isLong(m game.Move) bool { return m.A&(1<<moveLenBits-1) == longTag }

// longMove packs the word of list index i on the cells of mask.
func longMove(i int32, mask uint64) game.Move {
	return game.Move{A: longTag | uint64(i)<<moveLenBits, B: mask}
}

// moveOf packs word w spelled by cells (in word order) as a Move.
func (s *State) moveOf(w []lexicon.Tile, cells []uint8) game.Move {
	if len(w) <= maxPacked {
		return packMove(cells)
	}
	var mask uint64
	for _, c := range cells {
		mask |= 1 << c
	}
	i, ok := s.wordList().find(keyOf(w))
	if !ok {
		i = 1<<31 - 1 // not a word of the board: no move of the list
	}
	return longMove(i, mask)
}

// longCells appends the cells of long move m to dst in word order: each
// letter's cells in increasing order.
func (s *State) longCells(m game.Move, dst []uint8) []uint8 {
	l := s.wordList()
	w := l.long[l.slots[m.A>>moveLenBits].A>>moveLenBits].tiles
	left := m.B
	for _, t := range w {
		for x := left; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			if s.board.tiles[c] == t {
				dst = append(dst, uint8(c))
				left &^= 1 << c
				break
			}
		}
	}
	return dst
}

// Pass is the pass move.
var Pass = game.Move{A: passLen}

func moveLen(m game.Move) int { return int(m.A & (1<<moveLenBits - 1)) }

func cellAt(m game.Move, i int) int {
	if i < 9 {
		return int(m.A >> (moveLenBits + 6*i) & 63)
	}
	return int(m.B >> (6 * (i - 9)) & 63)
}

func packMove(cells []uint8) game.Move {
	m := game.Move{A: uint64(len(cells))}
	for i, c := range cells {
		if i < 9 {
			m.A |= uint64(c) << (moveLenBits + 6*i)
		} else {
			m.B |= uint64(c) << (6 * (i - 9))
		}
	}
	return m
}

// cellMask returns the cells of word move m as a bit set.
func cellMask(m game.Move) uint64 {
	if isLong(m) {
		return m.B
	}
	var mask uint64
	for i := range moveLen(m) {
		mask |= 1 << cellAt(m, i)
	}
	return mask
}

// wordKey returns the word that move m spells.
func (s *State) wordKey(m game.Move) wkey {
	if isLong(m) {
		return s.wordList().keys[m.A>>moveLenBits]
	}
	var k wkey
	for i := range moveLen(m) {
		t := uint64(s.board.tiles[cellAt(m, i)])
		if i < 9 {
			k.a |= t << (7 * i)
		} else {
			k.b |= t << (7 * (i - 9))
		}
	}
	return k
}

// securedByOthers returns the cells secured by seats other than p.
func (s *State) securedByOthers(p int) uint64 {
	var m uint64
	for q := range s.players {
		if q != p {
			m |= s.sec[q]
		}
	}
	return m
}

// MoveScore implements game.State: the number of cells m turns into the
// mover's colour (the mover's gain; an opponent loses each of those cells
// that was theirs). A pass scores 0.
func (s *State) MoveScore(m game.Move) int {
	if moveLen(m) < 2 {
		return 0
	}
	p := s.turn
	return bits.OnesCount64(cellMask(m) &^ s.own[p] &^ s.securedByOthers(p))
}

// Play implements game.State.
func (s *State) Play(m game.Move) {
	p := s.turn
	s.undo = append(s.undo, undoRec{move: m, own: s.own, sec: s.sec, hash: s.hash, passes: s.passes, over: s.over})
	next := p + 1
	if next == s.players {
		next = 0
	}
	h := s.hash ^ zTurn[p] ^ zTurn[next] ^ zPass[s.passes]
	if m == Pass {
		s.passes++
		if s.passes >= s.players {
			s.over = true
		}
	} else {
		take := cellMask(m) &^ s.own[p] &^ s.securedByOthers(p)
		for q := range s.players {
			if lost := s.own[q] & take; q != p && lost != 0 {
				s.own[q] &^= lost
				for x := lost; x != 0; x &= x - 1 {
					h ^= zCell[bits.TrailingZeros64(x)][q]
				}
			}
		}
		s.own[p] |= take
		for x := take; x != 0; x &= x - 1 {
			h ^= zCell[bits.TrailingZeros64(x)][p]
		}
		var all uint64
		for q := range s.players {
			s.sec[q] = s.securedOf(s.own[q])
			all |= s.own[q]
		}
		k := s.wordKey(m)
		s.words = append(s.words, k)
		h ^= k.zhash()
		s.passes = 0
		s.over = all == s.mask || len(s.words) >= MaxWords
	}
	s.hash = h ^ zPass[s.passes]
	s.turn = next
}

// Undo implements game.State.
func (s *State) Undo() {
	if len(s.undo) == 0 {
		panic("wordblock: Undo with nothing played")
	}
	r := &s.undo[len(s.undo)-1]
	s.own, s.sec, s.hash, s.passes, s.over = r.own, r.sec, r.hash, r.passes, r.over
	if r.move != Pass {
		s.words = s.words[:len(s.words)-1]
		if s.blocked.synced > len(s.words) {
			s.blocked.unsync()
		}
	}
	s.undo = s.undo[:len(s.undo)-1]
	if s.turn == 0 {
		s.turn = s.players
	}
	s.turn--
}

// Clone implements game.State.
func (s *State) Clone() game.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.words = append(make([]wkey, 0, max(cap(s.words), MaxWords)), s.words...)
	c.undo = append(make([]undoRec, 0, max(cap(s.undo), len(s.undo)+64)), s.undo...)
	c.blocked = s.blocked.clone()
	c.gen = generator{}
	return &c
}

// sync brings the blocked-word set up to date with the played words.
func (s *State) sync() {
	l := s.wordList()
	b := &s.blocked
	if n := (len(l.keys) + 63) / 64; len(b.bits) < n {
		b.bits = make([]uint64, n)
	}
	var buf [MaxWordLen]lexicon.Tile
	for b.synced < len(s.words) {
		b.marks = append(b.marks, int32(len(b.log)))
		w := s.wordTiles(s.words[b.synced], buf[:0])
		b.blocks(&s.lx.DAWG, l, w, s.contain == Prefix)
		if s.long != nil {
			b.blocks(&s.long.DAWG, l, w, s.contain == Prefix)
		}
		b.synced++
	}
}

// isBlocked reports whether word k may not be played: it was played or
// is contained in a played word under the rule. A word the board cannot
// spell is not in the set.
func (s *State) isBlocked(k wkey) bool {
	s.sync()
	i, ok := s.list.find(k)
	return ok && s.blocked.has(i)
}
