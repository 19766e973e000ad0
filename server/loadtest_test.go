package server

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
)

// TestReadLoadView checks the load test's reading of answers against a
// full decoding: a game's id, whose turn it is and whether it is over,
// from a new game and from every computer move of a WWF game to its end;
// and an error for answers without them.
func TestReadLoadView(t *testing.T) {
	_, c := testServer(t, Config{MaxSearches: 1})
	ctx := context.Background()
	seed, seat := Seed(7), 0
	data, err := c.send(ctx, http.MethodPost, "/v1/games"+seatQuery(&seat), CreateRequest{Game: "wwf", Seed: &seed, Players: []string{"static", "static"}})
	if err != nil {
		t.Fatal(err)
	}
	check := func(data []byte, inner string) *loadView {
		t.Helper()
		var want Game
		var moved MoveResult
		var dst any = &want
		if inner != "" {
			dst = &moved
		}
		if err := json.Unmarshal(data, dst); err != nil {
			t.Fatal(err)
		}
		if inner != "" {
			want = moved.Game
		}
		got, err := readLoadView(data, inner)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != want.ID || got.ToMove != want.ToMove || got.Over != want.Over {
			t.Fatalf("read %+v, decoded id %s, to_move %d, over %v", *got, want.ID, want.ToMove, want.Over)
		}
		return got
	}
	g := check(data, "")
	for plies := 0; !g.Over; plies++ {
		if plies > 100 {
			t.Fatal("no end after 100 computer moves")
		}
		data, err := c.send(ctx, http.MethodPost, "/v1/games/"+g.ID+"/computer"+seatQuery(&seat), ComputerRequest{Player: "static:endgame=off"})
		if err != nil {
			t.Fatal(err)
		}
		g = check(data, "game")
	}
	for _, bad := range []string{`[]`, `{}`, `{"game":{"id":"x"}}`, `{"id":"x","to_move":1}`, `nonsense`} {
		if _, err := readLoadView([]byte(bad), "game"); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
