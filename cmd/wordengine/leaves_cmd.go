package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"wordengine/eval"
	"wordengine/game"
	"wordengine/game/outfile"
	"wordengine/lexicon"
	"wordengine/search"
)

func init() {
	subcommands = append(subcommands, (*app).leavesCommand)
}

// trainOptions are the flags of `leaves train`.
type trainOptions struct {
	game    string
	games   int
	seed    uint64
	out     string
	player  string
	threads int
	init    string
	shrink  float64
	json    bool
	shard   string
	shards  int
	force   bool
}

func (a *app) leavesCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "leaves",
		Short: "Leave tables: train them by self-play, inspect them",
		Args:  noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return usagef(c.CommandPath(), "leaves: name a subcommand (train, merge, info)")
		},
	}
	c.AddCommand(a.trainCommand(), a.leavesMergeCommand(), a.leavesInfoCommand())
	return c
}

func (a *app) trainCommand() *cobra.Command {
	var o trainOptions
	c := &cobra.Command{
		Use:   "train --game G --games N --seed S --out FILE",
		Short: "Train a leave table by self-play",
		Long: `Train a leave table by self-play (the method is documented in package eval:
mean next-turn score difference per leave, shrunk toward a linear prior fitted
by least squares). Game i is dealt from seed (S, i), so a seed gives the same
table whatever --threads is. --init FILE starts a second generation: the
target adds FILE's value of the leave kept next turn, and the static player
uses FILE. The static and sim players train without their endgame handover
(endgame=off unless --player says otherwise): leaves mean nothing once the bag
is empty, and the solver would make training hundreds of times slower. The output is gzip-compressed when FILE ends in .gz; it is written
under a temporary name in its folder (which must exist) and renamed when
complete; an existing FILE is kept unless --force. A progress bar shows on a terminal; the summary gives games, samples,
distinct leaves and seconds. Ctrl-C (or SIGTERM) stops after the games in
progress and writes the table of the games played: the first N games, so the
table that --games N gives (a shard interrupted writes nothing: run it again).

--shard i/n (or a Slurm array task's or an Indexed Job's index, see
selfplay --help) plays only the games g with g mod n == i and writes the
shard's tally (per leave, samples and summed targets) to --out instead of a
table, atomically; {shard} in --out becomes i. 'leaves merge' joins the
shards' tallies into exactly the table of the unsharded run.`,
		Example: `  wordengine leaves train --game wwf --games 50000 --seed 1 --out wwf-gen1.leaves.gz
  wordengine leaves train --game wwf --games 50000 --seed 2 --player static --init wwf-gen1.leaves.gz --out wwf.leaves.gz
  wordengine leaves train --game wwf --games 50000 --seed 1 --shard 3/8 --out tallies/wwf-{shard}.tally.gz`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return a.train(c, &o) },
	}
	f := c.Flags()
	f.StringVar(&o.game, "game", "wwf", "game: "+strings.Join(game.Names(), ", "))
	intFlag(f, &o.games, "games", 1000, "number of self-play games", gamesSpan)
	f.Uint64Var(&o.seed, "seed", 1, "random seed (game i is dealt from PCG(seed, i))")
	f.StringVar(&o.out, "out", "", "leave file to write; .gz compresses it (required)")
	f.StringVar(&o.player, "player", "greedy", "self-play player, NAME[:OPTIONS]: greedy, static, static:leaves=FILE")
	intFlag(f, &o.threads, "threads", runtime.NumCPU(), "games played at once (0: one per core)", threadsSpan)
	f.StringVar(&o.init, "init", "", "leave table of an earlier generation (bootstraps the target; the static player's table)")
	nonEmptyFlag(f, "out", "give the name of the leave file to write")
	nonEmptyFlag(f, "init", "give a leave table file, or leave out --init")
	f.Float64Var(&o.shrink, "shrink", eval.DefaultShrink, "shrinkage k: a leave seen n times gets (n*mean + k*prior)/(n + k)")
	f.BoolVar(&o.json, "json", false, "write the summary as JSON")
	f.StringVar(&o.shard, "shard", "", "games g with g mod n == i only, writing a tally: "+shardFlagHelp)
	intFlag(f, &o.shards, "shards", 0, shardsFlagHelp, shardsSpan)
	f.BoolVar(&o.force, "force", false, "replace an existing --out file")
	return c
}

// trainReport is the summary of `leaves train` (also as JSON).
type trainReport struct {
	Game          string  `json:"game"`
	Player        string  `json:"player"`
	Seed          uint64  `json:"seed"`
	Threads       int     `json:"threads"`
	Games         int     `json:"games"`
	Moves         int     `json:"moves"`
	Samples       int     `json:"samples"`
	Leaves        int     `json:"leaves"`
	MeanTarget    float64 `json:"mean_target_points"`
	Empty         int     `json:"empty_leave_samples"`
	EmptyMean     float64 `json:"empty_leave_mean_target_points"`
	Seconds       float64 `json:"seconds"`
	GamesPerSec   float64 `json:"games_per_second"`
	Out           string  `json:"out"`
	Init          string  `json:"init,omitempty"`
	Command       string  `json:"command"`
	OutFileBytes  int64   `json:"out_file_bytes"`
	TrainedHeader string  `json:"trained"`
}

func (a *app) train(c *cobra.Command, o *trainOptions) error {
	path := c.CommandPath()
	switch {
	case o.out == "":
		return usagef(path, "--out FILE is required")
	case !gamesSpan.has(o.games):
		return gamesSpan.err(path, "games", o.games)
	case !threadsSpan.has(o.threads):
		return threadsSpan.err(path, "threads", o.threads)
	case o.shrink < 0 || math.IsNaN(o.shrink) || math.IsInf(o.shrink, 0):
		return usagef(path, "--shrink %v: want a finite number, 0 or more", o.shrink)
	}
	o.threads = resolveThreads(o.threads)
	shard, shards, _, sharded, err := a.resolveShard(o.shard, o.shards, c.Flags().Changed("shards"))
	if err != nil {
		return &usageError{cmd: path, err: err}
	}
	if err := checkNewOut("--out", o.out, o.force || sharded); err != nil { // a shard's own --out is checked in trainShard
		return err
	}
	spec, err := game.Lookup(o.game)
	if err != nil {
		return &usageError{cmd: path, err: err}
	}
	lx, err := a.gameLexicon(spec, a.lexiconSpec)
	if err != nil {
		return err
	}
	var init *eval.Leaves
	if o.init != "" {
		if init, err = eval.LoadLeaves(o.init); err != nil {
			return flagFileError("--init", err)
		}
	}
	player := trainingPlayer(o.player, o.init)
	if _, err := search.New(player); err != nil {
		return specError(path, "--player", err)
	}
	// A game the lexicon does not fit is refused here, before the
	// training's progress bar. The tiles' points recorded in the table
	// are the game's own (eval.TilePointer), as TrainConfig.Points nil
	// gives them.
	if _, err := spec.New(game.Config{Lexicon: lx.Lexicon, Rand: rand.New(rand.NewPCG(o.seed, 0))}); err != nil {
		return err
	}
	command := fmt.Sprintf("wordengine leaves train --game %s --games %d --seed %d --player %s --shrink %g",
		o.game, o.games, o.seed, o.player, o.shrink)
	if o.init != "" {
		command += " --init " + filepath.Base(o.init)
	}
	if a.lexiconSpec != "" {
		command += " --lexicon " + a.lexiconSpec
	}

	bar := a.newBar(int64(o.games), "self-play "+o.game,
		progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"),
		progressbar.OptionSetPredictTime(true))
	cfg := eval.TrainConfig{
		Game:      o.game,
		Lexicon:   lx.Lexicon,
		Games:     o.games,
		Seed:      o.seed,
		Threads:   o.threads,
		NewPlayer: func() (eval.Chooser, error) { return search.New(player) },
		Init:      init,
		Shrink:    o.shrink,
		Note:      command,
		Progress: func(int) {
			bar.Add(1)
			if a.afterGame != nil {
				a.afterGame()
			}
		},
	}
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	if sharded {
		cfg.Shard, cfg.Shards = shard, shards
		return a.trainShard(ctx, o, cfg, bar, player)
	}
	start := time.Now()
	l, st, err := eval.Train(ctx, cfg)
	bar.Exit()
	interrupted := err != nil && ctx.Err() != nil && errors.Is(err, context.Cause(ctx))
	if l == nil || (err != nil && !interrupted) {
		if interrupted {
			return fmt.Errorf("leaves train interrupted after %s: no leave recorded yet, nothing written", plural(st.Games, "game"))
		}
		return err
	}
	if err := l.WriteFile(o.out); err != nil {
		return outfile.Explain(o.out, err)
	}
	rep := trainReport{
		Game: o.game, Player: player, Seed: o.seed, Threads: o.threads,
		Games: st.Games, Moves: st.Moves, Samples: st.Samples, Leaves: st.Leaves, MeanTarget: st.Mean, Empty: st.Empty, EmptyMean: st.EmptyMean,
		Seconds: time.Since(start).Seconds(), Out: o.out, Init: o.init, Command: command, TrainedHeader: l.Trained(),
	}
	rep.GamesPerSec = float64(rep.Games) / rep.Seconds
	if fi, err := os.Stat(o.out); err == nil {
		rep.OutFileBytes = fi.Size()
	}
	if o.json {
		if err := writeJSON(a.stdout, rep); err != nil {
			return err
		}
		return trainInterrupted(interrupted, st.Games, o)
	}
	w := a.stdout
	fmt.Fprintf(w, "trained %s leaves by self-play (%s), seed %d, %s\n", o.game, player, o.seed, plural(o.threads, "thread"))
	fmt.Fprintf(w, "games %d, moves %d, samples %d, distinct leaves %d\n", rep.Games, rep.Moves, rep.Samples, rep.Leaves)
	fmt.Fprintf(w, "mean next-turn target %.3f points (after an empty leave: %.3f points, %s)\n", rep.MeanTarget, rep.EmptyMean, plural(int(rep.Empty), "sample"))
	fmt.Fprintf(w, "%.1f s, %.1f games/s\n", rep.Seconds, rep.GamesPerSec)
	fmt.Fprintf(w, "wrote %s: %d bytes\n", o.out, rep.OutFileBytes)
	return trainInterrupted(interrupted, st.Games, o)
}

// trainInterrupted returns the error of a training run that Ctrl-C
// stopped after games games (nil when it was not interrupted).
func trainInterrupted(interrupted bool, games int, o *trainOptions) error {
	if !interrupted {
		return nil
	}
	return fmt.Errorf("leaves train interrupted: %s played; %s holds the table of those games (the one --games %d gives)", ofTotal(games, o.games, "game"), o.out, games)
}

func (a *app) leavesInfoCommand() *cobra.Command {
	var top int
	c := &cobra.Command{
		Use:   "info GAME|FILE [LEAVE...]",
		Short: "Describe a leave table; value leaves",
		Long: `Describe a leave table, the embedded default of a game (` + strings.Join(eval.DefaultGames(), ", ") + `)
or a file: how it was trained, how many leaves it lists, the value of each
single tile and the best and worst listed leaves. Any LEAVE arguments are
valued, in points. A LEAVE is written as tiles on a rack: an upper-case
letter is that letter; ? or a lower-case letter is a blank (a leave's blank
is undesignated, so "e" is the same as "?"); a multi-letter tile may be
bracketed ([QU]). A leave with more tiles than the game's rack holds, or more
copies of a tile than its tile set has, is an error.`,
		Example: `  wordengine leaves info wwf
  wordengine leaves info scrabble ?S QU EEE`,
		Args: minArgs(1, "GAME or FILE"),
		RunE: func(c *cobra.Command, args []string) error { return a.leavesInfo(c, args[0], args[1:], top) },
	}
	intFlag(c.Flags(), &top, "top", 10, "how many best and worst leaves to list (0: none)", leavesTopSpan)
	return c
}

// leavesTopSpan is what leaves info --top allows.
var leavesTopSpan = span{0, maxCount, fmt.Sprintf("0 (none) to %d", maxCount)}

func (a *app) leavesInfo(c *cobra.Command, which string, leaves []string, top int) error {
	if !leavesTopSpan.has(top) {
		return leavesTopSpan.err(c.CommandPath(), "top", top)
	}
	var l *eval.Leaves
	var err error
	if slices.Contains(eval.DefaultGames(), which) {
		l, err = eval.DefaultLeaves(which)
		which = "embedded " + which
	} else {
		l, err = eval.LoadLeaves(which)
		if errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(which, `/\.`) {
			// A bare word that is no file was most likely meant as a game.
			err = fmt.Errorf("%q: no such file, nor a game with an embedded table (%s)", which, strings.Join(eval.DefaultGames(), ", "))
		}
	}
	if err != nil {
		return err
	}
	al := l.Alphabet()
	// Check every leave before any output.
	parsed, err := parseLeaves(c.CommandPath(), l.Game(), al, leaves)
	if err != nil {
		return err
	}
	w := a.stdout
	fmt.Fprintf(w, "%s: game %s, %d letters, %s listed\n", which, l.Game(), al.Size(), plural(l.Len(), "leave"))
	if l.Trained() != "" {
		fmt.Fprintf(w, "trained: %s\n", l.Trained())
	}
	fmt.Fprint(w, "single tiles (points):")
	tiles := append([]lexicon.Tile{lexicon.Blank}, make([]lexicon.Tile, al.Size())...)
	for i := range al.Size() {
		tiles[i+1] = lexicon.Tile(i + 1)
	}
	if lim, ok := leaveLimitsOf(l.Game(), al); ok && lim.counts[lexicon.Blank] == 0 {
		tiles = tiles[1:] // the game has no blank (Upwords): its value means nothing
	}
	for _, t := range tiles {
		fmt.Fprintf(w, " %s %+.1f", al.Letter(t), float64(l.Value([]lexicon.Tile{t}))/1000)
	}
	fmt.Fprintln(w)
	if top > 0 {
		type lv struct {
			s string
			v int64
		}
		var all []lv
		for leave, v := range l.All() {
			all = append(all, lv{leave, v})
		}
		slices.SortStableFunc(all, func(x, y lv) int { return cmp.Compare(y.v, x.v) })
		show := func(title string, xs []lv) {
			fmt.Fprintf(w, "%s:", title)
			for _, x := range xs {
				fmt.Fprintf(w, " %s %+.1f", x.s, float64(x.v)/1000)
			}
			fmt.Fprintln(w)
		}
		n := min(top, len(all))
		show("best", all[:n])
		worst := slices.Clone(all[len(all)-n:])
		slices.Reverse(worst)
		show("worst", worst)
	}
	for i, s := range leaves {
		fmt.Fprintf(w, "%s %+.3f\n", s, float64(l.Value(parsed[i]))/1000)
	}
	return nil
}

// trainingPlayer returns the player spec that leaves train plays: spec,
// with the leave table init for a plain "static", and with the endgame
// handover off for static and sim unless spec sets "endgame" itself.
func trainingPlayer(spec, init string) string {
	name, opts, _ := strings.Cut(spec, ":")
	if name == "static" && opts == "" && init != "" {
		opts = "leaves=" + init
	}
	if name == "static" || name == "sim" {
		has := false
		for _, kv := range strings.Split(opts, ",") {
			if k, _, _ := strings.Cut(kv, "="); strings.TrimSpace(k) == "endgame" {
				has = true
			}
		}
		if !has {
			opts = strings.TrimPrefix(opts+",endgame=off", ",")
		}
	}
	if opts == "" {
		return name
	}
	return name + ":" + opts
}
