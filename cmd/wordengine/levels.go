package main

import (
	"fmt"
	"strings"

	"wordengine/search"
)

// levelsHelp describes the opponent levels for the help of the commands
// that take --level.
var levelsHelp = fmt.Sprintf(`
Levels (--level N): 1 %s to %d %s. Levels 1 and 2 play
common words only (a small, then a larger dictionary) and pick at random
among their best few moves by score (exchanging or passing only when no
play of their words is legal); 3 plays the words of a large dictionary
and ranks by value (score and the tiles kept); 4 plays any word; below
%d, each overlooks some words. %d is the game's own computer player.
Each level won at least 65 %% of its games against the one below it, in
every game (docs/levels.md).`,
	search.LevelNames[0], search.Levels, search.LevelNames[search.Levels-1], search.Levels, search.Levels)

// levelOrPlayer returns the player spec of a --level value: a whole
// number is a level (1 to search.Levels), "level:N"; anything else is a
// player spec, returned as it is (search.New judges it).
func levelOrPlayer(path, flag, text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" || strings.Trim(text, "+-0123456789") != "" {
		return text, nil
	}
	n, err := search.ParseLevel(text)
	if err != nil {
		return "", usagef(path, "%s %v", flag, err)
	}
	return search.LevelSpecOf(n), nil
}

// levelPlayers returns the players of the main job's --level: one level
// for every one of seats, or one level a seat ("1,3").
func levelPlayers(path, text string, seats int) ([]string, error) {
	parts := strings.Split(text, ",")
	if len(parts) != 1 && len(parts) != seats {
		return nil, usagef(path, "--level %q: give one level for all %d seats, or %d levels, one a seat", text, seats, seats)
	}
	var out []string
	for _, p := range parts {
		n, err := search.ParseLevel(p)
		if err != nil {
			return nil, usagef(path, "--level %v", err)
		}
		out = append(out, search.LevelSpecOf(n))
	}
	for len(out) < seats {
		out = append(out, out[0])
	}
	return out, nil
}

// playerLabel names a player for the main job's lines: its name, and a
// level's number ("level 3").
func playerLabel(p search.Player) string {
	if l, ok := p.(*search.Level); ok {
		return fmt.Sprintf("level %d", l.N)
	}
	return p.Name()
}
