package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	_ "wordengine/game/twoway"    // registers twoway
	_ "wordengine/game/upwords"   // registers upwords
	_ "wordengine/game/wordblock" // registers wordblock
	_ "wordengine/game/wordflow"  // registers wordflow
	_ "wordengine/game/wwf"       // registers wwf and scrabble
	_ "wordengine/search/sim"     // registers sim
)

// testServer serves a Server configured by cfg on a loopback port for
// the test's duration.
func testServer(t testing.TB, cfg Config) (*Server, *Client) {
	t.Helper()
	srv := New(cfg)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	return srv, &Client{BaseURL: hs.URL, HTTP: hs.Client()}
}

// call sends a raw request and returns the status and body; every
// answer must be JSON.
func call(t testing.TB, c *Client, method, path, contentType, body string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, c.BaseURL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s %s: Content-Type %q, want application/json (body %s)", method, path, ct, data)
	}
	if !json.Valid(data) {
		t.Errorf("%s %s: the body is not JSON: %s", method, path, data)
	}
	return resp.StatusCode, resp.Header, data
}

func seatPtr(n int) *int { return &n }

func TestCatalog(t *testing.T) {
	_, c := testServer(t, Config{})
	cat, err := c.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]GameSpec{}
	for _, g := range cat.Games {
		names[g.Name] = g
	}
	for _, want := range []string{"wwf", "scrabble", "upwords", "wordblock", "twoway", "wordflow"} {
		g, ok := names[want]
		if !ok {
			t.Errorf("game %s is not listed", want)
			continue
		}
		if g.MinSeats < 1 || g.MaxSeats < g.MinSeats || g.DefaultSeats < g.MinSeats || g.DefaultSeats > g.MaxSeats {
			t.Errorf("%s: seats %d..%d, default %d", want, g.MinSeats, g.MaxSeats, g.DefaultSeats)
		}
	}
	if !names["wwf"].HiddenInformation || names["wordblock"].HiddenInformation {
		t.Errorf("hidden information: wwf %v, wordblock %v; want true, false", names["wwf"].HiddenInformation, names["wordblock"].HiddenInformation)
	}
	if strings.Join(cat.Players, ",") == "" || !strings.Contains(","+strings.Join(cat.Players, ",")+",", ",static,") {
		t.Errorf("players %q: want static among them", cat.Players)
	}
	if len(cat.Levels) != 5 || cat.Levels[0] != "beginner" || cat.Levels[4] != "full strength" {
		t.Errorf("levels %q: want 5, beginner to full strength", cat.Levels)
	}
	if len(cat.Lexicons) == 0 || cat.Lexicons[0] != "en" {
		t.Errorf("lexicons %q: want en first", cat.Lexicons)
	}
	if cat.Limits.MaxBody != MaxBody || cat.Limits.MaxThinkMS != DefaultMaxThink.Milliseconds() {
		t.Errorf("limits %+v", cat.Limits)
	}
	h, err := c.Health(context.Background())
	if err != nil || h.Status != "ok" {
		t.Fatalf("health %+v, %v", h, err)
	}
}

// playGame plays game name through the API to its end: seat 0 by the
// best move of hinter's hint, every other seat by its computer player; it
// returns the final game as seat 0 sees it.
func playGame(t *testing.T, c *Client, req CreateRequest, hinter string, maxPlies int) *Game {
	t.Helper()
	ctx := context.Background()
	me := seatPtr(0)
	g, err := c.Create(ctx, req, me)
	if err != nil {
		t.Fatalf("create %+v: %v", req, err)
	}
	for ply := 0; !g.Over; ply++ {
		if ply == maxPlies {
			t.Fatalf("%s: not over after %d plies", req.Game, maxPlies)
		}
		if g.ToMove == 0 {
			if ply < 8 {
				// The view of the seat to move counts its legal moves,
				// and the hint then tells them too.
				if g, err = c.Game(ctx, g.ID, me); err != nil {
					t.Fatal(err)
				}
				if g.LegalMoves == nil || *g.LegalMoves < 1 {
					t.Fatalf("%s ply %d: seat 0 to move sees legal_moves %v", req.Game, ply, g.LegalMoves)
				}
			}
			h, err := c.Hint(ctx, g.ID, HintOptions{Seat: me, Top: 2, Player: hinter})
			if err != nil {
				t.Fatalf("%s ply %d: hint: %v", req.Game, ply, err)
			}
			if len(h.Moves) == 0 || ply < 8 && (h.LegalMoves == nil || *h.LegalMoves != *g.LegalMoves) {
				t.Fatalf("%s ply %d: hint %+v (legal moves %v)", req.Game, ply, h, g.LegalMoves)
			}
			res, err := c.Move(ctx, g.ID, 0, h.Moves[0].Move)
			if err != nil {
				t.Fatalf("%s ply %d: move %q: %v", req.Game, ply, h.Moves[0].Move, err)
			}
			if res.Played.Seat != 0 || res.Played.Move == "" || res.Played.Player != Human || res.Played.Score != h.Moves[0].Score {
				t.Fatalf("%s ply %d: played %+v after hint %+v", req.Game, ply, res.Played, h.Moves[0])
			}
			g = &res.Game
			continue
		}
		if g.LegalMoves != nil {
			t.Fatalf("%s ply %d: seat 0 sees the legal moves of seat %d", req.Game, ply, g.ToMove)
		}
		res, err := c.Computer(ctx, g.ID, ComputerRequest{}, me)
		if err != nil {
			t.Fatalf("%s ply %d: computer: %v", req.Game, ply, err)
		}
		if res.Played.Seat != g.ToMove || res.Played.Ply != g.Ply+1 {
			t.Fatalf("%s ply %d: computer played %+v for seat %d", req.Game, ply, res.Played, g.ToMove)
		}
		g = &res.Game
	}
	if len(g.Winners) == 0 || len(g.History) != g.Ply || g.LastMove == nil || !equalJSON(t, *g.LastMove, g.History[len(g.History)-1]) {
		t.Fatalf("%s: finished game %+v", req.Game, g)
	}
	// The finished game's record resumes to the finished game.
	var rec RecordResult
	if err := c.do(ctx, "GET", "/v1/games/"+g.ID+"/record", nil, &rec); err != nil {
		t.Fatalf("%s: the record of the finished game: %v", req.Game, err)
	}
	back, err := c.Create(ctx, CreateRequest{Record: rec.Record}, me)
	if err != nil {
		t.Fatalf("%s: resuming the finished game from %s: %v", req.Game, rec.Record, err)
	}
	if !back.Over || back.Ply != g.Ply || !equalJSON(t, back.Scores, g.Scores) || !equalJSON(t, back.Winners, g.Winners) {
		t.Errorf("%s: the finished game resumed as %+v", req.Game, back)
	}
	return g
}

func TestWholeGames(t *testing.T) {
	_, c := testServer(t, Config{})
	for _, tc := range []struct {
		req      CreateRequest
		hinter   string // the player ranking seat 0's hints
		maxPlies int
	}{
		{CreateRequest{Game: "wwf", Players: []string{Human, "static"}}, "static", 200},
		{CreateRequest{Game: "scrabble", Players: []string{Human, "greedy"}}, "greedy", 200},
		{CreateRequest{Game: "upwords", Seats: 3, Players: []string{Human, "static", "greedy"}}, "static", 400},
		{CreateRequest{Game: "wordblock", Variant: "size=4", Players: []string{Human, "greedy"}}, "greedy", 400},
		{CreateRequest{Game: "twoway", Players: []string{Human, "static"}}, "static", 2000},
		{CreateRequest{Game: "wordflow", Players: []string{Human, "greedy"}}, "random", 400},
	} {
		t.Run(tc.req.Game, func(t *testing.T) {
			seed := Seed(7)
			tc.req.Seed = &seed
			g := playGame(t, c, tc.req, tc.hinter, tc.maxPlies)
			if g.Seats != len(tc.req.Players) {
				t.Errorf("game %+v", g.GameInfo)
			}
			if tc.req.Game != "wwf" {
				return
			}
			// A seed and the same requests give the same game.
			again := playGame(t, c, tc.req, tc.hinter, tc.maxPlies)
			if !equalJSON(t, g.History, again.History) || !equalJSON(t, g.Scores, again.Scores) {
				t.Errorf("two games of seed %d differ:\n%+v\n%+v", seed, g.History, again.History)
			}
		})
	}
}

func equalJSON(t *testing.T, a, b any) bool {
	t.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(x, y)
}

func TestErrors(t *testing.T) {
	_, c := testServer(t, Config{})
	ctx := context.Background()
	g, err := c.Create(ctx, CreateRequest{Game: "wwf", Seed: new(Seed(3))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	id := "/v1/games/" + g.ID
	over, err := c.Create(ctx, CreateRequest{Game: "wordblock", Seed: new(Seed(3))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := c.Move(ctx, over.ID, over.ToMove, "pass"); err != nil {
			t.Fatal(err)
		}
		over, _ = c.Game(ctx, over.ID, nil)
	}
	if !over.Over {
		t.Fatalf("wordblock after two passes is not over: %+v", over)
	}
	big := `{"game":"wwf","variant":"` + strings.Repeat("x", MaxBody) + `"}`
	const js = "application/json"
	for _, tc := range []struct {
		name, method, path, ctype, body string
		status                          int
		code, msg                       string
	}{
		{"malformed JSON", "POST", "/v1/games", js, `{"game":`, 400, "bad_request", "ends too early"},
		{"syntax error", "POST", "/v1/games", js, "{\n \"game\": wwf}", 400, "bad_request", "line 2, column 10: not JSON: unexpected 'w' where a value should begin"},
		{"no key", "POST", "/v1/games", js, "{not json", 400, "bad_request", "unexpected 'n' where a quoted key should begin"},
		{"too deep", "POST", "/v1/games", js, strings.Repeat("[", 20000), 400, "bad_request", "nested too deep"},
		{"number too large", "POST", "/v1/positions/hint", js, `{"game":"wwf","top":99999999999999999999}`, 400, "bad_request", "field top: 99999999999999999999 is not a whole number from"},
		{"unknown field", "POST", "/v1/games", js, `{"game":"wwf","colour":"red"}`, 400, "bad_request", `unknown field "colour"`},
		{"wrong type", "POST", "/v1/games", js, `{"game":7}`, 400, "bad_request", `field "game": want a string`},
		{"not an object", "POST", "/v1/games", js, `[1,2]`, 400, "bad_request", "object"},
		{"two values", "POST", "/v1/games", js, `{"game":"wwf"} {}`, 400, "bad_request", "more than one"},
		{"bad seed", "POST", "/v1/games", js, `{"game":"wwf","seed":-1}`, 400, "bad_request", "seed"},
		{"text body", "POST", "/v1/games", "text/plain", `{"game":"wwf"}`, 415, "unsupported_media_type", "application/json"},
		{"too large", "POST", "/v1/games", js, big, 413, "too_large", "65536"},
		{"unknown game", "POST", "/v1/games", js, `{"game":"chess"}`, 422, "unknown_game", "known: "},
		{"bad variant", "POST", "/v1/games", js, `{"game":"wwf","variant":"lang=xx"}`, 422, "bad_game", "lang"},
		{"variant file", "POST", "/v1/games", js, `{"game":"twoway","variant":"tiles=/etc/passwd"}`, 422, "names_file", "file"},
		{"variant missing file", "POST", "/v1/games", js, `{"game":"twoway","variant":"tiles=/nonexistent/x.txt"}`, 422, "names_file", "file"},
		{"variant relative file", "POST", "/v1/games", js, `{"game":"wordflow","variant":"pieces=pieces.txt"}`, 422, "names_file", "file"},
		{"player file", "POST", "/v1/games", js, `{"game":"wwf","players":["human","static:leaves=/etc/passwd"]}`, 422, "names_file", "file"},
		{"player missing file", "POST", "/v1/games", js, `{"game":"wwf","players":["human","static:leaves=/no/such.leaves"]}`, 422, "names_file", "file"},
		{"unknown player", "POST", "/v1/games", js, `{"game":"wwf","players":["human","deepblue"]}`, 422, "unknown_player", "known: "},
		{"players count", "POST", "/v1/games", js, `{"game":"wwf","players":["human"]}`, 422, "bad_players", "1 given for 2 seats"},
		{"seats", "POST", "/v1/games", js, `{"game":"wwf","seats":3}`, 422, "bad_game", "seats 3"},
		{"move and input", "POST", id + "/moves", js, `{"seat":0,"move":"pass","input":"pass"}`, 400, "bad_request", "not both"},
		{"seats range", "POST", "/v1/games", js, `{"game":"upwords","seats":99}`, 422, "bad_game", "upwords takes 2 to 4"},
		{"unknown lexicon", "POST", "/v1/games", js, `{"game":"wwf","lexicon":"klingon"}`, 422, "unknown_lexicon", "klingon"},
		{"lexicon path", "POST", "/v1/games", js, `{"game":"wwf","lexicon":"../../etc/passwd"}`, 422, "unknown_lexicon", "passwd"},
		{"unknown id", "GET", "/v1/games/nope", "", "", 404, "unknown_game_id", "nope"},
		{"unknown route", "GET", "/v1/nothing", "", "", 404, "not_found", "/v1/nothing"},
		{"wrong method", "DELETE", id, "", "", 405, "method_not_allowed", "GET"},
		{"bad seat", "GET", id + "?seat=2", "", "", 400, "bad_request", "seat"},
		{"seat not a number", "GET", id + "?seat=x", "", "", 400, "bad_request", "seat"},
		{"move without seat", "POST", id + "/moves", js, `{"move":"pass"}`, 400, "bad_request", "seat"},
		{"empty move", "POST", id + "/moves", js, `{"seat":0,"move":" "}`, 400, "bad_request", "move"},
		{"illegal move", "POST", id + "/moves", js, `{"seat":0,"move":"8H ZZZZZZZZ"}`, 422, "illegal_move", "8H ZZZZZZZZ"},
		{"bad notation", "POST", id + "/moves", js, `{"seat":0,"move":"hello"}`, 422, "illegal_move", "hello"},
		{"not your turn", "POST", id + "/moves", js, `{"seat":1,"move":"pass"}`, 422, "not_your_turn", "seat 1"},
		{"computer seat", "POST", id + "/computer", js, `{"seat":1}`, 422, "not_your_turn", "seat 1"},
		{"computer budget", "POST", id + "/computer", js, `{"budget":"soon"}`, 400, "bad_request", "budget"},
		{"computer player", "POST", id + "/computer", js, `{"player":"sim:plies=99"}`, 422, "unknown_player", "plies"},
		{"computer level high", "POST", id + "/computer", js, `{"level":6}`, 400, "bad_request", "level 6: want a level from 1 (beginner) to 5 (full strength)"},
		{"computer level zero", "POST", id + "/computer", js, `{"level":0}`, 400, "bad_request", "level 0: want a level from 1"},
		{"computer level text", "POST", id + "/computer", js, `{"level":"two"}`, 400, "bad_request", `field "level"`},
		{"computer level and player", "POST", id + "/computer", js, `{"level":2,"player":"static"}`, 400, "bad_request", "give one of them"},
		{"computer level options", "POST", id + "/computer", js, `{"player":"level:2,top=0"}`, 422, "unknown_player", "top=0: want a whole number from 1 to 1000"},
		{"hint top", "GET", id + "/hint?top=0", "", "", 400, "bad_request", "top"},
		{"hint top high", "GET", id + "/hint?top=1000", "", "", 400, "bad_request", "top"},
		{"hint seat", "GET", id + "/hint?seat=1", "", "", 422, "not_your_turn", "seat 1"},
		{"hint player", "GET", id + "/hint?player=nobody", "", "", 422, "unknown_player", "nobody"},
		{"hint over", "GET", "/v1/games/" + over.ID + "/hint", "", "", 422, "game_over", "over"},
		{"move over", "POST", "/v1/games/" + over.ID + "/moves", js, `{"seat":0,"move":"pass"}`, 422, "game_over", "over"},
		{"computer over", "POST", "/v1/games/" + over.ID + "/computer", js, `{}`, 422, "game_over", "over"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, hdr, body := call(t, c, tc.method, tc.path, tc.ctype, tc.body)
			var eb ErrorBody
			if err := json.Unmarshal(body, &eb); err != nil {
				t.Fatal(err)
			}
			if status != tc.status || eb.Error.Status != tc.status || eb.Error.Code != tc.code || !strings.Contains(eb.Error.Message, tc.msg) {
				t.Errorf("%s %s: %d %s; want %d %s with %q", tc.method, tc.path, status, body, tc.status, tc.code, tc.msg)
			}
			if strings.Contains(eb.Error.Message, "crossword:") || strings.Contains(eb.Error.Message, "search:") {
				t.Errorf("message %q names a Go package", eb.Error.Message)
			}
			if tc.status == 405 && !strings.Contains(hdr.Get("Allow"), "GET") {
				t.Errorf("405 without Allow: %v", hdr)
			}
		})
	}
	// The game is as it was.
	after, err := c.Game(ctx, g.ID, nil)
	if err != nil || after.Ply != 0 {
		t.Errorf("after the errors: %+v, %v", after, err)
	}
	var ae *APIError
	if _, err := c.Game(ctx, "nope", nil); !errors.As(err, &ae) || ae.Status != 404 {
		t.Errorf("client error %v: want an *APIError 404", err)
	}
}

// TestThinkCap checks that --max-think bounds a search whatever the
// request asks, and that the move found in that time is played.
func TestThinkCap(t *testing.T) {
	_, c := testServer(t, Config{MaxThink: 300 * time.Millisecond})
	ctx := context.Background()
	g, err := c.Create(ctx, CreateRequest{Game: "wwf", Seed: new(Seed(5))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := c.Computer(ctx, g.ID, ComputerRequest{Player: "sim:iterations=100000000,stop=0", Budget: "1h"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("a search capped at 300ms took %v", took)
	}
	if res.Played.Ply != 1 || res.Game.Ply != 1 || res.ThinkMS <= 0 {
		t.Errorf("played %+v, think %v ms", res.Played, res.ThinkMS)
	}
}

// TestClientGoesAway checks that a search stops when its client goes
// away, and that the game is left as it was.
func TestClientGoesAway(t *testing.T) {
	srv, c := testServer(t, Config{MaxThink: time.Minute, MaxSearches: 1})
	g, err := c.Create(context.Background(), CreateRequest{Game: "wwf", Seed: new(Seed(5))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Computer(ctx, g.ID, ComputerRequest{Player: "sim:iterations=100000000,stop=0"}, nil)
		done <- err
	}()
	waitFor(t, func() bool { return srv.pool.busy.Load() == 1 }, "the search to start")
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled computer request: %v", err)
	}
	waitFor(t, func() bool { return srv.pool.busy.Load() == 0 }, "the search to stop")
	after, err := c.Game(context.Background(), g.ID, nil)
	if err != nil || after.Ply != 0 {
		t.Errorf("after the cancelled search: %+v, %v", after, err)
	}
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestQueue checks the bounded queue: with every worker busy and the
// queue full, a request is refused with 503 and Retry-After, and the
// queued one runs once a worker is free.
func TestQueue(t *testing.T) {
	srv, c := testServer(t, Config{MaxSearches: 1, MaxQueue: 1})
	ctx := context.Background()
	g, err := c.Create(ctx, CreateRequest{Game: "wwf", Seed: new(Seed(5))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	wk, err := srv.pool.acquire(ctx) // the only worker
	if err != nil {
		t.Fatal(err)
	}
	queued := make(chan error, 1)
	go func() {
		_, err := c.Hint(ctx, g.ID, HintOptions{})
		queued <- err
	}()
	waitFor(t, func() bool { return srv.pool.waiting.Load() == 1 }, "the hint to queue")
	_, err = c.Computer(ctx, g.ID, ComputerRequest{}, nil)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusServiceUnavailable || ae.Code != "busy" || ae.RetryAfter < 1 {
		t.Errorf("a request beyond the queue: %v; want 503 busy with Retry-After", err)
	}
	srv.pool.release(wk)
	if err := <-queued; err != nil {
		t.Errorf("the queued hint: %v", err)
	}
}

// TestQueueWait checks that a request waiting longer than the think cap
// for a worker is refused with 503.
func TestQueueWait(t *testing.T) {
	srv, c := testServer(t, Config{MaxSearches: 1, MaxThink: 50 * time.Millisecond})
	ctx := context.Background()
	g, err := c.Create(ctx, CreateRequest{Game: "wordblock", Seed: new(Seed(5))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	wk, err := srv.pool.acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.pool.release(wk)
	_, err = c.Hint(ctx, g.ID, HintOptions{})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusServiceUnavailable {
		t.Errorf("a hint that waited past the cap: %v; want 503", err)
	}
}

// TestEviction checks that the store holds at most MaxGames games,
// dropping the one idle for the longest.
func TestEviction(t *testing.T) {
	srv, c := testServer(t, Config{MaxGames: 2})
	ctx := context.Background()
	create := func() string {
		g, err := c.Create(ctx, CreateRequest{Game: "wordblock"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return g.ID
	}
	a, b := create(), create()
	if _, err := c.Game(ctx, a, nil); err != nil { // a is now used after b
		t.Fatal(err)
	}
	cc := create()
	for id, want := range map[string]bool{a: true, b: false, cc: true} {
		_, err := c.Game(ctx, id, nil)
		if (err == nil) != want {
			t.Errorf("game %s held: %v, want %v", id, err == nil, want)
		}
	}
	// A game in use by a request is never dropped: with both in use, a
	// new game is refused.
	ga, gc := srv.games.acquire(a), srv.games.acquire(cc)
	_, err := c.Create(ctx, CreateRequest{Game: "wordblock"}, nil)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusServiceUnavailable || ae.RetryAfter < 1 {
		t.Errorf("a new game with every game in use: %v; want 503 with Retry-After", err)
	}
	srv.games.release(ga)
	srv.games.release(gc)
}

// TestExpiry checks that a game unused for IdleTTL is dropped, by the
// server's own sweep.
func TestExpiry(t *testing.T) {
	var now atomic.Int64 // the fake clock, in Unix nanoseconds
	now.Store(time.Now().UnixNano())
	srv, c := testServer(t, Config{IdleTTL: time.Minute, Now: func() time.Time { return time.Unix(0, now.Load()) }})
	ctx := context.Background()
	g, err := c.Create(ctx, CreateRequest{Game: "wordblock"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	now.Add(int64(59 * time.Second))
	if n := srv.games.expire(); n != 0 {
		t.Errorf("expired %d games before their time", n)
	}
	now.Add(int64(2 * time.Second))
	if n := srv.games.expire(); n != 1 {
		t.Errorf("expired %d games, want 1", n)
	}
	if _, err := c.Game(ctx, g.ID, nil); err == nil {
		t.Error("an expired game is still served")
	}
	// The sweep runs by itself.
	srv2, c2 := testServer(t, Config{IdleTTL: 40 * time.Millisecond})
	g2, err := c2.Create(ctx, CreateRequest{Game: "wordblock"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return srv2.games.len() == 0 }, "the idle game to expire")
	if _, err := c2.Game(ctx, g2.ID, nil); err == nil {
		t.Error("an expired game is still served")
	}
}

// TestRunDrains checks that Run, its context cancelled, finishes the
// request in flight (a search of 300 ms) before it returns, and then
// accepts no more connections.
func TestRunDrains(t *testing.T) {
	srv := New(Config{})
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()
	c := &Client{BaseURL: "http://" + ln.Addr().String()}
	g, err := c.Create(context.Background(), CreateRequest{Game: "wwf", Seed: new(Seed(9))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	played := make(chan error, 1)
	go func() {
		_, err := c.Computer(context.Background(), g.ID, ComputerRequest{Player: "sim:iterations=100000000,stop=0", Budget: "300ms"}, nil)
		played <- err
	}()
	waitFor(t, func() bool { return srv.pool.busy.Load() == 1 }, "the search to start")
	cancel()
	if err := <-played; err != nil {
		t.Errorf("the request in flight at shutdown: %v", err)
	}
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	if _, err := c.Health(context.Background()); err == nil {
		t.Error("the server still answers after Run returned")
	}
}

// TestHintPlayers checks the hints of a player that estimates the chance
// of winning (sim) and of one that cannot rank (random: greedy's ranking,
// with its choice marked).
func TestHintPlayers(t *testing.T) {
	_, c := testServer(t, Config{})
	ctx := context.Background()
	g, err := c.Create(ctx, CreateRequest{Game: "wwf", Seed: new(Seed(21))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := c.Hint(ctx, g.ID, HintOptions{Player: "sim:iterations=32,plies=1,candidates=4", Top: 4})
	if err != nil {
		t.Fatal(err)
	}
	if h.RankedBy != h.Player || len(h.Moves) == 0 {
		t.Fatalf("sim hint %+v", h)
	}
	for _, m := range h.Moves {
		if m.Win == nil || m.WinLow == nil || m.WinHigh == nil || *m.WinLow > *m.Win || *m.Win > *m.WinHigh || *m.WinLow < 0 || *m.WinHigh > 1 {
			t.Errorf("sim hint move %+v: want a win estimate within its interval in [0, 1]", m)
		}
	}
	h, err = c.Hint(ctx, g.ID, HintOptions{Player: "random", Top: 3})
	if err != nil {
		t.Fatal(err)
	}
	chosen := 0
	for _, m := range h.Moves {
		if m.Chosen {
			chosen++
		}
		if m.Win != nil {
			t.Errorf("greedy's ranking with a win estimate: %+v", m)
		}
	}
	if h.RankedBy != "greedy" || chosen != 1 || len(h.Moves) < 3 || len(h.Moves) > 4 {
		t.Errorf("hint of random: ranked by %s, %d moves, %d chosen; want greedy's top 3 and random's choice", h.RankedBy, len(h.Moves), chosen)
	}
}

// TestConcurrentMoves checks that requests changing one game at once are
// played one after the other, each on the position the one before left.
func TestConcurrentMoves(t *testing.T) {
	_, c := testServer(t, Config{MaxSearches: 2})
	ctx := context.Background()
	g, err := c.Create(ctx, CreateRequest{Game: "wwf", Seed: new(Seed(4))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 8
	errs := make(chan error, n)
	for range n {
		go func() {
			_, err := c.Computer(ctx, g.ID, ComputerRequest{Player: "greedy"}, nil)
			if err == nil {
				_, err = c.Game(ctx, g.ID, seatPtr(0))
			}
			errs <- err
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	after, err := c.Game(ctx, g.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if after.Ply != n || len(after.History) != n {
		t.Fatalf("after %d concurrent computer moves: ply %d", n, after.Ply)
	}
	for i, pm := range after.History {
		if pm.Ply != i+1 || pm.Seat != i%2 {
			t.Errorf("move %d: %+v", i+1, pm)
		}
	}
}
