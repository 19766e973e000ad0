package eval_test

import (
	"math/rand/v2"
	"slices"
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

// keptMasks returns two masks over rack (bit i: rack[i]) of the tiles
// that remain when leave is kept: the first copies of equal tiles kept,
// and the last copies.
func keptMasks(rack, leave []lexicon.Tile) (first, last int) {
	for pass := range 2 {
		used := 0
		for _, t := range leave {
			for k := range rack {
				j := k
				if pass == 1 {
					j = len(rack) - 1 - k
				}
				if used>>j&1 == 0 && rack[j] == t {
					used |= 1 << j
					break
				}
			}
		}
		if pass == 0 {
			first = used
		} else {
			last = used
		}
	}
	return first, last
}

// TestStaticLeaveTerms checks LeaveTerms, which the static player hands
// to a game.BoundedMover as the exact leave terms of its moves: for every
// move of seeded games (bag full and empty), the term at the mask of the
// tiles it keeps is its equity less 1000·score, whichever copies of equal
// tiles the mask keeps; and no term is above LeaveBound.
func TestStaticLeaveTerms(t *testing.T) {
	for _, name := range []string{"wwf", "scrabble"} {
		l, err := eval.DefaultLeaves(name)
		if err != nil {
			t.Fatal(err)
		}
		e := eval.NewStatic(l)
		var moves []game.Move
		var rack, leave []lexicon.Tile
		var terms []int64
		checked, endgame, dups := 0, 0, 0
		positions(t, name, 3, func(s game.State) {
			r := s.(game.Racker)
			rack = r.Rack(rack[:0], s.ToMove())
			var ok bool
			if terms, ok = e.LeaveTerms(s, terms[:0]); !ok || len(terms) != 1<<len(rack) {
				t.Fatalf("LeaveTerms: %d terms, %v, for a rack of %d", len(terms), ok, len(rack))
			}
			// The terms of the last two racks are kept: asked again, and
			// by a new evaluator, they are the same.
			again, _ := e.LeaveTerms(s, nil)
			fresh, _ := eval.NewStatic(l).LeaveTerms(s, nil)
			if !slices.Equal(again, terms) || !slices.Equal(fresh, terms) {
				t.Fatalf("LeaveTerms of %v: %v, asked again %v, by a new evaluator %v", rack, terms, again, fresh)
			}
			bound, _ := e.LeaveBound(s)
			for m, v := range terms {
				if v > bound {
					t.Fatalf("term %d of mask %b above LeaveBound %d", v, m, bound)
				}
			}
			moves = s.AppendMoves(moves[:0])
			for _, m := range moves {
				leave = r.Leave(leave[:0], m)
				want := e.Equity(s, m) - 1000*int64(s.MoveScore(m))
				first, last := keptMasks(rack, leave)
				if terms[first] != want || terms[last] != want {
					t.Fatalf("%s %s: terms %d and %d (masks %b, %b), want %d", name, s.FormatMove(m), terms[first], terms[last], first, last, want)
				}
				if first != last {
					dups++
				}
				checked++
			}
			if r.BagLen() == 0 {
				endgame++
			}
		})
		if checked < 1000 || endgame == 0 || dups == 0 {
			t.Errorf("%s: checked %d moves, %d positions with an empty bag, %d keeping one of equal tiles", name, checked, endgame, dups)
		}
		t.Logf("%s: %d moves (%d keeping one of equal tiles), %d positions with an empty bag", name, checked, dups, endgame)
	}
}
