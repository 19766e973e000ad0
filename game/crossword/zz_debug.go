package crossword

// DebugLastTile reports whether the last anchor handed out is a tile.
func (s *State) DebugLastTile() bool {
	g := s.gen
	a := g.bounded.order[g.bounded.next-1]
	return g.bounded.lanes[a.d][a.lane].tiles[a.pos] != 0
}

func (s *State) DebugLastBound() int64 {
	g := s.gen
	return g.bounded.order[g.bounded.next-1].bound
}
