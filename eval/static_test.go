package eval_test

import (
	"math/rand/v2"
	"testing"

	"wordengine/eval"
	"wordengine/game"
	"wordengine/lexicon"
)

// positions plays a seeded greedy WWF game and calls fn on every position
// before each move, including those with an empty bag.
func positions(t testing.TB, name string, seed uint64, fn func(s game.State)) {
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 0))})
	if err != nil {
		t.Fatal(err)
	}
	var moves []game.Move
	for !s.Over() {
		fn(s)
		moves = s.AppendMoves(moves[:0])
		best := moves[0]
		for _, m := range moves {
			if s.MoveScore(m) > s.MoveScore(best) {
				best = m
			}
		}
		s.Play(best)
	}
}

// TestStaticEquity checks the definition of Static's equity on every move
// of seeded games: 1000·score plus the leave's table value while the bag
// holds tiles, the end-of-game term after; and that LeaveBound bounds the
// leave term of every move.
func TestStaticEquity(t *testing.T) {
	l, err := eval.DefaultLeaves("wwf")
	if err != nil {
		t.Fatal(err)
	}
	e := eval.NewStatic(l)
	var moves []game.Move
	var leave, opp []lexicon.Tile
	checked, endgame := 0, 0
	for seed := range uint64(3) {
		positions(t, "wwf", seed, func(s game.State) {
			r := s.(game.Racker)
			bound, ok := e.LeaveBound(s)
			if !ok {
				t.Fatal("no leave bound for wwf")
			}
			moves = s.AppendMoves(moves[:0])
			for _, m := range moves {
				leave = r.Leave(leave[:0], m)
				var want int64
				switch {
				case r.BagLen() > 0:
					want = l.Value(leave)
				case len(leave) == 0:
					opp = r.Rack(opp[:0], 1-s.ToMove())
					want = 2000 * points(l, opp)
					endgame++
				default:
					want = -2000 * points(l, leave)
					endgame++
				}
				if got := e.Equity(s, m) - 1000*int64(s.MoveScore(m)); got != want {
					t.Fatalf("%s: leave term %d, want %d (bag %d, leave %s)", s.FormatMove(m), got, want, r.BagLen(), r.Alphabet().Format(leave))
				}
				if want > bound {
					t.Fatalf("%s: leave term %d above the bound %d", s.FormatMove(m), want, bound)
				}
				if got := e.LeaveTerm(s, leave); got != want {
					t.Fatalf("LeaveTerm = %d, want %d", got, want)
				}
				checked++
			}
		})
	}
	if checked < 1000 || endgame == 0 {
		t.Errorf("checked %d moves, %d with an empty bag", checked, endgame)
	}
}

func points(l *eval.Leaves, tiles []lexicon.Tile) int64 {
	var sum int64
	for _, t := range tiles {
		p, _ := l.Points(t)
		sum += int64(p)
	}
	return sum
}

// TestStaticNoLeaves: without a table the equity is the score while the
// bag holds tiles.
func TestStaticNoLeaves(t *testing.T) {
	e := eval.NewStatic(nil)
	var moves []game.Move
	positions(t, "scrabble", 1, func(s game.State) {
		if s.(game.Racker).BagLen() == 0 {
			return
		}
		moves = s.AppendMoves(moves[:0])
		for _, m := range moves {
			if got, want := e.Equity(s, m), 1000*int64(s.MoveScore(m)); got != want {
				t.Fatalf("%s: equity %d, want %d", s.FormatMove(m), got, want)
			}
		}
		if b, ok := e.LeaveBound(s); !ok || b != 0 {
			t.Fatalf("bound %d, %v without a table", b, ok)
		}
	})
}

func TestStaticEquityAllocs(t *testing.T) {
	l, err := eval.DefaultLeaves("wwf")
	if err != nil {
		t.Fatal(err)
	}
	e := eval.NewStatic(l)
	n := 0
	positions(t, "wwf", 5, func(s game.State) {
		if n++; n != 6 {
			return
		}
		moves := s.AppendMoves(nil)
		i := 0
		if a := testing.AllocsPerRun(500, func() {
			_ = e.Equity(s, moves[i%len(moves)])
			i++
		}); a != 0 {
			t.Errorf("Equity allocates %.1f times per call", a)
		}
		if a := testing.AllocsPerRun(50, func() { _, _ = e.LeaveBound(s) }); a != 0 {
			t.Errorf("LeaveBound allocates %.1f times per call", a)
		}
	})
}

// endFactorState is a crossword state that declares its own end-of-game
// factor (eval.EndFactorer).
type endFactorState struct {
	game.State
	game.Racker
	eval.TilePointer
	f int
}

func (s endFactorState) EndFactor() int { return s.f }

// TestStaticEndFactor: a game's EndFactor replaces the factor 2 of the
// end-of-game term (tiles kept and going out) and of LeaveBound, and
// leaves the term alone while the bag holds tiles.
func TestStaticEndFactor(t *testing.T) {
	l, err := eval.DefaultLeaves("wwf")
	if err != nil {
		t.Fatal(err)
	}
	e := eval.NewStatic(l)
	var moves []game.Move
	endgame := 0
	for _, f := range []int{0, 1, 3} {
		positions(t, "wwf", 2, func(s game.State) {
			ws := endFactorState{State: s, Racker: s.(game.Racker), TilePointer: s.(eval.TilePointer), f: f}
			moves = s.AppendMoves(moves[:0])
			bag := s.(game.Racker).BagLen()
			for _, m := range moves {
				base := 1000 * int64(s.MoveScore(m))
				plain, got := e.Equity(s, m)-base, e.Equity(ws, m)-base
				want := plain
				if bag == 0 {
					want = plain / 2 * int64(f) // plain is 2000 per point
					endgame++
				}
				if got != want {
					t.Fatalf("factor %d, %s: leave term %d, want %d (factor 2: %d; bag %d)", f, s.FormatMove(m), got, want, plain, bag)
				}
			}
			pb, _ := e.LeaveBound(s)
			gb, ok := e.LeaveBound(ws)
			want := pb
			if bag == 0 {
				want = pb / 2 * int64(f)
			}
			if !ok || gb != want {
				t.Fatalf("factor %d: LeaveBound %d, %v, want %d (factor 2: %d; bag %d)", f, gb, ok, want, pb, bag)
			}
		})
	}
	if endgame == 0 {
		t.Fatal("no position with an empty bag")
	}
}
