package search_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
	"wordengine/search"
)

var staticPositionsFlag = flag.Int("positions", 0, "self-play positions per game for TestStaticBoundedEqualsFull (0: 300, or 60 with -short)")

// TestStaticBoundedEqualsFull checks that the static player, which stops
// generating plays once no anchor's bound can beat the best equity found
// (game.BoundedMover), chooses exactly the move the full enumeration
// ranks first (Rank: every legal move, SortCandidates' order of equity,
// score, notation) on seeded self-play positions of both games: every
// position of whole games, so the empty board, racks with blanks and the
// positions with the bag empty are all there.
func TestStaticBoundedEqualsFull(t *testing.T) {
	n := *staticPositionsFlag
	if n == 0 {
		n = 300
		if testing.Short() {
			n = 60
		}
	}
	ctx := context.Background()
	for _, name := range []string{"wwf", "scrabble"} {
		p, err := search.NewStatic("")
		if err != nil {
			t.Fatal(err)
		}
		var cands []search.Candidate
		var rack []lexicon.Tile
		empty, blanks, bagEmpty := 0, 0, 0
		ps := staticPositions(t, name, n)
		for i, s := range ps {
			if _, ok := s.(game.BoundedMover); !ok {
				t.Fatalf("%s is not a game.BoundedMover", name)
			}
			m, err := p.Choose(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			if cands, err = p.Rank(ctx, s, cands[:0]); err != nil {
				t.Fatal(err)
			}
			if cands[0].Move != m {
				t.Fatalf("%s position %d: bounded Choose gives %s, the full enumeration %s (equity %d, score %d)\n%s",
					name, i, s.FormatMove(m), s.FormatMove(cands[0].Move), cands[0].Equity, cands[0].Score, s)
			}
			r := s.(game.Racker)
			rack = r.Rack(rack[:0], s.ToMove())
			for _, t := range rack {
				if t == lexicon.Blank {
					blanks++
					break
				}
			}
			if r.BagLen() == 0 {
				bagEmpty++
			}
			if s.Score(0) == 0 && s.Score(1) == 0 && s.ToMove() == 0 {
				empty++ // a new game: the empty board
			}
		}
		t.Logf("%s: %d positions (%d with a blank on the rack, %d with the bag empty, %d on the empty board), bounded = full", name, len(ps), blanks, bagEmpty, empty)
		if blanks == 0 || bagEmpty == 0 || empty == 0 {
			t.Errorf("%s: the positions miss a kind", name)
		}
	}
}

// TestChooseAfterEqualsChoose checks Static.ChooseAfter against Choose on
// seeded self-play positions of both games: the seat to move passes, the
// other seat's choice there is prev; then, after each of a few moves of
// the seat to move (its best plays by static equity, random plays, an
// exchange, the pass), ChooseAfter given prev must choose exactly what
// Choose chooses.
func TestChooseAfterEqualsChoose(t *testing.T) {
	n := *staticPositionsFlag
	if n == 0 {
		n = 200
		if testing.Short() {
			n = 40
		}
	}
	ctx := context.Background()
	for _, name := range []string{"wwf", "scrabble"} {
		p, err := search.NewStatic("")
		if err != nil {
			t.Fatal(err)
		}
		var cands []search.Candidate
		checked, nearUsed := 0, 0
		for i, s := range staticPositions(t, name, n) {
			nm, ok := s.(game.NearMover)
			if !ok {
				t.Fatalf("%s is not a game.NearMover", name)
			}
			s.Play(nm.Pass())
			if s.Over() {
				continue
			}
			prev, err := p.Choose(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			s.Undo()
			if cands, err = p.Rank(ctx, s, cands[:0]); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(i), 5))
			var tries []game.Move
			for j, c := range cands {
				if j < 4 || rng.IntN(len(cands)) < 3 || c.Score == 0 && rng.IntN(4) == 0 {
					tries = append(tries, c.Move)
				}
			}
			for _, c := range tries {
				s.Play(c)
				if s.Over() {
					s.Undo()
					continue
				}
				want, err1 := p.Choose(ctx, s, nil)
				got, err2 := p.ChooseAfter(ctx, s, prev)
				if err1 != err2 || got != want {
					t.Fatalf("%s position %d after %s: ChooseAfter(%s) gives %s (%v), Choose %s (%v)\n%s",
						name, i, s.FormatMove(c), s.FormatMove(prev), s.FormatMove(got), err2, s.FormatMove(want), err1, s)
				}
				checked++
				if r := s.(game.Racker); r.BagLen() > 0 && nm.Untouched(prev) {
					nearUsed++
				}
				s.Undo()
			}
		}
		t.Logf("%s: %d replies, %d of them from the plays near the last move, ChooseAfter = Choose", name, checked, nearUsed)
		if nearUsed < checked/4 {
			t.Errorf("%s: only %d of %d replies took the near path", name, nearUsed, checked)
		}
	}
}
