package wordblock

import (
	"slices"

	"wordengine/game"
	"wordengine/lexicon"
)

// The brute-force generator: every word of the lexicon checked against the
// board's letters and the played words, one cell at a time, with the cell
// choice of the package doc computed from the grid cell by cell. It shares
// nothing with the fast generator but Move packing (a word of more than
// 18 letters is packed as its place in the board's word list).

// naiveOwner returns the owner of (r, c) from the bit sets, -2 off the board.
func naiveOwner(s *State, r, c int) int {
	if r < 0 || c < 0 || r >= s.board.rows || c >= s.board.cols {
		return -2
	}
	return s.Owner(r, c)
}

// naiveSecured applies the rule's definition to one cell.
func naiveSecured(s *State, r, c int) bool {
	o := naiveOwner(s, r, c)
	if o < 0 {
		return false
	}
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if n := naiveOwner(s, r+d[0], c+d[1]); n != -2 && n != o {
			return false
		}
	}
	return true
}

// naiveKey is the preference key of cell (r, c) for seat p: lower first.
func naiveKey(s *State, p, r, c int) uint32 {
	o := naiveOwner(s, r, c)
	sec := naiveSecured(s, r, c)
	idx := uint32(r*stride + c)
	pv := func() uint32 {
		v := 0
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			n := naiveOwner(s, r+d[0], c+d[1])
			switch {
			case n == -2 || n == p:
				v++
			case o >= 0 && n == o && naiveSecured(s, r+d[0], c+d[1]):
				v += 2
			}
		}
		return uint32(v)
	}
	switch {
	case o == p:
		k := uint32(classKeep) << 24
		if sec {
			k |= 1 << 8
		}
		return k | idx
	case o >= 0 && sec:
		return classLocked<<24 | idx
	case o >= 0:
		sub := (15-pv())<<7 | uint32(64-s.Score(o))
		return classTake<<24 | sub<<8 | idx
	}
	return classFree<<24 | (15-pv())<<8 | idx
}

func bruteForce(gs game.State) []game.Move {
	s := gs.(*State)
	if s.Over() {
		return nil
	}
	p := s.ToMove()
	b := &s.board
	// Cells of each letter, best first.
	byLetter := make([][]int, lexicon.MaxLetters+1)
	var key [stride * MaxSize]uint32
	free := 0
	for r := range b.rows {
		for c := range b.cols {
			i := r*stride + c
			key[i] = naiveKey(s, p, r, c)
			byLetter[b.Tile(r, c)] = append(byLetter[b.Tile(r, c)], i)
			if naiveOwner(s, r, c) == -1 {
				free++
			}
		}
	}
	for _, cells := range byLetter {
		slices.SortFunc(cells, func(x, y int) int { return int(key[x]) - int(key[y]) })
	}
	var played [][]lexicon.Tile
	for _, w := range s.PlayedWords(nil) {
		t, err := s.lx.Alphabet.Parse(nil, w)
		if err != nil {
			panic(err)
		}
		played = append(played, t)
	}
	var out []game.Move
	eachWord(s, func(w []lexicon.Tile) bool {
		if len(w) < 2 || len(w) > MaxWordLen {
			return true
		}
		for _, pw := range played {
			if contains(pw, w, s.contain) {
				return true
			}
		}
		var used [lexicon.MaxLetters + 1]int
		cells := make([]uint8, len(w))
		taking := 0
		for _, t := range w {
			if used[t]++; used[t] > len(byLetter[t]) {
				return true
			}
		}
		used = [lexicon.MaxLetters + 1]int{}
		for i, t := range w {
			c := byLetter[t][used[t]]
			used[t]++
			cells[i] = uint8(c)
			if naiveOwner(s, c/stride, c%stride) == -1 {
				taking++
			}
		}
		out = append(out, s.moveOf(w, cells))
		if free == 0 || taking < free {
			return true
		}
		// The second choice: leave the worst uncoloured cell whose letter
		// has a cell to spare.
		j := -1
		for i, t := range w {
			c := int(cells[i])
			if naiveOwner(s, c/stride, c%stride) == -1 && used[t] < len(byLetter[t]) && (j < 0 || key[c] > key[int(cells[j])]) {
				j = i
			}
		}
		if j < 0 {
			return true
		}
		t := w[j]
		set := []int{}
		for k := range used[t] + 1 {
			if byLetter[t][k] != int(cells[j]) {
				set = append(set, byLetter[t][k])
			}
		}
		alt := slices.Clone(cells)
		n := 0
		for i := range w {
			if w[i] == t {
				alt[i] = uint8(set[n])
				n++
			}
		}
		out = append(out, s.moveOf(w, alt))
		return true
	})
	return append(out, Pass)
}

// eachWord calls fn with every word of the game's lexicon: lx's, then
// the long words added to it (the embedded lexicon's, lexicon.DefaultLong).
func eachWord(s *State, fn func(w []lexicon.Tile) bool) {
	s.lx.EachWord(fn)
	if s.long != nil {
		s.long.EachWord(fn)
	}
}
