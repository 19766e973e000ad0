package crossword

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/lexicon"
)

// TestBoundedAcrossGames checks that what a generator keeps between
// moves (the lane cache's anchor windows, the anchor tables, the word
// set's answers about runs, the word-test cache) never serves a game
// other than the one it was made for. One state, which keeps its
// generator, is set by CopyFrom in turn to the same board in two games
// that differ in one thing only: the lexicon (the same rules), the tile
// values (the same layout and alphabet; values above 63 too, where the
// tables are off), or the rack size (7 and 8). The boards hold the same
// tiles, so the lanes have the same keys in both games wherever the
// cross-sets agree. Each time, bounded generation, three times over (a
// table is built the second time its anchor is met and read the third),
// must equal AppendPlays (checkBounded, checkOnlyBest).
//
// Checks INV-10, INV-5, INV-7 (MOVEGEN.md).
func TestBoundedAcrossGames(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	// A lexicon of the same alphabet with every other word of lx (of at
	// most 7 letters under the race detector, for which building the
	// whole half takes most of the test's time).
	longest := math.MaxInt
	if raceEnabled {
		longest = 7
	}
	var words [][]lexicon.Tile
	i := 0
	lx.EachWord(func(w []lexicon.Tile) bool {
		if i++; i%2 == 0 && len(w) <= longest {
			words = append(words, slices.Clone(w))
		}
		return true
	})
	half, err := lexicon.Build("half", lx.Alphabet, words)
	if err != nil {
		t.Fatal(err)
	}
	values := func(r *Rules, f func(v int) int) *Rules {
		c, ts := *r, *r.TileSet
		ts.Values = slices.Clone(ts.Values)
		for i := range ts.Values {
			ts.Values[i] = f(ts.Values[i])
		}
		c.TileSet = &ts
		return &c
	}
	rackSize := func(r *Rules, n int) *Rules {
		c := *r
		c.RackSize = n
		return &c
	}
	type side struct {
		r  *Rules
		lx *lexicon.Lexicon
	}
	wwf, scrabble, super := testRules(t, "wwf"), testRules(t, "scrabble"), testRules(t, "super")
	pairs := []struct {
		name string
		a, b side
	}{
		{"lexicon", side{wwf, lx}, side{wwf, half}},
		{"values", side{wwf, lx}, side{values(wwf, func(v int) int { return v%5 + 1 }), lx}},
		{"values above 63", side{scrabble, lx}, side{values(scrabble, func(v int) int { return 7 * v }), lx}},
		{"rack size", side{scrabble, lx}, side{rackSize(scrabble, 8), lx}},
		{"rack size super", side{rackSize(super, 8), lx}, side{super, lx}},
	}
	rng := rand.New(rand.NewPCG(31, 31))
	checked := 0
	for _, pair := range pairs {
		var worker *State
		for seed := range uint64(positionCount(12, 1)) {
			a := randomPosition(t, pair.a.r, pair.a.lx, seed+300, int(seed%2))
			if a.Over() {
				continue
			}
			// The same tiles on b's board, and the same rack when b's bag
			// has its tiles (a rack of 8 in a game of 7-tile racks too:
			// SetRack allows it).
			b, err := NewEmpty(pair.b.r, pair.b.lx, seed)
			if err != nil {
				t.Fatal(err)
			}
			for r := range a.board.Rows() {
				for c := range a.board.Cols() {
					if x := a.board.At(r, c); x != 0 {
						if err := b.PlaceTile(r, c, x); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			if err := b.SetRack(b.toMove, a.Rack(nil, a.toMove)); err != nil {
				b.DrawRack(b.toMove)
			}
			if worker == nil {
				worker = a.clone()
			}
			for round := range 2 {
				for _, s := range []*State{a, b, a, b} {
					worker.CopyFrom(s)
					for range 3 {
						if len(worker.AppendPlays(nil)) == 0 {
							break
						}
						checkBounded(t, pair.name, seed, worker, randomLeaves(worker, rng))
						checkOnlyBest(t, pair.name, seed, worker, coarseLeaves(worker, rng))
						checked++
					}
				}
				if round == 0 {
					// Another rack for the mover in both games.
					a.Determinize(1-a.toMove, rng)
					if err := b.SetRack(b.toMove, a.Rack(nil, a.toMove)); err != nil {
						b.DrawRack(b.toMove)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	t.Logf("%d checks", checked)
}

// TestBoundedRackAboveRuleSize checks bounded generation with a rack of
// more tiles than the rules' rack size, which SetRack allows (8 tiles in
// games of 7-tile racks): the anchor windows and tables, made for racks
// of the rules' size, must not bound it. On seeded positions of each
// layout, bounded generation, three times over (a table is built the
// second time its anchor is met and read the third), must equal
// AppendPlays (checkBounded, checkOnlyBest).
//
// Checks INV-3, INV-5, INV-7 (MOVEGEN.md).
func TestBoundedRackAboveRuleSize(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	rng := rand.New(rand.NewPCG(41, 41))
	checked := 0
	for _, name := range []string{"wwf", "scrabble", "super"} {
		r := testRules(t, name)
		for seed := range uint64(positionCount(100, 3)) {
			s := randomPosition(t, r, lx, seed+500, int(seed%2))
			if s.Over() || s.BagLen() == 0 {
				continue
			}
			rack := s.Rack(nil, s.toMove)
			if len(rack) != r.RackSize {
				continue
			}
			extra := s.bag.Tiles()[rng.IntN(s.BagLen())]
			if err := s.SetRack(s.toMove, append(rack, extra)); err != nil {
				t.Fatal(err)
			}
			for range 3 {
				checkBounded(t, name+" rack of 8", seed, s, randomLeaves(s, rng))
				checkOnlyBest(t, name+" rack of 8", seed, s, coarseLeaves(s, rng))
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	t.Logf("%d checks", checked)
}
