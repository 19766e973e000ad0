package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"wordengine/game"
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
		Short: "Time the generation of every play on a file of positions",
		Long: `movegen reads positions in the game's text format (--game), generates every
legal play of the player to move RUNS times (after one generation that
prepares what a game would have ready between plays), and prints per
position the number of plays and the median time in microseconds, then the
total moves/s. For the crossword games the file holds CGP lines, one per
line ('#' starts a comment), and plays leave out exchanges and the pass; for
the others each position starts at a line that begins with the game's name.
The same file and --lexicon let other engines be timed on the same positions
(the committed suites are testdata/movegen/wwf.cgp and scrabble.cgp).`,
		Example: `  wordengine bench movegen --positions testdata/movegen/wwf.cgp
  wordengine bench movegen --game scrabble --positions testdata/movegen/scrabble.cgp
  wordengine bench movegen --game upwords --positions game/upwords/testdata/midgame.txt`,
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
			spec, err := gameSpec(c.CommandPath(), gameName)
			if err != nil {
				return err
			}
			if spec.ParsePosition == nil {
				return usagef(c.CommandPath(), "--game %s has no text positions to time", gameName)
			}
			return a.benchMovegen(spec, c.Flags().Changed("game"), positions, runs)
		},
	}
	mg.Flags().StringVar(&positions, "positions", "", "a file of positions in the game's text format (CGP lines for the crossword games)")
	nonEmptyFlag(mg.Flags(), "positions", "give a file of positions")
	mg.Flags().StringVar(&gameName, "game", "wwf", "the game of the positions: "+strings.Join(game.Names(), ", "))
	intFlag(mg.Flags(), &runs, "runs", 201, "generations per position (the median is reported)", span{1, maxBenchRuns, ""})
	c.AddCommand(mg)
	return c
}

// maxBenchRuns bounds --runs (each run's time is kept for the median).
const maxBenchRuns = 1_000_000

// playAppender is implemented by games whose plays can be generated
// without their other moves (crossword games: no exchanges, no pass),
// which bench movegen times when it can.
type playAppender interface {
	AppendPlays(dst []game.Move) []game.Move
}

// benchPosition is one position of a positions file.
type benchPosition struct {
	line int // the line it starts at, from 1
	text string
}

// splitPositions splits a positions file: one position a line for a
// CGP game ('#' comments and blank lines skipped), else one at each line
// that starts with the game's name, text keeping its line numbers (the
// lines before it left blank) so that errors name the file's lines.
func splitPositions(spec game.Spec, data string) []benchPosition {
	lines := strings.Split(data, "\n")
	var out []benchPosition
	if spec.PositionFormat == "CGP" {
		for i, l := range lines {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				out = append(out, benchPosition{i + 1, t})
			}
		}
		return out
	}
	var starts []int
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), spec.Name) {
			starts = append(starts, i)
		}
	}
	for k, st := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		out = append(out, benchPosition{st + 1, strings.Repeat("\n", st) + strings.Join(lines[st:end], "\n")})
	}
	return out
}

// benchMovegen is `wordengine bench movegen`; explicit says --game was
// given. A position that does not parse stops the run with path:line, the
// parse error and a hint on the game the file may be for (wrongGameHint).
func (a *app) benchMovegen(spec game.Spec, explicit bool, path string, runs int) error {
	lx, err := a.gameLexicon(spec, a.lexiconSpec)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return flagFileError("--positions", game.ReadError(path, err))
	}
	// Read every position first, so that a bad one stops the run before
	// any output.
	type position struct {
		line int
		s    game.State
	}
	var ps []position
	texts := splitPositions(spec, string(data))
	for _, bp := range texts {
		pos, err := parseBenchPosition(spec, bp.text, lx.Lexicon)
		if err != nil {
			return fmt.Errorf("%s:%d: %s%s", path, bp.line, message(err), wrongGameHint(spec, explicit, bp.text, lx.Lexicon))
		}
		ps = append(ps, position{bp.line, pos})
	}
	if len(ps) == 0 {
		hint := ""
		if spec.PositionFormat != "CGP" {
			hint = fmt.Sprintf(" (each starts with %s %q line)", article(spec.Name), spec.Name)
		}
		return fmt.Errorf("%s: no positions%s%s", path, hint, wrongGameHint(spec, explicit, "", lx.Lexicon))
	}
	w := a.stdout
	fmt.Fprintf(w, "game %s, lexicon %s, %s per position (median)\n", spec.Name, lx.Name, plural(runs, "run"))
	fmt.Fprintf(w, "%-5s %8s %10s %12s\n", "line", "plays", "median-us", "moves/s")
	buf := make([]game.Move, 0, 1<<16)
	var totalTime time.Duration
	totalMoves := 0
	for _, p := range ps {
		gen := p.s.AppendMoves
		if pa, ok := p.s.(playAppender); ok {
			gen = pa.AppendPlays
		}
		buf = gen(buf[:0])
		times := make([]time.Duration, runs)
		for i := range times {
			start := time.Now()
			buf = gen(buf[:0])
			times[i] = time.Since(start)
		}
		slices.Sort(times)
		med := times[len(times)/2]
		totalTime += med
		totalMoves += len(buf)
		fmt.Fprintf(w, "%-5d %8d %10.1f %12.0f\n", p.line, len(buf), float64(med.Nanoseconds())/1e3, float64(len(buf))/med.Seconds())
	}
	fmt.Fprintf(w, "%s: %s, %.1f us per position (sum of medians / positions), %.2f M moves/s\n",
		plural(len(ps), "position"), plural(totalMoves, "play"), float64(totalTime.Nanoseconds())/1e3/float64(len(ps)), float64(totalMoves)/totalTime.Seconds()/1e6)
	return nil
}

// parseBenchPosition reads one position of game spec.
func parseBenchPosition(spec game.Spec, text string, lx *lexicon.Lexicon) (game.State, error) {
	pos, err := spec.ParsePosition(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(1, game.DealStream))}, text)
	if err != nil {
		return nil, err
	}
	return pos.State, nil
}

// wrongGameHint returns what to add to the error of a position that
// does not parse for spec (text: the position, "" when the file held
// none): if it starts with another game's name, or parses as a position
// of another game with the same format, a hint naming it ("; the line
// parses as a scrabble position: use --game scrabble"); else, when the
// game was not given (explicit false: the default), a hint that the file
// may be for another game; else nothing.
func wrongGameHint(spec game.Spec, explicit bool, text string, lx *lexicon.Lexicon) string {
	for _, n := range game.Names() {
		if n != spec.Name && text != "" && strings.HasPrefix(strings.TrimSpace(text), n) {
			return fmt.Sprintf("; this looks like %s %s position: use --game %s", article(n), n, n)
		}
	}
	for _, n := range game.Names() {
		other, _ := game.Lookup(n)
		if n == spec.Name || text == "" || other.PositionFormat != spec.PositionFormat || other.PositionFormat != "CGP" {
			continue
		}
		if _, err := parseBenchPosition(other, text, lx); err == nil {
			return fmt.Sprintf("; the line parses as a %s position: use --game %s", n, n)
		}
	}
	if explicit && text != "" {
		return ""
	}
	return fmt.Sprintf("; the positions are read as --game %s%s: is the file for another game? (--game NAME: %s)",
		spec.Name, map[bool]string{true: "", false: " (the default)"}[explicit], strings.Join(game.Names(), ", "))
}

// article is "an" before a word that starts with a vowel, else "a".
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an"
	}
	return "a"
}
