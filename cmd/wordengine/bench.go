package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/game/upwords"
	"wordengine/game/wwf"
	"wordengine/lexicon"
)

func (a *app) benchCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "bench",
		Short: "Performance measurements",
		Args:  noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return usagef(c.CommandPath(), "bench: name a subcommand (movegen)")
		},
	}
	var (
		positions string
		gameName  string
		runs      int
	)
	mg := &cobra.Command{
		Use:   "movegen --positions FILE",
		Short: "Time the generation of every play on CGP positions",
		Long: `movegen reads CGP positions, one per line ('#' starts a comment), generates
every legal play of the player to move RUNS times, and prints per position
the number of plays and the median time in microseconds, then the total
moves/s. The same file and --lexicon let other engines be timed on the same
positions (the committed suites are testdata/movegen/wwf.cgp and scrabble.cgp).`,
		Example: `  wordengine bench movegen --positions testdata/movegen/wwf.cgp
  wordengine bench movegen --game scrabble --positions testdata/movegen/scrabble.cgp`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE: func(c *cobra.Command, _ []string) error {
			if positions == "" {
				return usagef(c.CommandPath(), "--positions FILE is required")
			}
			if runs < 1 || runs > maxBenchRuns {
				return usagef(c.CommandPath(), "--runs %d: want 1 to %d", runs, maxBenchRuns)
			}
			if gameName == upwords.Name {
				return a.benchMovegenUpwords(positions, runs)
			}
			if gameName != "wwf" && gameName != "scrabble" {
				return usagef(c.CommandPath(), "--game %q: bench movegen supports wwf, scrabble and upwords", gameName)
			}
			return a.benchMovegen(gameName, c.Flags().Changed("game"), positions, runs)
		},
	}
	mg.Flags().StringVar(&positions, "positions", "", "file of CGP lines (--game upwords: upwords text positions, each from its \"upwords\" line)")
	mg.Flags().StringVar(&gameName, "game", "wwf", "game whose board and tiles the positions use: wwf, scrabble or upwords (positions in its text format)")
	mg.Flags().IntVar(&runs, "runs", 201, "generations per position (the median is reported)")
	c.AddCommand(mg)
	return c
}

// maxBenchRuns bounds --runs (each run's time is kept for the median).
const maxBenchRuns = 1_000_000

// benchMovegenGames are the games bench movegen accepts (--game).
var benchMovegenGames = []string{"wwf", "scrabble", upwords.Name}

// benchMovegen is `wordengine bench movegen` for the crossword games
// (gameName "wwf" or "scrabble"); explicit says --game was given. A line
// that does not parse stops the run with path:line, the parse error and a
// hint on the game the file may be for (see wrongGameHint).
func (a *app) benchMovegen(gameName string, explicit bool, path string, runs int) error {
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	// Read every position first, so that a bad line stops the run before
	// any output.
	type position struct {
		line int
		s    *crossword.State
	}
	var ps []position
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		s, err := wwf.ParsePosition(gameName, "", text, lx.Lexicon, 1)
		if err != nil {
			return fmt.Errorf("%s:%d: %w%s", path, line, err, wrongGameHint(gameName, explicit, text, lx.Lexicon))
		}
		ps = append(ps, position{line, s})
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(ps) == 0 {
		return fmt.Errorf("%s: no positions", path)
	}
	w := a.stdout
	fmt.Fprintf(w, "game %s, lexicon %s, %s per position (median)\n", gameName, lx.Name, plural(runs, "run"))
	fmt.Fprintf(w, "%-5s %8s %10s %12s\n", "line", "plays", "median-us", "moves/s")
	buf := make([]game.Move, 0, 1<<16)
	count := 0
	var totalTime time.Duration
	totalMoves := 0
	for _, p := range ps {
		times := make([]time.Duration, runs)
		for i := range times {
			start := time.Now()
			buf = p.s.AppendPlays(buf[:0])
			times[i] = time.Since(start)
		}
		slices.Sort(times)
		med := times[len(times)/2]
		totalTime += med
		totalMoves += len(buf)
		count++
		fmt.Fprintf(w, "%-5d %8d %10.1f %12.0f\n", p.line, len(buf), float64(med.Nanoseconds())/1e3, float64(len(buf))/med.Seconds())
	}
	fmt.Fprintf(w, "%s: %s, %.1f us per position (sum of medians / positions), %.2f M moves/s\n",
		plural(count, "position"), plural(totalMoves, "play"), float64(totalTime.Microseconds())/float64(count), float64(totalMoves)/totalTime.Seconds()/1e6)
	return nil
}

// wrongGameHint returns what to add to the error of a positions line that
// does not parse for gameName: if the line is a position of another game
// bench movegen accepts, a hint naming it ("; the line parses as a
// scrabble position: use --game scrabble"); else, when the game was not given
// (explicit false: the default), a hint that the file may be for another
// game, listing the accepted ones; else nothing.
func wrongGameHint(gameName string, explicit bool, text string, lx *lexicon.Lexicon) string {
	if strings.HasPrefix(text, upwords.Name) && gameName != upwords.Name {
		return fmt.Sprintf("; this looks like an %s position: use --game %s", upwords.Name, upwords.Name)
	}
	for _, g := range benchMovegenGames {
		if g == gameName || g == upwords.Name {
			continue
		}
		if _, err := wwf.ParsePosition(g, "", text, lx, 1); err == nil {
			return fmt.Sprintf("; the line parses as a %s position: use --game %s", g, g)
		}
	}
	if explicit {
		return ""
	}
	return fmt.Sprintf("; the positions are read as --game %s (the default): is the file for another game? (--game NAME: %s)",
		gameName, strings.Join(benchMovegenGames, ", "))
}
