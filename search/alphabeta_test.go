package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"wordengine/game"
	"wordengine/game/wordblock"
	"wordengine/search"
)

// picks is a small perfect-information game for checking the searches
// against exhaustive minimax: numbers lie on a table; in turn each player
// takes one and adds it to their score; the game ends when the table is
// empty. Positions repeat in different orders (transpositions).
//
// With ends set, only the first and the last number left may be taken
// (coins in a row), where taking the larger is often not best.
type picks struct {
	ends    bool
	nums    []int
	taken   uint64
	scores  []int
	turn    int
	history []game.Move
}

func newPicks(players int, nums ...int) *picks {
	return &picks{nums: nums, scores: make([]int, players)}
}

func (g *picks) Game() string    { return "picks" }
func (g *picks) Players() int    { return len(g.scores) }
func (g *picks) ToMove() int     { return g.turn }
func (g *picks) Over() bool      { return g.taken == 1<<len(g.nums)-1 }
func (g *picks) Score(p int) int { return g.scores[p] }
func (g *picks) AppendMoves(dst []game.Move) []game.Move {
	if g.Over() {
		return dst
	}
	last := -1
	for i := range g.nums {
		if g.taken>>i&1 == 0 {
			if !g.ends || last < 0 {
				dst = append(dst, game.Move{A: uint64(i) + 1})
			}
			last = i
		}
	}
	if g.ends && dst[len(dst)-1].A != uint64(last)+1 {
		dst = append(dst, game.Move{A: uint64(last) + 1})
	}
	return dst
}
func (g *picks) MoveScore(m game.Move) int {
	if m.A == 0 {
		return 0
	}
	return g.nums[m.A-1]
}
func (g *picks) Play(m game.Move) {
	g.history = append(g.history, m)
	g.taken |= 1 << (m.A - 1)
	g.scores[g.turn] += g.nums[m.A-1]
	g.turn = (g.turn + 1) % len(g.scores)
}
func (g *picks) Undo() {
	m := g.history[len(g.history)-1]
	g.history = g.history[:len(g.history)-1]
	g.turn = (g.turn + len(g.scores) - 1) % len(g.scores)
	g.taken &^= 1 << (m.A - 1)
	g.scores[g.turn] -= g.nums[m.A-1]
}
func (g *picks) Clone() game.State {
	c := *g
	c.scores = append([]int(nil), g.scores...)
	c.history = append([]game.Move(nil), g.history...)
	return &c
}
func (g *picks) Hash() uint64 {
	h := g.taken*0x9E3779B97F4A7C15 ^ uint64(g.turn)
	for _, s := range g.scores {
		h = (h ^ uint64(s)) * 0xBF58476D1CE4E5B9
	}
	return h
}
func (g *picks) FormatMove(m game.Move) string { return strconv.Itoa(int(m.A)) }
func (g *picks) ParseMove(s string) (game.Move, error) {
	n, err := strconv.Atoi(s)
	return game.Move{A: uint64(n)}, err
}
func (g *picks) String() string { return fmt.Sprint(g.nums, g.taken, g.scores, g.turn) }

// paranoid is exhaustive paranoid minimax for root (plain minimax with
// two players), valued as the searches value finished games.
func paranoid(g *picks, root int) int64 {
	if g.Over() {
		best := -1 << 30
		for q, s := range g.scores {
			if q != root {
				best = max(best, s)
			}
		}
		margin := g.scores[root] - best
		v := int64(margin) * 1000
		switch {
		case margin > 0:
			v += search.WinValue
		case margin < 0:
			v -= search.WinValue
		}
		return v
	}
	var best int64
	first := true
	for _, m := range g.AppendMoves(nil) {
		g.Play(m)
		v := paranoid(g, root)
		g.Undo()
		if first || (g.turn == root && v > best) || (g.turn != root && v < best) {
			best, first = v, false
		}
	}
	return best
}

// TestAlphaBetaExact checks that a full-width, full-depth alpha-beta
// values every root move as exhaustive minimax does, with 2 and 3 players.
func TestAlphaBetaExact(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := range 60 {
		players := 2 + trial%2
		nums := make([]int, 4+rng.IntN(5))
		for i := range nums {
			nums[i] = rng.IntN(9) + 1
		}
		g := newPicks(players, nums...)
		p := &search.AlphaBeta{Limits: search.Limits{Width: -1, Nodes: 1 << 40}}
		cands, err := p.Rank(context.Background(), g, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(cands) == 0 {
			t.Fatal("no candidates")
		}
		for _, c := range cands {
			g.Play(c.Move)
			want := paranoid(g, 0)
			g.Undo()
			if c.Equity != want {
				t.Fatalf("%d players %v: move %s valued %d, minimax %d", players, nums, g.FormatMove(c.Move), c.Equity, want)
			}
		}
		m, err := p.Choose(context.Background(), g, nil)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
		got := paranoid(g, 0)
		g.Undo()
		if want := paranoid(g, 0); got != want {
			t.Fatalf("%v: Choose plays %s worth %d, the best is worth %d", nums, g.FormatMove(m), got, want)
		}
	}
}

// TestSearchPlaysLegalWords plays whole WordBlock games with the search
// players (alphabeta, maxn, om) against greedy and static for 2, 3 and 4
// players and checks that every move is one of AppendMoves, no word is
// played twice and none is contained in a word played before.
func TestSearchPlaysLegalWords(t *testing.T) {
	t.Parallel()
	spec, err := game.Lookup(wordblock.Name)
	if err != nil {
		t.Fatal(err)
	}
	games := []struct {
		players []string
		variant string
	}{
		{[]string{"alphabeta:nodes=20000", "greedy"}, ""},
		{[]string{"greedy", "alphabeta:nodes=20000,depth=3"}, "contain=prefix,size=4"},
		{[]string{"alphabeta:nodes=10000", "maxn:nodes=10000", "greedy"}, "size=4"},
		{[]string{"maxn:nodes=10000", "greedy", "alphabeta:depth=1", "maxn:nodes=5000,width=4"}, "size=5"},
		{[]string{"om:nodes=60000", "static"}, "size=4"},
		{[]string{"static", "om:nodes=60000,width=3", "static"}, "size=4,contain=prefix"},
		{[]string{"om:nodes=100000", "static", "greedy", "om:nodes=50000,owidth=2"}, "size=4"},
	}
	for i := range 3 * len(games) {
		gc := games[i%len(games)]
		s, err := spec.New(game.Config{Players: len(gc.players), Variant: gc.variant, Rand: rand.New(rand.NewPCG(uint64(i), 3))})
		if err != nil {
			t.Fatal(err)
		}
		ps := make([]search.Player, len(gc.players))
		for j, name := range gc.players {
			if ps[j], err = search.New(name); err != nil {
				t.Fatal(err)
			}
		}
		rng := rand.New(rand.NewPCG(7, 7))
		played := map[string]bool{}
		for plies := 0; !s.Over(); plies++ {
			if plies > 500 {
				t.Fatal("game does not end")
			}
			before := s.Hash()
			m, err := ps[s.ToMove()].Choose(context.Background(), s, rng)
			if err != nil {
				t.Fatal(err)
			}
			if s.Hash() != before {
				t.Fatalf("%s changed the position", gc.players[s.ToMove()])
			}
			legal := false
			for _, x := range s.AppendMoves(nil) {
				legal = legal || x == m
			}
			text := s.FormatMove(m)
			if !legal {
				t.Fatalf("%s chose %s, not a legal move\n%s", gc.players[s.ToMove()], text, s)
			}
			if word := strings.Fields(text)[0]; word != "pass" {
				if played[word] {
					t.Fatalf("%s played %s again", gc.players[s.ToMove()], word)
				}
				// The rules' containment, checked here from the words
				// alone: no prefix (contain=prefix) or no substring of
				// a word played before.
				for w := range played {
					if strings.HasPrefix(w, word) || !strings.Contains(gc.variant, "prefix") && strings.Contains(w, word) {
						t.Fatalf("%s played %s, contained in the played word %s (%s)", gc.players[s.ToMove()], word, w, gc.variant)
					}
				}
				played[word] = true
			}
			s.Play(m)
		}
		t.Logf("%v: scores %v", gc.players, scoresOf(s))
	}
}

func scoresOf(s game.State) []int {
	out := make([]int, s.Players())
	for p := range out {
		out[p] = s.Score(p)
	}
	return out
}

func wordblockGame(t *testing.T, seed uint64) game.State {
	t.Helper()
	spec, err := game.Lookup(wordblock.Name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 5))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSearchDeterministic(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"alphabeta:nodes=30000", "maxn:nodes=30000", "om:nodes=30000"} {
		p, err := search.New(name)
		if err != nil {
			t.Fatal(err)
		}
		s := wordblockGame(t, 11)
		a, _ := p.Choose(context.Background(), s, nil)
		b, _ := p.Choose(context.Background(), s.Clone(), nil)
		if a != b {
			t.Errorf("%s: %s then %s", name, s.FormatMove(a), s.FormatMove(b))
		}
	}
}

func TestSearchCancel(t *testing.T) {
	s := wordblockGame(t, 12)
	for _, name := range []string{"alphabeta:nodes=100000000", "maxn:time=1h", "om:nodes=100000000"} {
		p, err := search.New(name)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		m, err := p.Choose(ctx, s, nil)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("%s: cancelled after 50ms, returned after %v", name, el)
		}
		legal := false
		for _, x := range s.AppendMoves(nil) {
			legal = legal || x == m
		}
		if !legal {
			t.Errorf("%s: cancelled search returned %s, not a legal move", name, s.FormatMove(m))
		}
	}
	// A time budget stops the search too.
	p, _ := search.New("alphabeta:time=30ms")
	start := time.Now()
	if _, err := p.Choose(context.Background(), s, nil); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("time=30ms took %v", el)
	}
}

func TestParseLimits(t *testing.T) {
	l, err := search.ParseLimits("alphabeta", "nodes=5, time=20ms,depth=3,width=-1")
	if err != nil || l != (search.Limits{Nodes: 5, Time: 20 * time.Millisecond, Depth: 3, Width: -1}) {
		t.Errorf("got %+v, %v", l, err)
	}
	for _, bad := range []string{"nodes", "nodes=0", "nodes=x", "time=-1s", "depth=0", "depth=65", "width=0", "width=-2", "colour=red"} {
		if _, err := search.ParseLimits("alphabeta", bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
		if _, err := search.New("maxn:" + bad); err == nil {
			t.Errorf("maxn:%s: no error", bad)
		}
	}
}
