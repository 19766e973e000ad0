package wordflow

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest"
	"wordengine/lexicon"
)

var positions = flag.Int("positions", 100, "random puzzles (20 cells each) checked against the brute-force word finder")

func newTest(t testing.TB, variant string, players int, seed uint64) *State {
	t.Helper()
	s, err := NewGame(game.Config{Lexicon: testLexicon(t), Players: players, Variant: variant, Rand: rand.New(rand.NewPCG(seed, 7))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// bruteMoves lists the legal moves by checking every piece of the hand on
// every cell with the rules written out again, independently of Fits.
func bruteMoves(gs game.State) []game.Move {
	s := gs.(*State)
	var out []game.Move
	seen := map[Piece]bool{}
	for _, id := range s.hands[s.ToMove()] {
		p := s.set.Pieces[id]
		if seen[p] {
			continue
		}
		seen[p] = true
		for r := range MaxSide {
			for c := range MaxSide {
				if bruteFits(s, &p, r, c) {
					out = append(out, Placement(id, r, c))
				}
			}
		}
	}
	if len(out) == 0 {
		out = append(out, Pass)
	}
	return out
}

// bruteFits restates the placement rules from the rules file: the cell is
// empty and touches a piece, the parity matches; framed, only inner pieces
// on interior cells; free form, the outline stays legal (see the doc).
func bruteFits(s *State, p *Piece, r, c int) bool {
	if s.cell[r*stride+c] != empty {
		return false
	}
	if p.Parity != AnyParity && (p.Parity == A) != ((r+c)%2 == 0) {
		return false
	}
	touch := false
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && cc >= 0 && rr < MaxSide && cc < MaxSide && s.cell[rr*stride+cc] != empty {
			touch = true
		}
	}
	if !touch {
		return false
	}
	if s.opts.Layout == Framed {
		return p.Kind == Inner && r >= 1 && c >= 1 && r <= s.opts.H-2 && c <= s.opts.W-2
	}
	// Borders fixed by placed pieces, and the extent.
	right, bottom, maxR, maxC := -1, -1, -1, -1
	for x := range cells {
		if s.cell[x] == empty {
			continue
		}
		q := &s.set.Pieces[s.cell[x]]
		rr, cc := x/stride, x%stride
		maxR, maxC = max(maxR, rr), max(maxC, cc)
		if q.Kind == Edge && q.Side == E || q.Kind == Corner && (q.Side == NE || q.Side == SE) {
			right = cc
		}
		if q.Kind == Edge && q.Side == S || q.Kind == Corner && (q.Side == SE || q.Side == SW) {
			bottom = rr
		}
	}
	top := p.Kind == Edge && p.Side == N || p.Kind == Corner && (p.Side == NW || p.Side == NE)
	left := p.Kind == Edge && p.Side == W || p.Kind == Corner && (p.Side == NW || p.Side == SW)
	isRight := p.Kind == Edge && p.Side == E || p.Kind == Corner && (p.Side == NE || p.Side == SE)
	isBottom := p.Kind == Edge && p.Side == S || p.Kind == Corner && (p.Side == SE || p.Side == SW)
	if top != (r == 0) || left != (c == 0) {
		return false
	}
	switch {
	case right >= 0 && (c > right || isRight != (c == right)):
		return false
	case right < 0 && isRight && c <= maxC:
		return false
	case right < 0 && !isRight && c == MaxSide-1:
		return false
	}
	switch {
	case bottom >= 0 && (r > bottom || isBottom != (r == bottom)):
		return false
	case bottom < 0 && isBottom && r <= maxR:
		return false
	case bottom < 0 && !isBottom && r == MaxSide-1:
		return false
	}
	return true
}

var variants = []struct {
	name, variant string
	players       int
	games         int
}{
	{"frame10", "", 2, 6},
	{"frame4", "size=4x4", 2, 10},
	{"frame14x12", "size=14x12,triple-bonus", 3, 2},
	{"frame5x9arrowless", "size=5x9,ends=arrowless", 2, 4},
	{"free", "layout=free", 2, 6},
	{"free3", "layout=free,start=3,hand=2", 4, 3},
	{"simultaneous", "mode=simultaneous,layout=free", 3, 3},
	{"simultaneousframe", "mode=simultaneous,size=6x6", 2, 6},
	{"coop", "mode=coop,courtesy", 2, 3},
	{"solo", "", 1, 3},
}

func TestConformance(t *testing.T) {
	lx := testLexicon(t)
	for _, v := range variants {
		if raceEnabled {
			v.games = (v.games + 2) / 3
		}
		t.Run(v.name, func(t *testing.T) {
			gametest.Run(t, gametest.Config{
				New: func(seed uint64) (game.State, error) {
					return NewGame(game.Config{Lexicon: lx, Players: v.players, Variant: v.variant, Rand: rand.New(rand.NewPCG(seed, 1))})
				},
				Games:           v.games,
				MaxPlies:        2000,
				Sample:          10,
				BruteForce:      bruteMoves,
				BruteForceEvery: 3,
			})
		})
	}
}

// bruteWords enumerates every arrow path through cell x (every start,
// every route along the arrows), keeps those of at least 3 letters that
// spell a word (and end on an arrowless piece under ends=arrowless).
func bruteWords(s *State, x int) []string {
	var out []string
	lx := s.lx
	var walk func(path []int, text []lexicon.Tile, pts int)
	walk = func(path []int, text []lexicon.Tile, pts int) {
		last := path[len(path)-1]
		p := &s.set.Pieces[s.cell[last]]
		if slices.Contains(path, x) && len(text) >= 3 && lx.ContainsTiles(text) && (!s.opts.Arrowless || p.Arrows == 0) {
			out = append(out, fmt.Sprint(path, pts))
		}
		r, c := last/stride, last%stride
		next := func(y int) {
			q := &s.set.Pieces[s.cell[y]]
			if s.cell[y] == empty || q.Len == 0 {
				return
			}
			walk(append(path[:len(path):len(path)], y), append(text[:len(text):len(text)], q.Letters()...), pts+int(q.Points))
		}
		if p.Arrows&Right != 0 && c+1 < MaxSide && s.cell[last+1] != empty {
			next(last + 1)
		}
		if p.Arrows&Down != 0 && r+1 < MaxSide && s.cell[last+stride] != empty {
			next(last + stride)
		}
	}
	for y := range cells {
		if s.cell[y] == empty || s.set.Pieces[s.cell[y]].Len == 0 {
			continue
		}
		p := &s.set.Pieces[s.cell[y]]
		walk([]int{y}, append([]lexicon.Tile(nil), p.Letters()...), int(p.Points))
	}
	sort.Strings(out)
	return out
}

func fastWords(s *State, x int) []string {
	var out []string
	for _, w := range s.fs.find(s, x, nil) {
		out = append(out, fmt.Sprint(w.Cells(nil), w.Points))
	}
	sort.Strings(out)
	return out
}

// TestFinderBruteForce fills puzzles at random with inner pieces (a
// denser word field than real play; ids repeat freely, the finder reads
// only faces) and compares the finder with bruteWords on 20 cells each.
func TestFinderBruteForce(t *testing.T) {
	lx := testLexicon(t)
	set, err := DefaultSet(lx.Alphabet)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(42, 42))
	total, checked := 0, 0
	n := *positions
	if raceEnabled {
		n = max(n/5, 10)
	}
	for i := range n {
		o, _ := ParseOptions("", 2)
		o.Arrowless = i%4 == 3
		s := newState(lx, set, o)
		// Fill a random region with random pieces (ids reused freely: the
		// finder reads only faces); vowels and common bigrams make words.
		fill := 0.5 + rng.Float64()*0.5
		for x := range cells {
			if rng.Float64() < fill {
				s.cell[x] = uint8(SetSize - InnerPieces + rng.IntN(InnerPieces))
			}
		}
		for range 20 {
			x := rng.IntN(cells)
			if s.cell[x] == empty {
				continue
			}
			got, want := fastWords(s, x), bruteWords(s, x)
			if !slices.Equal(got, want) {
				t.Fatalf("position %d cell %d: finder %v\nbrute force %v\n%s", i, x, got, want, s.BoardText())
			}
			total += len(got)
			checked++
		}
	}
	t.Logf("%d cells checked, %d words", checked, total)
	if total == 0 {
		t.Fatal("no words found at all")
	}
}

// TestFinderInPlay checks the finder on positions of real games, after
// every placement.
func TestFinderInPlay(t *testing.T) {
	n := 0
	for seed := range uint64(max(*positions/60, 2)) {
		for _, v := range []string{"", "layout=free", "ends=arrowless,size=14x14"} {
			s := newTest(t, v, 2, seed)
			rng := rand.New(rand.NewPCG(seed, 3))
			for !s.Over() {
				moves := s.AppendMoves(nil)
				m := moves[rng.IntN(len(moves))]
				s.Play(m)
				if _, r, c, ok := Decode(m); ok {
					got, want := fastWords(s, r*stride+c), bruteWords(s, r*stride+c)
					if !slices.Equal(got, want) {
						t.Fatalf("seed %d %q: finder %v, brute force %v\n%s", seed, v, got, want, s)
					}
					n += len(got)
				}
			}
		}
	}
	t.Logf("%d words", n)
}
