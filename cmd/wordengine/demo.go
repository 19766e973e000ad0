package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/driver"
	"wordengine/search"
)

// demoRunnersUp is how many runner-up candidates each move line shows.
const demoRunnersUp = 3

// demoFlags are the flags of the main job.
type demoFlags struct {
	game    string
	variant string
	players string
	level   string
	board   string
	boards  bool
}

// runDemo is the main job: one complete computer-against-computer game of
// any game on the chosen lexicon (by default the game's own, Spec.Lexicon),
// printing each move with its score and the runner-up candidates, the
// final board and the result.
func (a *app) runDemo(c *cobra.Command, f *demoFlags) error {
	path := c.CommandPath()
	spec, err := gameSpec(path, f.game)
	if err != nil {
		return err
	}
	list := f.players
	if !c.Flags().Changed("players") {
		def := spec.Computer
		if def == "" {
			def = "static"
		}
		list = strings.TrimSuffix(strings.Repeat(def+",", spec.Seats()), ",")
	}
	names := splitPlayers(list)
	if c.Flags().Changed("level") {
		if c.Flags().Changed("players") {
			return usagef(path, "--level and --players: give one of them (--players level:N,... mixes levels with other players)")
		}
		if names, err = levelPlayers(path, f.level, spec.Seats()); err != nil {
			return err
		}
		list = strings.Join(names, ",")
	}
	if emptyPlayer(list) {
		return usagef(path, "--players %q: a player name is empty (two commas in a row, or a comma at an end)", list)
	}
	if lo, hi := spec.Players(); len(names) < lo || len(names) > hi {
		want := fmt.Sprintf("%d players", lo)
		if hi > lo {
			want = fmt.Sprintf("%d to %d players", lo, hi)
		}
		return usagef(path, "--players %q: %s takes %s, NAME,NAME... (known: %s)", list, spec.Name, want, strings.Join(search.Names(), ", "))
	}
	players := make([]search.Player, len(names))
	for i, n := range names {
		if players[i], err = search.New(strings.TrimSpace(n)); err != nil {
			return specError(path, "--players", err)
		}
	}
	variant, err := withBoard(path, spec, f.variant, f.board)
	if err != nil {
		return err
	}
	seed := a.seed
	if !c.Flags().Changed("seed") {
		seed = rand.Uint64()
	}
	lx, err := a.gameLexicon(spec, a.lexiconSpec)
	if err != nil {
		return err
	}
	s, err := game.Deal(spec, game.Config{Lexicon: lx.Lexicon, Players: len(players), Variant: variant}, seed, "")
	if err != nil {
		return dealError(path, variant, err)
	}
	w := a.stdout
	var who []string
	for p, pl := range players {
		who = append(who, fmt.Sprintf("%s as %s", playerLabel(pl), spec.SeatName(p)))
	}
	title := spec.Name
	if variant != "" {
		title += " (" + variant + ")"
	}
	fmt.Fprintf(w, "wordengine: %s, lexicon %s (%d words)\n", title, lx.Name, lx.Words())
	fmt.Fprintln(w, driver.Wrap("  "+strings.Join(who, " against "), 80, "  "))
	fmt.Fprintf(w, "seed %d (repeat with --seed %d)\n\n", seed, seed)
	// Each player decides on its own view (hidden information dealt at
	// random), from random streams of its own.
	rngs := make([]*rand.Rand, len(players))
	viewRngs := make([]*rand.Rand, len(players))
	for p := range players {
		rngs[p] = rand.New(rand.NewPCG(seed, uint64(2+p)))
		viewRngs[p] = rand.New(rand.NewPCG(seed, uint64(12+p)))
	}
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	for turn := 1; !s.Over(); turn++ {
		if ctx.Err() != nil {
			return demoInterrupted(w, s, turn, seed)
		}
		p := s.ToMove()
		rack := ""
		if v, ok := s.(game.SeatViewer); ok {
			rack = v.SeatView(p).HandText
		}
		var cands []search.Candidate
		view := driver.ViewFor(s, p, viewRngs[p])
		if r, ok := players[p].(search.Ranker); ok {
			if cands, err = r.Rank(ctx, view, nil); err != nil {
				return err
			}
		}
		m, err := players[p].Choose(ctx, view, rngs[p])
		if ctx.Err() != nil {
			// A search cut short plays a weaker move than the seed's:
			// the game stops before it.
			return demoInterrupted(w, s, turn, seed)
		}
		if err != nil {
			return fmt.Errorf("turn %d: %w", turn, err)
		}
		if _, err := s.ParseMove(view.FormatMove(m)); err != nil {
			return fmt.Errorf("turn %d: %s chose an illegal move %s: %w", turn, players[p].Name(), view.FormatMove(m), err)
		}
		var others []string
		value := ""
		for _, cd := range cands {
			if cd.Move == m {
				value = " (" + demoValue(cd.Equity) + ")"
				continue
			}
			if len(others) == demoRunnersUp {
				break
			}
			others = append(others, fmt.Sprintf("%s %d (%s)", s.FormatMove(cd.Move), cd.Score, demoValue(cd.Equity)))
		}
		score := s.MoveScore(m)
		line := fmt.Sprintf("%3d. player %d %-8s %-20s %+4d%-8s", turn, p+1, rack, s.FormatMove(m), score, value)
		s.Play(m)
		for q := range players {
			line += fmt.Sprintf(" %4d", s.Score(q))
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		if len(others) > 0 {
			fmt.Fprintln(w, clip80("       runners-up (score, equity): "+strings.Join(others, ", ")))
		}
		if f.boards {
			fmt.Fprintln(w, s.String())
		}
		if a.afterTurn != nil {
			a.afterTurn()
		}
	}
	elapsed := time.Since(start)
	demoBoard(w, s)
	win := game.Winners(s)
	scores := make([]string, len(players))
	for q := range players {
		scores[q] = fmt.Sprint(s.Score(q))
	}
	switch {
	case len(win) == len(players) && len(players) > 1:
		fmt.Fprintf(w, "result: a draw, %s", strings.Join(scores, " to "))
	case len(win) > 1:
		var names []string
		for _, p := range win {
			names = append(names, fmt.Sprintf("player %d", p+1))
		}
		fmt.Fprintf(w, "result: a shared win (%s), %s", strings.Join(names, ", "), strings.Join(scores, " to "))
	case len(players) == 1:
		fmt.Fprintf(w, "result: %s", spec.UnitName(s.Score(0)))
	default:
		order := []string{scores[win[0]]}
		for q := range players {
			if q != win[0] {
				order = append(order, scores[q])
			}
		}
		fmt.Fprintf(w, "result: player %d (%s) wins %s", win[0]+1, playerLabel(players[win[0]]), strings.Join(order, " to "))
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

// clip80 cuts a line to 80 columns.
func clip80(line string) string {
	if r := []rune(line); len(r) > driver.Width {
		return string(r[:driver.Width-3]) + "..."
	}
	return line
}

// demoBoard prints the board of s as everybody sees it, with the game's
// status lines.
func demoBoard(w io.Writer, s game.State) {
	if d, ok := s.(game.Drawer); ok {
		fmt.Fprintf(w, "\n%s", d.Draw(game.DrawOptions{Seat: -1}))
	} else {
		fmt.Fprintf(w, "\n%s", s.String())
	}
	if v, ok := s.(game.SeatViewer); ok {
		for _, l := range v.SeatView(0).Status {
			fmt.Fprintln(w, driver.Wrap(l, 80, ""))
		}
	}
}

// demoInterrupted ends a main job interrupted before turn: the board
// and the scores so far, and an error that says so (the game is not
// complete; its seed repeats it).
func demoInterrupted(w io.Writer, s game.State, turn int, seed uint64) error {
	demoBoard(w, s)
	scores := make([]string, s.Players())
	for q := range scores {
		scores[q] = fmt.Sprint(s.Score(q))
	}
	fmt.Fprintf(w, "unfinished: %s after %s\n", strings.Join(scores, " to "), plural(turn-1, "move"))
	return fmt.Errorf("interrupted at turn %d: the game is unfinished; the seed is %d (repeat with --seed %d)", turn, seed, seed)
}
