package server

import (
	"context"
	_ "embed"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"wordengine/search"
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

// thinking is the thinking time of a request: think bounds its search
// from the moment it starts (the context's deadline), endgame the endgame
// handover of the players that hand over to the exact solver, from the
// request's arrival (search.WithHandoverTime).
type thinking struct {
	think, endgame time.Duration
}

// arrived returns r with the handover's bound counted from now: a handler
// calls it as the request arrives, so that the time it waits for a worker
// comes out of the handover's.
func (t thinking) arrived(r *http.Request) *http.Request {
	return r.WithContext(search.WithHandoverTime(r.Context(), t.endgame))
}

// context returns ctx with the search's deadline.
func (t thinking) context(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, t.think)
}

// think returns the thinking time of a request that asks for budget: when
// budget is empty, the server's cap (MaxThink), and EndgameThink for the
// endgame handover; else budget for both, capped by MaxThink. The error
// (400) is a budget that is no positive duration.
func (s *Server) think(budget string) (thinking, error) {
	if budget == "" {
		return thinking{s.cfg.MaxThink, s.cfg.EndgameThink}, nil
	}
	d, err := time.ParseDuration(budget)
	if err != nil || d <= 0 {
		return thinking{}, badRequest("budget %q: want a positive duration such as 2s or 500ms (at most %v is used)", budget, s.cfg.MaxThink)
	}
	d = min(d, s.cfg.MaxThink)
	return thinking{d, d}, nil
}
