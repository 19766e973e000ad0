package twoway

import (
	"fmt"
	"math/rand/v2"
)

// template returns a copy of s that keeps only what seat p sees: the
// other colour's faces of grid tiles (but those the opponent's wrong
// claims announced)
// and of p's hand become unknown (0), the opponent's hand becomes
// unknown tiles (with open-hands, p's colour faces stay), the bag a
// count. Claimed words stay whole. The undo history is dropped.
func (s *State) template(p int) *State {
	t := s.clone()
	q := 1 - p
	for occ := t.occ &^ t.revealed[q]; occ != 0; occ &= occ - 1 {
		c := trailing(occ)
		t.grid[c][q] = 0
	}
	for i := range t.hands[p] {
		t.hands[p][i][q] = 0
	}
	for i := range t.hands[q] {
		t.hands[q][i][q] = 0
		if !t.rules.OpenHands {
			t.hands[q][i][p] = 0
		}
	}
	t.bagCount += len(t.bag)
	t.bag = t.bag[:0]
	t.undo = t.undo[:0]
	return t
}

// Determinize implements game.Determinizer. It replaces, in place,
// everything seat observer cannot see by a random assignment of the tile
// set's physical tiles consistent with what it sees (Observation): each
// tile whose observer-colour face it sees (grid tiles, its hand, with
// open-hands the opponent's hand) gets a tile drawn uniformly from the
// unused tiles with that face, in cell order then hand order; the tiles
// left are shuffled into the opponent's hidden hand and the bag. The
// result depends only on Observation(observer) and rng. The undo history
// is dropped: the determinized state cannot undo earlier moves.
func (s *State) Determinize(observer int, rng *rand.Rand) {
	t := s.template(observer)
	if err := t.complete(rng); err != nil {
		panic(fmt.Sprintf("twoway: Determinize: the state contradicts its tile set: %v", err))
	}
	undo := s.undo[:0]
	*s = *t
	s.undo = undo
}

func trailing(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// complete fills in the unknown faces (0) of s's tiles and s.bagCount
// unknown bag tiles from the tile set: the known tiles are taken out of
// the set, each half-known tile (grid cells in order, then the red hand,
// then the blue hand) gets a tile drawn with rng among those left with
// its known face, and the unknown tiles (hands, then the bag) get the
// rest, shuffled. The set is kept sorted, so the result depends only on
// the known faces and rng. The error names a tile the set cannot supply
// or a count that does not add up.
func (s *State) complete(rng *rand.Rand) error {
	pool := make([]Tile, 0, TileCount)
	pool = append(pool, s.rules.Tiles.Tiles...)
	take := func(t Tile, where string) error {
		for i, x := range pool {
			if x == t {
				pool = append(pool[:i], pool[i+1:]...)
				return nil
			}
		}
		return fmt.Errorf("%s: tile %s is not in the tile set, or more often than the set has it", where, s.tileText(t))
	}
	known := func(t Tile) bool { return t[0] != 0 && t[1] != 0 }
	for c := range Cells {
		if s.occ>>c&1 != 0 && known(s.grid[c]) {
			if err := take(s.grid[c], "cell "+CellName(c)); err != nil {
				return err
			}
		}
	}
	for p := range 2 {
		for _, t := range s.hands[p] {
			if known(t) {
				if err := take(t, ColourNames[p]+" hand"); err != nil {
					return err
				}
			}
		}
		for _, w := range s.words[p] {
			for _, t := range w.tiles[:w.n] {
				if err := take(t, ColourNames[p]+" words"); err != nil {
					return err
				}
			}
		}
	}
	for _, t := range s.bag {
		if err := take(t, "bag"); err != nil {
			return err
		}
	}
	if len(pool) > 0 && rng == nil {
		return fmt.Errorf("hidden faces or bag tiles to fill in but no random source")
	}
	half := func(t *Tile, where string) error {
		c := 0
		if t[0] == 0 {
			c = 1
		}
		n := 0
		for _, x := range pool {
			if x[c] == t[c] {
				n++
			}
		}
		if n == 0 {
			return fmt.Errorf("%s: no tile with %s face %s left in the tile set", where, ColourNames[c], s.letter(t[c]))
		}
		k := rng.IntN(n)
		for i, x := range pool {
			if x[c] == t[c] {
				if k == 0 {
					*t = x
					pool = append(pool[:i], pool[i+1:]...)
					return nil
				}
				k--
			}
		}
		return nil
	}
	for c := range Cells {
		if s.occ>>c&1 != 0 && !known(s.grid[c]) && s.grid[c] != (Tile{}) {
			if err := half(&s.grid[c], "cell "+CellName(c)); err != nil {
				return err
			}
		}
	}
	hidden := 0
	for c := range Cells {
		if s.occ>>c&1 != 0 && s.grid[c] == (Tile{}) {
			hidden++
		}
	}
	for p := range 2 {
		for i := range s.hands[p] {
			t := &s.hands[p][i]
			switch {
			case *t == Tile{}:
				hidden++
			case !known(*t):
				if err := half(t, ColourNames[p]+" hand"); err != nil {
					return err
				}
			}
		}
	}
	if len(pool) != hidden+s.bagCount {
		return fmt.Errorf("the tile set leaves %d tiles for %d hidden hand tiles and %d bag tiles", len(pool), hidden, s.bagCount)
	}
	for i := len(pool) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	for c := range Cells {
		if s.occ>>c&1 != 0 && s.grid[c] == (Tile{}) {
			s.grid[c] = pool[len(pool)-1]
			pool = pool[:len(pool)-1]
		}
	}
	for p := range 2 {
		for i := range s.hands[p] {
			if s.hands[p][i] == (Tile{}) {
				s.hands[p][i] = pool[len(pool)-1]
				pool = pool[:len(pool)-1]
			}
		}
	}
	s.bag = append(s.bag, pool...)
	s.bagCount = 0
	return nil
}
