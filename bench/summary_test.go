package bench_test

import (
	"encoding/json"
	"strings"
	"testing"

	"wordengine/bench"
)

func intp(x int) *int { return &x }

// TestSummaryCounts checks a summary against counts made by hand.
func TestSummaryCounts(t *testing.T) {
	m := bench.Match{Players: []string{"x", "y"}, Games: 4, Seed: 1}
	h := m.Header()
	res := func(g int, scores []int, winners []int, spread int) bench.Result {
		seats := []int{0, 1}
		if g%2 == 1 {
			seats = []int{1, 0}
		}
		return bench.Result{Game: g, Deal: g / 2, Rotation: g % 2, Seats: seats, Scores: scores, Winners: winners, Spread: intp(spread), Millis: 500}
	}
	rs := []bench.Result{
		res(0, []int{10, 5}, []int{0}, 5),   // A wins in seat 1
		res(1, []int{7, 7}, []int{0, 1}, 0), // a draw
		res(2, []int{3, 9}, []int{1}, -6),   // B wins in seat 2
		res(3, []int{4, 8}, []int{1}, 4),    // A wins in seat 2
	}
	// Any order of adding gives the same summary.
	t1, t2 := bench.NewTally(h), bench.NewTally(h)
	for i := range rs {
		t1.Add(&rs[i])
		t2.Add(&rs[len(rs)-1-i])
	}
	s := t1.Summary(0, 0)
	if a, b := jsonOf(t, s), jsonOf(t, t2.Summary(0, 0)); a != b {
		t.Errorf("summary depends on the order of Add:\n%s\n%s", a, b)
	}
	a := s.Entrants[0]
	if a.Games != 4 || a.Wins != 2 || a.Draws != 1 || a.Losses != 1 || a.WinRate.Est != 0.625 {
		t.Errorf("A: %+v, want 4 games, 2 wins, 1 draw, 1 loss, win rate 0.625", a.Record)
	}
	// Deal means 2.5 and -1: mean 0.75, sd 2.47487, t(1) 12.7062.
	if !near(a.Spread.Est, 0.75, 1e-9) || !near(a.Spread.Lo, -21.4859, 1e-3) || !near(a.Spread.Hi, 22.9859, 1e-3) {
		t.Errorf("A spread %+v, want 0.75 [-21.486, 22.986]", a.Spread)
	}
	if a.Elo == nil || !near(a.Elo.Est, 88.7395, 1e-3) {
		t.Errorf("A Elo %+v, want +88.74", a.Elo)
	}
	b := s.Entrants[1]
	if b.Wins != 1 || b.Losses != 2 || b.Spread.Est != -0.75 || !near(b.Elo.Est, -88.7395, 1e-3) {
		t.Errorf("B: %+v spread %+v Elo %+v", b.Record, b.Spread, b.Elo)
	}
	if r := a.Seats[0]; r.Games != 2 || r.Wins != 1 || r.Losses != 1 || r.MeanScore != 6.5 {
		t.Errorf("A in seat 1: %+v", r)
	}
	if r := a.Seats[1]; r.Games != 2 || r.Wins != 1 || r.Draws != 1 || r.MeanScore != 7.5 {
		t.Errorf("A in seat 2: %+v", r)
	}
	if r := s.Seats[0]; r.Games != 4 || r.Wins != 1 || r.Draws != 1 || r.Losses != 2 || r.MeanScore != 6 {
		t.Errorf("seat 1: %+v", r)
	}
	if s.Games != 4 || s.Expected != 4 || s.Deals != 2 || s.GameSeconds != 2 || s.GamesPerThreadSecond != 2 {
		t.Errorf("summary counts: %+v", s)
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSummaryText: the table of a 3-player match shows every player and
// every seat, and no Elo (defined for two players only).
func TestSummaryText(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"greedy", "random", "random"}, Games: 30, Seed: 4, Threads: 2}
	rs := play(t, m)
	s := bench.Summarize(&bench.File{Header: m.Header(), Results: rs})
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		"bench-race, lexicon default, seed 4: 30 games (10 deals x 3 seatings)\n",
		"A greedy ", "B random ", "C random ", "player 1 ", "player 3 ", "win % by seat     A     B     C",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 80 {
			t.Errorf("a line of %d columns: %q", len(line), line)
		}
	}
	if strings.Contains(text, "Elo") || s.Entrants[0].Elo != nil {
		t.Errorf("Elo in a 3-player summary:\n%s", text)
	}
	if got := jsonOf(t, s); strings.Contains(got, `"elo"`) {
		t.Errorf("Elo in a 3-player JSON summary: %s", got)
	}
	// Greedy beats two random players.
	if g := s.Entrants[0]; g.WinRate.Lo <= 1.0/3 || g.Spread.Lo <= 0 {
		t.Errorf("greedy against two random players: win rate %+v, spread %+v", g.WinRate, g.Spread)
	}
}
