package search

import (
	"fmt"
	"math"
	"strings"
)

// Outcome says what a candidate's valuation tells of the end of the game.
type Outcome int8

const (
	// Estimate is an evaluation of a game still open after the search.
	Estimate Outcome = iota
	// Win is a game the search found won by the mover alone, under what
	// the value assumes (Value.Assumes).
	Win
	// Loss is a game the search found lost by the mover.
	Loss
	// Unsearched marks a move the ranker did not value (ISMCTS lists the
	// moves it never expanded last, with Equity Unvalued).
	Unsearched
)

// Unvalued is the Equity of a candidate the ranker did not value: below
// every valuation.
const Unvalued = math.MinInt64 / 2

// Value is a candidate's valuation as people read it: the search's
// internal encoding of a decided game (Equity beyond ±WinValue/2) turned
// into a win or a loss and its margin. Candidate.Value makes one; String
// writes it.
type Value struct {
	Outcome Outcome
	// Points is, for an Estimate, the equity in points (for a value
	// averaged over deals, the mean margin or evaluation with the results
	// taken out), and for a Win or Loss the final margin in points: the
	// mover's score minus the best other seat's (a mean over the deals).
	Points float64
	// Deals, Won and Lost are, for a value averaged over Deals > 1
	// determinized deals of the hidden information (pimc), the number of
	// deals in which the move won or lost the game; 0 for a value of one
	// position.
	Deals, Won, Lost int
	// Assumes says what the value assumes beyond the rules ("one-ply
	// opponents", "one sampled deal"), "" when nothing.
	Assumes string
}

// Value decodes the candidate's Equity, as its ranker set it, into a
// Value.
func (c *Candidate) Value() Value {
	v := Value{Assumes: c.Assumes}
	switch {
	case c.Equity <= Unvalued/2:
		v.Outcome = Unsearched
	case c.Deals > 1:
		// The mean of Deals values, Won of them +WinValue plus a margin
		// and Lost of them -WinValue plus a margin.
		v.Deals, v.Won, v.Lost = c.Deals, c.Won, c.Lost
		mean := float64(c.Equity) - float64(c.Won-c.Lost)*float64(WinValue)/float64(c.Deals)
		v.Points = mean / 1000
		switch c.Deals {
		case c.Won:
			v.Outcome = Win
		case c.Lost:
			v.Outcome = Loss
		}
	case c.Equity >= WinValue/2:
		v.Outcome, v.Points = Win, float64(c.Equity-WinValue)/1000
	case c.Equity <= -WinValue/2:
		v.Outcome, v.Points = Loss, float64(c.Equity+WinValue)/1000
	default:
		v.Points = float64(c.Equity) / 1000
	}
	return v
}

// String writes the value for people: "12.5" for an estimate, "win +12"
// or "loss -5" for a decided game, followed by what it assumes in
// parentheses ("win +5 (one-ply opponents)"); for a value over several
// deals, how many of them the move decides ("3.2 (a win in 3 of 8
// deals)", "win +12.5 (all 8 deals)"); "not searched" for a move the
// ranker did not value.
func (v Value) String() string {
	var notes []string
	var head string
	switch v.Outcome {
	case Unsearched:
		return "not searched"
	case Win:
		head = "win " + signedPoints(v.Points)
	case Loss:
		head = "loss " + signedPoints(v.Points)
	default:
		head = fmt.Sprintf("%.1f", v.Points)
	}
	switch {
	case v.Deals > 1 && v.Outcome != Estimate:
		notes = append(notes, fmt.Sprintf("all %d deals", v.Deals))
	case v.Deals > 1 && v.Won > 0 && v.Lost > 0:
		notes = append(notes, fmt.Sprintf("a win in %d of %d deals, a loss in %d", v.Won, v.Deals, v.Lost))
	case v.Deals > 1 && v.Won > 0:
		notes = append(notes, fmt.Sprintf("a win in %d of %d deals", v.Won, v.Deals))
	case v.Deals > 1 && v.Lost > 0:
		notes = append(notes, fmt.Sprintf("a loss in %d of %d deals", v.Lost, v.Deals))
	}
	if v.Assumes != "" && v.Outcome != Estimate {
		notes = append(notes, v.Assumes)
	}
	if len(notes) == 0 {
		return head
	}
	return head + " (" + strings.Join(notes, "; ") + ")"
}

// Number returns the value as one number of points for machine-readable
// output, ordered as the ranking is: Points for an estimate, and for a
// decided game its margin plus 1000 for a win or minus 1000 for a loss (a
// result counts as a thousand points, beyond any evaluation). ok is false
// for a move not searched.
func (v Value) Number() (points float64, ok bool) {
	switch v.Outcome {
	case Unsearched:
		return 0, false
	case Win:
		return 1000 + v.Points, true
	case Loss:
		return -1000 + v.Points, true
	}
	return v.Points, true
}

// signedPoints writes a margin in points with its sign, without decimals
// when it is whole.
func signedPoints(p float64) string {
	if p == math.Trunc(p) {
		return fmt.Sprintf("%+.0f", p)
	}
	return fmt.Sprintf("%+.1f", p)
}
