package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"wordengine/game"
	"wordengine/game/driver"
	"wordengine/search"
	"wordengine/search/endgame"
)

func init() {
	hintModes = append(hintModes, hintMode{add: func(fl *pflag.FlagSet) hintModeRun {
		f := new(endgameHintFlags)
		f.register(fl)
		return hintModeRun{
			active:    func() bool { return f.on },
			sharesSim: true,
			check: func(c *cobra.Command, hf *hintFlags) error {
				o, err := f.options(c, hf.player)
				f.opts = o
				return err
			},
			run: func(a *app, c *cobra.Command, h *hintSetup) error { return a.runHintEndgame(c, h, f.opts) },
		}
	}})
}

// What the whole-number flags of hint --endgame allow (span), --threads
// with --sim as well.
var (
	endgamePliesSpan = span{0, endgame.MaxPlies, fmt.Sprintf("0 (to the end) to %d", endgame.MaxPlies)}
	ttMBSpan         = span{1, endgame.MaxTableMB, ""}
)

// defaultEndgameTime is hint --endgame's time budget when neither --time
// nor --plies is given: a hard endgame (two blanks, full racks) is not
// solved in hours.
const defaultEndgameTime = 20 * time.Second

// endgameHintFlags are the flags of `wordengine hint --endgame`; it
// shares --plies, --time and --threads with --sim (hint_sim.go).
type endgameHintFlags struct {
	on   bool
	ttMB int
	opts endgame.Options // what options made of the flags
}

// register adds the endgame flags to the hint command's flags.
func (f *endgameHintFlags) register(fl *pflag.FlagSet) {
	fl.BoolVar(&f.on, "endgame", false, "solve the endgame exactly (bag empty; with one tile in the bag, the pre-endgame): value, principal variation, depth; --plies N (default: to the end), --time D (default 20s without --plies), --threads T")
	intFlag(fl, &f.ttMB, "tt-mb", 256, fmt.Sprintf("with --endgame: transposition table in megabytes (1 to %d)", endgame.MaxTableMB), ttMBSpan)
}

// options checks the flags of --endgame and returns the solver's
// options; the error is a usage error naming the flag.
func (f *endgameHintFlags) options(c *cobra.Command, player string) (endgame.Options, error) {
	path := c.CommandPath()
	fl := c.Flags()
	if !f.on {
		if fl.Changed("tt-mb") {
			return endgame.Options{}, usagef(path, "--tt-mb goes with --endgame")
		}
		return endgame.Options{}, nil
	}
	plies, _ := fl.GetInt("plies")
	budget, _ := fl.GetDuration("time")
	threads, _ := fl.GetInt("threads")
	simOn, _ := fl.GetBool("sim")
	o := endgame.Options{Threads: threads, TableMB: f.ttMB}
	switch {
	case simOn:
		return o, usagef(path, "--endgame and --sim: give one of them")
	case fl.Changed("player"):
		return o, usagef(path, "--player %s: --endgame ranks by the exact solver", player)
	}
	for _, name := range []string{"iterations", "stop"} {
		if fl.Changed(name) {
			return o, usagef(path, "--%s goes with --sim, not --endgame", name)
		}
	}
	if fl.Changed("plies") {
		if !endgamePliesSpan.has(plies) {
			return o, endgamePliesSpan.err(path, "plies", plies)
		}
		o.Plies = plies
	}
	switch {
	case fl.Changed("time") && budget <= 0:
		return o, usagef(path, "--time %v: want a positive duration such as 10s", budget)
	case fl.Changed("time"):
		o.Time = budget
	case !fl.Changed("plies"):
		o.Time = defaultEndgameTime
	}
	if !threadsSpan.has(threads) {
		return o, threadsSpan.err(path, "threads", threads)
	}
	o.Threads = min(resolveThreads(o.Threads), endgame.MaxThreads)
	if !ttMBSpan.has(f.ttMB) {
		return o, ttMBSpan.err(path, "tt-mb", f.ttMB)
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

// hintPreMove is one candidate of the pre-endgame. Win and Spread are
// over the cases (worlds) solved, null when none was: a candidate the
// search did not reach says nothing of its value (0 % and +0 would read
// as a certain loss).
type hintPreMove struct {
	Rank  int      `json:"rank"`
	Move  string   `json:"move"`
	Score int      `json:"score"`
	Win   *float64 `json:"win_pct"`
	// Spread is the mean final spread of the mover.
	Spread *float64 `json:"spread"`
	// Cases is the number of cases solved, of Total.
	Cases int `json:"cases"`
	Total int `json:"total_cases"`
	// Status is preSolved (every case), prePartial (some: Win and Spread
	// are over those), preGivenUp (some, then given up: it cannot beat
	// the best) or preNotSolved (none: Win and Spread are null).
	Status string `json:"status"`
	Pruned bool   `json:"pruned"`
}

// The statuses of a pre-endgame candidate (hintPreMove.Status).
const (
	preSolved    = "solved"
	prePartial   = "partial"
	preGivenUp   = "given up"
	preNotSolved = "not solved"
)

// newHintPreMove returns the candidate cd of the pre-endgame of s, ranked
// rank.
func newHintPreMove(s game.State, rank int, cd *endgame.PreCandidate) hintPreMove {
	m := hintPreMove{Rank: rank, Move: s.FormatMove(cd.Move), Score: cd.Score, Cases: cd.Cases, Total: cd.Total, Pruned: cd.Pruned}
	switch {
	case cd.Done():
		m.Status = preSolved
	case cd.Pruned:
		m.Status = preGivenUp
	case cd.Cases > 0:
		m.Status = prePartial
	default:
		m.Status = preNotSolved
	}
	if cd.Cases > 0 {
		win, spread := round3(100*cd.Win), round3(cd.Spread)
		m.Win, m.Spread = &win, &spread
	}
	return m
}

// writePreTable writes the pre-endgame's candidates as a table: a
// candidate not solved in every case says so and how many it finished,
// and one not reached shows no win % nor spread.
func writePreTable(w io.Writer, moves []hintPreMove) {
	fmt.Fprintf(w, "%4s  %-22s %5s %7s %8s  %s\n", "rank", "move", "score", "win %", "spread", "cases solved")
	for _, m := range moves {
		win, spread := "-", "-"
		if m.Win != nil && m.Spread != nil {
			win, spread = fmt.Sprintf("%.1f", *m.Win), fmt.Sprintf("%+.1f", *m.Spread)
		}
		note := ""
		switch m.Status {
		case prePartial:
			note = ": partial, over the cases solved"
		case preGivenUp:
			note = ": given up, cannot beat the best"
		case preNotSolved:
			note = ": not solved"
		}
		fmt.Fprintf(w, "%4d  %-22s %5d %7s %8s  %d/%d%s\n", m.Rank, m.Move, m.Score, win, spread, m.Cases, m.Total, note)
	}
	if len(moves) > 0 && moves[len(moves)-1].Status != preSolved {
		fmt.Fprintln(w, "(ranked: the candidates solved in every case, by win % then spread; the others follow by score)")
	}
}

// runHintEndgame solves the endgame (or one-tile pre-endgame) of h for
// hint --endgame, on what the player to move sees (the unseen tiles dealt
// at random: with the bag empty the opponent holds them all), and prints
// it.
func (a *app) runHintEndgame(c *cobra.Command, h *hintSetup, o endgame.Options) error {
	s := driver.ViewFor(h.state, h.seat, rand.New(rand.NewPCG(a.seed, driver.StreamHint)))
	r, ok := s.(game.Racker)
	if !ok {
		return fmt.Errorf("--endgame: %s has no tile bag: the endgame solver serves the games with racks and a bag (wwf, scrabble, upwords)", h.spec.Name)
	}
	h.res.Total = len(s.AppendMoves(nil))
	h.res.Player, h.res.RankedBy = "endgame", "endgame"
	out := hintEndgameResult{hintResult: h.res, Threads: o.Threads}
	sv := endgame.New(o)
	switch {
	case endgame.IsEndgame(s) && c.Flags().Changed("candidates"):
		return usagef(c.CommandPath(), "--candidates goes with --sim, or with --endgame when one tile is in the bag (the pre-endgame); the bag is empty")
	case endgame.IsEndgame(s):
		res, err := sv.Solve(c.Context(), s)
		if err != nil {
			return err
		}
		out.Value, out.Depth, out.Solved, out.Nodes, out.Stopped = res.Value, res.Depth, res.Solved, res.Nodes, res.Stopped
		out.Seconds = res.Elapsed.Seconds()
		cl := s.Clone()
		for _, m := range res.PV {
			out.PV = append(out.PV, hintPVMove{Move: cl.FormatMove(m), Score: cl.MoveScore(m)})
			cl.Play(m)
		}
	case endgame.IsPreEndgame(s):
		// The candidates are the static player's best --candidates
		// moves (those the handover of static and sim solves): the
		// whole list has hundreds, too many to solve in every world.
		k := search.PreEndgameCandidates
		if c.Flags().Changed("candidates") {
			k, _ = c.Flags().GetInt("candidates")
			if !candidatesSpan.has(k) {
				return candidatesSpan.err(c.CommandPath(), "candidates", k)
			}
		}
		st, err := search.NewStatic("endgame=off")
		if err != nil {
			return err
		}
		top, err := st.RankTop(c.Context(), s, k, nil)
		if err != nil {
			return err
		}
		cands := make([]game.Move, len(top))
		for i, t := range top {
			cands[i] = t.Move
		}
		res, err := sv.PreEndgame(c.Context(), s, cands)
		if err != nil {
			return err
		}
		out.Nodes, out.Stopped, out.Seconds = res.Nodes, res.Stopped, res.Elapsed.Seconds()
		out.Cases, out.TotalCases = res.Cases, res.Total
		n := len(res.Candidates)
		if h.f.top > 0 {
			n = min(n, h.f.top)
		}
		for i := range res.Candidates[:n] {
			out.PreEndgame = append(out.PreEndgame, newHintPreMove(s, i+1, &res.Candidates[i]))
		}
	case s.Players() != 2:
		return fmt.Errorf("--endgame: %d players: the endgame solver plays two", s.Players())
	default:
		return fmt.Errorf("--endgame: the bag holds %s: the endgame solver wants an empty bag, the pre-endgame one tile", plural(r.BagLen(), "tile"))
	}
	if out.Seconds > 0 {
		out.NodesPerSec = float64(out.Nodes) / out.Seconds
	}
	if h.f.json {
		return writeJSON(a.stdout, out)
	}
	w := a.stdout
	h.header()
	p := h.seat
	if out.PreEndgame == nil {
		fmt.Fprintf(w, "%s holds %s (the unseen tiles)\n", h.spec.SeatName(1-p), r.Alphabet().Format(r.Rack(nil, 1-p)))
	}
	if out.PreEndgame != nil {
		fmt.Fprintf(w, "pre-endgame: %s solved (each tile the bag may hold, weighted by its count); stopped: %s; %d nodes in %.2f s (%.0f nodes/s)\n",
			ofTotal(out.Cases, out.TotalCases, "case"), out.Stopped, out.Nodes, out.Seconds, out.NodesPerSec)
		writePreTable(w, out.PreEndgame)
		return nil
	}
	exact := "at that depth"
	if out.Solved {
		exact = "exact: every line ends the game"
	}
	fmt.Fprintf(w, "value %+d (spread change for %s), depth %s (%s), stopped: %s\n", out.Value, h.spec.SeatName(p), plural(out.Depth, "ply"), exact, out.Stopped)
	fmt.Fprintf(w, "%d nodes in %.2f s (%.0f nodes/s, %s)\n", out.Nodes, out.Seconds, out.NodesPerSec, plural(out.Threads, "thread"))
	fmt.Fprintln(w, "principal variation:")
	for i, m := range out.PV {
		fmt.Fprintf(w, "%3d. %s  %-22s %4d\n", i+1, h.spec.SeatName((p+i)%2), m.Move, m.Score)
	}
	return nil
}
