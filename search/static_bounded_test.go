package search_test

import (
	"context"
	"flag"
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
