package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest/toygame"
)

// TestRecords checks save and resume for every game: the record of a
// game in progress resumes to the same game (history, scores, views),
// and both then go on alike.
func TestRecords(t *testing.T) {
	_, c := testServer(t, Config{})
	ctx := context.Background()
	for _, tc := range []struct {
		req    CreateRequest
		format string
	}{
		{CreateRequest{Game: "wwf", Players: []string{Human, "greedy"}}, "GCG"},
		{CreateRequest{Game: "scrabble"}, "GCG"},
		{CreateRequest{Game: "upwords", Seats: 3}, game.RecordFormatName},
		{CreateRequest{Game: "wordblock"}, game.RecordFormatName},
		{CreateRequest{Game: "twoway"}, game.RecordFormatName},
		{CreateRequest{Game: "wordflow"}, game.RecordFormatName},
	} {
		t.Run(tc.req.Game, func(t *testing.T) {
			tc.req.Seed = new(Seed(31))
			g, err := c.Create(ctx, tc.req, nil)
			if err != nil {
				t.Fatal(err)
			}
			for range 5 {
				if _, err := c.Computer(ctx, g.ID, ComputerRequest{Player: "greedy"}, nil); err != nil {
					t.Fatal(err)
				}
			}
			var rec RecordResult
			if err := c.do(ctx, "GET", "/v1/games/"+g.ID+"/record", nil, &rec); err != nil {
				t.Fatal(err)
			}
			if rec.Format != tc.format || rec.Seed != 31 || rec.Game.Game != tc.req.Game || rec.Record == "" {
				t.Fatalf("record %+v", rec)
			}
			back, err := c.Create(ctx, CreateRequest{Record: rec.Record}, nil)
			if err != nil {
				t.Fatalf("resuming %s: %v", rec.Record, err)
			}
			if back.ID == g.ID || !equalJSON(t, back.GameInfo, mustGame(t, c, g.ID, nil).GameInfo) {
				t.Errorf("resumed as %+v", back.GameInfo)
			}
			for seat := range g.Seats {
				a, b := mustGame(t, c, g.ID, seatPtr(seat)), mustGame(t, c, back.ID, seatPtr(seat))
				a.ID, b.ID = "", ""
				// A record tells who played each seat, not each move.
				for _, v := range []*Game{a, b} {
					for i := range v.History {
						v.History[i].Player = ""
					}
					v.LastMove.Player = ""
				}
				if !equalJSON(t, a, b) {
					t.Errorf("seat %d: the resumed game differs:\n%+v\nwant\n%+v", seat, b, a)
				}
			}
			x, err := c.Computer(ctx, g.ID, ComputerRequest{Player: "greedy"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			y, err := c.Computer(ctx, back.ID, ComputerRequest{Player: "greedy"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !equalJSON(t, x.Played, y.Played) {
				t.Errorf("the next computer move differs: %+v, resumed %+v", x.Played, y.Played)
			}
		})
	}
	// Records that cannot be resumed.
	for _, tc := range []struct{ body, msg string }{
		{`{"record":"hello"}`, "record"},
		{`{"record":"{\"format\":\"wordengine-record 9\"}"}`, "format"},
		{`{"record":"{\"format\":\"wordengine-record 1\",\"game\":\"upwords\",\"seed\":1,\"players\":[{\"name\":\"a\"},{\"name\":\"b\"}],\"moves\":[{\"seat\":1,\"move\":\"pass\",\"score\":0}]}"}`, "move 1"},
		{`{"record":"{\"format\":\"wordengine-record 1\",\"game\":\"upwords\",\"seed\":1,\"players\":[{\"name\":\"a\"},{\"name\":\"b\",\"player\":\"static:leaves=/etc/passwd\"}],\"moves\":[]}"}`, "file"},
		{`{"record":"{\"format\":\"wordengine-record 1\",\"game\":\"twoway\",\"variant\":\"tiles=/etc/passwd\",\"seed\":1,\"players\":[{\"name\":\"a\"},{\"name\":\"b\"}],\"moves\":[]}"}`, "file"},
	} {
		status, _, body := call(t, c, "POST", "/v1/games", "application/json", tc.body)
		if status != http.StatusUnprocessableEntity || !strings.Contains(string(body), tc.msg) {
			t.Errorf("POST %s: %d %s; want 422 with %q", tc.body, status, body, tc.msg)
		}
	}
}

func mustGame(t *testing.T, c *Client, id string, seat *int) *Game {
	t.Helper()
	g, err := c.Game(context.Background(), id, seat)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPositionHint checks the stateless hint: on a position written by
// the game itself, it gives the hint of the held game; a CGP without
// the rack of the seat to move, or a bad position, is refused.
func TestPositionHint(t *testing.T) {
	srv, c := testServer(t, Config{})
	ctx := context.Background()
	for _, req := range []CreateRequest{
		{Game: "wwf"}, {Game: "scrabble"}, {Game: "upwords"}, {Game: "wordblock"}, {Game: "twoway"}, {Game: "wordflow"},
	} {
		t.Run(req.Game, func(t *testing.T) {
			req.Seed = new(Seed(8))
			g, err := c.Create(ctx, req, nil)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				if _, err := c.Computer(ctx, g.ID, ComputerRequest{Player: "greedy"}, nil); err != nil {
					t.Fatal(err)
				}
			}
			h := srv.games.acquire(g.ID)
			h.mu.Lock()
			text := h.state.(game.PositionWriter).FormatPosition(h.state.ToMove())
			h.mu.Unlock()
			srv.games.release(h)
			want, err := c.Hint(ctx, g.ID, HintOptions{Player: "greedy", Top: 3})
			if err != nil {
				t.Fatal(err)
			}
			var got PositionHintResult
			err = c.do(ctx, "POST", "/v1/positions/hint", PositionHintRequest{Game: req.Game, Position: text, Player: "greedy", Top: 3}, &got)
			if err != nil {
				t.Fatalf("hint of %q: %v", text, err)
			}
			if got.Position == nil || got.Position.Viewer != got.Seat || got.Seat != want.Seat || len(got.Moves) == 0 {
				t.Fatalf("position hint %+v", got)
			}
			for i := range min(len(got.Moves), len(want.Moves)) {
				if got.Moves[i].Move != want.Moves[i].Move || got.Moves[i].Score != want.Moves[i].Score {
					t.Errorf("move %d: %+v, the game's hint %+v", i+1, got.Moves[i].MoveInfo, want.Moves[i].MoveInfo)
				}
			}
		})
	}
	for _, tc := range []struct {
		body   string
		status int
		msg    string
	}{
		{`{"game":"wwf","position":"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0"}`, 422, "does not give the rack"},
		{`{"game":"wwf","position":"15/15/15 AEINRST/ 0/0 0"}`, 422, "position"},
		{`{"game":"wwf","position":""}`, 400, "position"},
		{`{"game":"wwf","variant":"lang=fr","position":"x"}`, 400, "variant"},
		{`{"game":"wwf","top":1000,"position":"x"}`, 400, "top"},
		{`{"game":"nope","position":"x"}`, 422, "unknown"},
		{`{"game":"upwords","position":"garbage"}`, 422, "position"},
		{`{"game":"wordflow","position":"wordflow layout=frame,size=10x10,hand=3,pieces=/etc/passwd\nplayers 2\n"}`, 422, "file"},
		{`{"game":"wordflow","position":"wordflow layout=frame,size=10x10,hand=3,pieces=/no/such/file\nplayers 2\nturn 0\nrow NW NE\n"}`, 422, "names_file"},
		{`{"game":"twoway","position":"twoway tiles=x\n"}`, 422, "names_file"},
	} {
		status, _, body := call(t, c, "POST", "/v1/positions/hint", "application/json", tc.body)
		if status != tc.status || !strings.Contains(string(body), tc.msg) {
			t.Errorf("POST %s: %d %s; want %d with %q", tc.body, status, body, tc.status, tc.msg)
		}
	}
	var res PositionHintResult
	err := c.do(ctx, "POST", "/v1/positions/hint", PositionHintRequest{Game: "wwf", Position: "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0", Top: 2}, &res)
	if err != nil || len(res.Moves) != 2 || res.Moves[0].Move == "" || res.Rack != "AEINRST" || res.Position.Rows != 15 {
		t.Errorf("CGP hint: %+v, %v", res, err)
	}
}

// TestPreviewCommandsExchange checks a move's preview (its description,
// the game left as it was), a game's command (the bag), and that an
// exchange's tiles are shown to its mover only.
func TestPreviewCommandsExchange(t *testing.T) {
	_, c := testServer(t, Config{})
	ctx := context.Background()
	g, err := c.Create(ctx, CreateRequest{Game: "wwf", Seed: new(Seed(12))}, seatPtr(0))
	if err != nil {
		t.Fatal(err)
	}
	if g.Position == nil || g.Position.Rows != 15 || len(g.Position.Cells) != 225 || len(g.Position.Hand) != 7 || g.Text == "" {
		t.Fatalf("seat 0's view of a new WWF game: %+v", g.Position)
	}
	h, err := c.Hint(ctx, g.ID, HintOptions{Top: 1})
	if err != nil {
		t.Fatal(err)
	}
	var pre PreviewResult
	if err := c.do(ctx, "POST", "/v1/games/"+g.ID+"/preview", MoveRequest{Seat: seatPtr(0), Move: h.Moves[0].Move}, &pre); err != nil {
		t.Fatal(err)
	}
	if !equalJSON(t, pre.Move, h.Moves[0].MoveInfo) || len(pre.Move.Cells) == 0 || len(pre.Move.Words) == 0 {
		t.Errorf("preview %+v, hint %+v", pre.Move, h.Moves[0].MoveInfo)
	}
	var ae *APIError
	if err := c.do(ctx, "POST", "/v1/games/"+g.ID+"/preview", MoveRequest{Seat: seatPtr(0), Move: "8H QQQQ"}, &pre); !errors.As(err, &ae) || ae.Status != 422 {
		t.Errorf("preview of an illegal move: %v", err)
	}
	if mustGame(t, c, g.ID, nil).Ply != 0 {
		t.Error("a preview played the move")
	}
	var out CommandResult
	if err := c.do(ctx, "GET", "/v1/games/"+g.ID+"/commands/bag?seat=0", nil, &out); err != nil || out.Output == "" {
		t.Errorf("bag: %+v, %v", out, err)
	}
	if err := c.do(ctx, "GET", "/v1/games/"+g.ID+"/commands/fly?seat=0", nil, &out); !errors.As(err, &ae) || ae.Status != 404 || !strings.Contains(ae.Message, "bag") {
		t.Errorf("unknown command: %v", err)
	}
	if err := c.do(ctx, "GET", "/v1/games/"+g.ID+"/commands/bag", nil, &out); !errors.As(err, &ae) || ae.Status != 400 {
		t.Errorf("command without a seat: %v", err)
	}
	// Seat 0 exchanges two tiles: seat 1 learns how many, not which.
	ex := "-" + g.Position.HandText[:2]
	res, err := c.Move(ctx, g.ID, 0, ex)
	if err != nil {
		t.Fatal(err)
	}
	if res.Played.Kind != "exchange" || res.Played.Move != ex {
		t.Errorf("the mover sees its exchange as %+v", res.Played.MoveInfo)
	}
	other := mustGame(t, c, g.ID, seatPtr(1))
	info, _ := json.Marshal(other.LastMove)
	if other.LastMove.Kind != "exchange" || strings.Contains(other.LastMove.Move, ex) || other.LastMove.Leave != "" {
		t.Errorf("seat 1 sees seat 0's exchange as %s", info)
	}
	for _, v := range []*Game{other, mustGame(t, c, g.ID, nil)} {
		if b, _ := json.Marshal(v.History); strings.Contains(string(b), ex) {
			t.Errorf("seat %v's history shows %s: %s", v.Seat, ex, b)
		}
	}
}

// TestToyGame plays a game that implements none of the front-end
// contracts (the core ones, a rack and hidden hands): its views, moves
// and records come from the core contracts alone.
func TestToyGame(t *testing.T) {
	toygame.Register()
	_, c := testServer(t, Config{})
	ctx := context.Background()
	req := CreateRequest{Game: toygame.Name, Players: []string{Human, "greedy"}, Seed: new(Seed(2))}
	g := playGame(t, c, req, "greedy", 100)
	if g.Position == nil || g.Position.HandName != "rack" || len(g.Position.Seats) != 2 || g.Text != "" {
		t.Errorf("seat 0's view: %+v, text %q", g.Position, g.Text)
	}
	for _, pm := range g.History {
		if pm.Seat == 1 && pm.Move != "" {
			t.Errorf("seat 0 sees seat 1's move %+v of a game with hidden hands", pm)
		}
		if pm.Seat == 0 && pm.Move == "" {
			t.Errorf("seat 0 does not see its own move %+v", pm)
		}
	}
	if spectator := mustGame(t, c, g.ID, nil); spectator.Position != nil {
		t.Errorf("a spectator sees %+v", spectator.Position)
	}
	var rec RecordResult
	if err := c.do(ctx, "GET", "/v1/games/"+g.ID+"/record", nil, &rec); err != nil {
		t.Fatal(err)
	}
	back, err := c.Create(ctx, CreateRequest{Record: rec.Record}, seatPtr(1))
	if err != nil {
		t.Fatalf("resuming %s: %v", rec.Record, err)
	}
	if !back.Over || !equalJSON(t, back.Scores, g.Scores) || back.Ply != g.Ply {
		t.Errorf("resumed %+v, want the finished game %+v", back, g)
	}
}
