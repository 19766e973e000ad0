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
// its known face (when faces of both colours are known, among those that
// leave a tile for every other half-known tile), and the unknown tiles
// (hands, then the bag) get the rest, shuffled. The set is kept sorted, so the result depends only on
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
	// The half-known tiles, in order: grid cells, then the red hand, then
	// the blue hand.
	type halfTile struct {
		t     *Tile
		where string
	}
	var halves []halfTile
	var colours [2]bool
	for c := range Cells {
		if s.occ>>c&1 != 0 && !known(s.grid[c]) && s.grid[c] != (Tile{}) {
			halves = append(halves, halfTile{&s.grid[c], "cell " + CellName(c)})
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
				halves = append(halves, halfTile{t, ColourNames[p] + " hand"})
			}
		}
	}
	for _, h := range halves {
		colours[knownColour(*h.t)] = true
	}
	if !colours[0] || !colours[1] {
		// One known colour (every determinization, every observation):
		// the tiles with a given face are drawn from their own group, so
		// drawing in turn is uniform over the completions and fails only
		// when none exists.
		for _, h := range halves {
			if err := half(h.t, h.where); err != nil {
				return err
			}
		}
	} else {
		// Faces of both colours known (a hand-made position): a draw can
		// take the tile another needs, so each tile is drawn among those
		// that leave a completion of the rest.
		ts := make([]*Tile, len(halves))
		for i, h := range halves {
			ts[i] = h.t
		}
		if i, err := s.completeMixed(ts, &pool, rng); err != nil {
			return fmt.Errorf("%s: %w", halves[i].where, err)
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

// knownColour returns the colour of t's known face (t has one).
func knownColour(t Tile) int {
	if t[Red] == 0 {
		return Blue
	}
	return Red
}

// completeMixed gives each half-known tile of ts a tile of *pool with its
// known face, drawn with rng among those that leave distinct tiles for
// the rest (a bipartite matching, Kuhn's augmenting paths), and removes
// the tiles given from *pool, which stays in order. The error, for the
// tile at the index returned, says that no completion exists.
func (s *State) completeMixed(ts []*Tile, pool *[]Tile, rng *rand.Rand) (int, error) {
	ps := *pool
	used := make([]bool, len(ps))
	fits := func(i, j int) bool { c := knownColour(*ts[i]); return ps[j][c] == ts[i][c] }
	// feasible reports whether ts[from:] can get distinct unused tiles.
	feasible := func(from int) bool {
		match := make([]int, len(ps)) // pool index -> 1 + tile index
		var try func(i int, seen []bool) bool
		try = func(i int, seen []bool) bool {
			for j := range ps {
				if used[j] || seen[j] || !fits(i, j) {
					continue
				}
				seen[j] = true
				if match[j] == 0 || try(match[j]-1, seen) {
					match[j] = i + 1
					return true
				}
			}
			return false
		}
		for i := from; i < len(ts); i++ {
			if !try(i, make([]bool, len(ps))) {
				return false
			}
		}
		return true
	}
	for i := range ts { // enough tiles with each known face?
		c, need, have := knownColour(*ts[i]), 0, 0
		for _, u := range ts[:i+1] {
			if knownColour(*u) == c && u[c] == ts[i][c] {
				need++
			}
		}
		for _, x := range ps {
			if x[c] == ts[i][c] {
				have++
			}
		}
		if need > have {
			return i, fmt.Errorf("no tile with %s face %s left in the tile set", ColourNames[c], s.letter(ts[i][c]))
		}
	}
	if !feasible(0) {
		return 0, fmt.Errorf("the tile set cannot give this and the other tiles with one face known a tile each")
	}
	var cands []int
	for i := range ts {
		cands = cands[:0]
		for j := range ps {
			if !used[j] && fits(i, j) {
				cands = append(cands, j)
			}
		}
		for k := len(cands) - 1; k > 0; k-- {
			l := rng.IntN(k + 1)
			cands[k], cands[l] = cands[l], cands[k]
		}
		done := false
		for _, j := range cands {
			used[j] = true
			if feasible(i + 1) {
				*ts[i], done = ps[j], true
				break
			}
			used[j] = false
		}
		if !done {
			return i, fmt.Errorf("no tile of the set left for its known face")
		}
	}
	out := ps[:0]
	for j, t := range ps {
		if !used[j] {
			out = append(out, t)
		}
	}
	*pool = out
	return 0, nil
}
