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
	do := func(method, path, body string) ([]byte, time.Duration) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		rec := httptest.NewRecorder()
		start := time.Now()
		srv.ServeHTTP(rec, req)
		d := time.Since(start)
		if rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
			b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
		}
		return rec.Body.Bytes(), d
	}
	view := func(data []byte, inner string) *loadView {
		v, err := readLoadView(data, inner)
		if err != nil {
			b.Fatal(err)
		}
		return v
	}
	var times [3]time.Duration // computer, hint, move
	var counts [3]int
	seed := 0
	cpu0 := cpuSeconds()
	for b.Loop() {
		seed++
		data, _ := do("POST", "/v1/games?seat=0", `{"game":"wwf","players":["human","static"],"seed":`+itoa(seed)+`}`)
		g := view(data, "")
		for !g.Over {
			var d time.Duration
			if g.ToMove == 0 {
				var h loadHint
				data, d = do("GET", "/v1/games/"+g.ID+"/hint?seat=0&top=3", "")
				times[1] += d
				if err := json.Unmarshal(data, &h); err != nil {
					b.Fatal(err)
				}
				data, d = do("POST", "/v1/games/"+g.ID+"/moves?seat=0", `{"seat":0,"move":"`+h.Moves[0].Move+`"}`)
				times[2] += d
				counts[1]++
				counts[2]++
			} else {
				data, d = do("POST", "/v1/games/"+g.ID+"/computer?seat=0", `{}`)
				times[0] += d
				counts[0]++
			}
			g = view(data, "game")
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
