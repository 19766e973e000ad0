package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"wordengine/game/crossword"
	"wordengine/search/endgame"
	"wordengine/search/sim"
)

// defaultEndgameTime is hint --endgame's time budget when neither --time
// nor --plies is given: a hard endgame (two blanks, full racks) is not
// solved in hours.
const defaultEndgameTime = 20 * time.Second

// endgameHintFlags are the flags of `wordengine hint --endgame`; it
// shares --plies, --time and --threads with --sim.
type endgameHintFlags struct {
	on   bool
	ttMB int
}

// register adds the endgame flags to the hint command's flags.
func (f *endgameHintFlags) register(fl *pflag.FlagSet) {
	fl.BoolVar(&f.on, "endgame", false, "solve the endgame exactly (bag empty; with one tile in the bag, the pre-endgame): value, principal variation, depth; --plies N (default: to the end), --time D (default 20s without --plies), --threads T")
	fl.IntVar(&f.ttMB, "tt-mb", 256, fmt.Sprintf("with --endgame: transposition table in megabytes (1 to %d)", endgame.MaxTableMB))
}

// simOptions returns the options of --sim, or checks those of --endgame
// when it is on (the flags they share mean the endgame's then).
func (f *hintFlags) simOptions(c *cobra.Command) (sim.Options, error) {
	path := c.CommandPath()
	if !f.endgame.on {
		if c.Flags().Changed("tt-mb") {
			return sim.Options{}, usagef(path, "--tt-mb goes with --endgame")
		}
		return f.sim.options(c, f.player)
	}
	_, err := f.endgameOptions(c)
	return sim.Options{}, err
}

// endgameOptions checks the flags of --endgame and returns the solver's
// options.
func (f *hintFlags) endgameOptions(c *cobra.Command) (endgame.Options, error) {
	path := c.CommandPath()
	fl := c.Flags()
	o := endgame.Options{Threads: f.sim.threads, TableMB: f.endgame.ttMB}
	switch {
	case f.sim.on:
		return o, usagef(path, "--endgame and --sim: give one of them")
	case fl.Changed("player"):
		return o, usagef(path, "--player %s: --endgame ranks by the exact solver", f.player)
	}
	for _, name := range []string{"iterations", "stop", "candidates"} {
		if fl.Changed(name) {
			return o, usagef(path, "--%s goes with --sim, not --endgame", name)
		}
	}
	if fl.Changed("plies") {
		if f.sim.plies < 0 || f.sim.plies > endgame.MaxPlies {
			return o, usagef(path, "--plies %d: want 0 (to the end) to %d", f.sim.plies, endgame.MaxPlies)
		}
		o.Plies = f.sim.plies
	}
	switch {
	case fl.Changed("time") && f.sim.time <= 0:
		return o, usagef(path, "--time %v: want a positive duration such as 10s", f.sim.time)
	case fl.Changed("time"):
		o.Time = f.sim.time
	case !fl.Changed("plies"):
		o.Time = defaultEndgameTime
	}
	if f.sim.threads < 0 || f.sim.threads > endgame.MaxThreads {
		return o, usagef(path, "--threads %d: want 0 (every core) to %d", f.sim.threads, endgame.MaxThreads)
	}
	if o.Threads == 0 {
		o.Threads = runtime.GOMAXPROCS(0)
	}
	if f.endgame.ttMB < 1 || f.endgame.ttMB > endgame.MaxTableMB {
		return o, usagef(path, "--tt-mb %d: want 1 to %d", f.endgame.ttMB, endgame.MaxTableMB)
	}
	return o, nil
}

// hintEndgameResult is the JSON form of hint --endgame: the hint's
// position fields, then the solution.
type hintEndgameResult struct {
	hintResult
	// Value is the change of the mover's spread to the end of the game (to
	// Depth plies), with best play, in points.
	Value int `json:"value"`
	// PV is the principal variation in GCG notation, with each move's
	// score.
	PV []hintPVMove `json:"pv"`
	// Depth is the depth proved in plies; Solved that every line ended
	// the game within it (the value is then exact whatever the depth).
	Depth       int     `json:"depth"`
	Solved      bool    `json:"solved"`
	Nodes       uint64  `json:"nodes"`
	NodesPerSec float64 `json:"nodes_per_second"`
	Seconds     float64 `json:"seconds"`
	Stopped     string  `json:"stopped"`
	Threads     int     `json:"threads"`
	// PreEndgame holds the candidates of a one-tile pre-endgame.
	PreEndgame []hintPreMove `json:"pre_endgame,omitempty"`
	Cases      int           `json:"cases,omitempty"`
	TotalCases int           `json:"total_cases,omitempty"`
}

// hintPVMove is one move of the principal variation.
type hintPVMove struct {
	Move  string `json:"move"`
	Score int    `json:"score"`
}

// hintPreMove is one candidate of the pre-endgame.
type hintPreMove struct {
	Rank   int     `json:"rank"`
	Move   string  `json:"move"`
	Score  int     `json:"score"`
	Win    float64 `json:"win_pct"`
	Spread float64 `json:"spread"`
	Cases  int     `json:"cases"`
	Total  int     `json:"total_cases"`
	Pruned bool    `json:"pruned"`
}

// runHintEndgame solves the endgame (or one-tile pre-endgame) s for hint
// --endgame and prints it; res holds the hint's position fields.
func (a *app) runHintEndgame(c *cobra.Command, f *hintFlags, s *crossword.State, res hintResult) error {
	o, err := f.endgameOptions(c)
	if err != nil {
		return err
	}
	out := hintEndgameResult{hintResult: res, Threads: o.Threads}
	sv := endgame.New(o)
	switch {
	case endgame.IsEndgame(s):
		r, err := sv.Solve(c.Context(), s)
		if err != nil {
			return err
		}
		out.Value, out.Depth, out.Solved, out.Nodes, out.Stopped = r.Value, r.Depth, r.Solved, r.Nodes, r.Stopped
		out.Seconds = r.Elapsed.Seconds()
		cl := s.Clone()
		for _, m := range r.PV {
			out.PV = append(out.PV, hintPVMove{Move: cl.FormatMove(m), Score: cl.MoveScore(m)})
			cl.Play(m)
		}
	case endgame.IsPreEndgame(s):
		r, err := sv.PreEndgame(c.Context(), s, nil)
		if err != nil {
			return err
		}
		out.Nodes, out.Stopped, out.Seconds = r.Nodes, r.Stopped, r.Elapsed.Seconds()
		out.Cases, out.TotalCases = r.Cases, r.Total
		n := len(r.Candidates)
		if f.top > 0 {
			n = min(n, f.top)
		}
		for i, cd := range r.Candidates[:n] {
			out.PreEndgame = append(out.PreEndgame, hintPreMove{
				Rank: i + 1, Move: s.FormatMove(cd.Move), Score: cd.Score,
				Win: round3(100 * cd.Win), Spread: round3(cd.Spread),
				Cases: cd.Cases, Total: cd.Total, Pruned: cd.Pruned,
			})
		}
	default:
		return fmt.Errorf("--endgame: the bag holds %d tiles: the endgame solver wants an empty bag, the pre-endgame one tile", s.BagLen())
	}
	if out.Seconds > 0 {
		out.NodesPerSec = float64(out.Nodes) / out.Seconds
	}
	if f.json {
		return writeJSON(a.stdout, out)
	}
	w := a.stdout
	fmt.Fprint(w, s.BoardText())
	fmt.Fprintln(w, crossword.BoardLegend)
	fmt.Fprintf(w, "scores %d-%d, %d tiles in the bag\n", s.Score(0), s.Score(1), s.BagLen())
	fmt.Fprintf(w, "%s, lexicon %s: player %d to move with %s against %s\n", res.Game, res.Lexicon, res.ToMove, res.Rack,
		s.Alphabet().Format(s.Rack(nil, 1-s.ToMove())))
	if out.PreEndgame != nil {
		fmt.Fprintf(w, "pre-endgame: %d of %d cases solved (each tile the bag may hold, weighted by its count); stopped: %s; %d nodes in %.2f s (%.0f nodes/s)\n",
			out.Cases, out.TotalCases, out.Stopped, out.Nodes, out.Seconds, out.NodesPerSec)
		fmt.Fprintf(w, "%4s  %-22s %5s %7s %8s  %s\n", "rank", "move", "score", "win %", "spread", "cases")
		for _, m := range out.PreEndgame {
			note := ""
			if m.Pruned {
				note = " (given up: cannot beat the best)"
			}
			fmt.Fprintf(w, "%4d  %-22s %5d %7.1f %+8.1f  %d/%d%s\n", m.Rank, m.Move, m.Score, m.Win, m.Spread, m.Cases, m.Total, note)
		}
		return nil
	}
	exact := "at that depth"
	if out.Solved {
		exact = "exact: every line ends the game"
	}
	fmt.Fprintf(w, "value %+d (spread change for player %d), depth %d plies (%s), stopped: %s\n", out.Value, res.ToMove, out.Depth, exact, out.Stopped)
	fmt.Fprintf(w, "%d nodes in %.2f s (%.0f nodes/s, %d threads)\n", out.Nodes, out.Seconds, out.NodesPerSec, out.Threads)
	fmt.Fprintln(w, "principal variation:")
	for i, m := range out.PV {
		fmt.Fprintf(w, "%3d. player %d  %-22s %4d\n", i+1, (res.ToMove-1+i)%2+1, m.Move, m.Score)
	}
	return nil
}
