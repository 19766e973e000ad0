package bench_test

import (
	"strings"
	"testing"
	"time"

	"wordengine/bench"
)

// TestSummaryTextPlurals: the counts in the summary's first and last lines
// are singular for 1 and plural otherwise.
func TestSummaryTextPlurals(t *testing.T) {
	m := bench.Match{Game: "g", Players: []string{"x", "y"}, Games: 4, Seed: 1}
	h := m.Header()
	res := func(g int) bench.Result {
		seats := []int{0, 1}
		if g%2 == 1 {
			seats = []int{1, 0}
		}
		return bench.Result{Game: g, Deal: g / 2, Rotation: g % 2, Seats: seats, Scores: []int{5, 3}, Winners: []int{0}, Spread: intp(2), Millis: 500}
	}
	tests := []struct {
		games     []int
		threads   int
		want, not []string
	}{
		{[]int{0}, 1, []string{": 1 game (1 deal x 2 seatings), 3 missing of 4\n", "1 game in ", " on 1 thread;"}, []string{"1 games", "1 deals", "1 threads"}},
		{[]int{0, 1}, 2, []string{": 2 games (1 deal x 2 seatings), 2 missing of 4\n", "2 games in ", " on 2 threads;"}, []string{"1 deals"}},
		{[]int{0, 1, 2, 3}, 2, []string{": 4 games (2 deals x 2 seatings)\n"}, nil},
	}
	for _, tt := range tests {
		tally := bench.NewTally(h)
		for _, g := range tt.games {
			r := res(g)
			tally.Add(&r)
		}
		s := tally.Summary(1500*time.Millisecond, tt.threads)
		var b strings.Builder
		if err := s.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("games %v: summary lacks %q:\n%s", tt.games, w, text)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(text, w) {
				t.Errorf("games %v: summary has %q:\n%s", tt.games, w, text)
			}
		}
	}
}
