package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"sync/atomic"
	"time"

	"wordengine/lexicon"
)

// Defaults of Config.
const (
	DefaultAddr     = "127.0.0.1:8080"
	DefaultMaxThink = 5 * time.Second
	// DefaultEndgameThink is the thinking time of the endgame handover
	// of a request that gives no budget (Config.EndgameThink): in paired
	// WWF self-play 2 ms gain 1.7 points of spread a game, 5 ms 1.9, and
	// a computer move must answer within 25 ms at the 99th percentile
	// with 50 games at once on two cores (docs/endgame.md).
	DefaultEndgameThink = 2 * time.Millisecond
	DefaultMaxGames     = 10_000
	DefaultIdleTTL      = time.Hour
	DefaultQueueFactor  = 32 // queued requests per search slot
	DefaultTop          = 10
	MaxTop              = 100
	// MaxBody is the largest request body, in bytes (64 KiB); a larger
	// one is refused with 413.
	MaxBody = 64 << 10
)

// Config configures a Server. The zero value of a field means its
// default.
type Config struct {
	// MaxThink caps the thinking time of every search, whatever the
	// request asks (default DefaultMaxThink).
	MaxThink time.Duration
	// EndgameThink bounds the thinking time of the endgame handover of
	// a request that gives no budget (default DefaultEndgameThink, at
	// most MaxThink): the players that hand an endgame or a one-tile
	// pre-endgame over to the exact solver (static, sim, the levels made
	// of them) search it for at most this long, on top of their own
	// budget (search.WithHandoverTime), and play the deepest search's
	// move. A request's budget bounds the handover instead.
	EndgameThink time.Duration
	// MaxSearches is the number of requests that generate or search
	// moves at once (default: the number of CPUs). Each has a worker of
	// its own: the move generator's scratch memory belongs to the worker,
	// not to the games held.
	MaxSearches int
	// MaxQueue is the number of such requests that may wait for a worker
	// (default DefaultQueueFactor × MaxSearches); the next one, and one
	// that waits longer than MaxThink, is refused with 503 and
	// Retry-After.
	MaxQueue int
	// MaxGames is the number of games held at once (default
	// DefaultMaxGames); creating one more evicts the game idle for the
	// longest.
	MaxGames int
	// IdleTTL is how long a game may stay unused before it is dropped
	// (default DefaultIdleTTL).
	IdleTTL time.Duration
	// LexiconDir is the lexicon cache, where a lexicon named in a request
	// is looked up (NAME.lex, NAME.lex.zst, NAME.lex.gz); "" offers the
	// embedded lexicon only. Requests name lexicons, never files.
	LexiconDir string
	// Logger receives the server's messages (nil: none).
	Logger *slog.Logger
	// Now returns the current time (nil: time.Now); tests move the clock
	// for idle expiry.
	Now func() time.Time
}

func (c Config) withDefaults() Config {
	if c.MaxThink <= 0 {
		c.MaxThink = DefaultMaxThink
	}
	if c.EndgameThink <= 0 {
		c.EndgameThink = DefaultEndgameThink
	}
	c.EndgameThink = min(c.EndgameThink, c.MaxThink)
	if c.MaxSearches <= 0 {
		c.MaxSearches = runtime.NumCPU()
	}
	if c.MaxQueue <= 0 {
		c.MaxQueue = DefaultQueueFactor * c.MaxSearches
	}
	if c.MaxGames <= 0 {
		c.MaxGames = DefaultMaxGames
	}
	if c.IdleTTL <= 0 {
		c.IdleTTL = DefaultIdleTTL
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Server is the HTTP API. It is an http.Handler; Run serves it on a
// listener until its context ends. Close stops its background work.
type Server struct {
	cfg      Config
	mux      *http.ServeMux
	routes   []string // the patterns served, "METHOD /path"
	pool     *pool
	games    *store
	lexicons *lexicons
	catalog  func() catalog
	start    time.Time
	requests atomic.Int64
	stop     chan struct{}
	stopped  atomic.Bool
}

// New returns a server configured by cfg (zero fields: the defaults).
// Games are those registered with package game, players those
// registered with package search. Call Close when done with it.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{
		cfg:      cfg,
		mux:      http.NewServeMux(),
		pool:     newPool(cfg.MaxSearches, cfg.MaxQueue, cfg.MaxThink),
		games:    newStore(cfg.MaxGames, cfg.IdleTTL, cfg.Now),
		lexicons: newLexicons(cfg.LexiconDir),
		start:    cfg.Now(),
		stop:     make(chan struct{}),
	}
	s.catalog = onceCatalog()
	s.routeAll()
	go s.expire()
	return s
}

// Close stops the server's background work (the expiry of idle games).
// It does not close listeners: Run does that.
func (s *Server) Close() {
	if s.stopped.CompareAndSwap(false, true) {
		close(s.stop)
	}
}

// expire drops idle games until Close.
func (s *Server) expire() {
	every := min(max(s.cfg.IdleTTL/4, 10*time.Millisecond), time.Minute)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			if n := s.games.expire(); n > 0 {
				s.cfg.Logger.Info("idle games expired", "games", n)
			}
		}
	}
}

// Routes returns the patterns the server serves, "METHOD /path" as
// net/http.ServeMux writes them, in registration order.
func (s *Server) Routes() []string { return append([]string(nil), s.routes...) }

// ServeHTTP implements http.Handler: every answer of the API is JSON,
// errors included (a route that does not exist, a method it does not
// take); the web page is served at / and /web/.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	h, pattern := s.mux.Handler(r)
	if pattern == "" {
		// No route: the mux's own handler answers 404, or 405 with the
		// methods allowed in Allow. Keep its status and Allow, in JSON.
		rec := &statusRecorder{header: http.Header{}}
		h.ServeHTTP(rec, r)
		if allow := rec.header.Get("Allow"); allow != "" {
			w.Header().Set("Allow", allow)
		}
		if rec.status == http.StatusMethodNotAllowed {
			writeError(w, &apiError{status: rec.status, code: "method_not_allowed",
				msg: fmt.Sprintf("%s %s: method not allowed (allowed: %s)", r.Method, r.URL.Path, rec.header.Get("Allow"))})
			return
		}
		writeError(w, &apiError{status: http.StatusNotFound, code: "not_found",
			msg: fmt.Sprintf("%s %s: no such route (see /v1/openapi.json)", r.Method, r.URL.Path)})
		return
	}
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.cfg.Logger.Error("handler panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v))
			writeError(w, &apiError{status: http.StatusInternalServerError, code: "internal", msg: "internal error"})
		}
	}()
	s.mux.ServeHTTP(w, r)
}

// statusRecorder keeps the status and header of the mux's 404 and 405
// handlers and drops their text body.
type statusRecorder struct {
	header http.Header
	status int
}

func (r *statusRecorder) Header() http.Header         { return r.header }
func (r *statusRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (r *statusRecorder) WriteHeader(code int)        { r.status = code }

// Run serves the API on ln until ctx is cancelled, then stops accepting
// connections, lets the requests in flight finish (for as long as one
// may wait for a worker and then think, 2 × MaxThink, and 5 s more; then
// their searches are cancelled) and returns. The error is the
// listener's, or nil after a shutdown.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	base, cancel := context.WithCancel(context.Background())
	defer cancel()
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2*s.cfg.MaxThink + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return base },
		ErrorLog:          slog.NewLogLogger(s.cfg.Logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.cfg.Logger.Info("shutting down: finishing the requests in flight")
	sctx, scancel := context.WithTimeout(context.Background(), 2*s.cfg.MaxThink+5*time.Second)
	defer scancel()
	err := hs.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		cancel() // stop the searches still running
		err = hs.Close()
	}
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// IsLoopback reports whether addr ("host:port") names a loopback
// address (127.0.0.0/8, ::1 or localhost): where the server listens
// unless told otherwise.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// lexiconNames returns the names a request may give as lexicon: the
// embedded ones' and those of the cache (an embedded name first, never
// twice).
func (s *Server) lexiconNames() []string {
	names := embeddedNames()
	if s.cfg.LexiconDir != "" {
		cached, _ := lexicon.CachedNames(s.cfg.LexiconDir)
		for _, n := range cached {
			if !lexicon.IsEmbeddedName(n) {
				names = append(names, n)
			}
		}
	}
	return names
}
