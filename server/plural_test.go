package server

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestBusyPlural: the busy answer of a server with one search slot says
// "1 search running", not "1 searches".
func TestBusyPlural(t *testing.T) {
	t.Parallel()
	tests := []struct {
		slots int
		want  string
	}{
		{1, "(1 search running and 0 waiting)"},
		{2, "(2 searches running and 0 waiting)"},
	}
	for _, tt := range tests {
		p := newPool(tt.slots, 0, time.Second)
		for range tt.slots {
			if _, err := p.acquire(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		_, err := p.acquire(context.Background())
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%d slots, all busy: %v, want %q", tt.slots, err, tt.want)
		}
	}
}

// TestLoadReportPlural: the load report of one client and one game says
// them in the singular.
func TestLoadReportPlural(t *testing.T) {
	t.Parallel()
	tests := []struct {
		clients, games, finished, requests int
		want                               []string
	}{
		{1, 1, 1, 1, []string{": 1 client playing ", "up to 1 game or ", "1 game finished, 1 request in "}},
		{2, 3, 0, 5, []string{": 2 clients playing ", "up to 3 games or ", "0 games finished, 5 requests in "}},
	}
	for _, tt := range tests {
		r := &LoadReport{Config: LoadConfig{URL: "http://127.0.0.1:1", Clients: tt.clients, Games: tt.games, Game: "wwf", Player: "static", Duration: time.Minute},
			Elapsed: time.Second, Finished: tt.finished, Requests: tt.requests}
		var b strings.Builder
		r.WriteText(&b)
		for _, w := range tt.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%d clients, %d games: report lacks %q:\n%s", tt.clients, tt.games, w, b.String())
			}
		}
	}
}
