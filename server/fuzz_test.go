package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// fuzzRoutes are the requests FuzzHandlers sends, with {wwf} and {wb}
// standing for the ids of a WWF and a WordBlock game.
var fuzzRoutes = []struct{ method, path string }{
	{"POST", "/v1/games"},
	{"POST", "/v1/games/{wwf}/moves"},
	{"POST", "/v1/games/{wwf}/computer"},
	{"GET", "/v1/games/{wwf}/hint"},
	{"GET", "/v1/games/{wwf}"},
	{"POST", "/v1/games/{wb}/moves"},
	{"GET", "/v1/games/{wb}/hint"},
	{"POST", "/v1/games/{wb}/computer"},
	{"GET", "/v1/games"},
	{"POST", "/v1/positions/hint"},
	{"GET", "/v1/games/{wwf}/record"},
}

// FuzzHandlers drives the handlers with random bodies and queries: every
// answer is JSON with a status the API documents, never a 500 or a
// panic.
func FuzzHandlers(f *testing.F) {
	for _, seed := range []struct {
		route      uint8
		query      string
		body       string
		deliberate bool
	}{
		{0, "", `{"game":"wwf","seed":3}`, true},
		{0, "seat=1", `{"game":"upwords","seats":3,"players":["human","static","greedy"]}`, true},
		{0, "", `{"game":"twoway","variant":"tiles=/etc/passwd"}`, true},
		{0, "", `{"game":"wwf","lexicon":"../x"}`, true},
		{0, "", `{"game":"wordflow","seed":"18446744073709551615"}`, true},
		{1, "seat=0", `{"seat":0,"move":"8H ZA"}`, true},
		{1, "", `{"seat":0,"move":"-ABC"}`, true},
		{1, "", `{"seat":0,"move":"pass"}`, true},
		{2, "seat=1", `{"player":"greedy"}`, true},
		{2, "", `{"player":"sim:iterations=50","budget":"20ms"}`, true},
		{3, "top=3&player=greedy", ``, true},
		{3, "top=x&seat=9", ``, true},
		{4, "seat=-1", ``, true},
		{5, "", `{"seat":0,"move":"pass"}`, true},
		{6, "player=om&top=2", ``, true},
		{7, "", `{"player":"static:leaves=/etc/passwd"}`, true},
		{9, "", `{"game":"wwf","position":"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"}`, true},
		{0, "", `{"game":`, false},
		{1, "", `[]`, false},
		{2, "", "\x00\xff", false},
	} {
		f.Add(seed.route, seed.query, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, route uint8, query string, body []byte) {
		srv := New(Config{MaxThink: 20 * time.Millisecond, MaxGames: 8})
		defer srv.Close()
		ids := map[string]string{}
		for key, req := range map[string]string{"{wwf}": `{"game":"wwf","seed":1}`, "{wb}": `{"game":"wordblock","seed":1}`} {
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, httptest.NewRequest("POST", "/v1/games", strings.NewReader(req)))
			var g Game
			if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &g) != nil {
				t.Fatalf("create %s: %d %s", req, rec.Code, rec.Body)
			}
			ids[key] = g.ID
		}
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		path := rt.path
		for k, id := range ids {
			path = strings.ReplaceAll(path, k, id)
		}
		if query != "" {
			path += "?" + query
		}
		req, err := http.NewRequest(rt.method, "http://127.0.0.1"+path, bytes.NewReader(body))
		if err != nil || strings.ContainsAny(query, "# \x00\r\n") {
			t.Skip("not a request a client can send")
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 201, 400, 404, 405, 409, 413, 415, 422, 503:
		default:
			t.Fatalf("%s %s %q: status %d: %s", rt.method, path, body, rec.Code, rec.Body)
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s %s %q: the answer is not JSON: %s", rt.method, path, body, rec.Body)
		}
	})
}
