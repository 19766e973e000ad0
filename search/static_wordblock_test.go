package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/wordblock"
	"wordengine/search"
)

// onePly is the static player's valuation written out independently: the
// mover's evaluation minus the best other seat's after the move, or the
// result of the game the move ends.
func onePly(s game.State, m game.Move) int64 {
	me := s.ToMove()
	s.Play(m)
	defer s.Undo()
	ev := s.(game.Evaluator)
	val := func(q int) int64 {
		if s.Over() {
			return 1000 * int64(s.Score(q))
		}
		return int64(ev.Evaluate(q))
	}
	other := int64(-1) << 62
	for q := range s.Players() {
		if q != me {
			other = max(other, val(q))
		}
	}
	v := val(me) - other
	if s.Over() {
		w := game.Winners(s)
		in := false
		for _, q := range w {
			in = in || q == me
		}
		switch {
		case !in:
			v -= search.WinValue
		case len(w) == 1:
			v += search.WinValue
		}
	}
	return v
}

// TestStaticWordBlockOnePly checks that on WordBlock (an Evaluator without
// racks) static chooses and ranks by the one-ply evaluation, with 2 to 4
// players, leaves the position as it was, and takes a move that ends the
// game with a win when there is one.
func TestStaticWordBlockOnePly(t *testing.T) {
	t.Parallel()
	p, err := search.New("static")
	if err != nil {
		t.Fatal(err)
	}
	rk := p.(search.Ranker)
	greedy := search.Greedy{}
	ctx := context.Background()
	wins := 0
	for i := range 12 {
		players := 2 + i%3
		s, err := wordblock.NewGame(game.Config{Players: players, Variant: "size=4", Rand: rand.New(rand.NewPCG(uint64(i), 11))})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 12))
		for ply := 0; !s.Over(); ply++ {
			if ply > 400 {
				t.Fatal("game does not end")
			}
			before := s.Hash()
			m, err := p.Choose(ctx, s, rng)
			if err != nil {
				t.Fatal(err)
			}
			if s.Hash() != before {
				t.Fatal("static changed the position")
			}
			moves := s.AppendMoves(nil)
			best, winning := int64(-1)<<62, false
			legal := false
			for _, x := range moves {
				v := onePly(s, x)
				best = max(best, v)
				winning = winning || v > search.WinValue/2
				legal = legal || x == m
			}
			if !legal {
				t.Fatalf("static chose %s, not a legal move\n%s", s.FormatMove(m), s)
			}
			if got := onePly(s, m); got != best {
				t.Fatalf("static chose %s valued %d; the best value is %d\n%s", s.FormatMove(m), got, best, s)
			}
			if winning {
				wins++
				if onePly(s, m) < search.WinValue/2 {
					t.Fatalf("static missed a winning last move: chose %s\n%s", s.FormatMove(m), s)
				}
			}
			cands, err := rk.Rank(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(cands) != len(moves) || cands[0].Move != m || cands[0].Equity != best {
				t.Fatalf("Rank: %d candidates, first %s %d; want %d, %s %d", len(cands), s.FormatMove(cands[0].Move), cands[0].Equity, len(moves), s.FormatMove(m), best)
			}
			for j := 1; j < len(cands); j++ {
				if cands[j].Equity > cands[j-1].Equity {
					t.Fatal("Rank is not best first")
				}
			}
			// Alternate static with greedy so that the positions vary.
			if ply%2 == 1 {
				if m, err = greedy.Choose(ctx, s, rng); err != nil {
					t.Fatal(err)
				}
			}
			s.Play(m)
		}
	}
	t.Logf("%d positions with a winning last move", wins)
}

// TestStaticWordBlockTakesWin: a hand-made position where BLUE, level on
// cells (7-7), can colour the last two cells (the E's d3, d4) with a word
// and win.
func TestStaticWordBlockTakesWin(t *testing.T) {
	t.Parallel()
	s, err := wordblock.ParsePosition(nil, `
wordblock players=2 turn=BLUE
Cb Ab To So
Db Ob Go Eo
Rb Ib Po E.
To Ob No E.
`)
	if err != nil {
		t.Fatal(err)
	}
	p, err := search.New("static")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.Choose(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Play(m)
	if !s.Over() || len(game.Winners(s)) != 1 || game.Winners(s)[0] != 0 {
		t.Fatalf("static played %s: over %v, scores %v", s.FormatMove(m), s.Over(), scoresOf(s))
	}
}
