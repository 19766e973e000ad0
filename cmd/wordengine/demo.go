package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/search"
)

// demoRunnersUp is how many runner-up candidates each move line shows.
const demoRunnersUp = 3

// demoFlags are the flags of the main job.
type demoFlags struct {
	game    string
	players string
	boards  bool
}

// runDemo is the main job: one complete computer-against-computer game on
// the chosen lexicon (the embedded English one by default), printing each
// move with its score and the runner-up candidates, the final board and
// the result.
func (a *app) runDemo(c *cobra.Command, f *demoFlags) error {
	seed := a.seed
	if !c.Flags().Changed("seed") {
		seed = rand.Uint64()
	}
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return err
	}
	spec, err := game.Lookup(f.game)
	if err != nil {
		return usagef(c.CommandPath(), "%v", err)
	}
	names := splitPlayers(f.players)
	if emptyPlayer(f.players) {
		return usagef(c.CommandPath(), "--players %q: a player name is empty (two commas in a row, or a comma at an end)", f.players)
	}
	if len(names) != 2 {
		return usagef(c.CommandPath(), "--players %q: want two players, NAME,NAME (known: %s)", f.players, strings.Join(search.Names(), ", "))
	}
	var players [2]search.Player
	for i, n := range names {
		if players[i], err = search.New(strings.TrimSpace(n)); err != nil {
			return specError(c.CommandPath(), "--players", err)
		}
	}
	s, err := spec.New(game.Config{Lexicon: lx.Lexicon, Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		return err
	}
	w := a.stdout
	fmt.Fprintf(w, "wordengine: %s, %s (player 1) against %s (player 2), lexicon %s (%d words)\n",
		f.game, players[0].Name(), players[1].Name(), lx.Name, lx.Words())
	fmt.Fprintf(w, "seed %d (repeat with --seed %d)\n\n", seed, seed)
	rngs := [2]*rand.Rand{rand.New(rand.NewPCG(seed, 2)), rand.New(rand.NewPCG(seed, 3))}
	// Each player decides on its own view (hidden information dealt at
	// random, search.View), from a stream of its own.
	viewRngs := [2]*rand.Rand{rand.New(rand.NewPCG(seed, 12)), rand.New(rand.NewPCG(seed, 13))}
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	racker, _ := s.(game.Racker)
	start := time.Now()
	for turn := 1; !s.Over(); turn++ {
		p := s.ToMove()
		rack := ""
		if racker != nil {
			rack = racker.Alphabet().Format(racker.Rack(nil, p))
		}
		var cands []search.Candidate
		view := search.View(s, viewRngs[p])
		if r, ok := players[p].(search.Ranker); ok {
			if cands, err = r.Rank(ctx, view, nil); err != nil {
				return err
			}
		}
		m, err := players[p].Choose(ctx, view, rngs[p])
		if err != nil {
			return fmt.Errorf("turn %d: %w", turn, err)
		}
		var others []string
		equity := ""
		for _, cd := range cands {
			if cd.Move == m {
				equity = " (" + demoValue(cd.Equity) + ")"
				continue
			}
			if len(others) == demoRunnersUp {
				break
			}
			others = append(others, fmt.Sprintf("%s %d (%s)", s.FormatMove(cd.Move), cd.Score, demoValue(cd.Equity)))
		}
		line := fmt.Sprintf("%3d. player %d %-8s %-22s %+4d%-8s", turn, p+1, rack, s.FormatMove(m), s.MoveScore(m), equity)
		s.Play(m)
		fmt.Fprintf(w, "%s  %4d-%-4d", line, s.Score(0), s.Score(1))
		if len(others) > 0 {
			fmt.Fprintf(w, "  runners-up (score, equity): %s", strings.Join(others, ", "))
		}
		fmt.Fprintln(w)
		if f.boards {
			fmt.Fprintln(w, s.String())
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(w, "\n%s", s.String())
	win := game.Winners(s)
	switch {
	case len(win) == 2:
		fmt.Fprintf(w, "result: a draw, %d-%d", s.Score(0), s.Score(1))
	default:
		fmt.Fprintf(w, "result: player %d (%s) wins %d-%d", win[0]+1, players[win[0]].Name(), s.Score(win[0]), s.Score(1-win[0]))
	}
	if cs, ok := s.(*crossword.State); ok && cs.BagLen() == 0 {
		fmt.Fprint(w, " (scores include the end-of-game rack adjustment)")
	}
	fmt.Fprintf(w, "; played in %.2f s\n", elapsed.Seconds())
	return nil
}

// demoValue writes a player's valuation of a move (milli-points) for the
// game log: points with one decimal, or "win"/"loss" for a valuation
// beyond any evaluation (a move a search found to decide the game).
func demoValue(eq int64) string {
	switch {
	case eq >= search.WinValue/2:
		return "win"
	case eq <= -search.WinValue/2:
		return "loss"
	}
	return fmt.Sprintf("%.1f", float64(eq)/1000)
}
