package search_test

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"wordengine/eval"
	"wordengine/game"
	_ "wordengine/game/wwf"
	"wordengine/search"
)

// selfPlay plays one game of name dealt from seed with player p in both
// seats and returns the number of moves.
func selfPlay(tb testing.TB, name string, seed uint64, p search.Player) int {
	return selfPlayAs(tb, name, seed, p, false)
}

// unbounded shows a crossword state to a player without its
// game.BoundedMover methods, so that the static player enumerates every
// move (its path before bounded generation).
type unbounded struct {
	game.State
	game.Racker
	eval.TilePointer
}

// selfPlayAs is selfPlay; with full, the player sees the state as
// unbounded.
func selfPlayAs(tb testing.TB, name string, seed uint64, p search.Player, full bool) int {
	spec, err := game.Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	view := s
	if full {
		view = unbounded{s, s.(game.Racker), s.(eval.TilePointer)}
	}
	n := 0
	for !s.Over() {
		m, err := p.Choose(context.Background(), view, rng)
		if err != nil {
			tb.Fatal(err)
		}
		s.Play(m)
		n++
	}
	return n
}

// BenchmarkStaticSelfPlay plays whole games of WWF and Scrabble, static
// against itself on one thread with the embedded leaves. The "-full"
// variants hide the game's bounded generation (game.BoundedMover) so that
// the player enumerates every move, as it did before; both make the same
// moves. On a shared machine, compare them in alternating runs (for
// example -bench 'StaticSelfPlay/wwf$' and -bench 'StaticSelfPlay/wwf-full'
// in turn, then benchstat).
func BenchmarkStaticSelfPlay(b *testing.B) {
	for _, bench := range []string{"wwf", "wwf-full", "scrabble", "scrabble-full"} {
		name, full := strings.CutSuffix(bench, "-full")
		b.Run(bench, func(b *testing.B) {
			p, err := search.New("static:endgame=off")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := eval.DefaultLeaves(name); err != nil {
				b.Fatal(err)
			}
			// A game first, untimed: the lexicon's word set and word map
			// (game/crossword/bingo.go) are built on first use, once per
			// process, about 0.15 s that would fall in the first run's
			// timing.
			selfPlayAs(b, name, 0, p, full)
			b.ReportAllocs()
			seed, moves := uint64(0), 0
			for b.Loop() {
				seed++
				moves += selfPlayAs(b, name, seed, p, full)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// TestStaticPicksMaxEquity plays seeded games static against greedy in
// both games and checks each static move: legal, of the highest equity
// (eval.Static on the same table, over every legal move), with the
// highest score among those, and first in Rank's order.
func TestStaticPicksMaxEquity(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"wwf", "scrabble"} {
		spec, err := game.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		l, err := eval.DefaultLeaves(name)
		if err != nil {
			t.Fatal(err)
		}
		e := eval.NewStatic(l)
		st, err := search.NewStatic("endgame=off")
		if err != nil {
			t.Fatal(err)
		}
		greedy, _ := search.New("greedy")
		checked := 0
		for seed := range uint64(3) {
			s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 5))})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			var cands []search.Candidate
			for !s.Over() {
				if s.ToMove() == int(seed%2) {
					m, _ := greedy.Choose(ctx, s, nil)
					s.Play(m)
					continue
				}
				m, err := st.Choose(ctx, s, nil)
				if err != nil {
					t.Fatal(err)
				}
				legal := false
				var best int64 = -1 << 62
				bestScore := -1
				for _, x := range s.AppendMoves(nil) {
					legal = legal || x == m
					eq := e.Equity(s, x)
					if eq > best || eq == best && s.MoveScore(x) > bestScore {
						best, bestScore = eq, s.MoveScore(x)
					}
				}
				if !legal {
					t.Fatalf("%s: static chose %s, not a legal move", name, s.FormatMove(m))
				}
				if eq := e.Equity(s, m); eq != best || s.MoveScore(m) != bestScore {
					t.Fatalf("%s: static chose %s (equity %d, score %d), best is %d (score %d)", name, s.FormatMove(m), eq, s.MoveScore(m), best, bestScore)
				}
				if cands, err = st.Rank(ctx, s, cands[:0]); err != nil {
					t.Fatal(err)
				}
				if cands[0].Move != m || cands[0].Equity != best {
					t.Fatalf("%s: Rank puts %s (%d) first, Choose %s (%d)", name, s.FormatMove(cands[0].Move), cands[0].Equity, s.FormatMove(m), best)
				}
				checked++
				s.Play(m)
			}
		}
		if checked < 30 {
			t.Errorf("%s: checked %d moves", name, checked)
		}
	}
}

func TestStaticOptions(t *testing.T) {
	t.Parallel()
	for _, opts := range []string{"leaves", "leaves=", "leaves= ", "depth=2", "leaves=/no/such/file"} {
		if _, err := search.New("static:" + opts); err == nil {
			t.Errorf("static:%s: no error", opts)
		}
	}
	p, err := search.New("static:leaves=../eval/testdata/small.leaves")
	if err != nil {
		t.Fatal(err)
	}
	if selfPlay(t, "wwf", 1, p) < 10 {
		t.Error("short game")
	}
	// A table over other letters does not fit: Choose says so.
	spec, _ := game.Lookup("wwf")
	s, _ := spec.New(game.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	bad := t.TempDir() + "/x.leaves"
	if err := os.WriteFile(bad, []byte("wordengine-leaves 1\ngame wwf\nletters A B\nleaves 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err = search.New("static:leaves=" + bad)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Choose(context.Background(), s, nil); err == nil || !strings.Contains(err.Error(), "does not fit game wwf") {
		t.Errorf("Choose with a table of letters AB: %v", err)
	}
	// A table trained for another game is refused too.
	other := t.TempDir() + "/y.leaves"
	if err := os.WriteFile(other, []byte("wordengine-leaves 1\ngame scrabble\nletters A B\nleaves 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err = search.New("static:leaves=" + other); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Choose(context.Background(), s, nil); err == nil || !strings.Contains(err.Error(), "trained for scrabble, not wwf") {
		t.Errorf("Choose with a scrabble table in wwf: %v", err)
	}
	// A game that is not a game.Racker has no leave to value: the table is refused,
	// not silently ignored, by Choose, Rank and RankTop alike.
	if p, err = search.New("static:leaves=../eval/testdata/small.leaves"); err != nil {
		t.Fatal(err)
	}
	wb := wordblockGame(t, 3)
	const want = "static uses no leave table in wordblock"
	if _, err := p.Choose(context.Background(), wb, nil); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Choose in wordblock with a leave table: %v, want %q", err, want)
	}
	r := p.(search.Ranker)
	if _, err := r.Rank(context.Background(), wb, nil); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Rank in wordblock with a leave table: %v, want %q", err, want)
	}
	// Without a table, static plays wordblock as before.
	plain, _ := search.New("static:endgame=off")
	if _, err := plain.Choose(context.Background(), wb, nil); err != nil {
		t.Errorf("static in wordblock: %v", err)
	}
}

// staticPositions returns positions of seeded static self-play games.
func staticPositions(tb testing.TB, name string, n int) []game.State {
	spec, err := game.Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	p, _ := search.New("static:endgame=off")
	var out []game.State
	for seed := uint64(1); len(out) < n; seed++ {
		s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
		if err != nil {
			tb.Fatal(err)
		}
		for !s.Over() && len(out) < n {
			out = append(out, s.Clone())
			m, err := p.Choose(context.Background(), s, nil)
			if err != nil {
				tb.Fatal(err)
			}
			s.Play(m)
		}
	}
	return out
}

func TestStaticChooseAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are checked without the race detector, which allocates on its own")
	}
	p, _ := search.NewStatic("endgame=off")
	ps := staticPositions(t, "wwf", 40)
	// Warm the buffers: twice, as a crossword generator makes its anchor
	// tables' ring (about 1.1 MiB, once per generator) only when it meets
	// an anchor the second time on the same lane.
	for range 2 {
		for _, s := range ps {
			_, _ = p.Choose(context.Background(), s, nil)
		}
	}
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		_, _ = p.Choose(context.Background(), ps[i%len(ps)], nil)
		i++
	})
	// Only an exact tie in equity and score is broken by notation, which
	// allocates; it is rare after the first move.
	if allocs > 0.5 {
		t.Errorf("Choose allocates %.2f times per move", allocs)
	}
}

// BenchmarkStaticChoose times one static move on positions of seeded
// self-play games.
func BenchmarkStaticChoose(b *testing.B) {
	for _, name := range []string{"wwf", "scrabble"} {
		b.Run(name, func(b *testing.B) {
			p, _ := search.NewStatic("endgame=off")
			ps := staticPositions(b, name, 200)
			for _, s := range ps { // warm each clone's generator and the move buffer
				_, _ = p.Choose(context.Background(), s, nil)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				_, _ = p.Choose(context.Background(), ps[i%len(ps)], nil)
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

func TestMargin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    []int64
		seat int
		want int64
	}{
		{[]int64{412}, 0, 412}, // one seat: its own value
		{[]int64{30, 42}, 0, -12},
		{[]int64{30, 42}, 1, 12},
		{[]int64{50, 42, 61, 7}, 0, -11},
		{[]int64{50, 42, 61, 7}, 2, 11},
		{[]int64{-5, -9}, 0, 4},
	} {
		calls := 0
		got := search.Margin(len(tc.v), tc.seat, func(q int) int64 { calls++; return tc.v[q] })
		if got != tc.want || calls != len(tc.v) {
			t.Errorf("Margin(%v, seat %d) = %d with %d calls, want %d with %d", tc.v, tc.seat, got, calls, tc.want, len(tc.v))
		}
	}
}
