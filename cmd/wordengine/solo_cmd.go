package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/search"
)

func init() {
	subcommands = append(subcommands, func(a *app) *cobra.Command { return a.soloCommand() })
}

// soloFlags are the flags of `wordengine solo`.
type soloFlags struct {
	game    string
	variant string
	player  string
	games   int
	seed    uint64
}

func (a *app) soloCommand() *cobra.Command {
	var f soloFlags
	c := &cobra.Command{
		Use:   "solo [--seed S] [--player P] [--games N]",
		Short: "Play WordFlow's solo challenge with a computer player",
		Long: `solo plays WordFlow's solo challenge: a 10x10 frame, a hand of 5 pieces, one
player placing every inner piece and scoring every word it creates; the medals
are Bronze 50, Silver 100, Gold 150 and Master 200 points.

With --games 1 (the default) it prints the finished puzzle, every word scored
(text, path and points), the score and the medal. With --games N it plays the
seeds S, S+1, ..., S+N-1 and reports the mean score with its 95 % interval, the
quartiles and the number of games per medal. --variant changes the rules
(e.g. size=14x12, ends=arrowless, triple-bonus). Ctrl-C (or SIGTERM) stops
after the game in progress and summarises the games finished.`,
		Example: `  wordengine solo --game wordflow --seed 1
  wordengine solo --game wordflow --player greedy --games 100 --seed 1`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          func(c *cobra.Command, _ []string) error { return a.runSolo(c, &f) },
	}
	fl := c.Flags()
	solos := soloGames()
	first := ""
	if len(solos) > 0 {
		first = solos[0]
	}
	fl.StringVar(&f.game, "game", first, "game ("+soloList(solos)+")")
	fl.StringVar(&f.variant, "variant", "", "the game's rule options, key=value[,key=value]")
	fl.StringVar(&f.player, "player", "static", "the player: "+strings.Join(search.Names(), ", "))
	intFlag(fl, &f.games, "games", 1, "number of games (seeds S to S+N-1)", gamesSpan)
	fl.Uint64Var(&f.seed, "seed", 0, "seed of the first game (default: a random seed, printed)")
	return c
}

// soloGames returns the games with a solo challenge (Spec.Solo), sorted.
func soloGames() []string {
	var names []string
	for _, n := range game.Names() {
		if spec, _ := game.Lookup(n); spec.Solo != nil {
			names = append(names, n)
		}
	}
	return names
}

// soloList says which games have a solo challenge: "only wordflow has a
// solo challenge".
func soloList(names []string) string {
	switch len(names) {
	case 0:
		return "no game has a solo challenge"
	case 1:
		return "only " + names[0] + " has a solo challenge"
	}
	return "games with a solo challenge: " + strings.Join(names, ", ")
}

// soloGame is one finished solo game.
type soloGame struct {
	seed  uint64
	state game.SoloReporter
	words []string // "TEXT path (points)", in the order scored (one game only)
	score int
}

func (a *app) runSolo(c *cobra.Command, f *soloFlags) error {
	path := c.CommandPath()
	spec, err := game.Lookup(f.game)
	if err != nil || spec.Solo == nil {
		return usagef(path, "--game %s: %s", f.game, soloList(soloGames()))
	}
	solo := spec.Solo
	if !gamesSpan.has(f.games) {
		return gamesSpan.err(path, "games", f.games)
	}
	if _, err := search.New(f.player); err != nil {
		return specError(path, "--player", err)
	}
	if err := solo.CheckVariant(f.variant); err != nil {
		return usagef(path, "--variant: %v", err)
	}
	if !c.Flags().Changed("seed") {
		f.seed = rand.Uint64() >> 1
	}
	cfg := game.Config{Players: 1, Variant: f.variant}
	if a.lexiconGiven() {
		lx, err := a.loadLexicon(a.lexiconSpec)
		if err != nil {
			return err
		}
		cfg.Lexicon = lx.Lexicon
	}
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	// As selfplay does, a game in progress when Ctrl-C comes is finished:
	// its player gets a context that is not cancelled.
	play := context.WithoutCancel(ctx)
	if f.games == 1 {
		g, err := playSolo(play, spec, cfg, f.player, f.seed, true)
		if err != nil {
			return err
		}
		w := a.stdout
		fmt.Fprintf(w, "%s, %s, player %s, seed %d\n\n", solo.Title, g.state.SoloRules(), f.player, g.seed)
		fmt.Fprint(w, g.state.SoloBoard())
		fmt.Fprintf(w, "\n%s:\n", plural(len(g.words), "word"))
		for _, t := range g.words {
			fmt.Fprintf(w, "  %s\n", t)
		}
		fmt.Fprintf(w, "\nscore %d, medal %s\n", g.score, solo.Medal(g.score))
		return nil
	}
	bar := a.newBar(int64(f.games), "solo", progressbar.OptionShowCount(), progressbar.OptionSetItsString("games"), progressbar.OptionShowIts())
	scores := make([]int, 0, f.games)
	medals := map[string]int{}
	for i := range f.games {
		if ctx.Err() != nil {
			break
		}
		g, err := playSolo(play, spec, cfg, f.player, f.seed+uint64(i), false)
		if err != nil {
			bar.Exit()
			return err
		}
		scores = append(scores, g.score)
		medals[solo.Medal(g.score)]++
		bar.Add(1)
		if a.afterGame != nil {
			a.afterGame()
		}
	}
	bar.Exit()
	writeSoloSummary(a, f, solo, scores, medals)
	if len(scores) < f.games {
		return fmt.Errorf("solo interrupted: %s played; the summary covers them", ofTotal(len(scores), f.games, "game"))
	}
	return nil
}

func writeSoloSummary(a *app, f *soloFlags, solo *game.Solo, scores []int, medals map[string]int) {
	w := a.stdout
	n := len(scores)
	fmt.Fprintf(w, "%s, player %s, seeds %d to %d: %s\n", solo.Title, f.player, f.seed, f.seed+uint64(n)-1, plural(n, "game"))
	if n == 0 {
		return
	}
	sum := 0.0
	for _, s := range scores {
		sum += float64(s)
	}
	mean := sum / float64(n)
	ss := 0.0
	for _, s := range scores {
		ss += (float64(s) - mean) * (float64(s) - mean)
	}
	half := 0.0
	if n > 1 {
		half = 1.96 * math.Sqrt(ss/float64(n-1)/float64(n))
	}
	sorted := slices.Clone(scores)
	slices.Sort(sorted)
	q := func(p float64) int { return sorted[int(p*float64(n-1)+0.5)] }
	fmt.Fprintf(w, "score: mean %.1f [%.1f, %.1f], min %d, quartiles %d / %d / %d, max %d\n",
		mean, mean-half, mean+half, sorted[0], q(0.25), q(0.5), q(0.75), sorted[n-1])
	fmt.Fprintln(w, "medal    points  games      %")
	for _, m := range solo.Medals {
		fmt.Fprintf(w, "%-7s  %5d+  %5d  %5.1f\n", m.Name, m.Points, medals[m.Name], 100*float64(medals[m.Name])/float64(n))
	}
	fmt.Fprintf(w, "%-7s  %6s  %5d  %5.1f\n", "none", "", medals["none"], 100*float64(medals["none"])/float64(n))
}

// playSolo plays the solo game of seed of game spec with the player
// player; words keeps the words of every move for the report.
func playSolo(ctx context.Context, spec game.Spec, cfg game.Config, player string, seed uint64, words bool) (*soloGame, error) {
	cfg.Rand = rand.New(rand.NewPCG(seed, 0x501))
	s, err := spec.New(cfg)
	if err != nil {
		return nil, err
	}
	rep, ok := s.(game.SoloReporter)
	if !ok {
		return nil, fmt.Errorf("%s has a solo challenge but no report of it", spec.Name)
	}
	p, err := search.New(player)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x502))
	g := &soloGame{seed: seed, state: rep}
	for !s.Over() {
		m, err := p.Choose(ctx, s, rng)
		if err != nil {
			return nil, fmt.Errorf("seed %d: %s: %w", seed, player, err)
		}
		if words {
			g.words = append(g.words, rep.SoloWords(m)...)
		}
		s.Play(m)
	}
	g.score = s.Score(0)
	return g, nil
}
