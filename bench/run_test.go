package bench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"wordengine/bench"
	_ "wordengine/game/wwf" // registers wwf and scrabble
)

// play runs m and returns its results in the order sink saw them, with
// the wall times zeroed (the only field that may differ between runs).
func play(t *testing.T, m bench.Match) []bench.Result {
	t.Helper()
	var out []bench.Result
	err := bench.Run(context.Background(), m, func(r bench.Result) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		t.Fatalf("Run(%+v): %v", m, err)
	}
	return untimed(out)
}

func untimed(rs []bench.Result) []bench.Result {
	out := slices.Clone(rs)
	for i := range out {
		out[i].Millis = 0
	}
	return out
}

// record writes m's results as a record and returns its text.
func record(t *testing.T, m bench.Match, rs []bench.Result) string {
	t.Helper()
	var buf bytes.Buffer
	enc := bench.NewEncoder(&buf)
	if err := enc.Header(m.Header()); err != nil {
		t.Fatal(err)
	}
	for i := range rs {
		if err := enc.Result(&rs[i]); err != nil {
			t.Fatal(err)
		}
	}
	return buf.String()
}

// summaryJSON returns the summary of rs without its timings, as JSON.
func summaryJSON(t *testing.T, f *bench.File) string {
	t.Helper()
	s := bench.Summarize(f)
	s.GameSeconds, s.GamesPerThreadSecond = 0, 0
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var matches = []bench.Match{
	{Game: "wwf", Players: []string{"greedy", "random"}, Games: 12, Seed: 7},
	{Game: "bench-race", Players: []string{"random", "greedy", "random"}, Games: 18, Seed: 3},
	{Game: "bench-race", Players: []string{"random", "random", "greedy", "random"}, Games: 24, Seed: 11},
}

// TestThreadsSameResults: a seed gives the same results, in game order,
// whatever the number of threads.
func TestThreadsSameResults(t *testing.T) {
	for _, m := range matches {
		t.Run(fmt.Sprintf("%s-%d", m.Game, len(m.Players)), func(t *testing.T) {
			m.Threads = 1
			want := play(t, m)
			if len(want) != m.Games {
				t.Fatalf("%d results, want %d", len(want), m.Games)
			}
			for i, r := range want {
				if r.Game != i {
					t.Fatalf("result %d is game %d: not in game order", i, r.Game)
				}
			}
			for _, threads := range []int{2, 5} {
				m.Threads = threads
				if got := play(t, m); !reflect.DeepEqual(got, want) {
					t.Errorf("%d threads: results differ from 1 thread\ngot  %+v\nwant %+v", threads, got, want)
				}
			}
			m.Seed++
			if got := play(t, m); reflect.DeepEqual(got, want) {
				t.Errorf("seed %d and %d give the same results", m.Seed-1, m.Seed)
			}
		})
	}
}

// TestShardsMerge: the shards of a match, written, read back and merged,
// give exactly the unsharded lines and summary.
func TestShardsMerge(t *testing.T) {
	for _, m := range matches {
		t.Run(fmt.Sprintf("%s-%d", m.Game, len(m.Players)), func(t *testing.T) {
			m.Threads = 2
			all := play(t, m)
			whole, err := bench.Read(strings.NewReader(record(t, m, all)), "whole.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []int{2, 3, 5} {
				var files []*bench.File
				for i := n - 1; i >= 0; i-- { // any order
					sm := m
					sm.Shard, sm.Shards = i, n
					rs := play(t, sm)
					h := sm.Header()
					if len(rs) != h.Expected() {
						t.Fatalf("shard %d/%d: %d games, want %d", i, n, len(rs), h.Expected())
					}
					for _, r := range rs {
						if r.Deal%n != i {
							t.Fatalf("shard %d/%d played deal %d", i, n, r.Deal)
						}
					}
					f, err := bench.Read(strings.NewReader(record(t, sm, rs)), fmt.Sprintf("shard%d.jsonl", i))
					if err != nil {
						t.Fatal(err)
					}
					files = append(files, f)
				}
				merged, err := bench.Merge(files)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(merged.Results, all) {
					t.Errorf("%d shards merged: results differ from the unsharded run", n)
				}
				if got, want := record(t, m, merged.Results), record(t, m, all); got != want {
					t.Errorf("%d shards merged: lines differ:\n%s\nwant\n%s", n, got, want)
				}
				if !reflect.DeepEqual(merged.Header, whole.Header) {
					t.Errorf("merged header %+v, want %+v", merged.Header, whole.Header)
				}
				if got, want := summaryJSON(t, merged), summaryJSON(t, whole); got != want {
					t.Errorf("%d shards merged: summary\n%s\nwant\n%s", n, got, want)
				}
			}
		})
	}
}

// TestRotations: every deal is played once per rotation with the same
// deal seed, and every player sits in every seat.
func TestRotations(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"greedy", "random", "random", "greedy"}, Games: 8, Seed: 5}
	rs := play(t, m)
	for _, r := range rs {
		n := len(m.Players)
		if r.Deal != r.Game/n || r.Rotation != r.Game%n || r.Seed != bench.DealSeed(m.Seed, r.Deal) {
			t.Errorf("game %d: deal %d rotation %d seed %d", r.Game, r.Deal, r.Rotation, r.Seed)
		}
		for s, e := range r.Seats {
			if e != (s+r.Rotation)%n || r.Players[s] != m.Players[e] {
				t.Errorf("game %d seat %d: entrant %d (%s)", r.Game, s, e, r.Players[s])
			}
		}
	}
}

// TestPairedDeal: greedy against greedy is deterministic, so both
// rotations of a WWF deal are the same game (same tiles) with the
// entrants swapped.
func TestPairedDeal(t *testing.T) {
	m := bench.Match{Game: "wwf", Players: []string{"greedy", "greedy"}, Games: 4, Seed: 9}
	rs := play(t, m)
	for d := 0; d < len(rs); d += 2 {
		a, b := rs[d], rs[d+1]
		if !slices.Equal(a.Scores, b.Scores) || a.Plies != b.Plies || *a.Spread != -*b.Spread {
			t.Errorf("deal %d: rotation 0 %v (%d plies, spread %d), rotation 1 %v (%d plies, spread %d)",
				a.Deal, a.Scores, a.Plies, *a.Spread, b.Scores, b.Plies, *b.Spread)
		}
	}
	s := bench.Summarize(&bench.File{Header: m.Header(), Results: rs})
	if s.Entrants[0].Spread.Est != 0 || s.Entrants[0].WinRate.Est != 0.5 {
		t.Errorf("greedy against itself on paired deals: spread %v, win rate %v; want 0 and 0.5", s.Entrants[0].Spread, s.Entrants[0].WinRate)
	}
}

// TestCancel: a cancelled run passes a prefix of the games, all finished,
// and returns the context's error.
func TestCancel(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"random", "greedy"}, Games: 400, Seed: 1, Threads: 3}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []bench.Result
	err := bench.Run(ctx, m, func(r bench.Result) error {
		got = append(got, r)
		if len(got) == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after cancel: %v, want context.Canceled", err)
	}
	if len(got) < 10 || len(got) >= m.Games {
		t.Fatalf("%d games after cancelling at 10 of %d", len(got), m.Games)
	}
	m.Threads = 1
	m.Games = bench.RoundGames(len(got), 2)
	full := play(t, m)
	if !reflect.DeepEqual(untimed(got), full[:len(got)]) {
		t.Errorf("the games of a cancelled run differ from an uninterrupted run")
	}
}

// TestCancelThenSkip: a run cancelled mid-way, then continued with Skip
// set to the games it passed, gives the games of an uninterrupted run.
func TestCancelThenSkip(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"random", "greedy"}, Games: 40, Seed: 4, Shard: 1, Shards: 2, Threads: 3}
	want := play(t, m)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []bench.Result
	err := bench.Run(ctx, m, func(r bench.Result) error {
		got = append(got, r)
		if len(got) == 5 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || len(got) >= len(want) {
		t.Fatalf("Run after cancel: %v with %d of %d games", err, len(got), len(want))
	}
	m.Skip = len(got)
	got = append(got, play(t, m)...)
	if !reflect.DeepEqual(untimed(got), want) {
		t.Errorf("interrupted then continued:\n%+v\nwant\n%+v", untimed(got), want)
	}
	m.Skip = len(want) + 1
	if err := m.Check(); !errors.Is(err, bench.ErrInvalid) {
		t.Errorf("Skip beyond the shard: Check = %v, want ErrInvalid", err)
	}
}

// TestSinkError: a sink error stops the run and is returned.
func TestSinkError(t *testing.T) {
	boom := errors.New("disk full")
	m := bench.Match{Game: "bench-race", Players: []string{"random", "greedy"}, Games: 100, Seed: 1, Threads: 2}
	n := 0
	err := bench.Run(context.Background(), m, func(bench.Result) error {
		n++
		if n == 3 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) || n != 3 {
		t.Errorf("Run: %v after %d results, want %v after 3", err, n, boom)
	}
}

// TestCheck: matches that cannot be played are refused with ErrInvalid.
func TestCheck(t *testing.T) {
	ok := bench.Match{Game: "wwf", Players: []string{"greedy", "random"}, Games: 2}
	tests := []struct {
		edit func(*bench.Match)
		want string
	}{
		{func(m *bench.Match) { m.Game = "nosuch" }, `unknown game "nosuch"`},
		{func(m *bench.Match) { m.Players = []string{"greedy", "genius"} }, `unknown player "genius"`},
		{func(m *bench.Match) { m.Players = []string{"greedy"} }, "1 players: want 2 to 4"},
		{func(m *bench.Match) { m.Players = []string{"greedy", "greedy", "greedy"}; m.Games = 3 }, "played by 2 players, not 3"},
		{func(m *bench.Match) { m.Games = 0 }, "0 games: want 1 or more"},
		{func(m *bench.Match) { m.Games = 3 }, "want a multiple of 2"},
		{func(m *bench.Match) { m.Shard, m.Shards = 2, 2 }, "shard 2/2"},
		{func(m *bench.Match) { m.Shard = -1 }, "shard -1/0"},
		{func(m *bench.Match) { m.Threads = -1 }, "-1 threads"},
		{func(m *bench.Match) { m.Variant = "lang=xx" }, "xx"},
	}
	if err := ok.Check(); err != nil {
		t.Fatalf("Check(%+v): %v", ok, err)
	}
	for _, tt := range tests {
		m := ok
		tt.edit(&m)
		err := m.Check()
		if !errors.Is(err, bench.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%+v) = %v, want an ErrInvalid containing %q", m, err, tt.want)
		}
		if err := bench.Run(context.Background(), m, func(bench.Result) error { return nil }); !errors.Is(err, bench.ErrInvalid) {
			t.Errorf("Run(%+v) = %v, want ErrInvalid", m, err)
		}
	}
}

// A match of two paired deals of the test game "bench-race"; the results
// arrive in game order whatever the number of threads.
func ExampleRun() {
	m := bench.Match{Game: "bench-race", Players: []string{"greedy", "random"}, Games: 4, Seed: 1, Threads: 2}
	t := bench.NewTally(m.Header())
	err := bench.Run(context.Background(), m, func(r bench.Result) error {
		fmt.Printf("game %d: deal %d, seats %v, scores %v, spread %+d\n", r.Game, r.Deal, r.Players, r.Scores, *r.Spread)
		t.Add(&r)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	a := t.Summary(0, 0).Entrants[0]
	fmt.Printf("A %s: %d wins of %d, mean spread %+.1f\n", a.Player, a.Wins, a.Games, a.Spread.Est)
	// Output:
	// game 0: deal 0, seats [greedy random], scores [31 15], spread +16
	// game 1: deal 0, seats [random greedy], scores [9 25], spread +16
	// game 2: deal 1, seats [greedy random], scores [24 13], spread +11
	// game 3: deal 1, seats [random greedy], scores [22 25], spread +3
	// A greedy: 4 wins of 4, mean spread +11.5
}
