package upwords

import (
	"fmt"
	"slices"

	"wordengine/game"
	"wordengine/lexicon"
)

// Placement is one tile put on a square by a play (0-based row and column).
type Placement struct {
	Row, Col int
	Tile     lexicon.Tile
}

// squareName writes a square in the notation's coordinates ("E5": column
// letter, row number).
func squareName(r, c int) string { return fmt.Sprintf("%c%d", 'A'+c, r+1) }

// CheckPlay checks, rule by rule and directly on a copy of the board, that
// the player to move may put tiles ps (all in one row or one column; dir
// says which when there is one tile, a hint the canonical form may
// override) and returns the play as a Move with its score. The error says
// which rule fails, naming the square, tile or word. It is the slow
// reference that ParseMove and the tests use; AppendMoves must agree with
// it.
func (s *State) CheckPlay(dir int, ps []Placement) (game.Move, error) {
	if s.over {
		return game.Move{}, fmt.Errorf("the game is over")
	}
	n := s.b.n
	if len(ps) == 0 {
		return game.Move{}, fmt.Errorf("a play places at least one tile")
	}
	if len(ps) > RackSize {
		return game.Move{}, fmt.Errorf("%d tiles: a play places at most %d", len(ps), RackSize)
	}
	r := s.racks[s.toMove]
	for _, p := range ps {
		if p.Tile < 1 || p.Tile > numLetters {
			return game.Move{}, fmt.Errorf("square %s: tile code %d is not a letter", squareName(p.Row, p.Col), p.Tile)
		}
		if r.counts[p.Tile] == 0 {
			rack := s.racks[s.toMove]
			if held := rack.counts[p.Tile]; held > 0 {
				need := 0
				for _, q := range ps {
					if q.Tile == p.Tile {
						need++
					}
				}
				return game.Move{}, fmt.Errorf("the play needs %d %s, the rack %s holds %d", need, tileText(p.Tile), formatTiles(rack.tiles(nil)), held)
			}
			return game.Move{}, fmt.Errorf("no %s on the rack %s for square %s", tileText(p.Tile), formatTiles(rack.tiles(nil)), squareName(p.Row, p.Col))
		}
		r.remove(p.Tile)
	}
	// One row or one column, inside the board, one tile per square.
	if len(ps) > 1 {
		dir = Across
		if ps[0].Row != ps[1].Row {
			dir = Down
		}
	}
	var top [MaxSize * MaxSize]lexicon.Tile
	var h [MaxSize * MaxSize]uint8
	top, h = s.b.top, s.b.h
	isNew := map[int]bool{}
	for _, p := range ps {
		if p.Row < 0 || p.Row >= n || p.Col < 0 || p.Col >= n {
			return game.Move{}, fmt.Errorf("square (%d,%d) is off the %dx%d board", p.Row+1, p.Col+1, n, n)
		}
		if (dir == Across && p.Row != ps[0].Row) || (dir == Down && p.Col != ps[0].Col) {
			return game.Move{}, fmt.Errorf("the tiles are not all in one row or one column (%s)", squareName(p.Row, p.Col))
		}
		i := p.Row*n + p.Col
		if isNew[i] {
			return game.Move{}, fmt.Errorf("square %s gets two tiles: at most one new tile per square", squareName(p.Row, p.Col))
		}
		isNew[i] = true
		if h[i] >= MaxHeight {
			return game.Move{}, fmt.Errorf("square %s: the stack is already %d high", squareName(p.Row, p.Col), MaxHeight)
		}
		if h[i] > 0 && top[i] == p.Tile {
			return game.Move{}, fmt.Errorf("square %s: %s may not be stacked on the same letter", squareName(p.Row, p.Col), tileText(p.Tile))
		}
		top[i] = p.Tile
		h[i]++
	}
	occ := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && h[r*n+c] > 0 }
	// run returns the maximal run along d through (r, c) after the play.
	run := func(r, c, d int) (sq []int) {
		dr, dc := 0, 1
		if d == Down {
			dr, dc = 1, 0
		}
		for occ(r-dr, c-dc) {
			r, c = r-dr, c-dc
		}
		for ; occ(r, c); r, c = r+dr, c+dc {
			sq = append(sq, r*n+c)
		}
		return sq
	}
	if len(ps) == 1 {
		if len(run(ps[0].Row, ps[0].Col, Across)) >= 2 {
			dir = Across
		} else {
			dir = Down
		}
	}
	main := run(ps[0].Row, ps[0].Col, dir)
	for _, p := range ps {
		if !slices.Contains(main, p.Row*n+p.Col) {
			return game.Move{}, fmt.Errorf("the tiles are not contiguous: an empty square lies between them")
		}
	}
	if len(main) < 2 {
		return game.Move{}, fmt.Errorf("the play forms no word of 2 or more letters")
	}
	words := [][]int{main}
	for _, p := range ps {
		if cr := run(p.Row, p.Col, 1-dir); len(cr) >= 2 {
			words = append(words, cr)
		}
	}
	for _, wd := range words {
		ts := make([]lexicon.Tile, len(wd))
		for k, i := range wd {
			ts[k] = top[i]
		}
		if !s.w.contains(ts) {
			return game.Move{}, fmt.Errorf("%s is not a word", formatTiles(ts))
		}
	}
	if s.b.filled == 0 {
		if len(ps) < 2 {
			return game.Move{}, fmt.Errorf("the first play places at least 2 tiles")
		}
		centre := false
		for _, p := range ps {
			centre = centre || s.b.centre(p.Row*n+p.Col)
		}
		if !centre {
			return game.Move{}, fmt.Errorf("the first play covers a centre square (%s, %s, %s or %s)",
				squareName(n/2-1, n/2-1), squareName(n/2-1, n/2), squareName(n/2, n/2-1), squareName(n/2, n/2))
		}
	} else {
		touches := len(words) > 1
		for _, i := range main {
			touches = touches || s.b.h[i] > 0 // read or covered
		}
		if !touches {
			return game.Move{}, fmt.Errorf("the play neither touches nor covers a tile on the board")
		}
	}
	// Whole-word cover: every old word along the line keeps a tile uncovered.
	for k := 0; k < len(main); {
		if s.b.h[main[k]] == 0 {
			k++
			continue
		}
		e := k
		covered := 0
		for e < len(main) && s.b.h[main[e]] > 0 {
			if isNew[main[e]] {
				covered++
			}
			e++
		}
		if e-k >= 2 && covered == e-k {
			old := make([]lexicon.Tile, 0, e-k)
			for _, i := range main[k:e] {
				old = append(old, s.b.top[i])
			}
			return game.Move{}, fmt.Errorf("the play covers every tile of %s: one must stay uncovered", formatTiles(old))
		}
		k = e
	}
	// Bare plural.
	if !s.rules.BarePluralAllowed && len(ps) == 1 && ps[0].Tile == tileS {
		i := ps[0].Row*n + ps[0].Col
		if s.b.h[i] == 0 && main[len(main)-1] == i && len(main) >= 3 && len(words) == 1 {
			return game.Move{}, fmt.Errorf("a lone S added to the end of a word (a bare plural) must also form a word the other way")
		}
	}
	// Score.
	score := 0
	for _, wd := range words {
		flat, qu, sum := true, false, 0
		for _, i := range wd {
			flat = flat && h[i] == 1
			qu = qu || top[i] == tileQu
			sum += int(h[i])
		}
		if flat {
			sum = 2 * len(wd)
			if qu {
				sum += 2
			}
		}
		score += sum
	}
	if len(ps) == RackSize {
		score += Bingo
	}
	// Canonical packing.
	r0, c0 := main[0]/n, main[0]%n
	var mask uint16
	var tiles uint64
	k := 0
	for j, i := range main {
		if isNew[i] {
			mask |= 1 << j
			tiles |= uint64(top[i]) << (8 * k)
			k++
		}
	}
	return packPlay(dir, r0, c0, len(main), mask, k, score, tiles), nil
}

// ScoreTiles returns the points of putting tiles ps on the board (one row
// or column along dir, each square below MaxHeight) without checking the
// other rules (rack, words, connection, cover, plural): the main run
// along dir and every cross run through a new tile, if 2 or more squares
// long, each scored as the package doc says, plus Bingo for 7 tiles. It
// is for scoring examples; the error names a square off the board or a
// full stack.
func (s *State) ScoreTiles(dir int, ps []Placement) (int, error) {
	n := s.b.n
	top, h := s.b.top, s.b.h
	for _, p := range ps {
		if p.Row < 0 || p.Row >= n || p.Col < 0 || p.Col >= n {
			return 0, fmt.Errorf("square (%d,%d) is off the %dx%d board", p.Row+1, p.Col+1, n, n)
		}
		i := p.Row*n + p.Col
		if h[i] >= MaxHeight {
			return 0, fmt.Errorf("square %s: the stack is already %d high", squareName(p.Row, p.Col), MaxHeight)
		}
		top[i] = p.Tile
		h[i]++
	}
	occ := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && h[r*n+c] > 0 }
	runScore := func(r, c, d int) int {
		dr, dc := 0, 1
		if d == Down {
			dr, dc = 1, 0
		}
		for occ(r-dr, c-dc) {
			r, c = r-dr, c-dc
		}
		length, sum, flat, qu := 0, 0, true, false
		for ; occ(r, c); r, c = r+dr, c+dc {
			i := r*n + c
			length++
			sum += int(h[i])
			flat = flat && h[i] == 1
			qu = qu || top[i] == tileQu
		}
		switch {
		case length < 2:
			return 0
		case flat && qu:
			return 2*length + 2
		case flat:
			return 2 * length
		}
		return sum
	}
	if len(ps) == 0 {
		return 0, nil
	}
	score := runScore(ps[0].Row, ps[0].Col, dir)
	for _, p := range ps {
		score += runScore(p.Row, p.Col, 1-dir)
	}
	if len(ps) == RackSize {
		score += Bingo
	}
	return score, nil
}
