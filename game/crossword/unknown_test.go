package crossword

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// TestFillUnknown: a rack given in part is completed with unknown tiles
// out of the bag; moves use only the named tiles, draws fill the rack to
// its size with the unknown ones counted, and Determinize keeps what the
// observer sees while drawing the unknown tiles again.
func TestFillUnknown(t *testing.T) {
	r := testRules(t, "scrabble")
	s, err := NewEmpty(r, testLexicon(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	a := s.Alphabet()
	named, err := a.Parse(nil, "AD")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetRack(0, named); err != nil {
		t.Fatal(err)
	}
	s.DrawRack(1)
	full := s.BagLen()
	if n := s.FillUnknown(0); n != 5 || s.Unknown(0) != 5 || s.BagLen() != full-5 {
		t.Fatalf("FillUnknown = %d, Unknown %d, bag %d; want 5, 5 and %d", n, s.Unknown(0), s.BagLen(), full-5)
	}
	if got := a.Format(s.Rack(nil, 0)); got != "AD" {
		t.Errorf("the named rack is %s, want AD", got)
	}
	if n := s.FillUnknown(0); n != 5 || s.BagLen() != full-5 {
		t.Errorf("FillUnknown again = %d with bag %d: want no further draw", n, s.BagLen())
	}
	unseen := len(s.Unseen(nil, 0))
	if unseen != s.BagLen()+7+5 {
		t.Errorf("%d tiles unseen by seat 1, want the bag, the other rack and the 5 unknown ones", unseen)
	}
	for _, m := range s.AppendMoves(nil) {
		for _, tile := range MoveTiles(nil, m) {
			if tile.IsBlank() {
				tile = lexicon.Blank
			}
			if c := a.Format([]lexicon.Tile{tile}); c != "A" && c != "D" {
				t.Fatalf("move %s uses %s, not a named tile", s.FormatMove(m), c)
			}
		}
	}

	// Determinize for seat 0: its named rack and every count kept.
	c := s.clone()
	c.Determinize(0, rand.New(rand.NewPCG(3, 4)))
	if a.Format(c.Rack(nil, 0)) != "AD" || c.Unknown(0) != 5 || c.BagLen() != s.BagLen() || len(c.Rack(nil, 1)) != 7 {
		t.Errorf("after Determinize(0): rack %s, %d unknown, bag %d, other rack %d tiles",
			a.Format(c.Rack(nil, 0)), c.Unknown(0), c.BagLen(), len(c.Rack(nil, 1)))
	}
	if c.Unknown(1) != 0 || len(c.Unseen(nil, 0)) != unseen {
		t.Errorf("after Determinize(0): %d unknown on rack 2, %d unseen", c.Unknown(1), len(c.Unseen(nil, 0)))
	}
	// For the opponent: seat 0's unknown tiles become named ones.
	c = s.clone()
	c.Determinize(1, rand.New(rand.NewPCG(3, 4)))
	if len(c.Rack(nil, 0)) != 7 || c.Unknown(0) != 0 || c.BagLen() != s.BagLen() {
		t.Errorf("after Determinize(1): rack 1 has %d tiles, %d unknown, bag %d", len(c.Rack(nil, 0)), c.Unknown(0), c.BagLen())
	}

	// Playing the named tiles draws two: the rack is full with its
	// unknown tiles; Undo puts them back.
	var m game.Move
	for _, mv := range s.AppendMoves(nil) {
		if MoveKind(mv) == Play && MoveTileCount(mv) == 2 {
			m = mv
			break
		}
	}
	if MoveTileCount(m) != 2 {
		t.Fatal("no play of both tiles on the empty board")
	}
	bag := s.BagLen()
	s.Play(m)
	if len(s.Rack(nil, 0)) != 2 || s.Unknown(0) != 5 || s.BagLen() != bag-2 || s.Over() {
		t.Errorf("after a play of both named tiles: %d named, %d unknown, bag %d, over %v", len(s.Rack(nil, 0)), s.Unknown(0), s.BagLen(), s.Over())
	}
	s.Undo()
	if a.Format(s.Rack(nil, 0)) != "AD" || s.BagLen() != bag {
		t.Errorf("after Undo: rack %s, bag %d", a.Format(s.Rack(nil, 0)), s.BagLen())
	}
	// SetRack returns the unknown tiles to the bag.
	if err := s.SetRack(0, named); err != nil {
		t.Fatal(err)
	}
	if s.Unknown(0) != 0 || s.BagLen() != full {
		t.Errorf("after SetRack: %d unknown, bag %d; want 0 and %d", s.Unknown(0), s.BagLen(), full)
	}
}
