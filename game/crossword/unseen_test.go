package crossword

import (
	"slices"
	"testing"

	"wordengine/lexicon"
)

// TestUnseen plays seeded games with random moves and checks at every turn,
// for both seats, that the unseen tiles are the bag plus the other rack,
// and that with the board and the own rack they make up the full set.
func TestUnseen(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		for seed := range uint64(3) {
			s, err := New(r, lx, seed)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := len(s.Unseen(nil, 0)), r.TileSet.Total()-r.RackSize; got != want {
				t.Fatalf("%s seed %d: %d unseen tiles at the start, want %d", name, seed, got, want)
			}
			for turn := 0; !s.Over() && turn < 60; turn++ {
				for p := range 2 {
					want := append(slices.Clone(s.bag.Tiles()), s.Rack(nil, 1-p)...)
					slices.Sort(want)
					got := s.Unseen(nil, p)
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Fatalf("%s seed %d turn %d seat %d: unseen %s, want bag+opponent %s",
							name, seed, turn, p, s.Alphabet().Format(got), s.Alphabet().Format(want))
					}
					all := append(got, s.Rack(nil, p)...)
					for _, sq := range s.board.sq {
						switch {
						case sq.IsBlank():
							all = append(all, lexicon.Blank)
						case sq != 0:
							all = append(all, sq)
						}
					}
					slices.Sort(all)
					full := r.TileSet.Tiles()
					slices.Sort(full)
					if !slices.Equal(all, full) {
						t.Fatalf("%s seed %d turn %d seat %d: unseen+rack+board is not the full set", name, seed, turn, p)
					}
				}
				moves := s.AppendMoves(nil)
				// Prefer plays (they fill the board); the highest scoring keeps games short.
				best := moves[0]
				for _, m := range moves {
					if s.MoveScore(m) > s.MoveScore(best) {
						best = m
					}
				}
				s.Play(best)
			}
		}
	}
}

func TestUnseenAppends(t *testing.T) {
	t.Parallel()
	s, err := New(testRules(t, "wwf"), testLexicon(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	dst := []lexicon.Tile{lexicon.Blank}
	got := s.Unseen(dst, 1)
	if got[0] != lexicon.Blank || len(got) != 1+104-7 {
		t.Errorf("Unseen did not append: len %d", len(got))
	}
	// Blanks come last, letters in code order.
	rest := got[1:]
	if !slices.IsSortedFunc(rest, func(a, b lexicon.Tile) int {
		ka, kb := int(a), int(b) // Blank is 0x80, above every letter code
		return ka - kb
	}) {
		t.Errorf("Unseen order: %s", s.Alphabet().Format(rest))
	}
}
