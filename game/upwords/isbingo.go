package upwords

import "wordengine/game"

// IsBingo reports whether m is a play of all RackSize tiles, which earns
// the Bingo bonus.
func (s *State) IsBingo(m game.Move) bool {
	return MoveKind(m) == Play && MoveTileCount(m) == RackSize
}
