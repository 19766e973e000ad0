package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"wordengine/game/driver"
	"wordengine/search/sim"
)

func init() {
	hintModes = append(hintModes, hintMode{add: func(fl *pflag.FlagSet) hintModeRun {
		f := new(simHintFlags)
		f.register(fl)
		return hintModeRun{
			active: func() bool { return f.on },
			check: func(c *cobra.Command, hf *hintFlags) error {
				if !f.on && hf.simFlagsTaken() {
					return nil // the active mode checks the flags it shares
				}
				o, err := f.options(c, hf.player)
				f.opts = o
				return err
			},
			run: func(a *app, c *cobra.Command, h *hintSetup) error { return a.runHintSim(c, h, f.opts) },
		}
	}})
}

// maxThreads bounds every --threads flag: more goroutines than that only
// cost memory (the simulation's own threads option has the same limit).
const maxThreads = 1024

// What the whole-number flags of hint --sim allow (span; those it shares
// with --endgame: hint_endgame.go).
var (
	simPliesSpan   = span{0, 20, ""}
	iterationsSpan = span{1, maxCount, ""}
	candidatesSpan = span{1, maxCount, ""}
	stopWant       = "95, 99 or 0 (no early stop)"
)

// simHintFlags are the flags of `wordengine hint --sim`.
type simHintFlags struct {
	on         bool
	plies      int
	iterations int
	time       time.Duration
	stop       int
	candidates int
	threads    int
	opts       sim.Options // what options made of the flags
}

// register adds the simulation flags to the hint command's flags.
func (f *simHintFlags) register(fl *pflag.FlagSet) {
	fl.BoolVar(&f.on, "sim", false, "rank the top candidates by Monte Carlo simulation (rollouts of sampled racks and draws) instead of static equity")
	fl.IntVar(&f.plies, "plies", sim.DefaultPlies, "with --sim: plies played after each candidate (0 to 20)")
	wantFlag(fl, "plies", simPliesSpan.want()+" with --sim, "+endgamePliesSpan.want()+" with --endgame")
	intFlag(fl, &f.iterations, "iterations", 0, fmt.Sprintf("with --sim: iteration budget (default %d when --time is not given)", sim.DefaultIterations), iterationsSpan)
	fl.DurationVar(&f.time, "time", 0, "with --sim: time budget, e.g. 2s (with --iterations: whichever ends first)")
	fl.IntVar(&f.stop, "stop", sim.DefaultStop, "with --sim: stop early when the leader is better than every other candidate at this confidence: 95, 99, or 0 (never)")
	wantFlag(fl, "stop", stopWant)
	intFlag(fl, &f.candidates, "candidates", sim.DefaultCandidates, "with --sim: candidates simulated, the top ones by static equity; with --endgame and one tile in the bag: candidates solved (20 unless given)", candidatesSpan)
	intFlag(fl, &f.threads, "threads", 0, "with --sim or --endgame: threads of the search (0, the default: one per core); the result does not depend on it", threadsSpan)
}

// options checks the flags and returns the simulation options; the error
// is a usage error naming the flag.
func (f *simHintFlags) options(c *cobra.Command, player string) (sim.Options, error) {
	path := c.CommandPath()
	if !f.on {
		for _, name := range []string{"plies", "iterations", "time", "stop", "candidates", "threads"} {
			if c.Flags().Changed(name) {
				with := "--sim"
				if name == "plies" || name == "time" || name == "threads" {
					with = "--sim or --endgame" // the flags the endgame hint shares
				}
				return sim.Options{}, usagef(path, "--%s goes with %s", name, with)
			}
		}
		return sim.Options{}, nil
	}
	if c.Flags().Changed("player") {
		return sim.Options{}, usagef(path, "--player %s: --sim ranks by simulation (its rollouts use the static player)", player)
	}
	o := sim.Options{Iterations: f.iterations, Time: f.time, Candidates: f.candidates, Threads: f.threads, Plies: f.plies}
	switch {
	case !simPliesSpan.has(f.plies):
		return o, simPliesSpan.err(path, "plies", f.plies)
	case f.plies == 0:
		o.Plies = -1
	}
	switch {
	case c.Flags().Changed("iterations") && !iterationsSpan.has(f.iterations):
		return o, iterationsSpan.err(path, "iterations", f.iterations)
	case c.Flags().Changed("time") && f.time <= 0:
		return o, usagef(path, "--time %v: want a positive duration such as 2s", f.time)
	case !candidatesSpan.has(f.candidates):
		return o, candidatesSpan.err(path, "candidates", f.candidates)
	case !threadsSpan.has(f.threads):
		return o, threadsSpan.err(path, "threads", f.threads)
	}
	switch f.stop {
	case 95, 99:
		o.Stop = f.stop
	case 0:
		o.Stop = -1
	default:
		return o, usagef(path, "--stop %d: want %s", f.stop, stopWant)
	}
	return o, nil
}

// hintSimMove is one candidate of the hint --sim output.
type hintSimMove struct {
	Rank  int    `json:"rank"`
	Move  string `json:"move"`
	Score int    `json:"score"`
	Leave string `json:"leave"`
	// Static is the static equity in points.
	Static float64 `json:"static"`
	// Iterations is the number of rollouts of the candidate.
	Iterations int `json:"iterations"`
	// Equity is the mean simulated equity in points (spread change plus
	// the final leave value) with its standard error.
	Equity   float64 `json:"equity"`
	EquitySE float64 `json:"equity_se"`
	// Value is the objective the simulation ranks by (equity, plus the win
	// estimate near the end; see package search/sim) with its standard
	// error.
	Value   float64 `json:"value"`
	ValueSE float64 `json:"value_se"`
	// Win is the mean win estimate in percent and WinLo, WinHi its 95 %
	// interval.
	Win   float64 `json:"win_pct"`
	WinLo float64 `json:"win_lo"`
	WinHi float64 `json:"win_hi"`
	// Eliminated reports that the stopping rule dropped the candidate.
	Eliminated bool `json:"eliminated"`
}

// hintSimInfo describes the simulation run.
type hintSimInfo struct {
	Options     string  `json:"options"`
	Seed        uint64  `json:"seed"`
	Iterations  int     `json:"iterations"`
	Stopped     string  `json:"stopped"`
	Seconds     float64 `json:"seconds"`
	WinWeighted bool    `json:"win_weighted"`
}

// hintSimResult is the JSON form of the hint --sim output: the hint's
// fields with the simulated candidates as moves.
type hintSimResult struct {
	hintResult
	Sim   hintSimInfo   `json:"sim"`
	Moves []hintSimMove `json:"moves"`
}

// runHintSim simulates h's position for hint --sim, on what the player to
// move sees (the others' hidden tiles dealt at random), and prints the
// candidates.
func (a *app) runHintSim(c *cobra.Command, h *hintSetup, o sim.Options) error {
	view := driver.ViewFor(h.state, h.seat, rand.New(rand.NewPCG(a.seed, driver.StreamHint)))
	p := sim.New(o)
	r, err := p.Simulate(c.Context(), view, a.seed)
	if err != nil {
		return err
	}
	h.res.Total = len(view.AppendMoves(nil))
	h.res.Player, h.res.RankedBy = "sim", "sim"
	out := hintSimResult{hintResult: h.res, Sim: hintSimInfo{
		Options: p.Options().String(), Seed: a.seed, Iterations: r.Iterations, Stopped: r.Stopped,
		Seconds: r.Elapsed.Seconds(), WinWeighted: r.WinWeighted,
	}}
	n := len(r.Stats)
	if h.f.top > 0 {
		n = min(n, h.f.top)
	}
	for i, st := range r.Stats[:n] {
		info := driver.Describe(view, st.Move, h.seat)
		out.Moves = append(out.Moves, hintSimMove{
			Rank: i + 1, Move: info.Move, Score: st.Score, Leave: info.Leave,
			Static: float64(st.Static) / 1000, Iterations: st.Iterations,
			Equity: round3(st.Equity), EquitySE: round3(st.EquitySE),
			Value: round3(st.Mean), ValueSE: round3(st.SE),
			Win: round3(100 * st.Win), WinLo: round3(100 * st.WinLo), WinHi: round3(100 * st.WinHi),
			Eliminated: st.Eliminated,
		})
	}
	if h.f.json {
		return writeJSON(a.stdout, out)
	}
	w := a.stdout
	h.header()
	rate := 0.0
	if r.Elapsed > 0 {
		rate = float64(r.Iterations) / r.Elapsed.Seconds()
	}
	fmt.Fprintf(w, "simulated (%s, seed %d):\n  %s in %.2f s (%.0f/s), stopped: %s\n",
		p.Options().String(), a.seed, plural(r.Iterations, "iteration"), r.Elapsed.Seconds(), rate, r.Stopped)
	fmt.Fprintln(w, "equity = mean spread change over the rollout + value of the final leave")
	fmt.Fprintln(w, "(points), +- its standard error; win % = mean win estimate with its 95 %")
	fmt.Fprintln(w, "interval; * = eliminated by the stopping rule")
	if r.WinWeighted {
		fmt.Fprintf(w, "near the end (bag <= %d): ranked by value = equity + %d x win estimate\n", sim.EndBag, sim.WinWeight)
	}
	few := false
	for _, m := range out.Moves {
		few = few || m.Iterations < 2
	}
	if few {
		// No error nor interval comes from fewer than two rollouts: the
		// table says so rather than print them as exact.
		fmt.Fprintln(w, "n/a: a candidate rolled out fewer than 2 times has no standard error nor")
		fmt.Fprintln(w, "interval (none at all: no simulated equity; its static one is listed)")
	}
	moveW, leaveW := len("move"), len("leave")
	for _, m := range out.Moves {
		moveW, leaveW = max(moveW, min(len(m.Move), 24)), max(leaveW, len(m.Leave))
	}
	fmt.Fprintf(w, "%4s  %-*s %5s %-*s %6s %5s %14s %s\n", "rank", moveW, "move", "score", leaveW, "leave", "static", "iters", "equity", "win %")
	for _, m := range out.Moves {
		mark := " "
		if m.Eliminated {
			mark = "*"
		}
		leave := m.Leave
		if leave == "" {
			leave = "-"
		}
		move := m.Move
		if len(move) > moveW {
			// A long move (WordBlock's cells) on a line of its own.
			fmt.Fprintf(w, "%3d%s  %s\n", m.Rank, mark, move)
			move = ""
		}
		fmt.Fprintf(w, "%3d%s  %-*s %5d %-*s %6.1f %5d %s\n",
			m.Rank, mark, moveW, move, m.Score, leaveW, leave, m.Static, m.Iterations, simColumns(m))
	}
	return nil
}

// simColumns formats the equity and win % columns of move m of the hint
// --sim table: n/a where fewer than two rollouts define no standard error
// or interval, and no simulated equity or win % at all without one.
func simColumns(m hintSimMove) string {
	switch m.Iterations {
	case 0:
		return fmt.Sprintf("%6s   %4s %5s", "n/a", "", "n/a")
	case 1:
		return fmt.Sprintf("%6.1f +- %4s %5.1f [n/a]", m.Equity, "n/a", m.Win)
	}
	return fmt.Sprintf("%6.1f +- %4.1f %5.1f [%.0f, %.0f]", m.Equity, m.EquitySE, m.Win, m.WinLo, m.WinHi)
}

// round3 rounds x to 3 decimals, for JSON.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
