package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkGameRequests plays WWF games against static the way the load
// test's clients do (a hint, its best move, the computer's reply; the
// answers read as they read them, into the load test's lean types), in
// process without the network, and reports the mean time of each kind of
// request, the server's service time, and the process's CPU time per
// request (which a machine shared with others does not inflate as it
// does the times).
func BenchmarkGameRequests(b *testing.B) {
	srv := New(Config{MaxSearches: 1})
	defer srv.Close()
	do := func(method, path, body string, v any) time.Duration {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		rec := httptest.NewRecorder()
		start := time.Now()
		srv.ServeHTTP(rec, req)
		d := time.Since(start)
		if rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
			b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
		}
		if err := decodeInto(rec.Body.Bytes(), v); err != nil {
			b.Fatal(err)
		}
		return d
	}
	var times [3]time.Duration // computer, hint, move
	var counts [3]int
	seed := 0
	cpu0 := cpuSeconds()
	for b.Loop() {
		var g loadView
		seed++
		do("POST", "/v1/games?seat=0", `{"game":"wwf","players":["human","static"],"seed":`+itoa(seed)+`}`, &g)
		for !g.Over {
			var res loadMoved
			if g.ToMove == 0 {
				var h loadHint
				times[1] += do("GET", "/v1/games/"+g.ID+"/hint?seat=0&top=3", "", &h)
				times[2] += do("POST", "/v1/games/"+g.ID+"/moves?seat=0", `{"seat":0,"move":"`+h.Moves[0].Move+`"}`, &res)
				counts[1]++
				counts[2]++
			} else {
				times[0] += do("POST", "/v1/games/"+g.ID+"/computer?seat=0", `{}`, &res)
				counts[0]++
			}
			g = res.Game
		}
	}
	cpu := cpuSeconds() - cpu0
	for i, name := range []string{"us/computer", "us/hint", "us/move"} {
		b.ReportMetric(float64(times[i].Microseconds())/float64(max(counts[i], 1)), name)
	}
	if n := counts[0] + counts[1] + counts[2]; n > 0 && cpu > 0 {
		b.ReportMetric(cpu*1e6/float64(n), "cpu-us/request")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func decodeInto(b []byte, v any) error { return json.Unmarshal(b, v) }
