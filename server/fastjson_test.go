package server

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"wordengine/game"
)

// stdJSON encodes v as writeJSON's default path does: encoding/json
// without HTML escaping.
func stdJSON(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// fastJSON encodes v as writeJSON does.
func fastJSON(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	var err error
	switch v := v.(type) {
	case Game:
		err = appendTo(&buf, func(b []byte) ([]byte, error) { return appendGame(b, &v) })
	case MoveResult:
		err = appendTo(&buf, func(b []byte) ([]byte, error) { return appendMoveResult(b, &v) })
	default:
		t.Fatalf("no fast path for %T", v)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// fieldNames returns the JSON names of t's fields, those of embedded
// structs in their place, in order.
func fieldNames(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			out = append(out, fieldNames(f.Type)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		out = append(out, name)
	}
	return out
}

// TestFastJSON checks the hand-written encoding of the answers that carry
// a game against encoding/json: the views of every seat and of a
// spectator, with and without the legal-move count, of a game of every
// registered game after each of its first moves, and of the answers to
// those moves; views whose strings need escaping; and the fields of the
// types it writes, so that a field added to one of them fails here until
// fastjson.go writes it.
func TestFastJSON(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeFor[Game](), "id game variant lexicon seats players seat ply to_move over winners scores legal_moves last_move history position text"},
		{reflect.TypeFor[MoveResult](), "played think_ms game"},
		{reflect.TypeFor[game.View](), "game variant viewer to_move over seats rows cols cells hand hand_text hand_name pool pool_name tile_name unseen status last winners"},
		{reflect.TypeFor[game.Cell](), "letter blank points premium start height owner secured arrows side parity last"},
	} {
		if got := strings.Join(fieldNames(c.typ), " "); got != c.want {
			t.Errorf("%v has the fields %s; fastjson.go writes %s", c.typ, got, c.want)
		}
	}
	srv, cl := testServer(t, Config{MaxSearches: 1})
	ctx := context.Background()
	for _, name := range game.Names() {
		seed := Seed(3)
		spec, _ := game.Lookup(name)
		players := []string{computerOf(name), computerOf(name)}
		if lo, _ := spec.Players(); lo > 2 {
			continue
		}
		g0, err := cl.Create(ctx, CreateRequest{Game: name, Seed: &seed, Players: players}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 6; ply++ {
			h := srv.games.acquire(g0.ID)
			seats := []*int{nil}
			for p := range h.info.Seats {
				seats = append(seats, &p)
			}
			for _, seat := range seats {
				for _, legal := range []int{-1, 17} {
					h.mu.Lock()
					saved := h.legal
					h.legal = legal
					v := srv.gameView(h, seat)
					h.legal = saved
					h.mu.Unlock()
					if a, b := fastJSON(t, v), stdJSON(t, v); a != b {
						who := "a spectator"
						if seat != nil {
							who = "seat " + itoa(*seat)
						}
						t.Fatalf("%s ply %d, %s: written\n%s\nencoding/json\n%s", name, ply, who, a, b)
					}
				}
			}
			srv.games.release(h)
			res, err := cl.Computer(ctx, g0.ID, ComputerRequest{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := fastJSON(t, *res), stdJSON(t, *res); a != b {
				t.Fatalf("%s ply %d: the move's answer written\n%s\nencoding/json\n%s", name, ply, a, b)
			}
			if res.Game.Over {
				break
			}
		}
	}
	// Every field set, with strings that need escaping.
	rng := rand.New(rand.NewPCG(1, 2))
	odd := []string{"", "A", "Qu", `"`, `\`, "\n\t", "\x01", "\x7f", "<b>&", "\u2028", "é", "日本", "\xff", `a"b\c`}
	str := func() string { return odd[rng.IntN(len(odd))] + odd[rng.IntN(len(odd))] }
	for trial := range 200 {
		cells := make([]game.Cell, rng.IntN(4))
		for i := range cells {
			c := &cells[i]
			c.Letter, c.Premium, c.Arrows, c.Side, c.Parity = str(), str(), str(), str(), str()
			c.Blank, c.Start, c.Secured, c.Last = rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0
			c.Points, c.Height = rng.IntN(5)-2, rng.IntN(3)
			if rng.IntN(2) == 0 {
				o := rng.IntN(3) - 1
				c.Owner = &o
			}
		}
		seat, legal := rng.IntN(3), rng.IntN(50)
		v := &game.View{Game: str(), Variant: str(), Viewer: seat, ToMove: 1, Over: rng.IntN(2) == 0,
			Seats: []game.Seat{{Name: str(), Score: 3, Hand: -1, Notes: str()}}, Rows: 3, Cols: 1, Cells: cells,
			HandText: str(), HandName: str(), Pool: rng.IntN(9) - 1, PoolName: str(), TileName: str(), Unseen: -1}
		if rng.IntN(2) == 0 {
			v.Hand = cells[:len(cells)/2]
			v.Status = []string{str()}
			v.Last = &game.MoveInfo{Move: str(), Text: str()}
			v.Winners = []int{0}
		}
		g := Game{ID: str(), GameInfo: GameInfo{Game: str(), Variant: str(), Lexicon: str(), Seats: 2},
			Ply: trial, ToMove: 1, Over: v.Over, Scores: []int{1, -2}, Position: v, Text: str()}
		if rng.IntN(2) == 0 {
			g.Seat, g.LegalMoves, g.Winners, g.Players = &seat, &legal, []int{1}, []string{str(), "human"}
			g.LastMove = &PlayedMove{Ply: 1, Player: str()}
			g.History = []PlayedMove{*g.LastMove}
		}
		if rng.IntN(4) == 0 {
			g.Position = nil
		}
		res := MoveResult{Played: PlayedMove{Ply: 2, Seat: 1, Player: str()}, ThinkMS: rng.Float64() * 10, Game: g}
		if a, b := fastJSON(t, res), stdJSON(t, res); a != b {
			t.Fatalf("trial %d: written\n%s\nencoding/json\n%s", trial, a, b)
		}
	}
}
