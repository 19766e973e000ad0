package crossword

import "wordengine/lexicon"

// Unseen appends to dst the tiles seat p cannot see and returns the
// extended slice: the full tile set minus the tiles on the board (a blank
// on the board counts as a blank, whatever letter it stands for) minus p's
// rack. These are the bag and the opponent's rack together, the "tile
// tracking" view of rules/wwf.md. Tiles come in code order, blanks last
// (lexicon.Blank).
func (s *State) Unseen(dst []lexicon.Tile, p int) []lexicon.Tile {
	ts := s.rules.TileSet
	var left [64]int // by rack index: blanks at 0, letters at their codes
	for t, c := range ts.Counts {
		if t < len(left) {
			left[t] = c
		}
	}
	left[0] = ts.Blanks
	take := func(t lexicon.Tile) {
		if i := rackIndex(t); int(i) < len(left) && left[i] > 0 {
			left[i]--
		}
	}
	for _, t := range s.board.sq {
		if t != 0 {
			take(t)
		}
	}
	for i, c := range s.racks[p].counts { // also by rack index
		left[i] = max(left[i]-int(c), 0)
	}
	for t := 1; t < len(left); t++ {
		for range left[t] {
			dst = append(dst, lexicon.Tile(t))
		}
	}
	for range left[0] {
		dst = append(dst, lexicon.Blank)
	}
	return dst
}
