package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest/toygame"
)

// TestViewsHideWhatSeatsCannotSee checks, for every game with hidden
// information, that a seat's view depends only on what that seat may
// see: the view of seat s is the same when the true position is replaced
// by one determinized for s (every tile, face and bag order s cannot see
// redealt), and a spectator's view is the same under the determinization
// for any seat. It plays a few moves of each game first, and never shows
// the seed.
func TestViewsHideWhatSeatsCannotSee(t *testing.T) {
	toygame.Register() // a game with none of the front-end contracts
	srv, c := testServer(t, Config{})
	ctx := context.Background()
	for _, req := range []CreateRequest{
		{Game: "wwf"},
		{Game: "scrabble"},
		{Game: "upwords", Seats: 3},
		{Game: "twoway"},
		{Game: "wordflow", Seats: 3},
		{Game: toygame.Name, Seats: 3},
	} {
		t.Run(req.Game, func(t *testing.T) {
			seed := Seed(11)
			req.Seed = &seed
			g, err := c.Create(ctx, req, nil)
			if err != nil {
				t.Fatal(err)
			}
			for range 6 {
				res, err := c.Computer(ctx, g.ID, ComputerRequest{Player: "greedy"}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if g = &res.Game; g.Over {
					break
				}
			}
			h := srv.games.acquire(g.ID)
			defer srv.games.release(h)
			if _, ok := h.state.(game.Determinizer); !ok {
				t.Fatalf("%s has no hidden information", req.Game)
			}
			view := func(seat *int) string {
				t.Helper()
				if err := srv.countLegal(ctx, h, seat, nil); err != nil {
					t.Fatal(err)
				}
				path := "/v1/games/" + g.ID
				if seat != nil {
					path += fmt.Sprintf("?seat=%d", *seat)
				}
				status, _, body := call(t, c, "GET", path, "", "")
				if status != http.StatusOK {
					t.Fatalf("GET %s: %d %s", path, status, body)
				}
				if strings.Contains(string(body), `"seed"`) {
					t.Errorf("the view %s shows the seed", body)
				}
				var v map[string]any
				if err := json.Unmarshal(body, &v); err != nil {
					t.Fatal(err)
				}
				return string(body)
			}
			truth := h.state.Clone()
			for s := -1; s < g.Seats; s++ {
				var seat *int
				if s >= 0 {
					seat = seatPtr(s)
				}
				want := view(seat)
				for k := range 4 {
					for d := range g.Seats {
						if seat != nil && d != s {
							continue // seat s sees what s sees; a spectator less than any seat
						}
						st := truth.Clone()
						st.(game.Determinizer).Determinize(d, rand.New(rand.NewPCG(uint64(k), uint64(d))))
						h.mu.Lock()
						h.state, h.legal = st, -1
						h.mu.Unlock()
						if got := view(seat); got != want {
							t.Errorf("seat %v: the view changes when what seat %d cannot see is redealt:\n%s\nwant\n%s", s, d, got, want)
						}
					}
				}
				h.mu.Lock()
				h.state, h.legal = truth.Clone(), -1
				h.mu.Unlock()
			}
		})
	}
}
