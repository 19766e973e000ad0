package driver_test

import (
	"context"
	"fmt"

	"wordengine/game"
	"wordengine/game/driver"
	"wordengine/game/gametest/toygame"
	"wordengine/search"
)

// A game between two computers through the driver: each move is chosen
// on the mover's own view, described for the log, and recorded; the
// record replays to the same position.
func ExampleGame() {
	toygame.Register()
	spec, _ := game.Lookup("toy")
	g, err := driver.NewGame(driver.Config{Spec: spec, Seed: 1, Seats: []driver.Seat{
		{Name: "ann", Player: search.Greedy{}, Spec: "greedy"},
		{Name: "bob", Player: search.Greedy{}, Spec: "greedy"},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for range 4 {
		m, err := g.Choose(context.Background())
		if err != nil {
			fmt.Println(err)
			return
		}
		pl := g.Play(m)
		fmt.Printf("%s %s\n", g.Seats()[pl.Seat].Name, pl.Info[len(pl.Info)-1].Text)
	}
	s, _ := game.Replay(g.Record(), game.ReplayOptions{Moves: -1})
	fmt.Println("the record replays to the same position:", s.Hash() == g.State().Hash())
	// Output:
	// ann played BAUD for 4 points
	// bob played ELT for 3 points
	// ann played CRIS for 4 points
	// bob played ERM for 3 points
	// the record replays to the same position: true
}
