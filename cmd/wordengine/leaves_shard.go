package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"wordengine/eval"
	"wordengine/game"
	"wordengine/game/outfile"
)

// shardReport is the summary of a sharded `leaves train` (also as JSON).
type shardReport struct {
	Game         string  `json:"game"`
	Player       string  `json:"player"`
	Seed         uint64  `json:"seed"`
	Threads      int     `json:"threads"`
	Shard        int     `json:"shard"`
	Shards       int     `json:"shards"`
	RunGames     int     `json:"run_games"`
	Games        int     `json:"games"`
	Moves        int     `json:"moves"`
	Samples      int     `json:"samples"`
	Seconds      float64 `json:"seconds"`
	GamesPerSec  float64 `json:"games_per_second"`
	Out          string  `json:"out"`
	OutFileBytes int64   `json:"out_file_bytes"`
}

// trainShard plays shard cfg.Shard of cfg.Shards and writes its tally to
// --out (with {shard} replaced).
func (a *app) trainShard(ctx context.Context, o *trainOptions, cfg eval.TrainConfig, bar *progressbar.ProgressBar, player string) error {
	out := shardPath(o.out, cfg.Shard)
	if cfg.Shard < cfg.Games {
		bar.ChangeMax((cfg.Games - cfg.Shard + cfg.Shards - 1) / cfg.Shards)
	} else {
		bar.ChangeMax(0)
	}
	start := time.Now()
	if err := checkNewOut("--out", out, o.force); err != nil {
		return err
	}
	t, st, err := eval.TrainShard(ctx, cfg)
	bar.Finish()
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, context.Cause(ctx)) {
			return fmt.Errorf("leaves train interrupted: shard %d/%d played %s of its %d; nothing written (a shard's tally stands for all its games: run the shard again)",
				cfg.Shard, cfg.Shards, plural(st.Games, "game"), (cfg.Games-cfg.Shard+cfg.Shards-1)/cfg.Shards)
		}
		return err
	}
	if err := t.WriteFile(out); err != nil {
		return outfile.Explain(out, err)
	}
	rep := shardReport{
		Game: o.game, Player: player, Seed: o.seed, Threads: o.threads, Shard: cfg.Shard, Shards: cfg.Shards,
		RunGames: cfg.Games, Games: st.Games, Moves: st.Moves, Samples: st.Samples,
		Seconds: time.Since(start).Seconds(), Out: out,
	}
	if rep.Seconds > 0 {
		rep.GamesPerSec = float64(rep.Games) / rep.Seconds
	}
	if fi, err := os.Stat(out); err == nil {
		rep.OutFileBytes = fi.Size()
	}
	if o.json {
		return writeJSON(a.stdout, rep)
	}
	w := a.stdout
	fmt.Fprintf(w, "trained shard %d/%d of %s leaves by self-play (%s), seed %d, %s\n",
		cfg.Shard, cfg.Shards, o.game, player, o.seed, plural(o.threads, "thread"))
	fmt.Fprintf(w, "games %d of the run's %d, moves %d, samples %d\n", rep.Games, cfg.Games, rep.Moves, rep.Samples)
	fmt.Fprintf(w, "%.1f s, %.1f games/s\n", rep.Seconds, rep.GamesPerSec)
	fmt.Fprintf(w, "wrote tally %s: %d bytes (join the shards with 'wordengine leaves merge')\n", out, rep.OutFileBytes)
	return nil
}

// mergeReport is the summary of `leaves merge` (also as JSON).
type mergeReport struct {
	Game        string  `json:"game"`
	Tallies     int     `json:"tallies"`
	Shards      int     `json:"shards"`
	Missing     []int   `json:"missing_shards"`
	RunGames    int     `json:"run_games"`
	Games       int     `json:"games"`
	Moves       int     `json:"moves"`
	Samples     int     `json:"samples"`
	Leaves      int     `json:"leaves"`
	MeanTarget  float64 `json:"mean_target_points"`
	Empty       int     `json:"empty_leave_samples"`
	EmptyMean   float64 `json:"empty_leave_mean_target_points"`
	Seconds     float64 `json:"shard_seconds"`
	GamesPerSec float64 `json:"games_per_shard_second"`
	Out         string  `json:"out,omitempty"`
	TallyOut    string  `json:"tally_out,omitempty"`
	Trained     string  `json:"trained"`
}

func (a *app) leavesMergeCommand() *cobra.Command {
	var (
		out, tallyOut      string
		partial, js, force bool
	)
	c := &cobra.Command{
		Use:   "merge --out FILE TALLY|DIR...",
		Short: "Join a sharded training run's tallies into its leave table",
		Long: `merge reads the tallies that 'leaves train --shard' wrote (a folder stands
for its *.tally and *.tally.gz files), checks that they are shards of one run
(game, letters, command, seed, games, shards, shrinkage, initial table) with
no shard twice, adds them up and fits the table: with every shard, exactly the
table the unsharded run writes (the same bytes). A shard missing is an error
unless --partial, which fits the shards present (their games only).
--tally-out writes the added-up tally too, which merges again with the rest
of the shards later (a checkpoint of a long run). Writes are atomic; an
existing --out or --tally-out file is kept unless --force.`,
		Example: `  wordengine leaves merge --out wwf.leaves.gz tallies/
  wordengine leaves merge --partial --tally-out done.tally.gz --out wwf-so-far.leaves.gz tallies/wwf-*.tally.gz`,
		Args: minArgs(1, "the tally files (or folders of them) to merge"),
		RunE: func(c *cobra.Command, args []string) error {
			if out == "" && tallyOut == "" {
				return usagef(c.CommandPath(), "--out FILE (the table) or --tally-out FILE is required")
			}
			return a.leavesMerge(args, out, tallyOut, partial, js, force)
		},
	}
	f := c.Flags()
	f.StringVar(&out, "out", "", "leave table to write; .gz compresses it")
	f.StringVar(&tallyOut, "tally-out", "", "also write the merged tally (.gz compresses it)")
	nonEmptyFlag(f, "out", "give the name of the leave table to write")
	nonEmptyFlag(f, "tally-out", "give the name of the tally to write, or leave out --tally-out")
	f.BoolVar(&partial, "partial", false, "fit the shards present when some are missing")
	f.BoolVar(&js, "json", false, "write the summary as JSON")
	f.BoolVar(&force, "force", false, "replace existing --out and --tally-out files")
	return c
}

// tallyFiles expands the arguments of merge: a folder gives its tally
// files, sorted.
func tallyFiles(args []string) ([]string, error) {
	var files []string
	for _, p := range args {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, game.ReadError(p, err)
		}
		if !fi.IsDir() {
			files = append(files, p)
			continue
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return nil, game.ReadError(p, err)
		}
		n := len(files)
		for _, e := range ents {
			if name := e.Name(); !e.IsDir() && (strings.HasSuffix(name, ".tally") || strings.HasSuffix(name, ".tally.gz")) {
				files = append(files, filepath.Join(p, name))
			}
		}
		if len(files) == n {
			return nil, fmt.Errorf("%s: no *.tally or *.tally.gz file in this folder", p)
		}
	}
	return files, nil
}

func (a *app) leavesMerge(args []string, out, tallyOut string, partial, js, force bool) error {
	files, err := tallyFiles(args)
	if err != nil {
		return err
	}
	ts := make([]*eval.Tally, len(files))
	for i, p := range files {
		if ts[i], err = eval.LoadTally(p); err != nil {
			return err
		}
	}
	for _, o := range []struct{ flag, path string }{{"--tally-out", tallyOut}, {"--out", out}} {
		if o.path == "" {
			continue
		}
		if err := checkNewOut(o.flag, o.path, force); err != nil {
			return err
		}
	}
	m, err := eval.MergeTallies(ts, files)
	if err != nil {
		return err
	}
	missing := m.Missing()
	if len(missing) > 0 && !partial {
		return fmt.Errorf("%s of the run's %d %s missing (%s): run them, or give --partial to fit the %s present",
			plural(len(missing), "shard"), m.Shards(), isAre(len(missing)), listShards(missing), plural(m.Shards()-len(missing), "shard"))
	}
	if tallyOut != "" {
		if err := m.WriteFile(tallyOut); err != nil {
			return outfile.Explain(tallyOut, err)
		}
	}
	rep := mergeReport{Game: m.Game(), Tallies: len(ts), Shards: m.Shards(), Missing: missing, RunGames: m.Games(),
		Out: out, TallyOut: tallyOut}
	if rep.Missing == nil {
		rep.Missing = []int{}
	}
	if out != "" {
		l, st, err := m.Fit()
		if err != nil {
			return err
		}
		if err := l.WriteFile(out); err != nil {
			return outfile.Explain(out, err)
		}
		rep.Games, rep.Moves, rep.Samples, rep.Leaves = st.Games, st.Moves, st.Samples, st.Leaves
		rep.MeanTarget, rep.Empty, rep.EmptyMean, rep.Seconds = st.Mean, st.Empty, st.EmptyMean, st.Seconds
		rep.Trained = l.Trained()
	} else {
		rep.Games, rep.Seconds = m.Played(), m.Seconds()
	}
	if rep.Seconds > 0 {
		rep.GamesPerSec = float64(rep.Games) / rep.Seconds
	}
	if js {
		return writeJSON(a.stdout, rep)
	}
	w := a.stdout
	fmt.Fprintf(w, "merged %s of %s leaves: %d of the run's %s", plural(len(ts), "tally file"), m.Game(), m.Shards()-len(missing), plural(m.Shards(), "shard"))
	if len(missing) > 0 {
		fmt.Fprintf(w, " (missing %s)", listShards(missing))
	}
	fmt.Fprintf(w, ", %d of the run's %s\n", rep.Games, plural(int(m.Games()), "game"))
	if out != "" {
		fmt.Fprintf(w, "moves %d, samples %d, distinct leaves %d\n", rep.Moves, rep.Samples, rep.Leaves)
		fmt.Fprintf(w, "mean next-turn target %.3f points (after an empty leave: %.3f points, %s)\n", rep.MeanTarget, rep.EmptyMean, plural(int(rep.Empty), "sample"))
	}
	fmt.Fprintf(w, "shards' time %.1f s, %.1f games per shard-second\n", rep.Seconds, rep.GamesPerSec)
	if tallyOut != "" {
		fmt.Fprintf(w, "wrote tally %s\n", tallyOut)
	}
	if out != "" {
		fmt.Fprintf(w, "wrote %s\n", out)
	}
	return nil
}

// listShards writes shard numbers for a message, the first ten.
func listShards(s []int) string {
	var b strings.Builder
	for i, x := range s[:min(len(s), 10)] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, x)
	}
	if len(s) > 10 {
		fmt.Fprintf(&b, " and %d more", len(s)-10)
	}
	return b.String()
}
