package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"wordengine/bench"
	"wordengine/game"
	"wordengine/search"
)

func init() {
	subcommands = append(subcommands, func(a *app) *cobra.Command { return a.selfplayCommand() })
}

// selfplayFlags are the flags of `wordengine selfplay`.
type selfplayFlags struct {
	game    string
	variant string
	players string
	games   int
	threads int
	seed    uint64
	out     string
	force   bool
	resume  bool
	shard   string
	shards  int
	json    bool
	paired  bool
}

func (a *app) selfplayCommand() *cobra.Command {
	var f selfplayFlags
	c := &cobra.Command{
		Use:   "selfplay --players A,B[,C,D] [flags]",
		Short: "Play a tournament between computer players",
		Long: `selfplay plays paired games between two to four players and summarises them:
per player wins, draws and losses, the win % (a draw counts half) with its 95 %
Wilson interval, the mean spread with its 95 % t interval (over deals), for two
players the Elo difference with its interval, the same per seat, and games/s.
In the games whose plays place tiles from a rack (WWF, Scrabble, Upwords) it
also gives each player's moves a game, tiles placed a move (exchanges and
passes place none) and a play, bingos a game (plays of all 7 tiles of a full
rack) and the % of its moves that are exchanges and passes.

Each deal is played once per seat rotation (two players: twice, seats swapped),
with the same tiles, so --games is rounded up to a multiple of the number of
players. The rotation stands in for a match's own rule for who opens (in
WordBlock the loser of a game opens the next, as 'play' does): every player
opens every deal once, so no game depends on an earlier one. Every game's
randomness derives from --seed, the deal and the rotation: the results of a
seed are the same whatever --threads is.

--paired-streams gives common random numbers: the player in each seat draws
the same random streams (its own choices, and its guesses at the hidden
tiles) in every rotation of a deal, not one stream per rotation. Two players
that differ in one respect only (sim against sim:endgame=off, say) then play
the same moves up to where they differ, as deterministic players (static) do
anyway, so each deal measures that difference alone and the intervals narrow
with far fewer games. It changes the games of a seed, so it is off by default
(the results of a seed stay those recorded before); the --out file records it.

--out writes one JSON line per game after a "match" line, under a temporary
name in the file's folder renamed to FILE at the end; an existing FILE is kept
unless --force (replaced only when the new file is complete) or --resume.
--shard i/n plays only the deals d with d mod n == i, so a long match can be
split across machines (give every shard the same --seed and --games);
'selfplay merge' joins the shards' files into exactly the unsharded result.
Without --shard, a task of a Slurm job array ($SLURM_ARRAY_TASK_ID of
$SLURM_ARRAY_TASK_COUNT) or of a Kubernetes Indexed Job ($JOB_COMPLETION_INDEX
of --shards N) plays its own shard; {shard} in --out becomes the shard's index.

Ctrl-C (or SIGTERM) stops after the games in progress, writes them to --out and
summarises the games finished; the same command with --resume then plays the
games the file lacks (--seed may be left out: the file has it), giving the
file and summary of an uninterrupted run.
` + playersHelp,
		Example: `  wordengine selfplay --players greedy,random --games 200 --seed 1
  wordengine selfplay --game scrabble --players static,greedy --games 10000 --threads 2 --out results.jsonl
  wordengine selfplay --players static,greedy --games 100000 --seed 7 --shard 0/4 --out s0.jsonl
  wordengine selfplay merge s0.jsonl s1.jsonl s2.jsonl s3.jsonl`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          func(c *cobra.Command, _ []string) error { return a.runSelfplay(c, &f) },
	}
	fl := c.Flags()
	fl.StringVar(&f.game, "game", "wwf", "game: "+strings.Join(game.Names(), ", "))
	fl.StringVar(&f.variant, "variant", "", "the game's rule options, key=value[,key=value]")
	fl.StringVar(&f.players, "players", "", "two to four players, A,B[,C,D], each NAME or NAME:key=value[,key=value]: "+strings.Join(search.Names(), ", ")+" (required)")
	intFlag(fl, &f.games, "games", 100, "games of the whole match (all shards), rounded up to a multiple of the players", gamesSpan)
	intFlag(fl, &f.threads, "threads", runtime.NumCPU(), "games played at once (0: one per core)", threadsSpan)
	fl.Uint64Var(&f.seed, "seed", 0, "match seed (default: a random seed, printed; required with --shard)")
	fl.StringVar(&f.out, "out", "", "write the games as JSON lines to this file")
	nonEmptyFlag(fl, "out", "give a file name, or leave out --out for no file")
	fl.BoolVar(&f.force, "force", false, "replace an existing --out file")
	fl.BoolVar(&f.resume, "resume", false, "continue the --out file of an interrupted run of the same match")
	fl.StringVar(&f.shard, "shard", "", "deals d with d mod n == i only: "+shardFlagHelp+"; {shard} in --out becomes i")
	intFlag(fl, &f.shards, "shards", 0, shardsFlagHelp, shardsSpan)
	fl.BoolVar(&f.json, "json", false, "write the summary as JSON")
	fl.BoolVar(&f.paired, "paired-streams", false, "common random numbers: each seat's player draws the same random streams in every rotation of a deal, so players that differ in one respect play alike up to it")
	c.AddCommand(a.selfplayMergeCommand())
	return c
}

func (a *app) selfplayMergeCommand() *cobra.Command {
	var (
		out      string
		jsonFlag bool
		force    bool
	)
	c := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Join the JSON lines files of the shards of one match",
		Long: `merge reads the files that 'selfplay --out' wrote for the shards of one match,
checks that they belong to the same match (game, variant, lexicon, players,
games, seed) and hold no game twice, and prints the summary of all their games:
with every shard present, exactly the summary of the unsharded match. --out
writes the merged file (the unsharded match's lines, in game order).`,
		Example:       `  wordengine selfplay merge --out all.jsonl s0.jsonl s1.jsonl s2.jsonl s3.jsonl`,
		Args:          minArgs(1, "the files to merge"),
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE: func(c *cobra.Command, args []string) error {
			return a.runSelfplayMerge(args, out, jsonFlag, force)
		},
	}
	c.Flags().StringVar(&out, "out", "", "write the merged games as JSON lines to this file (an existing file is kept unless --force; never one of the files merged)")
	nonEmptyFlag(c.Flags(), "out", "give a file name, or leave out --out for no file")
	c.Flags().BoolVar(&force, "force", false, "replace an existing --out file")
	c.Flags().BoolVar(&jsonFlag, "json", false, "write the summary as JSON")
	return c
}

// parseShard reads "i/n" with 0 <= i < n.
func parseShard(s string) (i, n int, err error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return 0, 0, fmt.Errorf("--shard %q: want i/n, e.g. 0/4", s)
	case n < 1:
		return 0, 0, fmt.Errorf("--shard %q: want n >= 1 shards", s)
	case i < 0 || i >= n:
		return 0, 0, fmt.Errorf("--shard %q: want 0 <= i < n (shards are numbered from 0)", s)
	}
	return i, n, nil
}

func (a *app) runSelfplay(c *cobra.Command, f *selfplayFlags) error {
	path := c.CommandPath()
	players := splitPlayers(f.players)
	switch {
	case f.players == "":
		return usagef(path, "--players is required: two to four of %s, e.g. --players greedy,random", strings.Join(search.Names(), ", "))
	case emptyPlayer(f.players):
		return usagef(path, "--players %q: a player name is empty (two commas in a row, or a comma at an end)", f.players)
	case len(players) < 2 || len(players) > bench.MaxPlayers:
		return usagef(path, "--players %q: want 2 to %d players, A,B[,C,D]", f.players, bench.MaxPlayers)
	case !gamesSpan.has(f.games):
		return gamesSpan.err(path, "games", f.games)
	case !threadsSpan.has(f.threads):
		return threadsSpan.err(path, "threads", f.threads)
	}
	m := bench.Match{Game: f.game, Variant: f.variant, Players: players, Games: f.games, Seed: f.seed, Threads: resolveThreads(f.threads), PairedStreams: f.paired}
	seedGiven := c.Flags().Changed("seed")
	shardI, shardN, shardSrc, sharded, err := a.resolveShard(f.shard, f.shards, c.Flags().Changed("shards"))
	if err != nil {
		return &usageError{cmd: path, err: err}
	}
	if sharded {
		m.Shard, m.Shards = shardI, shardN
		f.out = shardPath(f.out, shardI)
	}
	var prior *bench.File // the record continued by --resume
	switch {
	case f.resume && f.out == "":
		return usagef(path, "--resume needs --out FILE: the record to continue")
	case f.resume && f.force:
		return usagef(path, "--resume and --force: --resume continues --out FILE, --force replaces it; choose one")
	case f.out != "":
		if err := checkOutFolder("--out", f.out); err != nil {
			return err
		}
		_, statErr := os.Stat(f.out)
		exists := statErr == nil
		switch {
		case f.resume && !exists:
			return fmt.Errorf("--resume: %s does not exist: nothing to continue (leave out --resume to start it)", f.out)
		case f.resume:
			var err error
			if prior, err = bench.ReadFile(f.out); err != nil {
				return fmt.Errorf("--resume: %w", err)
			}
			a.warnCut(c.CommandPath(), prior)
			if !seedGiven {
				m.Seed, seedGiven = prior.Header.Seed, true
			}
		case exists && !f.force:
			return fmt.Errorf("--out %s exists: --resume continues it, --force replaces it", f.out)
		}
	}
	if sharded && !seedGiven {
		return usagef(path, "%s needs --seed: every shard of a match must play the same seed", shardNeeds(f.shard, shardSrc))
	}
	if !seedGiven {
		m.Seed = rand.Uint64()
	}
	m.Games = bench.RoundGames(f.games, len(players))
	if a.lexiconGiven() {
		lx, err := a.loadLexicon(a.lexiconSpec)
		if err != nil {
			return err
		}
		m.Lexicon = lx.Lexicon
	}
	for _, p := range players {
		// As the main job and hint do: name the flag of a bad player spec.
		if _, err := search.New(p); err != nil {
			return specError(path, "--players", err)
		}
	}
	if err := m.Check(); err != nil {
		return usageUnlessFile(path, err)
	}
	if m.Games != f.games {
		fmt.Fprintf(a.stderr, "selfplay: --games %d rounded up to %d: each deal is played once per seat rotation (%d)\n", f.games, m.Games, len(players))
	}

	h := m.Header()
	tally := bench.NewTally(h)
	if prior != nil {
		var err error
		if m.Skip, err = bench.Resumable(h, prior); err != nil {
			return fmt.Errorf("--resume: %w", err)
		}
		for i := range prior.Results {
			tally.Add(&prior.Results[i])
		}
	}
	var (
		rec  *bench.Encoder
		file *outFile
	)
	if f.out != "" {
		var err error
		if file, err = createOut(f.out); err != nil {
			return err
		}
		defer file.Discard()
		rec = bench.NewEncoder(file)
		if err := rec.Header(h); err != nil {
			return err
		}
		if prior != nil {
			for i := range prior.Results {
				if err := rec.Result(&prior.Results[i]); err != nil {
					return err
				}
			}
		}
		if err := file.Flush(); err != nil {
			return err
		}
	}
	if a.progress {
		// Beside the progress bar: what is running (the summary repeats it).
		fmt.Fprintf(a.stderr, "selfplay: %s, %s, seed %d (repeat with --seed %d), %s\n",
			strings.Join(labelled(players), " against "), plural(h.Expected(), "game"), m.Seed, m.Seed, plural(m.Threads, "thread"))
	}
	bar := a.newBar(int64(h.Expected()-m.Skip), "selfplay",
		progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"),
		progressbar.OptionSetPredictTime(true))
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	runErr := bench.Run(ctx, m, func(r bench.Result) error {
		tally.Add(&r)
		bar.Add(1)
		if a.afterGame != nil {
			a.afterGame()
		}
		if rec != nil {
			if err := rec.Result(&r); err != nil {
				return err
			}
			// Each game reaches the temporary file as it ends, so that a
			// run killed outright leaves it there.
			return file.Flush()
		}
		return nil
	})
	elapsed := time.Since(start)
	bar.Exit()
	interrupted := runErr != nil && ctx.Err() != nil && errors.Is(runErr, context.Cause(ctx))
	if file != nil && (runErr == nil || interrupted) {
		// An interrupted run's record is complete as far as it goes: the
		// shard's first games, which --resume continues.
		if err := file.Commit(); err != nil {
			runErr, interrupted = err, false
		}
	}
	if runErr != nil && !interrupted {
		if errors.Is(runErr, bench.ErrInvalid) {
			return usageUnlessFile(path, runErr)
		}
		return runErr
	}
	if prior != nil {
		// The earlier run's wall time is unknown: as for a merge, the
		// summary gives the games' own times only.
		elapsed = 0
	}
	sum := tally.Summary(elapsed, m.Threads)
	if err := a.writeSummary(sum, f.json); err != nil {
		return err
	}
	if interrupted {
		covers := "the summary covers them"
		if f.out != "" {
			covers = "the summary and " + f.out + " cover them; --resume plays the rest"
		}
		return fmt.Errorf("selfplay interrupted: %d of %d games played; %s", sum.Games, sum.Expected, covers)
	}
	return nil
}

// labelled returns the players as "A greedy", "B random", ...
func labelled(players []string) []string {
	out := make([]string, len(players))
	for i, p := range players {
		out[i] = bench.Label(i) + " " + p
	}
	return out
}

func (a *app) writeSummary(s *bench.Summary, asJSON bool) error {
	if asJSON {
		return writeJSON(a.stdout, s)
	}
	return s.WriteText(a.stdout)
}

func (a *app) runSelfplayMerge(paths []string, out string, asJSON, force bool) error {
	if out != "" {
		for _, p := range paths {
			if sameFile(p, out) {
				return fmt.Errorf("--out %s is one of the files to merge: write the merged games to another file", out)
			}
		}
		if err := checkNewOut("--out", out, force); err != nil {
			return err
		}
	}
	var files []*bench.File
	for _, p := range paths {
		f, err := bench.ReadFile(p)
		if err != nil {
			return err
		}
		a.warnCut("selfplay merge", f)
		files = append(files, f)
	}
	merged, err := bench.Merge(files)
	if err != nil {
		return err
	}
	if out != "" {
		if err := writeRecord(out, merged); err != nil {
			return err
		}
	}
	sum := bench.Summarize(merged)
	if sum.Games != sum.Expected {
		fmt.Fprintf(a.stderr, "selfplay merge: %d of the match's %d games: a shard is missing or was interrupted\n", sum.Games, sum.Expected)
	}
	return a.writeSummary(sum, asJSON)
}

// warnCut warns on stderr when f's last line was cut off and ignored.
func (a *app) warnCut(cmd string, f *bench.File) {
	if f.Cut > 0 {
		fmt.Fprintf(a.stderr, "%s: %s:%d: the last line is cut off (the run writing it stopped mid-line?): ignored\n", cmd, f.Name, f.Cut)
	}
}

// writeRecord writes f as JSON lines to the file at path, replacing it
// only when complete.
func writeRecord(path string, f *bench.File) error {
	return writeOut(path, func(w io.Writer) error { return writeRecordTo(w, f) })
}

func writeRecordTo(w io.Writer, f *bench.File) error {
	enc := bench.NewEncoder(w)
	if err := enc.Header(f.Header); err != nil {
		return err
	}
	for i := range f.Results {
		if err := enc.Result(&f.Results[i]); err != nil {
			return err
		}
	}
	return nil
}

// sameFile reports whether paths a and b name the same existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
