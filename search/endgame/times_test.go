package endgame

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"wordengine/game"
	"wordengine/lexicon"
)

var (
	solveGames = flag.Int("solve-games", 0, "TestSolveTimes: self-play games whose first endgame to solve (0: skip)")
	solveCap   = flag.Duration("solve-cap", 10*time.Second, "TestSolveTimes: time budget of each solve")
	solveGame  = flag.String("solve-game", "scrabble", "TestSolveTimes: wwf or scrabble (scrabble with SOWPODS when built)")
)

// firstEndgame plays a seeded game with the highest-scoring play each
// turn (ties: the first generated; the pass only when there is no play)
// until the bag is empty; ok is false when the game ends first.
func firstEndgame(t testing.TB, name string, lx *lexicon.Lexicon, seed uint64) (game.State, bool) {
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(seed, 0xe6))})
	if err != nil {
		t.Fatal(err)
	}
	rk := s.(game.Racker)
	var moves []game.Move
	for !s.Over() && rk.BagLen() > 0 {
		moves = s.AppendMoves(moves[:0])
		best := moves[len(moves)-1]
		for _, m := range moves {
			if s.MoveScore(m) > s.MoveScore(best) {
				best = m
			}
		}
		s.Play(best)
	}
	return s, !s.Over()
}

// TestSolveTimes solves the first endgame (bag empty) of -solve-games
// seeded self-play games (highest score each turn) to the end of the
// game, one thread, each within -solve-cap, and prints the distribution
// of the solve times: the evidence of how long the exact solver takes on
// the endgames a game meets. It is skipped unless -solve-games is given:
//
//	go test ./search/endgame -run TestSolveTimes -v -timeout 0 -args -solve-games=1000 -solve-game=scrabble
func TestSolveTimes(t *testing.T) {
	if *solveGames <= 0 {
		t.Skip("the solve-time distribution runs with -solve-games=N")
	}
	var lx *lexicon.Lexicon
	if *solveGame == "scrabble" {
		lx = sowpods(t)
	}
	sv := New(Options{Time: *solveCap})
	type solve struct {
		secs   float64
		nodes  uint64
		solved bool
		racks  string
	}
	var all []solve
	start := time.Now()
	for seed := uint64(1); len(all) < *solveGames; seed++ {
		s, ok := firstEndgame(t, *solveGame, lx, seed)
		if !ok {
			continue
		}
		r, err := sv.Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		rk := s.(game.Racker)
		racks := fmt.Sprintf("%d/%d", len(rk.Rack(nil, s.ToMove())), len(rk.Rack(nil, 1-s.ToMove())))
		all = append(all, solve{r.Elapsed.Seconds(), r.Nodes, r.Solved, racks})
		if len(all)%100 == 0 {
			t.Logf("%d endgames in %v", len(all), time.Since(start).Round(time.Second))
		}
	}
	secs := make([]float64, len(all))
	solved := 0
	var nodes uint64
	for i, x := range all {
		secs[i] = x.secs
		nodes += x.nodes
		if x.solved {
			solved++
		}
	}
	slices.Sort(secs)
	q := func(p float64) float64 { return secs[min(len(secs)-1, int(p*float64(len(secs))))] }
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %d endgames (the first with the bag empty of %d self-play games), to the end within %v, one thread\n", *solveGame, len(all), len(all), *solveCap)
	fmt.Fprintf(&sb, "solved to the end: %d (%.1f %%); time median %.3f s, p90 %.3f s, p99 %.3f s, max %.3f s; mean %.3f s; %d nodes\n",
		solved, 100*float64(solved)/float64(len(all)), q(0.5), q(0.9), q(0.99), secs[len(secs)-1], mean(secs), nodes)
	for _, b := range []float64{0.01, 0.1, 1, 10, 100} {
		n, _ := slices.BinarySearch(secs, b)
		fmt.Fprintf(&sb, "  under %6.2f s: %5d (%.1f %%)\n", b, n, 100*float64(n)/float64(len(secs)))
	}
	t.Log("\n" + sb.String())
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}
