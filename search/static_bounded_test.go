package search_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
	"wordengine/search"
)

var staticPositionsFlag = flag.Int("positions", 0, "self-play positions per game for TestStaticBoundedEqualsFull (0: 300, or 60 with -short, 24 with -race; TestChooseAfterEqualsChoose: 200, 40, 16)")

// TestStaticBoundedEqualsFull checks that the static player, which stops
// generating plays once no anchor's bound can beat the best equity found
// (game.BoundedMover), chooses exactly the move the full enumeration
// ranks first (Rank: every legal move, SortCandidates' order of equity,
// score, notation) on seeded self-play positions of both games: every
// position of whole games, so the empty board, racks with blanks and the
// positions with the bag empty are all there.
func TestStaticBoundedEqualsFull(t *testing.T) {
	t.Parallel()
	n := *staticPositionsFlag
	if n == 0 {
		n = 300
		switch {
		case testing.Short():
			n = 60
		case raceEnabled: // it finds nothing in these one-goroutine comparisons
			n = 24
		}
	}
	ctx := context.Background()
	for _, name := range []string{"wwf", "scrabble"} {
		p, err := search.NewStatic("endgame=off")
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

// TestChooseAfterEqualsChoose checks Static.RankTop against Rank and
// Static.ChooseAfter against Choose on seeded self-play positions of both
// games: the seat to move passes, and the other seat's k best moves
// there (RankTop, k from 1 to 17) must be Rank's first ones; then, after
// each of a few moves of the seat to move (its best plays by static
// equity, random plays, exchanges, the pass), ChooseAfter given those
// must choose exactly what Choose chooses.
func TestChooseAfterEqualsChoose(t *testing.T) {
	t.Parallel()
	n := *staticPositionsFlag
	if n == 0 {
		n = 200
		switch {
		case testing.Short():
			n = 40
		case raceEnabled:
			n = 16
		}
	}
	ctx := context.Background()
	for _, name := range []string{"wwf", "scrabble"} {
		p, err := search.NewStatic("endgame=off")
		if err != nil {
			t.Fatal(err)
		}
		var cands, top []search.Candidate
		var prevs []game.Move
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
			k := []int{1, 2, 3, 4, 6, 8, 16, 17}[i%8] // 16 is crossword's limit of StartBoundedTop
			if top, err = p.RankTop(ctx, s, k, top[:0]); err != nil {
				t.Fatal(err)
			}
			if cands, err = p.Rank(ctx, s, cands[:0]); err != nil {
				t.Fatal(err)
			}
			// RankTop is Rank cut after the k-th and its ties in equity.
			want := k
			for want < len(cands) && cands[want].Equity == cands[k-1].Equity {
				want++
			}
			if len(top) != min(want, len(cands)) || !slices.Equal(top, cands[:len(top)]) {
				t.Fatalf("%s position %d: RankTop(%d) gives %d moves, Rank's first %d differ or are more\n%s", name, i, k, len(top), want, s)
			}
			prevs = prevs[:0]
			for _, c := range top {
				prevs = append(prevs, c.Move)
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
				got, err2 := p.ChooseAfter(ctx, s, prevs)
				if err1 != err2 || got != want {
					t.Fatalf("%s position %d after %s: ChooseAfter(%d best before) gives %s (%v), Choose %s (%v)\n%s",
						name, i, s.FormatMove(c), len(prevs), s.FormatMove(got), err2, s.FormatMove(want), err1, s)
				}
				checked++
				if r := s.(game.Racker); r.BagLen() > 0 && slices.ContainsFunc(prevs, nm.Untouched) {
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
