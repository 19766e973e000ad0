package main

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"wordengine/game"
	"wordengine/lexicon"
)

// leaveLimits are what a leave of a game can hold: at most rackSize tiles
// (a leave is what stays on a rack), and of each tile at most the number
// in the game's tile set.
type leaveLimits struct {
	game     string
	rackSize int
	// counts[t] is the number of tiles t in the tile set: letter codes,
	// and lexicon.Blank for the blanks.
	counts map[lexicon.Tile]int
}

// unseener is implemented by the tile games (crossword, upwords): the
// tiles seat p cannot see (the bag and the other racks).
type unseener interface {
	Unseen(dst []lexicon.Tile, p int) []lexicon.Tile
}

// leaveLimitsOf returns the limits of the leaves of the registered game
// name under its default rules and lexicon, read from a freshly dealt game:
// the rack size is the first rack's length, the tile set is that rack plus
// the tiles its player cannot see (nothing is on the board yet). ok is
// false when they cannot be known that way: an unknown game, a game
// without racks, or one whose tile alphabet differs from al (a table
// trained with another language's tiles); leaves are then not checked.
func leaveLimitsOf(name string, al *lexicon.Alphabet) (leaveLimits, bool) {
	spec, err := game.Lookup(name)
	if err != nil {
		return leaveLimits{}, false
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(1, 2))})
	if err != nil {
		return leaveLimits{}, false
	}
	r, ok := s.(game.Racker)
	u, ok2 := s.(unseener)
	if !ok || !ok2 || !slices.Equal(r.Alphabet().Letters(), al.Letters()) {
		return leaveLimits{}, false
	}
	rack := r.Rack(nil, 0)
	if len(rack) == 0 {
		return leaveLimits{}, false
	}
	l := leaveLimits{game: name, rackSize: len(rack), counts: map[lexicon.Tile]int{}}
	for _, t := range u.Unseen(rack, 0) {
		l.counts[undesignated(t)]++
	}
	return l, true
}

// undesignated returns t, or lexicon.Blank for a blank of any designation.
func undesignated(t lexicon.Tile) lexicon.Tile {
	if t.IsBlank() {
		return lexicon.Blank
	}
	return t
}

// check returns why leave ts (blanks undesignated) cannot occur in the
// game, or nil: more tiles than a rack holds, or more copies of a tile than
// the tile set has. Tiles are named in al.
func (l leaveLimits) check(ts []lexicon.Tile, al *lexicon.Alphabet) error {
	if len(ts) > l.rackSize {
		return fmt.Errorf("%d tiles, but a %s rack holds %d", len(ts), l.game, l.rackSize)
	}
	n := map[lexicon.Tile]int{}
	for _, t := range ts {
		n[t]++
	}
	for _, t := range ts {
		if n[t] <= l.counts[t] {
			continue
		}
		has := "none"
		if l.counts[t] > 0 {
			has = fmt.Sprint(l.counts[t])
		}
		if t == lexicon.Blank {
			return fmt.Errorf("%s (? or a lower-case letter), but the %s tile set has %s", plural(n[t], "blank"), l.game, has)
		}
		return fmt.Errorf("%s, but the %s tile set has %s", plural(n[t], al.Letter(t)+" tile"), l.game, has)
	}
	return nil
}

// parseLeaves reads the LEAVE arguments of `leaves info` for a table of
// game in alphabet al: tiles as on a rack, blanks undesignated. A leave
// that does not parse, or cannot occur in the game (leaveLimits.check), is a
// usage error of the command at path naming the leave.
func parseLeaves(path, game string, al *lexicon.Alphabet, leaves []string) ([][]lexicon.Tile, error) {
	if len(leaves) == 0 {
		return nil, nil
	}
	limits, checked := leaveLimitsOf(game, al)
	out := make([][]lexicon.Tile, len(leaves))
	for i, s := range leaves {
		ts, err := al.Parse(nil, s)
		if err != nil {
			return nil, usagef(path, "leave %q: %v", s, err)
		}
		for j, t := range ts {
			ts[j] = undesignated(t)
		}
		if checked {
			if err := limits.check(ts, al); err != nil {
				return nil, usagef(path, "leave %q: %v", s, err)
			}
		}
		out[i] = ts
	}
	return out, nil
}
