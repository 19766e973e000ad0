package crossword

import "wordengine/game"

// IsBingo reports whether m is a play of a full rack (Rules.RackSize
// tiles), which earns the bingo bonus.
func (s *State) IsBingo(m game.Move) bool {
	return MoveKind(m) == Play && MoveTileCount(m) >= s.rules.RackSize
}
