package upwords

import "wordengine/game"

// IsBingo reports whether m is a play of all RackSize tiles, which earns
// the Bingo bonus.
func (s *State) IsBingo(m game.Move) bool {
	return MoveKind(m) == Play && MoveTileCount(m) == RackSize
}

// Placement implements game.Placer: a play places its tiles (on empty
// squares or on stacks alike), a bingo all RackSize of them (the rules'
// +20); an exchange returns its one tile; a pass does neither.
func (s *State) Placement(m game.Move) game.Placement {
	switch MoveKind(m) {
	case Play:
		n := MoveTileCount(m)
		return game.Placement{Placed: n, Bingo: n == RackSize}
	case Exchange:
		return game.Placement{Exchanged: MoveTileCount(m)}
	}
	return game.Placement{}
}
