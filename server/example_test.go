package server_test

import (
	"context"
	"fmt"
	"net/http/httptest"

	_ "wordengine/game/wwf" // registers wwf and scrabble
	"wordengine/server"
)

// A client plays a whole game of Words With Friends over the API: its
// own moves are the hint's best, the computer's come from /computer.
func ExampleClient() {
	srv := server.New(server.Config{})
	defer srv.Close()
	hs := httptest.NewServer(srv) // wordengine serve, on a loopback port
	defer hs.Close()

	c := &server.Client{BaseURL: hs.URL}
	ctx := context.Background()
	me := 0
	seed := server.Seed(42)
	g, err := c.Create(ctx, server.CreateRequest{Game: "wwf", Players: []string{"human", "static"}, Seed: &seed}, &me)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("my rack:", g.Position.HandText)
	for !g.Over {
		var res *server.MoveResult
		if g.ToMove == me {
			h, err := c.Hint(ctx, g.ID, server.HintOptions{Seat: &me, Top: 1})
			if err != nil {
				fmt.Println(err)
				return
			}
			res, err = c.Move(ctx, g.ID, me, h.Moves[0].Move)
		} else {
			res, err = c.Computer(ctx, g.ID, server.ComputerRequest{}, &me)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		if res.Played.Ply <= 4 {
			fmt.Printf("%d. seat %d (%s): %s, %d points\n", res.Played.Ply, res.Played.Seat, res.Played.Player, res.Played.Move, res.Played.Score)
		}
		g = &res.Game
	}
	// The last moves and the final score are left out: once the bag is
	// empty static hands its moves to the endgame solver, which thinks
	// for a time (the server's --endgame-think), not a number of steps,
	// so they depend on the machine's speed.
	fmt.Println("over:", g.Over, len(g.Winners) > 0)
	// Output:
	// my rack: AEILOU?
	// 1. seat 0 (human): 8B EULOgIA, 51 points
	// 2. seat 1 (static): B3 WAKAM(E), 40 points
	// 3. seat 0 (human): 4A Q(A)ID, 54 points
	// 4. seat 1 (static): D1 ABI(D)E, 27 points
	// over: true true
}
