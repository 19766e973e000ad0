package sim

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/search"
)

var calibrate = flag.Bool("calibrate", false, "TestCalibrateWinScale: fit WinScale on static self-play (about 20 s)")

// TestCalibrateWinScale fits the scale c of the win estimate
// 1/(1+exp(−spread/(c·√(u+1)))) by maximum likelihood (a grid of step
// 0.25) on every position of 1,500 static self-play games per game, the
// mover's spread and unseen tiles against the final result, overall and
// per range of unseen tiles. It runs only with -args -calibrate; the
// constant WinScale comes from its WWF fit.
func TestCalibrateWinScale(t *testing.T) {
	if !*calibrate {
		t.Skip("run with -args -calibrate")
	}
	type point struct {
		spread float64
		unseen int
		result float64
	}
	fit := func(pts []point, lo, hi int) (float64, int) {
		best, bestC, n := math.Inf(-1), 0.0, 0
		for c := 1.0; c <= 15; c += 0.25 {
			ll := 0.0
			n = 0
			for _, p := range pts {
				if p.unseen < lo || p.unseen > hi {
					continue
				}
				n++
				q := 1 / (1 + math.Exp(-p.spread/(c*math.Sqrt(float64(p.unseen+1)))))
				q = min(max(q, 1e-9), 1-1e-9)
				ll += p.result*math.Log(q) + (1-p.result)*math.Log(1-q)
			}
			if ll > best {
				best, bestC = ll, c
			}
		}
		return bestC, n
	}
	for _, name := range []string{"wwf", "scrabble"} {
		spec, err := game.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := search.NewStatic("endgame=off")
		var pts []point
		for g := range 1500 {
			s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(uint64(g), 9))})
			if err != nil {
				t.Fatal(err)
			}
			type rec struct{ spread, unseen, me int }
			var recs []rec
			for !s.Over() {
				me := s.ToMove()
				r := s.(game.Racker)
				recs = append(recs, rec{spread(s, me), r.BagLen() + len(r.Rack(nil, 1-me)), me})
				m, err := st.Choose(context.Background(), s, nil)
				if err != nil {
					t.Fatal(err)
				}
				s.Play(m)
			}
			for _, r := range recs {
				pts = append(pts, point{float64(r.spread), r.unseen, result(s, r.me)})
			}
		}
		c, n := fit(pts, 0, 1000)
		t.Logf("%s: %d positions, WinScale %.2f", name, n, c)
		for _, rg := range [][2]int{{0, 7}, {8, 20}, {21, 40}, {41, 70}, {71, 120}} {
			c, n := fit(pts, rg[0], rg[1])
			t.Logf("  unseen %d to %d: %d positions, scale %.2f", rg[0], rg[1], n, c)
		}
	}
}
