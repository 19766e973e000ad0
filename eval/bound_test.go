package eval_test

import (
	"testing"

	"wordengine/eval"
	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/game/wwf"
	"wordengine/lexicon"
)

// customRules returns Scrabble's rules with a tile set changed by edit
// (the library allows any tile set).
func customRules(t *testing.T, edit func(ts *crossword.TileSet)) *crossword.Rules {
	t.Helper()
	r, _, err := wwf.Rules("scrabble", "")
	if err != nil {
		t.Fatal(err)
	}
	c := *r
	ts := *r.TileSet
	ts.Counts = append([]int(nil), ts.Counts...)
	edit(&ts)
	c.TileSet = &ts
	return &c
}

// bestMove returns the move of the most equity on the empty board with
// rack (Static on the embedded Scrabble table), its equity, and the
// equity of a pass.
func bestMove(t *testing.T, r *crossword.Rules, rack string) (best game.Move, s *crossword.State, eq, pass int64) {
	t.Helper()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	s, err = crossword.NewEmpty(r, lx, 1)
	if err != nil {
		t.Fatal(err)
	}
	tiles, err := s.Alphabet().Parse(nil, rack)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetRack(0, tiles); err != nil {
		t.Fatal(err)
	}
	s.DrawRack(1)
	l, err := eval.DefaultLeaves("scrabble")
	if err != nil {
		t.Fatal(err)
	}
	e := eval.NewStatic(l)
	eq = -1 << 62
	for _, m := range s.AppendMoves(nil) {
		v := e.Equity(s, m)
		if crossword.MoveKind(m) == crossword.Pass {
			pass = v
		}
		if v > eq {
			best, eq = m, v
		}
	}
	return best, s, eq, pass
}

// TestLeavesOutsideTraining: leaves of compositions the training never
// saw (many blanks, many copies of a letter) are bounded by the listed
// leaves of their size, so a bingo beats keeping seven blanks and a
// rack of four blanks plays them.
func TestLeavesOutsideTraining(t *testing.T) {
	blanks := customRules(t, func(ts *crossword.TileSet) { ts.Blanks = 10 })
	for _, tt := range []struct {
		rack    string
		minimum int // the best move scores at least this
	}{
		{"???????", 50}, // a bingo of blanks: 50 points, over a pass keeping them
		{"????EST", 50}, // a bingo rather than ET for 4 keeping ???S
	} {
		m, s, eq, pass := bestMove(t, blanks, tt.rack)
		t.Logf("10 blanks, rack %s: %s scoring %d, equity %.1f; a pass %.1f", tt.rack, s.FormatMove(m), s.MoveScore(m), float64(eq)/1000, float64(pass)/1000)
		if s.MoveScore(m) < tt.minimum || eq <= pass {
			t.Errorf("10 blanks, rack %s: best move %s scoring %d, equity %.1f (a pass %.1f); want a bingo of %d or more",
				tt.rack, s.FormatMove(m), s.MoveScore(m), float64(eq)/1000, float64(pass)/1000, tt.minimum)
		}
	}
	l, err := eval.DefaultLeaves("scrabble")
	if err != nil {
		t.Fatal(err)
	}
	// Every leave's value lies within the range of the listed leaves of
	// its size, whatever its composition: many blanks, many copies of a
	// letter (a tile set may hold any number; Value takes any multiset).
	lo, hi := map[int]int64{}, map[int]int64{}
	for leave, v := range l.All() {
		ts, err := l.Alphabet().Parse(nil, leave)
		if err != nil {
			t.Fatal(err)
		}
		n := len(ts)
		if _, ok := lo[n]; !ok {
			lo[n], hi[n] = v, v
		}
		lo[n], hi[n] = min(lo[n], v), max(hi[n], v)
	}
	a := l.Alphabet()
	for _, leave := range []string{"??????", "???????", "???S", "?????", "EEEEEE", "QQQQQQ", "SSSSSS", "SSSSSSS", "ZZZZ", "UUUUUUU", "??SSSS"} {
		ts, err := a.Parse(nil, leave)
		if err != nil {
			t.Fatal(err)
		}
		n := min(len(ts), eval.MaxLeave)
		if v := l.Value(ts); v < lo[n] || v > hi[n] {
			t.Errorf("leave %s: %+.1f points, outside the listed leaves of %d tiles [%+.1f, %+.1f]", leave, float64(v)/1000, n, float64(lo[n])/1000, float64(hi[n])/1000)
		}
	}
}
