package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"wordengine/game"
)

// LoadConfig describes a load test: Clients players at once, each
// playing whole games of Game against the computer player Player on the
// server at URL (loopback only): for each of its moves a hint ranked by
// Player (the top 3), then the hint's best move; for each of the
// computer's, a computer request. It stops when Games games are finished
// or Duration has passed.
type LoadConfig struct {
	URL      string
	Clients  int
	Games    int
	Duration time.Duration
	// Game is the game played (default "wwf"); Player the computer
	// player (default "static").
	Game   string
	Player string
	// Pause is each client's pause between two requests (0: none).
	Pause time.Duration
}

// Bounds of a load test.
const (
	MaxLoadClients  = 1000
	MaxLoadGames    = 100_000
	MaxLoadDuration = time.Hour
)

// LoadReport is the outcome of a load test.
type LoadReport struct {
	Config  LoadConfig
	Elapsed time.Duration
	// Requests counts the requests answered (errors included), Finished
	// the games played to their end.
	Requests int
	Finished int
	// Latency holds the latencies by request kind: "computer", "hint",
	// "move", "create".
	Latency map[string]*Latency
	// Errors counts the error answers by HTTP status (0: no answer).
	Errors map[int]int
	// FirstError is the first error met, for the report.
	FirstError string
	// RSSPeak and RSSEnd are the server's resident memory, highest seen
	// and at the end (/healthz), in bytes; HeapEnd its Go heap at the end.
	RSSPeak, RSSEnd int64
	HeapEnd         uint64
	// ServerCPU is the CPU time the server used during the test, in
	// seconds (0 where it does not tell); Load the system's load
	// average at the end (0 where unknown), for judging the latencies on
	// a machine shared with others.
	ServerCPU float64
	Load      float64
}

// Latency summarises the latencies of one request kind.
type Latency struct {
	times         []time.Duration
	N             int
	P50, P99, Max time.Duration
}

func (l *Latency) finish() {
	slices.Sort(l.times)
	l.N = len(l.times)
	if l.N == 0 {
		return
	}
	at := func(q float64) time.Duration { return l.times[min(l.N-1, int(q*float64(l.N)))] }
	l.P50, l.P99, l.Max = at(0.50), at(0.99), l.times[l.N-1]
}

// RequestsPerSecond returns the rate of requests answered.
func (r *LoadReport) RequestsPerSecond() float64 {
	return float64(r.Requests) / r.Elapsed.Seconds()
}

// WriteText writes the report for people.
func (r *LoadReport) WriteText(w io.Writer) {
	c := r.Config
	fmt.Fprintf(w, "load test of %s: %s playing %s against %s, up to %s or %v\n", c.URL, game.Plural(c.Clients, "client"), c.Game, c.Player, game.Plural(c.Games, "game"), c.Duration)
	fmt.Fprintf(w, "%s finished, %s in %.1f s: %.0f requests/s\n", game.Plural(r.Finished, "game"), game.Plural(r.Requests, "request"), r.Elapsed.Seconds(), r.RequestsPerSecond())
	fmt.Fprintf(w, "%-9s %7s %9s %9s %9s\n", "request", "count", "p50 ms", "p99 ms", "max ms")
	kinds := make([]string, 0, len(r.Latency))
	for k := range r.Latency {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	for _, k := range kinds {
		l := r.Latency[k]
		fmt.Fprintf(w, "%-9s %7d %9.2f %9.2f %9.2f\n", k, l.N, ms(l.P50), ms(l.P99), ms(l.Max))
	}
	if len(r.Errors) == 0 {
		fmt.Fprintln(w, "errors: none")
	} else {
		statuses := make([]int, 0, len(r.Errors))
		for s := range r.Errors {
			statuses = append(statuses, s)
		}
		sort.Ints(statuses)
		fmt.Fprint(w, "errors:")
		for _, s := range statuses {
			name := statusName(s)
			fmt.Fprintf(w, " %s x%d", name, r.Errors[s])
		}
		fmt.Fprintf(w, "\nfirst error: %s\n", r.FirstError)
	}
	fmt.Fprintf(w, "server memory: resident %.1f MB at the end, %.1f MB at the highest; Go heap %.1f MB\n",
		float64(r.RSSEnd)/1e6, float64(r.RSSPeak)/1e6, float64(r.HeapEnd)/1e6)
	if r.ServerCPU > 0 {
		fmt.Fprintf(w, "server CPU: %.1f s, %.0f requests per CPU-second\n", r.ServerCPU, float64(r.Requests)/r.ServerCPU)
	}
	if r.Load > 0 {
		fmt.Fprintf(w, "load average at the end: %.2f on %d CPUs\n", r.Load, runtime.NumCPU())
	}
}

// loadAverage returns the system's 1-minute load average from
// /proc/loadavg (Linux); 0 elsewhere.
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

func statusName(status int) string {
	if status == 0 {
		return "no answer"
	}
	return fmt.Sprint(status)
}

// CheckLoadURL returns why raw is not the URL of a server a load test may
// load (http://HOST:PORT on this machine's loopback), or nil.
func CheckLoadURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return errors.New("want http://127.0.0.1:PORT")
	}
	if !IsLoopback(u.Host) {
		return errors.New("load tests send traffic to this machine's loopback only")
	}
	return nil
}

// LoadTest runs the load test c and returns its report. A warm-up game's
// first moves come first, unmeasured. The error is a configuration out
// of bounds, a URL that is not on this machine, or a server that fails
// the warm-up; the errors of requests are counted in the report.
func LoadTest(ctx context.Context, c LoadConfig) (*LoadReport, error) {
	if c.Game == "" {
		c.Game = "wwf"
	}
	if c.Player == "" {
		c.Player = DefaultPlayer
	}
	if err := CheckLoadURL(c.URL); err != nil {
		return nil, fmt.Errorf("load test: URL %q: %w", c.URL, err)
	}
	switch {
	case c.Clients < 1 || c.Clients > MaxLoadClients:
		return nil, fmt.Errorf("load test: %d clients: want 1 to %d", c.Clients, MaxLoadClients)
	case c.Games < 1 || c.Games > MaxLoadGames:
		return nil, fmt.Errorf("load test: %d games: want 1 to %d", c.Games, MaxLoadGames)
	case c.Duration <= 0 || c.Duration > MaxLoadDuration:
		return nil, fmt.Errorf("load test: duration %v: want more than 0, at most %v", c.Duration, MaxLoadDuration)
	case c.Pause < 0 || c.Pause > time.Minute:
		return nil, fmt.Errorf("load test: pause %v: want 0 to 1m", c.Pause)
	}
	ctx, cancel := context.WithTimeout(ctx, c.Duration)
	defer cancel()
	tr := &http.Transport{MaxIdleConns: c.Clients + 1, MaxIdleConnsPerHost: c.Clients + 1, IdleConnTimeout: 30 * time.Second}
	defer tr.CloseIdleConnections()
	cl := &Client{BaseURL: c.URL, HTTP: &http.Client{Transport: tr}}
	rep := &LoadReport{Config: c, Latency: map[string]*Latency{}, Errors: map[int]int{}}
	var mu sync.Mutex
	record := func(kind string, d time.Duration, err error) {
		mu.Lock()
		defer mu.Unlock()
		rep.Requests++
		if err == nil {
			l := rep.Latency[kind]
			if l == nil {
				l = &Latency{}
				rep.Latency[kind] = l
			}
			l.times = append(l.times, d)
			return
		}
		status := 0
		if ae, ok := errors.AsType[*APIError](err); ok {
			status = ae.Status
		}
		rep.Errors[status]++
		if rep.FirstError == "" {
			rep.FirstError = kind + ": " + err.Error()
		}
	}
	// The server's memory, sampled while the clients play.
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			if h, err := cl.Health(ctx); err == nil {
				mu.Lock()
				rep.RSSPeak = max(rep.RSSPeak, h.RSSBytes)
				mu.Unlock()
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	// A warm-up game's first moves, not measured: the server loads the
	// lexicon, leave table and shared move-generation tables once.
	if err := warmUp(ctx, cl, c); err != nil {
		return nil, fmt.Errorf("load test: warming up %s: %w", c.URL, err)
	}
	cpu0 := 0.0
	if h, err := cl.Health(ctx); err == nil {
		cpu0 = h.CPUS
	}
	var started, finished atomic.Int64
	start := time.Now()
	var wg sync.WaitGroup
	for range c.Clients {
		wg.Go(func() {
			for ctx.Err() == nil && started.Add(1) <= int64(c.Games) {
				if loadGame(ctx, cl, c, record) {
					finished.Add(1)
				}
			}
		})
	}
	wg.Wait()
	rep.Elapsed = time.Since(start)
	cancel()
	<-sampled
	rep.Finished = int(finished.Load())
	// A last look at the server's memory, after the clients stopped.
	hctx, hcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer hcancel()
	if h, err := cl.Health(hctx); err == nil {
		rep.RSSEnd, rep.HeapEnd = h.RSSBytes, h.HeapBytes
		rep.RSSPeak = max(rep.RSSPeak, h.RSSBytes)
		if h.CPUS > 0 {
			rep.ServerCPU = h.CPUS - cpu0
		}
	}
	rep.Load = loadAverage()
	for _, l := range rep.Latency {
		l.finish()
	}
	return rep, nil
}

// The load test's clients read of each answer only what they play by: a
// game's id, whose turn it is and whether it is over, which come first in
// a view of a game (Game), and a hint's moves. Decoding a whole view (the
// board's cells, the history) costs a client about as much CPU as the
// server spends answering, and the clients share the machine's CPUs with
// the server they measure.
type (
	loadView struct {
		ID     string `json:"id"`
		ToMove int    `json:"to_move"`
		Over   bool   `json:"over"`
	}
	loadHint struct {
		Moves []struct {
			Move string `json:"move"`
		} `json:"moves"`
	}
)

// readLoadView reads a loadView from data, a Game in JSON or, with
// inner "game", a MoveResult: the object's members up to the three it
// needs, the members before them skipped, the rest not read.
func readLoadView(data []byte, inner string) (*loadView, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	open := func() error {
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return fmt.Errorf("load test: an answer that is no JSON object: %.60q", data)
		}
		return nil
	}
	if err := open(); err != nil {
		return nil, err
	}
	var v loadView
	found := 0
	for found < 3 && dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		var dst any = new(json.RawMessage) // a member skipped
		switch {
		case inner != "" && key == inner:
			if err := open(); err != nil {
				return nil, err
			}
			inner = ""
			continue
		case inner != "":
		case key == "id":
			dst, found = &v.ID, found+1
		case key == "to_move":
			dst, found = &v.ToMove, found+1
		case key == "over":
			dst, found = &v.Over, found+1
		}
		if err := dec.Decode(dst); err != nil {
			return nil, err
		}
	}
	if found < 3 {
		return nil, fmt.Errorf("load test: an answer without a game's id, to_move and over: %.60q", data)
	}
	return &v, nil
}

// loadClient makes the load test's requests, as Client does, reading
// the answers as above.
type loadClient struct{ *Client }

func (c loadClient) view(ctx context.Context, method, path string, body any, inner string) (*loadView, error) {
	data, err := c.send(ctx, method, path, body)
	if err != nil {
		return nil, err
	}
	return readLoadView(data, inner)
}

func (c loadClient) create(ctx context.Context, req CreateRequest, seat int) (*loadView, error) {
	return c.view(ctx, http.MethodPost, "/v1/games"+seatQuery(&seat), req, "")
}

func (c loadClient) computer(ctx context.Context, id string, viewer int) (*loadView, error) {
	return c.view(ctx, http.MethodPost, "/v1/games/"+url.PathEscape(id)+"/computer"+seatQuery(&viewer), ComputerRequest{}, "game")
}

func (c loadClient) move(ctx context.Context, id string, seat int, move string) (*loadView, error) {
	return c.view(ctx, http.MethodPost, "/v1/games/"+url.PathEscape(id)+"/moves", MoveRequest{Seat: &seat, Move: move}, "game")
}

func (c loadClient) hint(ctx context.Context, id string, seat, top int, player string) (*loadHint, error) {
	q := url.Values{}
	q.Set("seat", strconv.Itoa(seat))
	q.Set("top", strconv.Itoa(top))
	q.Set("player", player)
	var out loadHint
	return &out, c.do(ctx, http.MethodGet, "/v1/games/"+url.PathEscape(id)+"/hint?"+q.Encode(), nil, &out)
}

// warmUp plays the first moves of one game as the clients will.
func warmUp(ctx context.Context, cl *Client, c LoadConfig) error {
	lc := loadClient{cl}
	seat := 0
	g, err := lc.create(ctx, CreateRequest{Game: c.Game, Players: []string{Human, c.Player}}, seat)
	if err != nil {
		return err
	}
	for range 4 {
		if g.Over {
			break
		}
		if g.ToMove != seat {
			if g, err = lc.computer(ctx, g.ID, seat); err != nil {
				return err
			}
			continue
		}
		h, err := lc.hint(ctx, g.ID, seat, 3, c.Player)
		if err != nil {
			return err
		}
		if len(h.Moves) == 0 {
			break
		}
		id := g.ID
		if g, err = lc.move(ctx, id, seat, h.Moves[0].Move); err != nil {
			return err
		}
	}
	return nil
}

// loadGame plays one game of the load test and reports whether it was
// played to its end. Requests cut short by the end of the test are not
// counted.
func loadGame(ctx context.Context, cl *Client, c LoadConfig, record func(string, time.Duration, error)) bool {
	lc := loadClient{cl}
	seat := 0
	timed := func(kind string, f func() error) bool {
		if c.Pause > 0 {
			select {
			case <-ctx.Done():
				return false
			case <-time.After(c.Pause):
			}
		}
		t := time.Now()
		err := f()
		if ctx.Err() != nil && err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || isClosed(err)) {
			return false // the test is over, not the server at fault
		}
		record(kind, time.Since(t), err)
		return err == nil
	}
	var g *loadView
	if !timed("create", func() (err error) {
		g, err = lc.create(ctx, CreateRequest{Game: c.Game, Players: []string{Human, c.Player}}, seat)
		return err
	}) {
		return false
	}
	for !g.Over {
		id := g.ID
		if g.ToMove == seat {
			var h *loadHint
			if !timed("hint", func() (err error) {
				h, err = lc.hint(ctx, id, seat, 3, c.Player)
				return err
			}) {
				return false
			}
			if len(h.Moves) == 0 {
				return false
			}
			if !timed("move", func() (err error) {
				g, err = lc.move(ctx, id, seat, h.Moves[0].Move)
				return err
			}) {
				return false
			}
			continue
		}
		if !timed("computer", func() (err error) {
			g, err = lc.computer(ctx, id, seat)
			return err
		}) {
			return false
		}
	}
	return true
}

// isClosed reports a connection closed under the request, as when the
// test's deadline cancels it.
func isClosed(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, net.ErrClosed)
}
