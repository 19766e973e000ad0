package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
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
