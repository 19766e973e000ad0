package server

import (
	_ "embed"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"wordengine/server/web"
)

// openAPI is the OpenAPI 3 document of the API, served at
// /v1/openapi.json; a test checks it against the routes served.
//
//go:embed openapi.json
var openAPI []byte

// routeAll registers every route: the API's, and the web page (package
// web) at / with its files under /web/.
func (s *Server) routeAll() {
	page := web.Handler()
	s.mux.Handle("GET /{$}", page)
	s.mux.Handle("GET /web/", page)
	s.handle("GET /healthz", s.health)
	s.handle("GET /v1/openapi.json", s.openapi)
	s.handle("GET /v1/games", s.listGames)
	s.handle("POST /v1/games", s.createGame)
	s.handle("GET /v1/games/{id}", s.getGame)
	s.handle("POST /v1/games/{id}/moves", s.postMove)
	s.handle("POST /v1/games/{id}/computer", s.postComputer)
	s.handle("POST /v1/games/{id}/preview", s.postPreview)
	s.handle("GET /v1/games/{id}/hint", s.getHint)
	s.handle("GET /v1/games/{id}/record", s.getRecord)
	s.handle("GET /v1/games/{id}/commands/{name}", s.getCommand)
	s.handle("POST /v1/positions/hint", s.positionHint)
}

// handle registers h for pattern; h's error is the answer.
func (s *Server) handle(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
	s.routes = append(s.routes, pattern)
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			if r.Context().Err() != nil && isContextErr(err) {
				// The client went away: nobody reads the answer.
				return
			}
			writeError(w, err)
		}
	})
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	writeJSON(w, http.StatusOK, Health{
		Status: "ok", Games: s.games.len(),
		Searches: int(s.pool.busy.Load()), Queued: int(s.pool.waiting.Load()),
		Requests: s.requests.Load(), UptimeS: s.cfg.Now().Sub(s.start).Seconds(),
		RSSBytes: residentBytes(), HeapBytes: ms.HeapAlloc, CPUS: cpuSeconds(),
	})
	return nil
}

func (s *Server) openapi(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(openAPI)))
	_, _ = w.Write(openAPI)
	return nil
}

// residentBytes returns the resident memory of the process from
// /proc/self/statm (Linux); 0 elsewhere.
func residentBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

// think returns the thinking time of a request that asks for budget: the
// server's cap when budget is empty, else the smaller of the two. The
// error (400) is a budget that is no positive duration.
func (s *Server) think(budget string) (time.Duration, error) {
	if budget == "" {
		return s.cfg.MaxThink, nil
	}
	d, err := time.ParseDuration(budget)
	if err != nil || d <= 0 {
		return 0, badRequest("budget %q: want a positive duration such as 2s or 500ms", budget)
	}
	return min(d, s.cfg.MaxThink), nil
}
