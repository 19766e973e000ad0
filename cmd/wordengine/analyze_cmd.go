package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/search"
	"wordengine/search/analysis"
)

func init() {
	subcommands = append(subcommands, (*app).analyzeCommand)
}

// analyzeFlags are the flags of `wordengine analyze`.
type analyzeFlags struct {
	game    string
	variant string
	player  string
	threads int
	json    bool
	quiet   bool
	plot    string
	seed    uint64
}

func (a *app) analyzeCommand() *cobra.Command {
	var f analyzeFlags
	c := &cobra.Command{
		Use:   "analyze FILE|DIR...",
		Short: "Annotate recorded games move by move: best move, value lost",
		Long: `analyze replays each game record (a GCG file or a JSON record of the other
games, or every record under a folder) and, for every move, sets what the
mover knew (the recorded rack; in games with hidden information the mover's
own view, the rest drawn at random) beside the move played: its value and
rank among the legal moves, the best move and its value, the value lost, and
in games with bingos whether one was available and missed. Per player it sums
up the moves, the best moves found, the total and mean value lost and the
bingos missed.

--player chooses who values the moves: static (score plus leave: one bounded
move generation per move), sim:OPTIONS (simulation; the move played is
simulated among the candidates), endgame, or any player of selfplay. A folder's
records are analysed on --threads goroutines; the results are the same
whatever the number of threads. The game and lexicon of a record come from
--game and --lexicon, else from the record (as validate finds them).`,
		Example: `  wordengine analyze game.gcg
  wordengine analyze --quiet --threads 2 ../shared/data/gcg
  wordengine analyze --player sim:plies=2,iterations=100 --json game.gcg
  wordengine analyze --plot game.png game.gcg`,
		Args:          minArgs(1, "record files or folders of them"),
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          func(c *cobra.Command, args []string) error { return a.runAnalyze(c, &f, args) },
	}
	fl := c.Flags()
	fl.StringVar(&f.game, "game", "", "the game of every record (wwf or scrabble for GCG); default: what each record names or fits")
	fl.StringVar(&f.variant, "variant", "", "rule options, key=value[,key=value]")
	fl.StringVar(&f.player, "player", "static", "who values the moves: static, sim[:OPTIONS], endgame, ... ("+strings.Join(search.Names(), ", ")+")")
	intFlag(fl, &f.threads, "threads", 0, "records analysed at once (0: one per core)", threadsSpan)
	fl.BoolVar(&f.json, "json", false, "write JSON: every record's moves and players, and a summary")
	fl.BoolVar(&f.quiet, "quiet", false, "print only each record's players and the summary, not every move")
	fl.StringVar(&f.plot, "plot", "", "with one record: draw both scores and each player's cumulative value lost by turn to this file, in the format of its extension: "+plotFormatsHelp())
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the hidden information drawn for the movers' views")
	nonEmptyFlag(fl, "plot", "give a file name such as game.png, or leave out --plot")
	return c
}

// analyzeSummary totals an analyze run.
type analyzeSummary struct {
	Player   string  `json:"player"`
	Records  int     `json:"records"`
	Failed   int     `json:"failed"`
	Moves    int     `json:"moves"`
	Analysed int     `json:"analysed"`
	Threads  int     `json:"threads"`
	Seconds  float64 `json:"seconds"`
	PerSec   float64 `json:"moves_per_second"`
	// CPUSeconds is the process's CPU time over the analysis (0 when not
	// known); PerCPUSec the moves analysed per CPU second, a measure that
	// the machine's other load does not change.
	CPUSeconds float64         `json:"cpu_seconds,omitempty"`
	PerCPUSec  float64         `json:"moves_per_cpu_second,omitempty"`
	Lost       analysis.Spread `json:"mean_lost_per_player"`
	// Interrupted counts the records that an interruption (Ctrl-C,
	// SIGTERM) stopped before their end; the moves analysed before it
	// are kept, records not begun are left out.
	Interrupted int `json:"interrupted,omitempty"`
}

func (a *app) runAnalyze(c *cobra.Command, f *analyzeFlags, args []string) error {
	path := c.CommandPath()
	if !threadsSpan.has(f.threads) {
		return threadsSpan.err(path, "threads", f.threads)
	}
	if _, err := search.New(f.player); err != nil {
		return specError(path, "--player", err)
	}
	gameSet, variantSet := c.Flags().Changed("game"), c.Flags().Changed("variant")
	if gameSet {
		if err := checkRecordGame(f.game, f.variant); err != nil {
			return usagef(path, "--game %s --variant %q: %v", f.game, f.variant, err)
		}
	}
	files, err := recordFiles(args)
	if err != nil {
		return err
	}
	if f.plot != "" && len(files) != 1 {
		return usagef(path, "--plot draws one record: %d given", len(files))
	}
	if f.plot != "" {
		// Before the analysis, which may take long.
		if _, err := plotFormat(f.plot); err != nil {
			return &usageError{cmd: path, err: err}
		}
		if err := checkOutFolder("--plot", f.plot); err != nil {
			return err
		}
	}
	threads := resolveThreads(f.threads)
	lexicons := newLexiconCache(a)
	var recs []*analysis.Record
	var failed []*analysis.Report // records that could not be set up
	total := 0
	for _, file := range files {
		var rec *analysis.Record
		var err error
		if isJSONFile(file) {
			rec, err = a.jsonAnalysisRecord(file, lexicons)
		} else {
			rec, err = a.fileAnalysisRecord(file, f, gameSet, variantSet, lexicons)
		}
		if err != nil {
			failed = append(failed, &analysis.Report{Name: file, Error: err.Error()})
			continue
		}
		recs = append(recs, rec)
		total += rec.Moves
	}
	bar := a.newBar(int64(total), "analyze", progressbar.OptionShowCount(), progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("moves"), progressbar.OptionSetPredictTime(true))
	var done atomic.Int64
	opts := analysis.Options{Player: f.player, Seed: f.seed,
		Progress: func() { _ = bar.Add(1) },
		Done: func(*analysis.Report) {
			bar.Describe(fmt.Sprintf("analyze: %d/%d records", done.Add(1), len(recs)))
			if a.afterGame != nil {
				a.afterGame()
			}
		}}
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	cpu0, cpuOK := processCPU()
	reports, _ := analysis.Games(ctx, opts, threads, recs)
	elapsed := time.Since(start)
	cpu1, _ := processCPU()
	_ = bar.Finish()
	sum := analyzeSummary{Player: f.player, Records: len(files), Threads: min(threads, max(1, len(recs))), Seconds: elapsed.Seconds()}
	reports, stopped := keepInterrupted(ctx, reports, recs)
	sum.Interrupted = stopped.n
	for _, r := range reports {
		if r == nil {
			continue
		}
		sum.Moves += len(r.Moves)
		sum.Analysed += r.Analysed
		if r.Error != "" && !stopped.kept[r] {
			sum.Failed++
		}
	}
	sum.Failed += len(failed)
	if elapsed > 0 {
		sum.PerSec = float64(sum.Analysed) / elapsed.Seconds()
	}
	if cpu := cpu1 - cpu0; cpuOK && cpu > 0 {
		sum.CPUSeconds = cpu.Seconds()
		sum.PerCPUSec = float64(sum.Analysed) / cpu.Seconds()
	}
	sum.Lost = analysis.LostSpread(reports)
	all := append(reports, failed...)
	if f.plot != "" && len(reports) == 1 && reports[0] != nil {
		if err := writePlot(f.plot, reports[0]); err != nil {
			return err
		}
	}
	if f.json {
		if err := writeJSON(a.stdout, struct {
			Records []*analysis.Report `json:"records"`
			Summary analyzeSummary     `json:"summary"`
		}{all, sum}); err != nil {
			return err
		}
	} else {
		for _, r := range all {
			printAnalysis(a.stdout, r, f.quiet)
		}
		s := sum.Lost
		stops := ""
		if sum.Interrupted > 0 {
			stops = fmt.Sprintf(", %d interrupted", sum.Interrupted)
		}
		fmt.Fprintf(a.stdout, "%s (%d failed%s), %s, %d analysed by %s\n",
			plural(sum.Records, "record"), sum.Failed, stops, plural(sum.Moves, "move"), sum.Analysed, sum.Player)
		fmt.Fprintf(a.stdout, "%.2f s on %s: %s moves/s", sum.Seconds, plural(sum.Threads, "thread"), rate(sum.PerSec))
		if sum.CPUSeconds > 0 {
			fmt.Fprintf(a.stdout, " (%.2f CPU seconds: %s moves per CPU second)", sum.CPUSeconds, rate(sum.PerCPUSec))
		}
		fmt.Fprintln(a.stdout)
		if s.Players > 0 {
			fmt.Fprintf(a.stdout, "lost a move (%s): min %.2f, quartiles %.2f %.2f %.2f, max %.2f, mean %.2f\n",
				plural(s.Players, "player"), s.Min, s.Q1, s.Median, s.Q3, s.Max, s.Mean)
		}
	}
	if sum.Interrupted > 0 {
		msg := fmt.Sprintf("analyze interrupted after %s (the moves analysed are above", ofTotal(sum.Records-sum.Interrupted, sum.Records, "record"))
		if sum.Failed > 0 {
			msg += fmt.Sprintf("; %d could not be analysed to the end", sum.Failed)
		}
		return errors.New(msg + ")")
	}
	if sum.Failed > 0 {
		return fmt.Errorf("analyze: %s could not be analysed to the end", ofTotal(sum.Failed, sum.Records, "record"))
	}
	return nil
}

// interruption is what an interruption stopped: n records before their
// end, of which kept are the reports kept (some moves analysed).
type interruption struct {
	n    int
	kept map[*analysis.Report]bool
}

// keepInterrupted returns the reports of an analysis that ctx's end
// (Ctrl-C, SIGTERM) interrupted as a user wants them: the records not
// begun left out, a record stopped part way kept with its moves analysed
// and an error saying so; without an interruption, reports as they are.
// recs are the records, in the order of reports.
func keepInterrupted(ctx context.Context, reports []*analysis.Report, recs []*analysis.Record) ([]*analysis.Report, interruption) {
	in := interruption{kept: map[*analysis.Report]bool{}}
	if ctx.Err() == nil {
		return reports, in
	}
	var out []*analysis.Report
	for i, r := range reports {
		// Analyse ends a record's error with the context's when it stopped
		// it: the moves were not at fault.
		if r == nil || r.Error == "" || !strings.HasSuffix(r.Error, ctx.Err().Error()) {
			out = append(out, r)
			continue
		}
		in.n++
		if len(r.Moves) > 0 {
			r.Error = fmt.Sprintf("interrupted after %d of its %s", len(r.Moves), plural(recs[i].Moves, "move"))
			in.kept[r] = true
			out = append(out, r)
		}
	}
	return out, in
}

// fileAnalysisRecord reads the record in file, of a game's own format
// (openRecordFile), and returns it for the analysis, with its game and
// lexicon chosen as validate chooses them.
func (a *app) fileAnalysisRecord(file string, f *analyzeFlags, gameSet, variantSet bool, lexicons *lexiconCache) (*analysis.Record, error) {
	rec, format, err := openRecordFile(file)
	if err != nil {
		return nil, fmt.Errorf("%s", message(err))
	}
	det := rec.Detect()
	chosen := chooseRecordGame(det, f.game, gameSet, f.variant, variantSet)
	if err := format.CheckRules(chosen.game, chosen.variant, nil); err != nil {
		return nil, fmt.Errorf("%s: %s", file, message(err))
	}
	if w := rec.Fit(chosen.game, chosen.variant); w != "" {
		fmt.Fprintf(a.stderr, "wordengine: warning: %s\n", w)
	}
	spec, _ := a.recordLexiconSpec(det.Lexicon, chosen.game)
	lx, err := lexicons.load(spec)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if err := format.CheckRules(chosen.game, chosen.variant, lx.Lexicon); err != nil {
		return nil, fmt.Errorf("%s: %s (choose a lexicon with --lexicon)", file, message(err))
	}
	name := chosen.game
	if chosen.variant != "" {
		name += " " + chosen.variant
	}
	out := &analysis.Record{Name: file, Game: name + ", lexicon " + lx.Name, Players: rec.Players(), Moves: rec.Moves()}
	seed := f.seed
	out.Replay = func(fn func(*analysis.Position) error) ([]int, string, error) {
		var ferr error
		res, err := rec.Check(game.CheckOptions{
			Game: chosen.game, Variant: chosen.variant, Lexicon: lx.Lexicon, Seed: seed,
			Fault: func(game.RecordFault) {}, // validate reports the record's faults
			Each: func(t *game.RecordTurn) {
				if ferr != nil {
					return
				}
				ferr = fn(&analysis.Position{State: t.State, Move: t.Move, Text: t.Text,
					Where: t.Where, Withdrawn: t.Withdrawn, Skip: t.Unknown})
			},
		})
		if err != nil {
			return nil, "", fmt.Errorf("%s", message(err))
		}
		return res.Final, res.End, ferr
	}
	return out, nil
}

// printAnalysis writes report r as text: every move (unless quiet), then
// each player's summary.
func printAnalysis(w io.Writer, r *analysis.Report, quiet bool) {
	if r.Game == "" {
		if strings.HasPrefix(r.Error, r.Name) {
			fmt.Fprintln(w, r.Error)
		} else {
			fmt.Fprintf(w, "%s: %s\n", r.Name, r.Error)
		}
		return
	}
	fmt.Fprintf(w, "%s\n  %s, valued by %s; %s, %d analysed\n", r.Name, r.Game, r.Player, plural(len(r.Moves), "move"), r.Analysed)
	if len(r.Final) > 0 {
		fmt.Fprintf(w, "  final %s (%s)\n", joinInts(r.Final, "-"), r.End)
	}
	if !quiet {
		fmt.Fprintf(w, "%4s  %-10s %-8s %-22s %5s %7s %5s  %-22s %5s %7s %6s  %s\n",
			"turn", "player", "knew", "played", "score", "value", "rank", "best", "score", "value", "lost", "bingo")
		for _, m := range r.Moves {
			if m.Skipped != "" {
				fmt.Fprintf(w, "%4d  %-10s %-8s %-22s  (%s)\n", m.Turn, clipRunes(m.Player, 10), m.Knew, m.Played, m.Skipped)
				continue
			}
			rank := fmt.Sprint(m.Rank)
			if !m.Legal {
				rank = "phony"
			}
			bingo := ""
			switch {
			case m.Missed:
				bingo = "missed " + m.Bingo
			case m.Bingo != "":
				bingo = "played"
			}
			fmt.Fprintf(w, "%4d  %-10s %-8s %-22s %5d %7.1f %5s  %-22s %5d %7.1f %6.1f  %s\n", m.Turn, clipRunes(m.Player, 10), m.Knew,
				m.Played, m.PlayedScore, m.PlayedValue, rank, m.Best, m.BestScore, m.BestValue, m.Lost, bingo)
		}
	}
	width := 8 // the players' names in one column, as wide as the longest (at most 20)
	for _, p := range r.Players {
		width = max(width, min(utf8.RuneCountInString(p.Name), 20))
	}
	for _, p := range r.Players {
		fmt.Fprintf(w, "  %-*s %9s %3d best lost %6.1f, %5.2f a move",
			width, clipRunes(p.Name, width), plural(p.Moves, "move"), p.Best, p.Lost, p.MeanLost)
		if p.Bingos > 0 {
			fmt.Fprintf(w, ", bingos missed %d/%d", p.Missed, p.Bingos)
		}
		if p.Phonies > 0 {
			phonies := "phonies"
			if p.Phonies == 1 {
				phonies = "phony"
			}
			fmt.Fprintf(w, ", %d %s", p.Phonies, phonies)
		}
		fmt.Fprintln(w)
	}
	if r.Error != "" {
		fmt.Fprintf(w, "  error: %s\n", r.Error)
	}
}

func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

func joinInts(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, sep)
}

// rate writes a rate with the digits that matter: whole numbers from 10
// up, two significant digits below ("0.36", not "0").
func rate(r float64) string {
	if r >= 10 {
		return fmt.Sprintf("%.0f", r)
	}
	return strconv.FormatFloat(r, 'g', 2, 64)
}
