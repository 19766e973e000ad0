package upwords

import (
	"flag"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

var updateSuite = flag.Bool("update-suite", false, "rewrite testdata/midgame.txt from greedy self-play")

// update rewrites the golden move counts testdata/positions.moves
// (TestMoveCounts); -update-suite rewrites the midgame suite itself.
var update = flag.Bool("update", false, "rewrite testdata/positions.moves, the golden move counts of the committed positions (TestMoveCounts)")

const suitePath = "testdata/midgame.txt"

// greedyPositions plays greedy (highest score, first in generation order)
// games on the standard board and keeps the position at ply 8 to 22 of
// each: 24 midgame positions, 2 to 4 players.
func greedyPositions(t testing.TB, lx *lexicon.Lexicon) []*State {
	var out []*State
	buf := make([]game.Move, 0, 1<<14)
	for seed := uint64(1); len(out) < 24; seed++ {
		s, err := NewGame(game.Config{Lexicon: lx, Players: 2 + int(seed%3), Rand: rand.New(rand.NewPCG(seed, 11))})
		if err != nil {
			t.Fatal(err)
		}
		stop := 8 + int(seed*5%15)
		for ply := 0; ply < stop && !s.Over(); ply++ {
			buf = s.AppendMoves(buf[:0])
			best := buf[0]
			for _, m := range buf {
				if s.MoveScore(m) > s.MoveScore(best) {
					best = m
				}
			}
			s.Play(best)
		}
		if !s.Over() {
			out = append(out, s)
		}
	}
	return out
}

// loadSuite reads the committed midgame positions (separated by their
// "upwords" first lines).
func loadSuite(t testing.TB, lx *lexicon.Lexicon) []*State {
	data, err := os.ReadFile(suitePath)
	if err != nil {
		t.Fatal(err)
	}
	var out []*State
	for _, part := range strings.Split(string(data), "\nupwords")[0:] {
		if !strings.HasPrefix(part, "upwords") {
			part = "upwords" + part
		}
		s, err := ParsePosition(lx, part)
		if err != nil {
			t.Fatalf("%s, position %d: %v", suitePath, len(out)+1, err)
		}
		out = append(out, s)
	}
	return out
}

// TestMidgameSuite checks the committed benchmark positions: they parse,
// and on each AppendMoves equals the brute force. With -update-suite it
// rewrites them.
func TestMidgameSuite(t *testing.T) {
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	if *updateSuite {
		var sb strings.Builder
		for _, s := range greedyPositions(t, lx) {
			sb.WriteString(s.Format())
		}
		if err := os.WriteFile(suitePath, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	total := 0
	for k, s := range loadSuite(t, lx) {
		if raceEnabled && k%4 != 0 {
			continue // the race detector slows the brute force tenfold
		}
		got, want := describe(s, s.AppendMoves(nil)), describe(s, bruteForce(s))
		if !slices.Equal(got, want) {
			t.Fatalf("position %d: AppendMoves %d moves, brute force %d", k+1, len(got), len(want))
		}
		total += len(got)
	}
	t.Logf("%s: %d moves in all, equal to brute force", suitePath, total)
}

// BenchmarkAppendMoves generates every move of each committed midgame
// position in turn, the cross-checks computed afresh each time (as after
// Clone or ParsePosition); it reports microseconds per generation and
// moves/s.
func BenchmarkAppendMoves(b *testing.B) { benchAppendMoves(b, true) }

// BenchmarkAppendMovesWarm is BenchmarkAppendMoves with the cross-checks
// kept from the previous generation on the same board (the best case of
// the incremental update: in a game, a play refreshes the lanes it
// touched).
func BenchmarkAppendMovesWarm(b *testing.B) { benchAppendMoves(b, false) }

func benchAppendMoves(b *testing.B, cold bool) {
	lx, err := lexicon.Default()
	if err != nil {
		b.Fatal(err)
	}
	suite := loadSuite(b, lx)
	buf := make([]game.Move, 0, 1<<15)
	for _, s := range suite {
		buf = s.AppendMoves(buf[:0]) // allocate each generator once
	}
	b.ReportAllocs()
	b.ResetTimer()
	moves := 0
	for i := 0; i < b.N; i++ {
		s := suite[i%len(suite)]
		if cold {
			s.gen.valid = [2][MaxSize]bool{}
		}
		buf = s.AppendMoves(buf[:0])
		moves += len(buf)
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(sec*1e6/float64(b.N), "us/gen")
	b.ReportMetric(float64(moves)/sec, "moves/s")
}

// BenchmarkSelfPlayGreedy plays whole greedy two-player games; it reports
// games/s.
func BenchmarkSelfPlayGreedy(b *testing.B) {
	lx, err := lexicon.Default()
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]game.Move, 0, 1<<15)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := NewGame(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(uint64(i), 1))})
		if err != nil {
			b.Fatal(err)
		}
		for !s.Over() {
			buf = s.AppendMoves(buf[:0])
			best := buf[0]
			for _, m := range buf {
				if s.MoveScore(m) > s.MoveScore(best) {
					best = m
				}
			}
			s.Play(best)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
