package search_test

import (
	"context"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
	"wordengine/search"
)

// TestRankOfEqualsFull checks Static.RankOf, which generates only the
// groups of plays that may reach the ranked move's equity
// (game.BoundedMover), against the position of the move in the full
// enumeration's list (Rank), and Static.BestWholeRack against the first
// move of that list that keeps no tile, on seeded self-play positions of
// both crossword games (whole games: the empty board, blanks, the bag
// empty). -positions=N sets the number of positions per game (make proof).
func TestRankOfEqualsFull(t *testing.T) {
	n := *staticPositionsFlag
	switch {
	case n > 0:
	case raceEnabled:
		n = 10
	case testing.Short():
		n = 20
	default:
		n = 60
	}
	ctx := context.Background()
	for _, name := range []string{"wwf", "scrabble"} {
		p, err := search.NewStatic("")
		if err != nil {
			t.Fatal(err)
		}
		var full []search.Candidate
		var leave []lexicon.Tile
		checked, wholes := 0, 0
		// A rack that plays whole on the empty board, whatever the
		// self-play positions hold.
		spec, err := game.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		bingo, err := spec.ParsePosition(game.Config{}, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0")
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range append([]game.State{bingo.State}, staticPositions(t, name, n)...) {
			if full, err = p.Rank(ctx, s, full[:0]); err != nil {
				t.Fatal(err)
			}
			// The top moves, one of the middle, the last (often an
			// exchange or the pass).
			picks := []int{0, 1, 2, len(full) / 3, len(full) - 1}
			picks = picks[:min(len(picks), len(full))]
			for _, j := range picks {
				r, err := p.RankOf(ctx, s, full[j].Move)
				if err != nil {
					t.Fatal(err)
				}
				checked++
				// Equal candidates tie in order only by notation, so the
				// rank is the list's index exactly.
				better := 0
				for _, c := range full {
					if c.Equity > full[j].Equity {
						better++
					}
				}
				if r.Rank != j+1 || r.Better != better || !r.Legal || r.Move != full[j] || r.Best != full[0] {
					t.Fatalf("%s position %d: %s: RankOf gives rank %d, %d better (legal %v, %+v, best %s), the full list rank %d, %d better (%+v, best %s)\n%s",
						name, i, s.FormatMove(full[j].Move), r.Rank, r.Better, r.Legal, r.Move, s.FormatMove(r.Best.Move), j+1, better, full[j], s.FormatMove(full[0].Move), s)
				}
			}
			want, wantOK := search.Candidate{}, false
			for _, c := range full {
				if leave = s.(game.Racker).Leave(leave[:0], c.Move); len(leave) == 0 && c.Score > 0 {
					want, wantOK = c, true
					break
				}
			}
			got, ok, err := p.BestWholeRack(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			if ok != wantOK || got != want {
				t.Fatalf("%s position %d: BestWholeRack gives %v %s, the full list %v %s\n%s", name, i, ok, s.FormatMove(got.Move), wantOK, s.FormatMove(want.Move), s)
			}
			if ok {
				wholes++
			}
		}
		t.Logf("%s: %d moves ranked as in the full list; %d positions with a play of the whole rack", name, checked, wholes)
		if wholes == 0 {
			t.Errorf("%s: no position with a play of the whole rack", name)
		}
	}
}
