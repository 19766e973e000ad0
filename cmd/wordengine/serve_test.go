package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServe starts `wordengine serve` on a free loopback port, asks it
// for its games, then stops it as SIGINT would (its context).
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, pw, &stderr, func(string) string { return t.TempDir() })
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v (stderr %s)", err, stderr.String())
	}
	go io.Copy(io.Discard, pr)
	url, _, ok := strings.Cut(strings.TrimPrefix(line, "serving on "), " ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("printed %q", line)
	}
	resp, err := http.Get(url + "/v1/games")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Games []struct{ Name string } `json:"games"`
	}
	err = json.NewDecoder(resp.Body).Decode(&cat)
	resp.Body.Close()
	if err != nil || len(cat.Games) < 6 {
		t.Fatalf("GET /v1/games: %+v, %v", cat, err)
	}
	// The address printed opens the web page.
	resp, err = http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(page), "/web/app.js") {
		t.Errorf("GET %s: %s %.80q, want the web page", url, resp.Header.Get("Content-Type"), page)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("serve exited %d after its context ended: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeLoadTest(t *testing.T) {
	args := []string{"serve", "--load-test", "--load-clients", "2", "--load-games", "2", "--load-game", "wordblock", "--load-player", "greedy", "--load-time", "1m"}
	r := runIn(t, t.TempDir(), args...)
	r.check(t, args, exitOK, []string{"2 games finished", "computer", "hint", "errors: none", "server memory"}, nil)
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"serve", "--load-clients", "3"}, "--load-clients goes with --load-test"},
		{[]string{"serve", "--max-think", "0s"}, "--max-think"},
		{[]string{"serve", "--endgame-think", "0s"}, "--endgame-think 0s: want a positive duration up to --max-think (5s)"},
		{[]string{"serve", "--max-think", "1s", "--endgame-think", "2s"}, "--endgame-think 2s: want a positive duration up to --max-think (1s)"},
		{[]string{"serve", "--load-test", "--load-url", "http://example.com:80"}, "loopback"},
		{[]string{"serve", "--load-test", "--load-clients", "0"}, "clients"},
	} {
		r := runIn(t, t.TempDir(), tc.args...)
		r.check(t, tc.args, exitUsage, nil, []string{tc.msg})
	}
}

// TestServeListenErrors: an --addr serve cannot listen on says why in the
// user's words (the port taken, the host not this machine's), naming
// --addr, never the system's "bind: address already in use".
func TestServeListenErrors(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	taken := "127.0.0.1:" + port
	tests := []struct {
		addr, want string
	}{
		{taken, "--addr " + taken + ": port " + port + " on 127.0.0.1 is in use (another program listens there): choose another with --addr"},
		{"192.0.2.1:8080", "--addr 192.0.2.1:8080: 192.0.2.1 is not an address of this machine"},
	}
	for _, tt := range tests {
		args := []string{"serve", "--addr", tt.addr}
		r := runIn(t, t.TempDir(), args...)
		r.check(t, args, exitError, nil, []string{tt.want})
		for _, raw := range []string{"bind:", "listen tcp", "listening beyond", "--help' for usage"} {
			if strings.Contains(r.stderr, raw) {
				t.Errorf("wordengine %q: stderr holds %q:\n%s", args, raw, r.stderr)
			}
		}
	}
}

// TestListenError: each reason net.Listen gives is told in words.
func TestListenError(t *testing.T) {
	t.Parallel()
	sys := func(errno syscall.Errno) error {
		return &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", errno)}
	}
	tests := []struct {
		addr string
		err  error
		want string
	}{
		{":8080", sys(syscall.EADDRINUSE), "--addr :8080: port 8080 on every address of this machine is in use (another program listens there): choose another with --addr"},
		{"127.0.0.1:80", sys(syscall.EACCES), "--addr 127.0.0.1:80: no permission to listen on port 80 on 127.0.0.1 (ports below 1024 may need an administrator): choose another with --addr"},
		{"10.1.1.1:80", sys(syscall.EADDRNOTAVAIL), "--addr 10.1.1.1:80: 10.1.1.1 is not an address of this machine: give one of its own (127.0.0.1 for this machine only)"},
		{"nosuch.invalid:80", &net.OpError{Op: "listen", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "nosuch.invalid", IsNotFound: true}},
			"--addr nosuch.invalid:80: the host nosuch.invalid is not known (no such host name): give an IP address such as 127.0.0.1, or a name of this machine"},
		{"127.0.0.1:81", sys(syscall.EINVAL), "--addr 127.0.0.1:81: cannot listen there: invalid argument"},
	}
	for _, tt := range tests {
		if got := listenError(tt.addr, tt.err).Error(); got != tt.want {
			t.Errorf("listenError(%q, %v) = %q, want %q", tt.addr, tt.err, got, tt.want)
		}
	}
}

// TestLoadURLErrors: a --load-url with no server behind it, or another
// program, or not a loopback http URL, is told as such, naming
// --load-url, never the client's "dial tcp ...: connection refused".
func TestLoadURLErrors(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there now
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "<html>not here</html>", http.StatusNotFound)
	}))
	defer other.Close()
	tests := []struct {
		url  string
		code int
		want string
	}{
		{closed, exitError, "--load-url " + closed + ": no server listens there (connection refused): start one with 'wordengine serve --addr HOST:PORT', or leave out --load-url"},
		{other.URL, exitError, "--load-url " + other.URL + ": the program there is not wordengine serve (it answered a new game with HTTP status 404)"},
		{strings.TrimPrefix(closed, "http://"), exitUsage, `--load-url "` + strings.TrimPrefix(closed, "http://") + `": want http://127.0.0.1:PORT`},
		{"http://192.0.2.1:80", exitUsage, `--load-url "http://192.0.2.1:80": load tests send traffic to this machine's loopback only`},
	}
	for _, tt := range tests {
		args := []string{"serve", "--load-test", "--load-url", tt.url, "--load-clients", "1", "--load-games", "1"}
		r := runIn(t, t.TempDir(), args...)
		r.check(t, args, tt.code, nil, []string{tt.want})
		for _, raw := range []string{"dial tcp", "Post ", "<html>", "load test: URL"} {
			if strings.Contains(r.stderr, raw) {
				t.Errorf("wordengine %q: stderr holds %q:\n%s", args, raw, r.stderr)
			}
		}
	}
}
