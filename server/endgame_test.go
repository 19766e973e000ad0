package server

import (
	"context"
	"testing"
	"time"
)

// TestEndgameThinkLimits checks the endgame handover's thinking time of
// a request without a budget: the default, and a value above MaxThink
// capped by it; GET /v1/games tells it.
func TestEndgameThinkLimits(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want time.Duration
	}{
		{Config{}, DefaultEndgameThink},
		{Config{EndgameThink: 40 * time.Millisecond}, 40 * time.Millisecond},
		{Config{MaxThink: 5 * time.Millisecond, EndgameThink: time.Second}, 5 * time.Millisecond},
	} {
		_, cl := testServer(t, c.cfg)
		cat, err := cl.Games(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := cat.Limits.EndgameThinkMS; got != c.want.Milliseconds() {
			t.Errorf("EndgameThink %v, MaxThink %v: endgame_think_ms %d, want %d", c.cfg.EndgameThink, c.cfg.MaxThink, got, c.want.Milliseconds())
		}
	}
}

// endgameMove plays a seeded WWF game of static:endgame=off against
// itself on cl until the bag is empty, then asks the computer (player)
// for the endgame's first move; ok is false when the game ended first.
func endgameMove(t *testing.T, cl *Client, seed Seed, player string) (string, bool) {
	t.Helper()
	ctx := context.Background()
	plain, seat := "static:endgame=off", 0
	g, err := cl.Create(ctx, CreateRequest{Game: "wwf", Seed: &seed, Players: []string{plain, plain}}, &seat)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over && g.Position.Pool > 0 {
		res, err := cl.Computer(ctx, g.ID, ComputerRequest{}, &seat)
		if err != nil {
			t.Fatal(err)
		}
		g = &res.Game
	}
	if g.Over {
		return "", false
	}
	res, err := cl.Computer(ctx, g.ID, ComputerRequest{Player: player}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Played.Move, true
}

// TestEndgameThinkPassed checks that the endgame handover of a computer
// move without a budget keeps to the server's EndgameThink: when it has
// passed before the search starts, static plays its own choice, the move
// of static:endgame=off.
func TestEndgameThinkPassed(t *testing.T) {
	_, late := testServer(t, Config{EndgameThink: time.Nanosecond, MaxSearches: 1})
	_, plain := testServer(t, Config{MaxSearches: 1})
	checked := 0
	for seed := Seed(1); checked < 2; seed++ {
		a, ok := endgameMove(t, late, seed, "static")
		if !ok {
			continue
		}
		b, _ := endgameMove(t, plain, seed, "static:endgame=off")
		if a != b {
			t.Fatalf("seed %d: with no endgame thinking time left, static plays %s, not its own choice %s", seed, a, b)
		}
		checked++
	}
}
