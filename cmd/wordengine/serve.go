package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"wordengine/lexicon"
	"wordengine/server"
)

// What serve's whole-number flags allow (span).
var (
	maxSearchesSpan = span{0, maxThreads, fmt.Sprintf("0 (the number of CPUs) to %d", maxThreads)}
	maxQueueSpan    = span{0, maxCount, fmt.Sprintf("0 (%d per slot) to %d", server.DefaultQueueFactor, maxCount)}
	maxGamesSpan    = span{1, maxCount, ""}
	loadClientsSpan = span{1, server.MaxLoadClients, ""}
	loadGamesSpan   = span{1, server.MaxLoadGames, ""}
)

func init() { subcommands = append(subcommands, (*app).serveCommand) }

// serveFlags are the flags of `wordengine serve`.
type serveFlags struct {
	addr         string
	maxThink     time.Duration
	endgameThink time.Duration
	maxSearches  int
	maxQueue     int
	maxGames     int
	idleTTL      time.Duration
	load         server.LoadConfig
	loadTest     bool
}

func (a *app) serveCommand() *cobra.Command {
	var f serveFlags
	c := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "Serve the JSON HTTP API and the web page for every game",
		Long: `serve answers the JSON HTTP API on --addr (loopback by default): create a
game of any registered game, see it as one seat sees it, play moves, let a
computer player move, ask for ranked hints. At / it serves a web page that
plays every game against the computer, with hints: open the address it
prints in a browser. /v1/openapi.json describes every
route; GET /v1/games lists the games, players and lexicons (names from the
lexicon cache; a request never names a file). SIGINT or SIGTERM finishes the
requests in flight, then exits.

A computer move or hint that gives no budget lets static and sim hand an
endgame to the exact solver for --endgame-think (2ms), counted from the
request's arrival: a request that waited for a search slot gets what is
left, or plays static's own choice at once. A request's budget bounds it
instead; --max-think caps both.

--load-test starts a server on a free loopback port (or uses --load-url, a
server on this machine) and, after one warm-up game's first moves, plays
--load-clients games at once against it, each player asking --load-player for
a hint, playing its best move and letting --load-player reply (--load-pause
between requests, as people think), until --load-games games are finished or
--load-time has passed; it reports requests/s, the latency of computer and
hint moves, errors by status, the server's memory and CPU time, and the load
average (the latencies are the machine's share of the CPU: measure when it is
quiet).

The Go runtime's soft memory limit, GOMEMLIMIT (e.g. GOMEMLIMIT=100MiB), keeps
the resident memory near it when many games are held.`,
		Example: `  wordengine serve
  curl -s localhost:8080/v1/games
  wordengine serve --addr 127.0.0.1:9000 --max-think 2s --max-games 2000
  wordengine serve --load-test --load-clients 50 --load-games 200`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          func(c *cobra.Command, _ []string) error { return a.runServe(c, &f) },
	}
	fl := c.Flags()
	fl.StringVar(&f.addr, "addr", server.DefaultAddr, "address to listen on, host:port (a loopback address unless you mean to serve other machines)")
	fl.DurationVar(&f.maxThink, "max-think", server.DefaultMaxThink, "cap on the thinking time of any request")
	fl.DurationVar(&f.endgameThink, "endgame-think", server.DefaultEndgameThink, "thinking time of the exact endgame solver for a computer move or hint that gives no budget (at most --max-think)")
	intFlag(fl, &f.maxSearches, "max-searches", 0, "requests that generate or search moves at once (0: the number of CPUs)", maxSearchesSpan)
	intFlag(fl, &f.maxQueue, "max-queue", 0, fmt.Sprintf("requests waiting for a search slot before 503 (0: %d per slot)", server.DefaultQueueFactor), maxQueueSpan)
	intFlag(fl, &f.maxGames, "max-games", server.DefaultMaxGames, "games held at once; one more drops the game idle for the longest", maxGamesSpan)
	fl.DurationVar(&f.idleTTL, "idle-ttl", server.DefaultIdleTTL, "a game unused this long is dropped")
	fl.BoolVar(&f.loadTest, "load-test", false, "run the load test instead of serving (see above)")
	fl.StringVar(&f.load.URL, "load-url", "", "with --load-test: the server to load, http://127.0.0.1:PORT (default: one started on a free loopback port)")
	intFlag(fl, &f.load.Clients, "load-clients", 50, "with --load-test: games played at once", loadClientsSpan)
	intFlag(fl, &f.load.Games, "load-games", 200, "with --load-test: games to finish", loadGamesSpan)
	fl.DurationVar(&f.load.Duration, "load-time", time.Minute, "with --load-test: stop after this long")
	fl.StringVar(&f.load.Game, "load-game", "wwf", "with --load-test: the game played")
	fl.StringVar(&f.load.Player, "load-player", "static", "with --load-test: the computer player")
	fl.DurationVar(&f.load.Pause, "load-pause", 0, "with --load-test: each client's pause between requests")
	return c
}

func (a *app) runServe(c *cobra.Command, f *serveFlags) error {
	path := c.CommandPath()
	switch {
	case f.maxThink <= 0:
		return usagef(path, "--max-think %v: want a positive duration", f.maxThink)
	case f.endgameThink <= 0 || f.endgameThink > f.maxThink:
		return usagef(path, "--endgame-think %v: want a positive duration up to --max-think (%v)", f.endgameThink, f.maxThink)
	case !maxSearchesSpan.has(f.maxSearches):
		return maxSearchesSpan.err(path, "max-searches", f.maxSearches)
	case !maxQueueSpan.has(f.maxQueue):
		return maxQueueSpan.err(path, "max-queue", f.maxQueue)
	case !maxGamesSpan.has(f.maxGames):
		return maxGamesSpan.err(path, "max-games", f.maxGames)
	case f.loadTest && !loadClientsSpan.has(f.load.Clients):
		return loadClientsSpan.err(path, "load-clients", f.load.Clients)
	case f.loadTest && !loadGamesSpan.has(f.load.Games):
		return loadGamesSpan.err(path, "load-games", f.load.Games)
	case f.idleTTL <= 0:
		return usagef(path, "--idle-ttl %v: want a positive duration", f.idleTTL)
	}
	if c.Flags().Changed("lexicon") {
		return usagef(path, "--lexicon %q: serve has no lexicon of its own: each request names one from the lexicon cache (GET /v1/games lists them)", a.lexiconSpec)
	}
	if err := checkAddr(f.addr); err != nil {
		return usagef(path, "--addr %q: %v", f.addr, err)
	}
	if !f.loadTest {
		for _, name := range []string{"load-url", "load-clients", "load-games", "load-time", "load-game", "load-player", "load-pause"} {
			if c.Flags().Changed(name) {
				return usagef(path, "--%s goes with --load-test", name)
			}
		}
	}
	dir, err := lexicon.CacheDir(a.getenv)
	if err != nil {
		dir = "" // the embedded lexicon only
	}
	logger := slog.New(slog.NewTextHandler(a.stderr, nil))
	cfg := server.Config{
		MaxThink: f.maxThink, EndgameThink: f.endgameThink, MaxSearches: f.maxSearches, MaxQueue: f.maxQueue,
		MaxGames: f.maxGames, IdleTTL: f.idleTTL, LexiconDir: dir, Logger: logger,
	}
	ctx, stop := signal.NotifyContext(c.Context(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if f.loadTest {
		return a.runLoadTest(ctx, c, cfg, f)
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return listenError(f.addr, err)
	}
	if !server.IsLoopback(f.addr) {
		logger.Warn("listening beyond this machine: put the server behind a proxy you trust", "addr", f.addr)
	}
	srv := server.New(cfg)
	defer srv.Close()
	fmt.Fprintf(a.stdout, "serving on http://%s (open it in a browser to play; API: /v1/openapi.json; Ctrl-C to stop)\n", ln.Addr())
	return srv.Run(ctx, ln)
}

// checkAddr returns why addr is not an address to listen on, host:port
// (the host may be empty for every interface; the port a number or a
// service name), or nil.
func checkAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return errors.New("want host:port, such as 127.0.0.1:8080")
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return fmt.Errorf("port %q: want a number from 0 to 65535", port)
	}
	return nil
}

// listenError says in the user's words why serve cannot listen on addr
// (--addr, which checkAddr accepted), net.Listen having failed with err:
// the port is taken, the host is not this machine's, the host name is
// unknown, the port needs rights the command lacks.
func listenError(addr string, err error) error {
	host, port, _ := net.SplitHostPort(addr)
	where := "on " + host
	if host == "" {
		where = "on every address of this machine"
	}
	var dns *net.DNSError
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("--addr %s: port %s %s is in use (another program listens there): choose another with --addr", addr, port, where)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return fmt.Errorf("--addr %s: %s is not an address of this machine: give one of its own (127.0.0.1 for this machine only)", addr, host)
	case errors.Is(err, syscall.EACCES), errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("--addr %s: no permission to listen on port %s %s (ports below 1024 may need an administrator): choose another with --addr", addr, port, where)
	case errors.As(err, &dns):
		return fmt.Errorf("--addr %s: the host %s is not known (no such host name): give an IP address such as 127.0.0.1, or a name of this machine", addr, host)
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		err = se.Err
	}
	return fmt.Errorf("--addr %s: cannot listen there: %v", addr, err)
}

// runLoadTest runs the load test against f.load.URL, or against a server
// of its own on a free loopback port.
func (a *app) runLoadTest(ctx context.Context, c *cobra.Command, cfg server.Config, f *serveFlags) error {
	lc := f.load
	given := lc.URL != ""
	if given {
		if err := server.CheckLoadURL(lc.URL); err != nil {
			return usagef(c.CommandPath(), "--load-url %q: %v", lc.URL, err)
		}
	}
	if !given {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		cfg.Logger = nil // the report says what matters
		srv := server.New(cfg)
		defer srv.Close()
		sctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- srv.Run(sctx, ln) }()
		defer func() { cancel(); <-done }()
		lc.URL = "http://" + ln.Addr().String()
	}
	rep, err := server.LoadTest(ctx, lc)
	switch {
	case err != nil && given && errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Errorf("--load-url %s: no server listens there (connection refused): start one with 'wordengine serve --addr HOST:PORT', or leave out --load-url to load a server of the test's own", lc.URL)
	case err != nil && given:
		if ae, ok := errors.AsType[*server.APIError](err); ok && ae.Code == "" {
			// No error body of the API: another program answered.
			return fmt.Errorf("--load-url %s: the program there is not wordengine serve (it answered a new game with HTTP status %d)", lc.URL, ae.Status)
		}
		return err
	case err != nil:
		return usagef(c.CommandPath(), "%v", err)
	}
	rep.WriteText(a.stdout)
	return nil
}
