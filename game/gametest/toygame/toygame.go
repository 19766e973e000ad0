// Package toygame is a tiny word game for the tests of front ends: a
// sixth game that implements only the core contracts of package game
// (State, Racker, Determinizer), none of the front-end ones, so that a
// test sees what a new game gets from the game driver and the commands
// with nothing but its registration. Register registers it (as "toy");
// importing the package registers nothing.
//
// # Rules
//
// Two or three players draw hands of HandSize letters from a bag of
// BagTiles (the letters of Letters). On a turn a player either plays a
// word of 2 to HandSize letters of its hand that the lexicon holds and
// nobody played before, scoring one point per letter, and draws back up
// to HandSize; or passes. The game ends when every player passed in a
// row, or when a hand is empty and the bag too. Highest score wins.
package toygame

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"wordengine/game"
	"wordengine/lexicon"
)

// Name is the game's registered name.
const Name = "toy"

// Letters are the bag's tiles; HandSize the tiles of a hand.
const (
	Letters  = "AAAAEEEEIIIOOUBCDGLMNNPRRSSTT"
	HandSize = 4
)

var once sync.Once

// Register registers the game as "toy" (once, however often it is
// called).
func Register() {
	once.Do(func() {
		game.Register(game.Spec{
			Name:       Name,
			Summary:    "a tiny word game for tests: words from a hand of 4 letters",
			New:        func(cfg game.Config) (game.State, error) { return New(cfg) },
			MinPlayers: 2, MaxPlayers: 3,
		})
	})
}

type undo struct {
	move   game.Move
	drawn  []lexicon.Tile
	passes int
	over   bool
}

// State is a position of the toy game.
type State struct {
	lx     *lexicon.Lexicon
	a      *lexicon.Alphabet
	hands  [][]lexicon.Tile
	bag    *game.Bag
	pcg    *rand.PCG
	rng    *rand.Rand
	scores []int
	turn   int
	passes int
	over   bool
	words  []game.Move // the words played
	undos  []undo
}

var pass = game.Move{A: 1}

// New deals a game: cfg.Players 0 means 2; cfg.Rand is required.
func New(cfg game.Config) (*State, error) {
	n := cfg.Players
	if n == 0 {
		n = 2
	}
	if n < 2 || n > 3 {
		return nil, fmt.Errorf("toygame: %d players: want 2 or 3", n)
	}
	if cfg.Variant != "" {
		return nil, fmt.Errorf("toygame: no rule options (got %q)", cfg.Variant)
	}
	if cfg.Rand == nil {
		return nil, fmt.Errorf("toygame: Config.Rand is required")
	}
	lx := cfg.Lexicon
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	tiles, err := lx.Alphabet.Parse(nil, Letters)
	if err != nil {
		return nil, fmt.Errorf("toygame: the lexicon's alphabet lacks a letter of the bag: %w", err)
	}
	seed := cfg.Rand.Uint64()
	s := &State{lx: lx, a: lx.Alphabet, hands: make([][]lexicon.Tile, n), bag: game.NewBag(tiles),
		pcg: rand.NewPCG(seed, 7), scores: make([]int, n)}
	s.rng = rand.New(s.pcg)
	for p := range n {
		s.hands[p] = s.bag.Draw(nil, HandSize, s.rng)
		slices.Sort(s.hands[p])
	}
	return s, nil
}

func (s *State) Game() string    { return Name }
func (s *State) Players() int    { return len(s.hands) }
func (s *State) ToMove() int     { return s.turn }
func (s *State) Over() bool      { return s.over }
func (s *State) Score(p int) int { return s.scores[p] }

// word packs the tiles of a word into a Move: 8 bits a tile, kind 2.
func word(tiles []lexicon.Tile) game.Move {
	m := game.Move{A: 2}
	for i, t := range tiles {
		m.B |= uint64(t) << (8 * i)
	}
	return m
}

func tilesOf(m game.Move) []lexicon.Tile {
	var out []lexicon.Tile
	for b := m.B; b != 0; b >>= 8 {
		out = append(out, lexicon.Tile(b&0xff))
	}
	return out
}

// AppendMoves implements game.State: every word of 2 to HandSize tiles
// of the hand (each once), then the pass. It allocates nothing when dst
// has room.
func (s *State) AppendMoves(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	h := s.hands[s.turn]
	n := len(h)
	start := len(dst)
	var cur [HandSize]lexicon.Tile
	for i := range n {
		cur[0] = h[i]
		for j := range n {
			if j == i {
				continue
			}
			cur[1] = h[j]
			dst = s.try(dst, start, cur[:2])
			for k := range n {
				if k == i || k == j {
					continue
				}
				cur[2] = h[k]
				dst = s.try(dst, start, cur[:3])
				for l := range n {
					if l == i || l == j || l == k {
						continue
					}
					cur[3] = h[l]
					dst = s.try(dst, start, cur[:4])
				}
			}
		}
	}
	return append(dst, pass)
}

// try appends the word w to dst[start:] when it is a new word of the
// lexicon not listed yet.
func (s *State) try(dst []game.Move, start int, w []lexicon.Tile) []game.Move {
	m := word(w)
	if !s.lx.ContainsTiles(w) || slices.Contains(s.words, m) || slices.Contains(dst[start:], m) {
		return dst
	}
	return append(dst, m)
}

func (s *State) MoveScore(m game.Move) int { return len(tilesOf(m)) }

func (s *State) Play(m game.Move) {
	u := undo{move: m, passes: s.passes, over: s.over}
	p := s.turn
	if m == pass {
		s.passes++
	} else {
		s.passes = 0
		for _, t := range tilesOf(m) {
			i := slices.Index(s.hands[p], t)
			s.hands[p] = slices.Delete(s.hands[p], i, i+1)
		}
		s.scores[p] += len(tilesOf(m))
		s.words = append(s.words, m)
		u.drawn = s.bag.Draw(nil, HandSize-len(s.hands[p]), s.rng)
		s.hands[p] = append(s.hands[p], u.drawn...)
		slices.Sort(s.hands[p])
	}
	if s.passes >= len(s.hands) || (len(s.hands[p]) == 0 && s.bag.Len() == 0) {
		s.over = true
	}
	s.turn = (p + 1) % len(s.hands)
	s.undos = append(s.undos, u)
}

func (s *State) Undo() {
	u := s.undos[len(s.undos)-1]
	s.undos = s.undos[:len(s.undos)-1]
	p := (s.turn + len(s.hands) - 1) % len(s.hands)
	s.turn, s.passes, s.over = p, u.passes, u.over
	if u.move == pass {
		return
	}
	for _, t := range u.drawn {
		i := slices.Index(s.hands[p], t)
		s.hands[p] = slices.Delete(s.hands[p], i, i+1)
	}
	s.bag.Put(u.drawn...)
	s.hands[p] = append(s.hands[p], tilesOf(u.move)...)
	slices.Sort(s.hands[p])
	s.scores[p] -= len(tilesOf(u.move))
	s.words = s.words[:len(s.words)-1]
}

func (s *State) Clone() game.State {
	c := *s
	c.hands = make([][]lexicon.Tile, len(s.hands))
	for p, h := range s.hands {
		c.hands[p] = slices.Clone(h)
	}
	c.bag = s.bag.Clone()
	pcg := *s.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	c.scores = slices.Clone(s.scores)
	c.words = slices.Clone(s.words)
	c.undos = slices.Clone(s.undos)
	return &c
}

// Hash implements game.State: the hands and the bag as multisets, the
// scores, the words played and the turn.
func (s *State) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	for _, hand := range s.hands {
		for _, t := range sorted(hand) {
			mix(uint64(t))
		}
		mix(0xff)
	}
	for _, t := range sorted(s.bag.Tiles()) {
		mix(uint64(t))
	}
	for _, sc := range s.scores {
		mix(uint64(sc))
	}
	for _, w := range s.words {
		mix(w.B)
	}
	mix(uint64(s.turn)<<8 | uint64(s.passes))
	return h
}

func sorted(ts []lexicon.Tile) []lexicon.Tile {
	out := slices.Clone(ts)
	slices.Sort(out)
	return out
}

func (s *State) FormatMove(m game.Move) string {
	if m == pass {
		return "pass"
	}
	return s.a.Word(tilesOf(m))
}

func (s *State) ParseMove(text string) (game.Move, error) {
	text = strings.ToUpper(strings.TrimSpace(text))
	if s.over {
		return game.Move{}, fmt.Errorf("toygame: the game is over")
	}
	if text == "PASS" {
		return pass, nil
	}
	tiles, err := s.a.Parse(nil, text)
	if err != nil {
		return game.Move{}, fmt.Errorf("toygame: %q: %w", text, err)
	}
	m := word(tiles)
	if slices.Contains(s.AppendMoves(nil), m) {
		return m, nil
	}
	return game.Move{}, fmt.Errorf("toygame: %s is not a new word of the hand %s", text, s.a.Format(s.hands[s.turn]))
}

// String draws every hand, the words played and the scores.
func (s *State) String() string {
	var sb strings.Builder
	for p, h := range s.hands {
		fmt.Fprintf(&sb, "player %d: %s %d\n", p+1, s.a.Format(h), s.scores[p])
	}
	var words []string
	for _, w := range s.words {
		words = append(words, s.FormatMove(w))
	}
	fmt.Fprintf(&sb, "bag %d; words: %s\n", s.bag.Len(), strings.Join(words, " "))
	return sb.String()
}

// Rack implements game.Racker.
func (s *State) Rack(dst []lexicon.Tile, p int) []lexicon.Tile { return append(dst, s.hands[p]...) }

// Leave implements game.Racker.
func (s *State) Leave(dst []lexicon.Tile, m game.Move) []lexicon.Tile {
	h := slices.Clone(s.hands[s.turn])
	if m != pass {
		for _, t := range tilesOf(m) {
			i := slices.Index(h, t)
			h = slices.Delete(h, i, i+1)
		}
	}
	return append(dst, h...)
}

// BagLen implements game.Racker.
func (s *State) BagLen() int { return s.bag.Len() }

// Alphabet implements game.Racker.
func (s *State) Alphabet() *lexicon.Alphabet { return s.a }

// Determinize implements game.Determinizer: the other hands and the
// bag's draws are dealt again from rng.
func (s *State) Determinize(observer int, rng *rand.Rand) {
	for p := range s.hands {
		if p != observer {
			s.bag.Put(s.hands[p]...)
		}
	}
	s.bag.Sort()
	for p := range s.hands {
		if p != observer {
			n := len(s.hands[p])
			s.hands[p] = s.bag.Draw(s.hands[p][:0], n, rng)
			slices.Sort(s.hands[p])
		}
	}
	s.pcg.Seed(rng.Uint64(), 7)
}
