package server

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
)

// TestResign checks that every game takes "resign" over the API: the
// game ends, the other seat wins, no move follows, and the record says
// who resigned. WordBlock's board spells RESIGN: the word is not played.
func TestResign(t *testing.T) {
	_, c := testServer(t, Config{})
	ctx := context.Background()
	for _, req := range []CreateRequest{
		{Game: "wwf"}, {Game: "scrabble"}, {Game: "upwords"}, {Game: "twoway"}, {Game: "wordflow", Seats: 2},
		{Game: "wordblock", Variant: "board=CATS/DOGE/RIPE/TONE"},
	} {
		t.Run(req.Game, func(t *testing.T) {
			req.Seed = new(Seed(5))
			g, err := c.Create(ctx, req, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Move(ctx, g.ID, 0, "resign")
			if err != nil {
				t.Fatalf("resign: %v", err)
			}
			if res.Played.Kind != "resign" || len(res.Played.Words) != 0 || !res.Game.Over || !slices.Equal(res.Game.Winners, []int{1}) {
				t.Errorf("resign: played %+v, over %v, winners %v; want a resignation, over, winners [1]", res.Played.MoveInfo, res.Game.Over, res.Game.Winners)
			}
			var ae *APIError
			if _, err := c.Move(ctx, g.ID, 1, "pass"); !errors.As(err, &ae) || ae.Code != "game_over" {
				t.Errorf("a move after the resignation: %v, want game_over", err)
			}
			var rec RecordResult
			if err := c.do(ctx, "GET", "/v1/games/"+g.ID+"/record", nil, &rec); err != nil {
				t.Fatal(err)
			}
			r, err := game.ReadRecord(strings.NewReader(rec.Record), "record")
			if err != nil {
				t.Fatalf("reading the record: %v\n%s", err, rec.Record)
			}
			if r.Result == nil || r.Result.Resigned == nil || *r.Result.Resigned != 0 || !slices.Equal(r.Result.Winners, []int{1}) {
				t.Errorf("record result %+v, want seat 0 resigned, winners [1]\n%s", r.Result, rec.Record)
			}
		})
	}
}

// TestMoveErrorOnce checks that an illegal move's error names the move
// once, whether or not the game's own error names it.
func TestMoveErrorOnce(t *testing.T) {
	_, c := testServer(t, Config{})
	ctx := context.Background()
	for _, tc := range []struct{ game, move string }{
		{"upwords", "5A GRUND"}, {"wordblock", "CAT z9,a1,b1"}, {"wwf", "8H ZZZZZZZZ"}, {"twoway", "A h8"},
	} {
		g, err := c.Create(ctx, CreateRequest{Game: tc.game, Seed: new(Seed(3))}, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Move(ctx, g.ID, 0, tc.move)
		var ae *APIError
		if !errors.As(err, &ae) || ae.Code != "illegal_move" {
			t.Fatalf("%s %q: %v, want illegal_move", tc.game, tc.move, err)
		}
		if n := strings.Count(ae.Message, tc.move); n != 1 {
			t.Errorf("%s %q: %q names the move %d times, want once", tc.game, tc.move, ae.Message, n)
		}
	}
}
