package search

import (
	"math"
	"testing"
)

// TestCandidateValue: the equities rankers give decode to estimates,
// wins and losses with their margins, and read as people expect.
func TestCandidateValue(t *testing.T) {
	tests := []struct {
		name   string
		cd     Candidate
		want   Value
		text   string
		number float64
	}{
		{"estimate", Candidate{Equity: 12_500}, Value{Points: 12.5}, "12.5", 12.5},
		{"negative estimate", Candidate{Equity: -3_250}, Value{Points: -3.25}, "-3.2", -3.25},
		{"win", Candidate{Equity: WinValue + 12_000}, Value{Outcome: Win, Points: 12}, "win +12", 1012},
		{"loss", Candidate{Equity: -WinValue - 5_000}, Value{Outcome: Loss, Points: -5}, "loss -5", -1005},
		{"lost on a lead", Candidate{Equity: -WinValue + 2_000}, Value{Outcome: Loss, Points: 2}, "loss +2", -998},
		{"win, assumed", Candidate{Equity: WinValue + 5_000, Assumes: "one-ply opponents"},
			Value{Outcome: Win, Points: 5, Assumes: "one-ply opponents"}, "win +5 (one-ply opponents)", 1005},
		{"estimate, assumed", Candidate{Equity: 4_000, Assumes: "one-ply opponents"},
			Value{Points: 4, Assumes: "one-ply opponents"}, "4.0", 4},
		{"won in every deal", Candidate{Equity: WinValue + 12_500, Deals: 8, Won: 8},
			Value{Outcome: Win, Points: 12.5, Deals: 8, Won: 8}, "win +12.5 (all 8 deals)", 1012.5},
		{"won in some deals", Candidate{Equity: (3*(WinValue+10_000) + 5*2_000) / 8, Deals: 8, Won: 3},
			Value{Points: 5, Deals: 8, Won: 3}, "5.0 (a win in 3 of 8 deals)", 5},
		{"won and lost", Candidate{Equity: (2*(WinValue+4_000) + (-WinValue - 4_000)) / 4, Deals: 4, Won: 2, Lost: 1},
			Value{Points: 1, Deals: 4, Won: 2, Lost: 1}, "1.0 (a win in 2 of 4 deals, a loss in 1)", 1},
		{"not searched", Candidate{Equity: Unvalued}, Value{Outcome: Unsearched}, "not searched", math.NaN()},
	}
	for _, tt := range tests {
		v := tt.cd.Value()
		if math.Abs(v.Points-tt.want.Points) > 1e-6 {
			t.Errorf("%s: Points %v, want %v", tt.name, v.Points, tt.want.Points)
		}
		v.Points = tt.want.Points
		if v != tt.want {
			t.Errorf("%s: Value() = %+v, want %+v", tt.name, v, tt.want)
		}
		if got := v.String(); got != tt.text {
			t.Errorf("%s: String() = %q, want %q", tt.name, got, tt.text)
		}
		n, ok := v.Number()
		if ok != !math.IsNaN(tt.number) || (ok && math.Abs(n-tt.number) > 1e-6) {
			t.Errorf("%s: Number() = %v, %v; want %v", tt.name, n, ok, tt.number)
		}
	}
}
