package wordflow

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
		if set, err = LoadSet(o.PiecesFile, lx.Alphabet); err != nil {
			return nil, fmt.Errorf("wordflow: variant pieces=%s: %w", o.PiecesFile, err)
		}
	} else if set, err = DefaultSet(lx.Alphabet); err != nil {
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
var Medals = []game.Medal{{Name: "Master", Points: 200}, {Name: "Gold", Points: 150}, {Name: "Silver", Points: 100}, {Name: "Bronze", Points: 50}}

// solo is the registration of the solo challenge (game.Spec.Solo).
var solo = &game.Solo{
	Title:  "WordFlow solo",
	Medals: Medals,
	CheckVariant: func(variant string) error {
		_, err := ParseOptions(variant, 1)
		return err
	},
}

// Medal returns the medal a solo score earns, or "none" below Bronze.
func Medal(score int) string { return solo.Medal(score) }
