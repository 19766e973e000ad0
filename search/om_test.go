package search_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"wordengine/game"
	"wordengine/search"
)

// leafVector is the value of a picks position for every seat as the
// searches value a leaf: 1000 per point of the seat's score minus the
// best other seat's, and for a finished game ±WinValue for a sole win or
// a loss (0 for a shared win).
func leafVector(g *picks) []int64 {
	n := len(g.scores)
	v := make([]int64, n)
	top, count := -1<<30, 0
	for _, s := range g.scores {
		switch {
		case s > top:
			top, count = s, 1
		case s == top:
			count++
		}
	}
	for p := range n {
		best := -1 << 30
		for q, s := range g.scores {
			if q != p {
				best = max(best, s)
			}
		}
		v[p] = 1000 * int64(g.scores[p]-best)
		if g.Over() {
			switch {
			case g.scores[p] < top:
				v[p] -= search.WinValue
			case count == 1:
				v[p] += search.WinValue
			}
		}
	}
	return v
}

// omVector is exhaustive opponent-model search to depth plies: root
// keeps the child best for itself; every other seat plays the move whose
// resulting position it values best one ply ahead (the first of
// AppendMoves on a tie).
func omVector(g *picks, root, depth int) []int64 {
	if g.Over() || depth == 0 {
		return leafVector(g)
	}
	var best []int64
	var bestMove game.Move
	q := g.turn
	bestOne := int64(0)
	for i, m := range g.AppendMoves(nil) {
		g.Play(m)
		if q == root {
			if v := omVector(g, root, depth-1); i == 0 || v[root] > best[root] {
				best = v
			}
		} else if v := leafVector(g)[q]; i == 0 || v > bestOne {
			bestOne, bestMove = v, m
		}
		g.Undo()
	}
	if q != root {
		g.Play(bestMove)
		best = omVector(g, root, depth-1)
		g.Undo()
	}
	return best
}

// TestOMExact checks that a full-width OM search values every root move
// as the exhaustive opponent-model search does, for 2 to 4 players and
// depths 2 to 6, on tables of distinct numbers (so that no two moves give
// equal evaluations, which the search would take for one position), half
// of them played from the ends of the row, where the model's one-ply
// choice is often not the deeper search's.
func TestOMExact(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := range 90 {
		players := 2 + trial%3
		depth := 2 + trial%5
		nums := rng.Perm(12)[:4+rng.IntN(5)]
		for i := range nums {
			nums[i]++
		}
		g := newPicks(players, nums...)
		g.ends = trial%2 == 0
		p := &search.OM{Limits: search.Limits{Width: -1, Nodes: 1 << 40, Depth: depth}}
		cands, err := p.Rank(context.Background(), g, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(cands) != len(g.AppendMoves(nil)) {
			t.Fatalf("%v: %d candidates for %d moves", nums, len(cands), len(g.AppendMoves(nil)))
		}
		// The search stops deepening once its best move is a decided
		// win or loss: find the depth it reached.
		reached := depth
		for d := 2; d < depth; d++ {
			best := int64(-1 << 62)
			for _, m := range g.AppendMoves(nil) {
				g.Play(m)
				best = max(best, omVector(g, 0, d-1)[0])
				g.Undo()
			}
			if best >= search.WinValue/2 || best <= -search.WinValue/2 {
				reached = d
				break
			}
		}
		bestVal := int64(-1 << 62)
		for _, c := range cands {
			g.Play(c.Move)
			want := omVector(g, 0, reached-1)[0]
			g.Undo()
			if c.Equity != want {
				t.Fatalf("%d players %v depth %d: move %s valued %d, opponent-model search %d", players, nums, reached, g.FormatMove(c.Move), c.Equity, want)
			}
			bestVal = max(bestVal, want)
		}
		m, err := p.Choose(context.Background(), g, nil)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
		got := omVector(g, 0, reached-1)[0]
		g.Undo()
		if got != bestVal {
			t.Fatalf("%v: Choose plays %s worth %d, the best is worth %d", nums, g.FormatMove(m), got, bestVal)
		}
	}
}

// TestOMOptions checks the option parser and the errors it gives.
func TestOMOptions(t *testing.T) {
	p, err := search.NewOM("nodes=5000, owidth=3,depth=4,width=2,time=1s")
	if err != nil {
		t.Fatal(err)
	}
	if want := (search.Limits{Nodes: 5000, Depth: 4, Width: 2, Time: time.Second}); p.Limits != want || p.OppWidth != 3 {
		t.Errorf("got %+v owidth %d, want %+v owidth 3", p.Limits, p.OppWidth, want)
	}
	for _, bad := range []string{"owidth=0", "owidth=x", "owidth", "depth=0", "nodes=-1", "colour=red", "width"} {
		if _, err := search.New("om:" + bad); err == nil {
			t.Errorf("om:%s: no error", bad)
		}
	}
}
