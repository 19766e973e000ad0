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

// Viewer is View with a state of its own that it reuses: when the game is
// a game.Copier, each View copies the position into that state instead of
// cloning it, so a runner that asks for a view every turn allocates no
// state, and the view keeps its move generator's scratch memory between
// turns. The zero Viewer is ready to use; use one per seat and goroutine.
// The state returned is the Viewer's: it is valid until the next View.
type Viewer struct {
	scratch game.State
}

// View returns what View(s, rng) returns (a state equal to it, in a game
// with hidden information), reusing the Viewer's state when it can.
func (v *Viewer) View(s game.State, rng *rand.Rand) game.State {
	d, ok := s.(game.Determinizer)
	if !ok {
		return s
	}
	// A view of the Viewer's own state gets a new state, so that s is
	// left as it was.
	if c, ok := v.scratch.(game.Copier); ok && s != v.scratch && c.CopyFrom(s) {
		d = v.scratch.(game.Determinizer)
	} else {
		v.scratch = s.Clone()
		d = v.scratch.(game.Determinizer)
	}
	d.Determinize(s.ToMove(), rng)
	return v.scratch
}
