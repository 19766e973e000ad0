package sim_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"wordengine/game"
	_ "wordengine/game/wwf"
	"wordengine/search"
	"wordengine/search/sim"
)

// Simulate the opening move of a Words With Friends game: 3 candidates,
// the opponent's reply, 48 iterations, the early stop off.
func ExamplePlayer_Simulate() {
	spec, err := game.Lookup("wwf")
	if err != nil {
		panic(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		panic(err)
	}
	p := sim.New(sim.Options{Candidates: 3, Plies: 1, Iterations: 48, Stop: -1, Threads: 2})
	res, err := p.Simulate(context.Background(), s, 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Iterations, "iterations, stopped:", res.Stopped)
	for _, st := range res.Stats {
		fmt.Printf("%-12s static %5.1f  simulated %5.1f ± %.1f\n", s.FormatMove(st.Move), float64(st.Static)/1000, st.Equity, st.EquitySE)
	}
	// Output:
	// 48 iterations, stopped: budget
	// 8H BUDDY     static  25.2  simulated -12.3 ± 2.7
	// 8D BUDDY     static  25.2  simulated -15.4 ± 2.4
	// H4 BUDDY     static  25.2  simulated -15.4 ± 2.4
}

// The player spec of selfplay and play.
func ExampleParseOptions() {
	o, err := sim.ParseOptions("plies=2,iterations=400,stop=95,candidates=10,threads=2")
	fmt.Println(o.String(), err)
	_, err = sim.ParseOptions("stop=90")
	fmt.Println(err)
	p, err := search.New("sim:plies=3,time=2s")
	fmt.Println(p.Name(), err)
	// Output:
	// plies=2,candidates=10,iterations=400,stop=95,threads=2 <nil>
	// sim: stop=90: want 95, 99 or 0
	// sim <nil>
}
