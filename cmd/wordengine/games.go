package main

import (
	"sort"
	"strings"

	"github.com/spf13/cobra"
)

// The per-game parts of hint and play. The crossword games (wwf,
// scrabble) are built into hint.go and play_cmd.go; every other game adds
// its runners here from an init function in its own files
// (hint_GAME.go, play_GAME.go), so that a new game touches neither
// command's code. The flags the games share (--position, --board,
// --players) are defined once by the commands.
var (
	hintRunners = map[string]func(a *app, c *cobra.Command, f *hintFlags) error{}
	playRunners = map[string]func(a *app, c *cobra.Command, f *playFlags) error{}
)

// crosswordGames are the games hint.go and play_cmd.go serve themselves.
var crosswordGames = []string{"wwf", "scrabble"}

// gameList returns the games a command serves, "wwf, scrabble, upwords
// or wordblock" style: the crossword games first, then the registered
// runners' games, sorted.
func gameList[F any](runners map[string]F) string {
	names := append([]string(nil), crosswordGames...)
	var more []string
	for n := range runners {
		more = append(more, n)
	}
	sort.Strings(more)
	names = append(names, more...)
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
