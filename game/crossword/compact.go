package crossword

// Compact implements game.Compacter: it drops the move generator and its
// scratch memory (anchor tables, word-map buffers, heaps, about 700 KB
// for a WWF position), the board's cross-set memo and log, and the spare
// capacity of the undo stack (128 moves are preallocated, about 19 KB),
// keeping the position, its cross-sets and its history. Play, Undo and
// the move generation work as before, and reallocate what they use.
func (s *State) Compact() {
	s.undo = append([]undoRecord(nil), s.undo...)
	s.gen = nil
	b := s.board
	b.xmemo, b.xmemoLex = nil, nil
	b.logEntries, b.logSquares, b.segs = nil, nil, nil
	b.logOn, b.logging = false, false
}
