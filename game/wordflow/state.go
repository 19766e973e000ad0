package wordflow

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
)

// Name is the registered name of the game.
const Name = "wordflow"

// Limits.
const (
	MaxPlayers = 4
	stride     = MaxSide // a cell is r*stride + c
	cells      = MaxSide * MaxSide
	empty      = 0xff // no piece in a cell
)

// Layout is the shape of the puzzle.
type Layout uint8

// The layouts.
const (
	Framed   Layout = iota // constrained: a fixed frame, inner pieces only
	FreeForm               // grows from the NW corner
)

// Mode is how the players take turns and score.
type Mode uint8

// The modes.
const (
	TurnBased    Mode = iota // seat order 0, 1, ...
	Simultaneous             // a fresh random seat order each round
	Cooperative              // turn-based, one shared score
)

var modeNames = [...]string{"turn", "simultaneous", "coop"}

// Options are the rules of one game (the variant keys of the package doc).
type Options struct {
	Layout      Layout
	W, H        int  // framed size (columns, rows)
	Start       int  // free form: edge pieces along the top and down the left at setup
	Hand        int  // pieces held between turns
	Arrowless   bool // ends=arrowless: a word ends on a piece without arrows
	TripleBonus bool // a placement creating 3 or more words scores double
	Courtesy    bool // missed words go to the placer
	Mode        Mode
	Players     int
	PiecesFile  string // pieces=FILE, "" for the default set
}

// String writes the options as a variant string that ParseOptions reads.
func (o Options) String() string {
	var parts []string
	if o.Layout == Framed {
		parts = append(parts, "layout=frame", fmt.Sprintf("size=%dx%d", o.W, o.H))
	} else {
		parts = append(parts, "layout=free", fmt.Sprintf("start=%d", o.Start))
	}
	parts = append(parts, fmt.Sprintf("hand=%d", o.Hand))
	if o.Arrowless {
		parts = append(parts, "ends=arrowless")
	}
	if o.TripleBonus {
		parts = append(parts, "triple-bonus")
	}
	if o.Courtesy {
		parts = append(parts, "courtesy")
	}
	if o.Mode != TurnBased {
		parts = append(parts, "mode="+modeNames[o.Mode])
	}
	if o.PiecesFile != "" {
		parts = append(parts, "pieces="+o.PiecesFile)
	}
	return strings.Join(parts, ",")
}

// ParseOptions reads a variant string (see the package doc) for the given
// number of players (0 means 2; 1 is the solo game, whose hand is 5).
func ParseOptions(variant string, players int) (Options, error) {
	if players == 0 {
		players = 2
	}
	if players < 1 || players > MaxPlayers {
		return Options{}, fmt.Errorf("wordflow: %d players: want 1 (solo) to %d", players, MaxPlayers)
	}
	o := Options{Layout: Framed, W: 10, H: 10, Start: 5, Hand: 3, Players: players}
	if players == 1 {
		o.Hand = 5
	}
	var sizeGiven, startGiven string // the size= and start= options as given
	for _, kv := range strings.Split(variant, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, hasV := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		onOff := func() (bool, error) {
			switch v {
			case "", "on", "true", "1", "yes":
				return true, nil
			case "off", "false", "0", "no":
				return false, nil
			}
			return false, fmt.Errorf("wordflow: variant %s=%s: want on or off", k, v)
		}
		var err error
		switch k {
		case "layout":
			switch v {
			case "frame", "framed", "constrained":
				o.Layout = Framed
			case "free", "freeform", "free-form":
				o.Layout = FreeForm
			default:
				return o, fmt.Errorf("wordflow: variant layout=%s: want frame or free", v)
			}
		case "size":
			ws, hs, ok := strings.Cut(strings.ToLower(v), "x")
			w, e1 := strconv.Atoi(ws)
			h, e2 := strconv.Atoi(hs)
			if !ok || e1 != nil || e2 != nil || w < MinSide || w > MaxSide || h < MinSide || h > MaxSide {
				return o, fmt.Errorf("wordflow: variant size=%s: want WxH, each from %d to %d", v, MinSide, MaxSide)
			}
			o.W, o.H = w, h
			sizeGiven = kv
		case "start":
			n, e := strconv.Atoi(v)
			if e != nil || n < 3 || n > 5 {
				return o, fmt.Errorf("wordflow: variant start=%s: want 3 to 5", v)
			}
			o.Start = n
			startGiven = kv
		case "hand":
			n, e := strconv.Atoi(v)
			if e != nil || n < 1 || n > 8 {
				return o, fmt.Errorf("wordflow: variant hand=%s: want 1 to 8", v)
			}
			o.Hand = n
		case "ends":
			switch v {
			case "any":
				o.Arrowless = false
			case "arrowless":
				o.Arrowless = true
			default:
				return o, fmt.Errorf("wordflow: variant ends=%s: want any or arrowless", v)
			}
		case "triple-bonus":
			o.TripleBonus, err = onOff()
		case "courtesy":
			o.Courtesy, err = onOff()
		case "mode":
			switch v {
			case "turn", "turn-based":
				o.Mode = TurnBased
			case "simultaneous", "sim":
				o.Mode = Simultaneous
			case "coop", "cooperative":
				o.Mode = Cooperative
			default:
				return o, fmt.Errorf("wordflow: variant mode=%s: want turn, simultaneous or coop", v)
			}
		case "pieces":
			if !hasV || v == "" {
				return o, fmt.Errorf("wordflow: variant pieces= needs a file")
			}
			o.PiecesFile = v
		default:
			return o, fmt.Errorf("wordflow: unknown variant option %q (known: layout, size, start, hand, ends, triple-bonus, courtesy, mode, pieces)", k)
		}
		if err != nil {
			return o, err
		}
	}
	// An option of the other layout would be silently ignored.
	if o.Layout == FreeForm && sizeGiven != "" {
		return o, fmt.Errorf("wordflow: variant %s: size is for layout=frame; a free-form puzzle grows to at most %dx%d", sizeGiven, MaxSide, MaxSide)
	}
	if o.Layout == Framed && startGiven != "" {
		return o, fmt.Errorf("wordflow: variant %s: start is for layout=free (the framed puzzle starts with its whole frame)", startGiven)
	}
	return o, nil
}

func init() {
	game.Register(spec())
}

// NewGame starts a game from a game.Config: Players 0 means 2, 1 the solo
// game; Variant holds the options of the package doc; Config.Rand
// (required) shuffles the pieces.
func NewGame(cfg game.Config) (*State, error) {
	o, err := ParseOptions(cfg.Variant, cfg.Players)
	if err != nil {
		return nil, err
	}
	lx := cfg.Lexicon
	if lx == nil {
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	var set *Set
	if o.PiecesFile != "" {
		set, err = LoadSet(o.PiecesFile, lx.Alphabet)
	} else {
		set, err = DefaultSet(lx.Alphabet)
	}
	if err != nil {
		return nil, err
	}
	if cfg.Rand == nil {
		return nil, fmt.Errorf("wordflow: Config.Rand is required to shuffle the pieces")
	}
	return Deal(lx, set, o, cfg.Rand)
}

// State is a WordFlow game. It implements game.State, game.Determinizer,
// game.Ranker and game.Evaluator. It is not safe for concurrent use: Clone
// one per goroutine.
type State struct {
	lx    *lexicon.Lexicon
	set   *Set
	faces []Piece // set.Pieces then the evaluation's probe pieces (shared, read-only)
	opts  Options

	cell   [cells]uint8 // piece id or empty
	right  int8         // free form: column of the right border, -1 unfixed
	bottom int8         // free form: row of the bottom border, -1 unfixed
	maxR   int8         // free form: largest row holding a piece
	maxC   int8         // free form: largest column holding a piece
	open   int          // framed: empty interior cells

	hands  [MaxPlayers][]uint8
	pool   []uint8 // face down; drawn from the end
	drew   bool    // the player to move drew a piece at the start of the turn
	scores [MaxPlayers]int
	best   [MaxPlayers]int // highest single word of each seat
	over   bool

	pending  [MaxPlayers]game.Move // simultaneous: the round's commitments, by position in order
	order    [MaxPlayers]uint8     // seat order of the current round
	pos      int                   // index of the player to move in order
	round    int
	roundKey uint64 // seeds the random orders of simultaneous rounds

	zob  uint64 // Zobrist hash of the cells and the hands
	undo []undoRec

	words []Word // finder buffer
	fs    finder
}

type undoRec struct {
	move           game.Move
	handIdx        int8
	putBack        bool
	drew, nextDrew bool
	right, bottom  int8
	maxR, maxC     int8
	scores, best   [MaxPlayers]int
	over           bool
	order          [MaxPlayers]uint8
	pos, round     int
	zob            uint64
	open           int
	pending        [MaxPlayers]game.Move
	resolved       bool
	applied        [MaxPlayers]int8 // resolved round: hand index of each placement made, -1 void
}

var (
	zPiece [cells][SetSize]uint64
	zHand  [MaxPlayers][SetSize]uint64
	zTurn  [MaxPlayers]uint64
	zDrew  uint64
)

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func init() {
	x := uint64(0x776f7264666c6f77) // "wordflow"
	next := func() uint64 { x = splitmix(x); return x }
	for c := range zPiece {
		for p := range zPiece[c] {
			zPiece[c][p] = next()
		}
	}
	for s := range zHand {
		for p := range zHand[s] {
			zHand[s][p] = next()
		}
	}
	for i := range zTurn {
		zTurn[i] = next()
	}
	zDrew = next()
}

// Deal sets up a game: the frame (framed) or the starting corner and
// edges (free form), the shuffled pool, the hands, and the first player's
// draw.
func Deal(lx *lexicon.Lexicon, set *Set, o Options, rng *rand.Rand) (*State, error) {
	if len(set.Pieces) != SetSize {
		return nil, fmt.Errorf("wordflow: set %s has %d pieces, want %d", set.Name, len(set.Pieces), SetSize)
	}
	if set.Alphabet != lx.Alphabet && strings.Join(set.Alphabet.Letters(), "") != strings.Join(lx.Alphabet.Letters(), "") {
		return nil, fmt.Errorf("wordflow: set %s is over alphabet %s, the lexicon over %s", set.Name, set.Alphabet.Name(), lx.Alphabet.Name())
	}
	s := newState(lx, set, o)
	// Pieces by kind, side and parity, shuffled.
	var groups [3][9][3][]uint8
	for id := range set.Pieces {
		p := &set.Pieces[id]
		groups[p.Kind][p.Side][p.Parity] = append(groups[p.Kind][p.Side][p.Parity], uint8(id))
	}
	for k := range groups {
		for sd := range groups[k] {
			for pa := range groups[k][sd] {
				g := groups[k][sd][pa]
				rng.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
			}
		}
	}
	take := func(k Kind, sd Side, r, c int) error {
		par := A
		if k == Corner {
			par = AnyParity
		} else if (r+c)%2 != 0 {
			par = B
		}
		g := groups[k][sd][par]
		if len(g) == 0 {
			return fmt.Errorf("wordflow: set %s has too few %s %s pieces of parity %s for this layout", set.Name, sd, k, par)
		}
		s.put(g[len(g)-1], r*stride+c)
		groups[k][sd][par] = g[:len(g)-1]
		return nil
	}
	var err error
	if o.Layout == Framed {
		width, height := o.W, o.H
		for c := range width {
			for r := range height {
				var k Kind
				var sd Side
				switch {
				case r == 0 && c == 0:
					k, sd = Corner, NW
				case r == 0 && c == width-1:
					k, sd = Corner, NE
				case r == height-1 && c == width-1:
					k, sd = Corner, SE
				case r == height-1 && c == 0:
					k, sd = Corner, SW
				case r == 0:
					k, sd = Edge, N
				case r == height-1:
					k, sd = Edge, S
				case c == 0:
					k, sd = Edge, W
				case c == width-1:
					k, sd = Edge, E
				default:
					continue
				}
				if err = take(k, sd, r, c); err != nil {
					return nil, err
				}
			}
		}
		// The pool: as many inner pieces of each parity as empty cells.
		var need [2]int
		for r := 1; r < height-1; r++ {
			for c := 1; c < width-1; c++ {
				need[(r+c)%2]++
			}
		}
		for pa := range 2 {
			g := groups[Inner][NoSide][pa]
			if len(g) < need[pa] {
				return nil, fmt.Errorf("wordflow: set %s has %d inner pieces of parity %s, the frame needs %d", set.Name, len(g), Parity(pa), need[pa])
			}
			s.pool = append(s.pool, g[:need[pa]]...)
		}
	} else {
		if err = take(Corner, NW, 0, 0); err != nil {
			return nil, err
		}
		for i := 1; i <= o.Start; i++ {
			if err = take(Edge, N, 0, i); err != nil {
				return nil, err
			}
			if err = take(Edge, W, i, 0); err != nil {
				return nil, err
			}
		}
		for k := range groups {
			for sd := range groups[k] {
				for pa := range groups[k][sd] {
					s.pool = append(s.pool, groups[k][sd][pa]...)
				}
			}
		}
	}
	rng.Shuffle(len(s.pool), func(i, j int) { s.pool[i], s.pool[j] = s.pool[j], s.pool[i] })
	for p := range o.Players {
		for range o.Hand {
			if len(s.pool) > 0 {
				s.addHand(p, s.popPool())
			}
		}
	}
	s.roundKey = rng.Uint64()
	s.startRound()
	s.over = s.checkOver()
	if !s.over && len(s.pool) > 0 {
		s.addHand(s.ToMove(), s.popPool())
		s.drew = true
		s.zob ^= zDrew
	}
	return s, nil
}

func newState(lx *lexicon.Lexicon, set *Set, o Options) *State {
	s := &State{lx: lx, set: set, faces: facesOf(set), opts: o, right: -1, bottom: -1, maxR: -1, maxC: -1}
	for i := range s.cell {
		s.cell[i] = empty
	}
	if o.Layout == Framed {
		s.right, s.bottom = int8(o.W-1), int8(o.H-1)
		s.open = (o.W - 2) * (o.H - 2)
	}
	for p := range o.Players {
		s.hands[p] = make([]uint8, 0, o.Hand+2)
	}
	s.pool = make([]uint8, 0, SetSize)
	s.undo = make([]undoRec, 0, 256)
	s.words = make([]Word, 0, 64)
	for i := range s.order {
		s.order[i] = uint8(i)
	}
	return s
}

// put places piece id on cell x (setup and Play), keeping the borders,
// the extent and the hash.
func (s *State) put(id uint8, x int) {
	s.cell[x] = id
	s.zob ^= zPiece[x][id]
	r, c := int8(x/stride), int8(x%stride)
	s.maxR, s.maxC = max(s.maxR, r), max(s.maxC, c)
	p := &s.set.Pieces[id]
	if wantRight(p) {
		s.right = c
	}
	if wantBottom(p) {
		s.bottom = r
	}
	if s.opts.Layout == Framed && p.Kind == Inner {
		s.open--
	}
}

func (s *State) addHand(seat int, id uint8) {
	s.hands[seat] = append(s.hands[seat], id)
	s.zob ^= zHand[seat][id]
}

func (s *State) popPool() uint8 {
	id := s.pool[len(s.pool)-1]
	s.pool = s.pool[:len(s.pool)-1]
	return id
}

// startRound sets the seat order of the round: 0, 1, ... in turn-based
// and cooperative play, a random order in simultaneous play.
func (s *State) startRound() {
	n := s.opts.Players
	for i := range n {
		s.order[i] = uint8(i)
	}
	if s.opts.Mode == Simultaneous {
		x := splitmix(s.roundKey ^ uint64(s.round)*0x9e3779b97f4a7c15)
		for i := n - 1; i > 0; i-- {
			x = splitmix(x)
			j := int(x % uint64(i+1))
			s.order[i], s.order[j] = s.order[j], s.order[i]
		}
	}
	s.pos = 0
}

// Game implements game.State.
func (s *State) Game() string { return Name }

// Options returns the rules of the game.
func (s *State) Options() Options { return s.opts }

// Set returns the piece set.
func (s *State) Set() *Set { return s.set }

// Lexicon returns the lexicon that judges words.
func (s *State) Lexicon() *lexicon.Lexicon { return s.lx }

// Players implements game.State.
func (s *State) Players() int { return s.opts.Players }

// ToMove implements game.State.
func (s *State) ToMove() int { return int(s.order[s.pos]) }

// Over implements game.State.
func (s *State) Over() bool { return s.over }

// Score implements game.State: the seat's points, or in cooperative mode
// the shared score of all seats.
func (s *State) Score(p int) int {
	if s.opts.Mode == Cooperative {
		t := 0
		for q := range s.opts.Players {
			t += s.scores[q]
		}
		return t
	}
	return s.scores[p]
}

// BestWord returns the points of the highest-scoring single word seat p
// has scored (the tie-break).
func (s *State) BestWord(p int) int { return s.best[p] }

// Hand returns seat p's pieces (ids into Set().Pieces). The caller must
// not modify the slice.
func (s *State) Hand(p int) []uint8 { return s.hands[p] }

// PoolLen returns the number of face-down pieces.
func (s *State) PoolLen() int { return len(s.pool) }

// At returns the piece on row r, column c, and whether there is one.
func (s *State) At(r, c int) (*Piece, bool) {
	if r < 0 || c < 0 || r >= MaxSide || c >= MaxSide || s.cell[r*stride+c] == empty {
		return nil, false
	}
	return &s.set.Pieces[s.cell[r*stride+c]], true
}

// Extent returns the rows and columns the puzzle spans so far (framed:
// the frame; free form: up to the farthest piece or fixed border).
func (s *State) Extent() (rows, cols int) {
	if s.opts.Layout == Framed {
		return s.opts.H, s.opts.W
	}
	return int(max(s.maxR, s.bottom)) + 1, int(max(s.maxC, s.right)) + 1
}

// Winners implements game.Ranker: the highest score wins; a tie goes to
// the tied seat with the highest-scoring single word; seats equal on both
// share the win. In cooperative mode every seat shares the result.
func (s *State) Winners() []int {
	var w []int
	for p := range s.opts.Players {
		if len(w) == 0 {
			w = append(w, p)
			continue
		}
		q := w[0]
		switch {
		case s.Score(p) > s.Score(q), s.Score(p) == s.Score(q) && s.best[p] > s.best[q] && s.opts.Mode != Cooperative:
			w = append(w[:0], p)
		case s.Score(p) == s.Score(q) && (s.best[p] == s.best[q] || s.opts.Mode == Cooperative):
			w = append(w, p)
		}
	}
	return slices.Clip(w)
}

// Hash implements game.State: a Zobrist hash of the pieces on the board,
// the pieces in each hand, the player to move and whether it drew, mixed
// with the scores and (simultaneous play) the round's commitments.
func (s *State) Hash() uint64 {
	h := s.zob ^ zTurn[s.ToMove()]
	for p := range s.opts.Players {
		h = splitmix(h ^ uint64(s.scores[p])<<20 ^ uint64(s.best[p]))
	}
	for i := range s.pos {
		if m := s.pending[i]; !m.IsZero() {
			h = splitmix(h ^ m.A ^ m.B*0x9e3779b97f4a7c15 ^ uint64(i+1)<<56)
		}
	}
	return h
}

// wantRight reports whether piece p lies on the right border (E edges,
// NE and SE corners); wantBottom, wantTop and wantLeft likewise.
func wantRight(p *Piece) bool {
	return (p.Kind == Edge && p.Side == E) || (p.Kind == Corner && (p.Side == NE || p.Side == SE))
}
func wantBottom(p *Piece) bool {
	return (p.Kind == Edge && p.Side == S) || (p.Kind == Corner && (p.Side == SE || p.Side == SW))
}
func wantTop(p *Piece) bool {
	return (p.Kind == Edge && p.Side == N) || (p.Kind == Corner && (p.Side == NW || p.Side == NE))
}
func wantLeft(p *Piece) bool {
	return (p.Kind == Edge && p.Side == W) || (p.Kind == Corner && (p.Side == NW || p.Side == SW))
}

func (s *State) touches(r, c int) bool {
	x := r*stride + c
	return (r > 0 && s.cell[x-stride] != empty) || (r < MaxSide-1 && s.cell[x+stride] != empty) ||
		(c > 0 && s.cell[x-1] != empty) || (c < MaxSide-1 && s.cell[x+1] != empty)
}

// Fits reports whether piece id may be placed on row r, column c now
// (the placement rules of the package doc), whoever holds it.
func (s *State) Fits(id uint8, r, c int) bool {
	if r < 0 || c < 0 || r >= MaxSide || c >= MaxSide || s.cell[r*stride+c] != empty {
		return false
	}
	p := &s.set.Pieces[id]
	if !p.Parity.Fits(r, c) || !s.touches(r, c) {
		return false
	}
	if s.opts.Layout == Framed {
		return p.Kind == Inner && r > 0 && c > 0 && r < s.opts.H-1 && c < s.opts.W-1
	}
	if (r == 0) != wantTop(p) || (c == 0) != wantLeft(p) {
		return false
	}
	if s.right >= 0 {
		if c > int(s.right) || (c == int(s.right)) != wantRight(p) {
			return false
		}
	} else if wantRight(p) {
		if c <= int(s.maxC) {
			return false // a piece would lie on or beyond the new border
		}
	} else if c > MaxSide-2 {
		return false // no room left for the right border
	}
	if s.bottom >= 0 {
		if r > int(s.bottom) || (r == int(s.bottom)) != wantBottom(p) {
			return false
		}
	} else if wantBottom(p) {
		if r <= int(s.maxR) {
			return false
		}
	} else if r > MaxSide-2 {
		return false
	}
	return true
}

// checkOver reports whether the game is over: framed, the frame is full;
// free form, no piece left (in a hand or the pool) fits anywhere.
func (s *State) checkOver() bool {
	if s.opts.Layout == Framed {
		return s.open == 0
	}
	// Pieces that fit the same cells: same kind, side and parity; one
	// representative of each class left in the hands and the pool.
	var seen [3][9][3]bool
	var reps [3 * 9 * 3]uint8
	n := 0
	add := func(id uint8) {
		p := &s.set.Pieces[id]
		if !seen[p.Kind][p.Side][p.Parity] {
			seen[p.Kind][p.Side][p.Parity] = true
			reps[n] = id
			n++
		}
	}
	for p := range s.opts.Players {
		for _, id := range s.hands[p] {
			add(id)
		}
	}
	for _, id := range s.pool {
		add(id)
	}
	rows, cols := s.Extent()
	rows, cols = min(rows+1, MaxSide), min(cols+1, MaxSide)
	for r := range rows {
		for c := range cols {
			if s.cell[r*stride+c] != empty || !s.touches(r, c) {
				continue
			}
			for _, id := range reps[:n] {
				if s.Fits(id, r, c) {
					return false
				}
			}
		}
	}
	return true
}

// Move layout:
//
//	A bits 0-7    1 for a placement, 2 for a pass
//	A bits 8-15   the piece id
//	A bits 16-23  the cell, row*14 + column
//	B bits 0-62   missed words: bit i set when the placer did not
//	              announce word i (in Words order); 0 for engine moves
//	B bit 63      the turn was zeroed by a successful challenge
//
// The zero Move is no move.
const (
	kindPlace = 1
	kindPass  = 2
	zeroedBit = uint64(1) << 63
)

// Pass is the pass move (legal only when no piece of the hand fits).
var Pass = game.Move{A: kindPass}

// Placement returns the move placing piece id on cell (r, c), every word
// announced.
func Placement(id uint8, r, c int) game.Move {
	return game.Move{A: kindPlace | uint64(id)<<8 | uint64(r*stride+c)<<16}
}

// Decode returns the piece id and cell of a placement; ok is false for
// a pass or the zero move.
func Decode(m game.Move) (id uint8, r, c int, ok bool) {
	if m.A&0xff != kindPlace {
		return 0, 0, 0, false
	}
	x := int(m.A >> 16 & 0xff)
	return uint8(m.A >> 8), x / stride, x % stride, true
}

// WithMissed returns placement m with the words whose indexes (in Words
// order) are in missed marked as not announced: in competitive play the
// next seat claims them, with courtesy the placer keeps them.
func WithMissed(m game.Move, missed []int) game.Move {
	for _, i := range missed {
		if i >= 0 && i < 63 {
			m.B |= 1 << i
		}
	}
	return m
}

// Zeroed returns placement m with its turn zeroed (a challenged word was
// invalid): nobody scores any word of the placement.
func Zeroed(m game.Move) game.Move { m.B |= zeroedBit; return m }

// AppendMoves implements game.State: every placement of a piece of the
// mover's hand on a cell it fits (pieces with equal faces, kind, side and
// parity give one move, with the first such piece in the hand), or Pass
// when none fits. It allocates nothing when dst has room.
func (s *State) AppendMoves(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	start := len(dst)
	hand := s.hands[s.ToMove()]
	var ids [16]uint8 // the hand's distinct pieces (a hand holds at most 9)
	n := 0
	for i, id := range hand {
		dup := false
		for _, prev := range hand[:i] {
			if s.set.Pieces[prev] == s.set.Pieces[id] {
				dup = true
				break
			}
		}
		if !dup && n < len(ids) {
			ids[n] = id
			n++
		}
	}
	rows, cols := s.Extent()
	rows, cols = min(rows+1, MaxSide), min(cols+1, MaxSide)
	for r := range rows {
		for c := range cols {
			if s.cell[r*stride+c] != empty || !s.touches(r, c) {
				continue
			}
			for _, id := range ids[:n] {
				if s.Fits(id, r, c) {
					dst = append(dst, Placement(id, r, c))
				}
			}
		}
	}
	if len(dst) == start {
		dst = append(dst, Pass)
	}
	return dst
}

// handIndex returns where piece id is in seat p's hand, or -1.
func (s *State) handIndex(p int, id uint8) int {
	for i, h := range s.hands[p] {
		if h == id {
			return i
		}
	}
	return -1
}

// share is how the points of a placement are divided: placer gets
// placer, claimant (the next seat, -1 when none) gets claimed.
type share struct {
	placer, claimed, claimant int
	bestPlacer, bestClaim     int
}

// shares computes the division of the words of s.words under move m,
// missed words going to seat claimant.
func (s *State) shares(m game.Move, claimant int) share {
	sh := share{claimant: -1}
	if m.B&zeroedBit != 0 {
		return sh
	}
	n := len(s.words)
	for i, w := range s.words {
		missed := i < 63 && m.B&(1<<i) != 0
		if missed && !s.opts.Courtesy && s.opts.Players > 1 {
			sh.claimed += w.Points
			sh.bestClaim = max(sh.bestClaim, w.Points)
		} else {
			sh.placer += w.Points
			sh.bestPlacer = max(sh.bestPlacer, w.Points)
		}
	}
	if s.opts.TripleBonus && n >= 3 {
		sh.placer *= 2
	}
	if sh.claimed > 0 {
		sh.claimant = claimant
	}
	return sh
}

// nextSeat returns the seat that moves after the current one (in the
// current round's order; at a round's end, the first seat of the order).
func (s *State) nextSeat() int {
	if s.pos+1 < s.opts.Players {
		return int(s.order[s.pos+1])
	}
	return int(s.order[0])
}

// MoveScore implements game.State: the points the mover scores with m:
// the sum of the values of every word the placement creates (doubled
// with triple-bonus when there are 3 or more), less the missed words an
// opponent claims; 0 for a pass or a zeroed turn.
func (s *State) MoveScore(m game.Move) int {
	id, r, c, ok := Decode(m)
	if !ok {
		return 0
	}
	x := r*stride + c
	s.cell[x] = id
	s.words = s.fs.find(s, x, s.words[:0])
	s.cell[x] = empty
	return s.shares(m, s.nextSeat()).placer
}

// Words appends to dst every word placement m creates (see the package
// doc's word finder), in the order the missed-word bits of a Move refer
// to. m must be a legal placement.
func (s *State) Words(dst []Word, m game.Move) []Word {
	id, r, c, ok := Decode(m)
	if !ok {
		return dst
	}
	x := r*stride + c
	s.cell[x] = id
	dst = s.fs.find(s, x, dst)
	s.cell[x] = empty
	return dst
}

// Play implements game.State. In simultaneous play a placement is a
// commitment: the piece stays in the hand and the puzzle does not change
// until the last seat of the round has committed; then the round's
// placements are made in the round's order, each only if it still fits
// (otherwise it is void and the piece stays in the hand), and scored.
func (s *State) Play(m game.Move) {
	p := s.ToMove()
	u := undoRec{move: m, handIdx: -1, drew: s.drew, right: s.right, bottom: s.bottom, maxR: s.maxR, maxC: s.maxC,
		scores: s.scores, best: s.best, over: s.over, order: s.order, pos: s.pos, round: s.round, zob: s.zob,
		open: s.open, pending: s.pending}
	sim := s.opts.Mode == Simultaneous
	if _, _, _, ok := Decode(m); ok {
		if sim {
			s.pending[s.pos] = m
		} else {
			u.handIdx = s.apply(p, m, s.nextSeat())
		}
	} else {
		if sim {
			s.pending[s.pos] = Pass
		}
		if s.drew {
			// A pass: the piece drawn this turn goes back under the pool.
			h := s.hands[p]
			id := h[len(h)-1]
			s.hands[p] = h[:len(h)-1]
			s.zob ^= zHand[p][id]
			s.pool = slices.Insert(s.pool, 0, id)
			u.putBack = true
		}
	}
	if s.drew {
		s.zob ^= zDrew
	}
	s.drew = false
	s.pos++
	if s.pos == s.opts.Players {
		if sim {
			u.resolved = true
			s.resolve(&u)
		}
		s.round++
		s.startRound()
	}
	if !sim || u.resolved {
		s.over = s.checkOver()
	}
	if q := s.ToMove(); !s.over && len(s.pool) > 0 && len(s.hands[q]) <= s.opts.Hand {
		s.addHand(q, s.popPool())
		s.drew = true
		s.zob ^= zDrew
		u.nextDrew = true
	}
	s.undo = append(s.undo, u)
}

// apply places the piece of placement m from seat p's hand and scores
// it; missed words go to claimant. It returns the piece's index in the
// hand.
func (s *State) apply(p int, m game.Move, claimant int) int8 {
	id, r, c, _ := Decode(m)
	i := s.handIndex(p, id)
	s.hands[p] = slices.Delete(s.hands[p], i, i+1)
	s.zob ^= zHand[p][id]
	x := r*stride + c
	s.put(id, x)
	s.words = s.fs.find(s, x, s.words[:0])
	sh := s.shares(m, claimant)
	s.scores[p] += sh.placer
	s.best[p] = max(s.best[p], sh.bestPlacer)
	if sh.claimant >= 0 {
		s.scores[sh.claimant] += sh.claimed
		s.best[sh.claimant] = max(s.best[sh.claimant], sh.bestClaim)
	}
	return int8(i)
}

// resolve makes the committed placements of a simultaneous round in the
// round's order, skipping (voiding) those that no longer fit or whose
// piece is no longer in the hand (after a determinization).
func (s *State) resolve(u *undoRec) {
	n := s.opts.Players
	for i := range n {
		u.applied[i] = -1
		seat := int(s.order[i])
		m := s.pending[i]
		id, r, c, ok := Decode(m)
		if !ok || s.handIndex(seat, id) < 0 || !s.Fits(id, r, c) {
			continue
		}
		u.applied[i] = s.apply(seat, m, int(s.order[(i+1)%n]))
	}
	s.pending = [MaxPlayers]game.Move{}
}

// Undo implements game.State.
func (s *State) Undo() {
	if len(s.undo) == 0 {
		panic("wordflow: Undo with nothing played")
	}
	u := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	if u.nextDrew {
		q := s.ToMove()
		h := s.hands[q]
		s.pool = append(s.pool, h[len(h)-1])
		s.hands[q] = h[:len(h)-1]
	}
	if u.resolved {
		pending := u.pending
		pending[u.pos] = u.move
		for i := s.opts.Players - 1; i >= 0; i-- {
			if u.applied[i] < 0 {
				continue
			}
			id, r, c, _ := Decode(pending[i])
			s.cell[r*stride+c] = empty
			seat := int(u.order[i])
			s.hands[seat] = slices.Insert(s.hands[seat], int(u.applied[i]), id)
		}
	}
	s.order, s.pos, s.round, s.pending = u.order, u.pos, u.round, u.pending
	p := s.ToMove()
	if id, r, c, ok := Decode(u.move); ok && u.handIdx >= 0 {
		s.cell[r*stride+c] = empty
		s.hands[p] = slices.Insert(s.hands[p], int(u.handIdx), id)
	} else if u.putBack {
		s.hands[p] = append(s.hands[p], s.pool[0])
		s.pool = slices.Delete(s.pool, 0, 1)
	}
	s.drew, s.right, s.bottom, s.maxR, s.maxC = u.drew, u.right, u.bottom, u.maxR, u.maxC
	s.scores, s.best, s.over, s.zob, s.open = u.scores, u.best, u.over, u.zob, u.open
}

// Clone implements game.State.
func (s *State) Clone() game.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	for p := range s.opts.Players {
		c.hands[p] = append(make([]uint8, 0, cap(s.hands[p])), s.hands[p]...)
	}
	c.pool = append(make([]uint8, 0, SetSize), s.pool...)
	c.undo = append(make([]undoRec, 0, max(cap(s.undo), 64)), s.undo...)
	c.words = make([]Word, 0, 64)
	c.fs = finder{}
	return &c
}

// Determinize implements game.Determinizer: the pool and the other
// seats' hands are dealt again at random from the pieces the observer
// cannot see, each hand keeping its size. (The observer's knowledge that a
// piece it put back lies at the bottom of the pool is not kept.) The
// orders of future simultaneous rounds are drawn again too.
func (s *State) Determinize(observer int, rng *rand.Rand) {
	unseen := append([]uint8(nil), s.pool...)
	for p := range s.opts.Players {
		if p != observer {
			unseen = append(unseen, s.hands[p]...)
		}
	}
	rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	for p := range s.opts.Players {
		if p == observer {
			continue
		}
		for _, id := range s.hands[p] {
			s.zob ^= zHand[p][id]
		}
		n := len(s.hands[p])
		s.hands[p] = append(s.hands[p][:0], unseen[:n]...)
		unseen = unseen[n:]
		for _, id := range s.hands[p] {
			s.zob ^= zHand[p][id]
		}
	}
	s.pool = append(s.pool[:0], unseen...)
	s.roundKey = rng.Uint64()
	// Simultaneous play: the other seats' commitments of this round are
	// hidden too; each placement becomes a random placement of the seat's
	// new hand on the puzzle (it stays as it was, and so turns void, when
	// none fits).
	for i := range s.pos {
		seat := int(s.order[i])
		if _, _, _, ok := Decode(s.pending[i]); !ok || seat == observer {
			continue
		}
		var opts []game.Move
		for _, id := range s.hands[seat] {
			for x := range cells {
				if s.Fits(id, x/stride, x%stride) {
					opts = append(opts, Placement(id, x/stride, x%stride))
				}
			}
		}
		if len(opts) > 0 {
			s.pending[i] = opts[rng.IntN(len(opts))]
		}
	}
	// Undo records of earlier draws refer to the old pool; searches play
	// forward from a determinized state and undo only their own moves.
}

// Medal thresholds of the solo challenge (rules: Bronze 50, Silver 100,
// Gold 150, Master 200 points or more).
var Medals = []struct {
	Name   string
	Points int
}{{"Master", 200}, {"Gold", 150}, {"Silver", 100}, {"Bronze", 50}}

// Medal returns the medal a solo score earns, or "none" below Bronze.
func Medal(score int) string {
	for _, m := range Medals {
		if score >= m.Points {
			return m.Name
		}
	}
	return "none"
}
