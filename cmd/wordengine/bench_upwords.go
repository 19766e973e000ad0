package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"wordengine/game"
	"wordengine/game/upwords"
)

// benchMovegenUpwords is `wordengine bench movegen --game upwords`: the
// positions file holds upwords text positions one after the other, each
// starting with its "upwords" line (game/upwords/testdata/midgame.txt).
// Each position's cross-checks are computed by its first generation and
// kept for the timed ones, as in a game between plays.
func (a *app) benchMovegenUpwords(path string, runs int) error {
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(string(data), "\n")
	var starts []int
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), upwords.Name) {
			starts = append(starts, i)
		}
	}
	if len(starts) == 0 {
		return fmt.Errorf("%s: no positions (each starts with an %q line); is the file for another game? (--game NAME: %s)",
			path, upwords.Name, strings.Join(benchMovegenGames, ", "))
	}
	w := a.stdout
	fmt.Fprintf(w, "game upwords, lexicon %s, %s per position (median)\n", lx.Name, plural(runs, "run"))
	fmt.Fprintf(w, "%-5s %8s %10s %12s\n", "line", "plays", "median-us", "moves/s")
	buf := make([]game.Move, 0, 1<<16)
	var totalTime time.Duration
	totalMoves := 0
	for k, st := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		text := strings.Repeat("\n", st) + strings.Join(lines[st:end], "\n")
		s, err := upwords.ParsePosition(lx.Lexicon, text)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		buf = s.AppendMoves(buf[:0])
		times := make([]time.Duration, runs)
		for i := range times {
			start := time.Now()
			buf = s.AppendMoves(buf[:0])
			times[i] = time.Since(start)
		}
		slices.Sort(times)
		med := times[len(times)/2]
		totalTime += med
		totalMoves += len(buf)
		fmt.Fprintf(w, "%-5d %8d %10.1f %12.0f\n", st+1, len(buf), float64(med.Nanoseconds())/1e3, float64(len(buf))/med.Seconds())
	}
	fmt.Fprintf(w, "%s: %s, %.1f us per position (sum of medians / positions), %.2f M moves/s\n",
		plural(len(starts), "position"), plural(totalMoves, "move"), float64(totalTime.Microseconds())/float64(len(starts)), float64(totalMoves)/totalTime.Seconds()/1e6)
	return nil
}
