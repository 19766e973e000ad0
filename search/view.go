package search

import (
	"math/rand/v2"

	"wordengine/game"
)

// View returns the position a player should decide on in s: for a game
// with hidden information (a game.Determinizer) a clone of s determinized
// for the player to move with rng, so that the player cannot read what
// that seat may not see (the opponent's rack, hidden faces, the bag
// order); for any other game s itself. Runners (self-play, the demo, play)
// pass View to Player.Choose instead of the true state; rng should be a
// stream of the mover's own, apart from the one Choose gets, so that
// results stay reproducible for a seed. A move chosen on the view is legal
// in s: a determinization changes nothing the mover sees.
func View(s game.State, rng *rand.Rand) game.State {
	if _, ok := s.(game.Determinizer); !ok {
		return s
	}
	c := s.Clone()
	c.(game.Determinizer).Determinize(s.ToMove(), rng)
	return c
}
