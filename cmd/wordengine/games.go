package main

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/search"
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

// playSetup is what the play of every game other than wwf and scrabble
// reads from the shared flags.
type playSetup struct {
	seed  uint64 // --seed, else a random seed
	human int    // the human's seat
	name  string // --name, else $USER, else "you"
}

// setupPlay checks --first and returns the game's seed, the human's seat
// among n (0 with one seat; seat 1 for --first computer; for random, drawn
// from the seed) and the human's name. The error is a usage error.
func (a *app) setupPlay(c *cobra.Command, f *playFlags, n int) (playSetup, error) {
	switch f.first {
	case "human", "computer", "random":
	default:
		return playSetup{}, usagef(c.CommandPath(), "--first %q: want human, computer or random", f.first)
	}
	ps := playSetup{seed: a.seed}
	if !c.Flags().Changed("seed") {
		ps.seed = rand.Uint64()
	}
	switch {
	case n == 1:
	case f.first == "computer":
		ps.human = 1
	case f.first == "random":
		ps.human = rand.New(rand.NewPCG(ps.seed, 4)).IntN(n)
	}
	ps.name = strings.TrimSpace(f.name)
	if ps.name == "" {
		ps.name = strings.TrimSpace(a.getenv("USER"))
	}
	if ps.name == "" {
		ps.name = "you"
	}
	return ps, nil
}

// playInput returns the human's line input on c's standard input (close
// it when the game is over), whether to echo the lines read (the input is
// not a terminal), and c's context.
func playInput(c *cobra.Command) (in *lineInput, echo bool, ctx context.Context) {
	r := c.InOrStdin()
	ctx = c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	return newLineInput(r), !isTerminalReader(r), ctx
}

// readPosition reads a position file of a game: file, or in when file is
// "-". name is what error messages call it (the path, or "standard
// input"); the error is the reader's.
func readPosition(in io.Reader, file string) (data []byte, name string, err error) {
	if file == "-" {
		data, err = io.ReadAll(in)
		return data, "standard input", err
	}
	data, err = os.ReadFile(file)
	return data, file, err
}

// hintRank returns the ranking a hint shows for player (named spec) in s:
// its candidates, best first, when it is a search.Ranker; otherwise
// greedy's candidates (rankedBy "greedy") and choice, the move the player
// chooses on a clone of s with the random stream (seed, 2). The error is
// the player's.
func hintRank(ctx context.Context, player search.Player, spec string, s game.State, seed uint64) (cands []search.Candidate, choice game.Move, ranks bool, rankedBy string, err error) {
	rk, ranks := player.(search.Ranker)
	rankedBy = spec
	if !ranks {
		if choice, err = player.Choose(ctx, s.Clone(), rand.New(rand.NewPCG(seed, 2))); err != nil {
			return nil, choice, false, "", err
		}
		rk, rankedBy = search.Greedy{}, "greedy"
	}
	cands, err = rk.Rank(ctx, s, nil)
	return cands, choice, ranks, rankedBy, err
}

// hintShown reports whether a hint lists candidate i (move m): the first
// top candidates (all when top is 0), and the choice of a player that
// cannot rank wherever it stands, which chosen marks.
func hintShown(i, top int, m, choice game.Move, ranks bool) (show, chosen bool) {
	chosen = !ranks && m == choice
	return top <= 0 || i < top || chosen, chosen
}
