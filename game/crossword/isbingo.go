package crossword

import "wordengine/game"

// IsBingo reports whether m is a play of a full rack (Rules.RackSize
// tiles), which earns the bingo bonus.
func (s *State) IsBingo(m game.Move) bool {
	return MoveKind(m) == Play && MoveTileCount(m) >= s.rules.RackSize
}

// Placement implements game.Placer: a play places its tiles, a bingo
// all Rules.RackSize of them; an exchange returns its tiles; a pass and a
// resignation do neither.
func (s *State) Placement(m game.Move) game.Placement {
	switch MoveKind(m) {
	case Play:
		n := MoveTileCount(m)
		return game.Placement{Placed: n, Bingo: n >= s.rules.RackSize}
	case Exchange:
		return game.Placement{Exchanged: MoveTileCount(m)}
	}
	return game.Placement{}
}
