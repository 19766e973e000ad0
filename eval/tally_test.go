package eval_test

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/eval"
	"wordengine/lexicon"
)

// shardTallies trains cfg in n shards and returns their tallies, each
// written to a file and read back (plain and gzip alternately).
func shardTallies(t *testing.T, cfg eval.TrainConfig, n int) ([]*eval.Tally, int) {
	t.Helper()
	dir := t.TempDir()
	var ts []*eval.Tally
	played := 0
	for i := range n {
		c := cfg
		c.Shard, c.Shards = i, n
		tl, st, err := eval.TrainShard(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		played += st.Games
		path := filepath.Join(dir, "s"+string(rune('0'+i))+".tally")
		if i%2 == 1 {
			path += ".gz"
		}
		if err := tl.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		back, err := eval.LoadTally(path)
		if err != nil {
			t.Fatal(err)
		}
		var b1, b2 bytes.Buffer
		tl.WriteTo(&b1)
		back.WriteTo(&b2)
		if b1.String() != b2.String() {
			t.Fatalf("shard %d: the tally does not read back the same:\n%.500s\nthen\n%.500s", i, b1.String(), b2.String())
		}
		ts = append(ts, back)
	}
	return ts, played
}

func tableText(t *testing.T, l *eval.Leaves) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := l.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestShardsMergeToUnsharded trains 8 games unsharded and in 3 shards
// (in any order, with 1 or 2 threads), for a first and a second
// generation: the merged tallies fit to the very same table text.
func TestShardsMergeToUnsharded(t *testing.T) {
	if testing.Short() {
		t.Skip("self-play")
	}
	cfg := eval.TrainConfig{Game: "wwf", Games: 8, Seed: 5, Threads: 2, NewPlayer: player("greedy"), Note: "cmd",
		Points: func(t lexicon.Tile) int { return 2 }}
	whole, wst, want := train(t, cfg)
	cfg.Threads = 1
	ts, played := shardTallies(t, cfg, 3)
	if played != 8 {
		t.Errorf("shards played %d games, want 8", played)
	}
	// Merge out of order: the sums do not depend on it.
	m, err := eval.MergeTallies([]*eval.Tally{ts[2], ts[0], ts[1]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if miss := m.Missing(); len(miss) != 0 || m.Played() != 8 || m.Games() != 8 || m.Shards() != 3 {
		t.Errorf("merged: missing %v, played %d, games %d, shards %d", miss, m.Played(), m.Games(), m.Shards())
	}
	l, st, err := m.Fit()
	if err != nil {
		t.Fatal(err)
	}
	if got := tableText(t, l); got != want {
		t.Fatalf("merged shards give another table than the unsharded run:\n%.800s\nwant\n%.800s", got, want)
	}
	if st.Games != wst.Games || st.Moves != wst.Moves || st.Samples != wst.Samples || st.Leaves != wst.Leaves || st.Mean != wst.Mean || st.Empty != wst.Empty {
		t.Errorf("merged stats %+v, unsharded %+v", st, wst)
	}

	// A partial merge says what is missing; its table covers its games.
	part, err := eval.MergeTallies(ts[:2], nil)
	if err != nil {
		t.Fatal(err)
	}
	if miss := part.Missing(); len(miss) != 1 || miss[0] != 2 {
		t.Errorf("missing %v, want [2]", miss)
	}

	// Second generation: the target adds the first table's values, which
	// the shards' sums already hold; the init table's fingerprint is kept.
	cfg2 := eval.TrainConfig{Game: "wwf", Games: 4, Seed: 9, Threads: 2, Init: whole, Shrink: 3, Note: "gen2",
		NewPlayer: func() (eval.Chooser, error) { return staticOn(whole), nil }}
	_, _, want2 := train(t, cfg2)
	ts2, _ := shardTallies(t, cfg2, 2)
	m2, err := eval.MergeTallies(ts2, nil)
	if err != nil {
		t.Fatal(err)
	}
	l2, _, err := m2.Fit()
	if err != nil {
		t.Fatal(err)
	}
	if got := tableText(t, l2); got != want2 {
		t.Fatalf("second generation: merged shards differ from the unsharded run")
	}
	var tb bytes.Buffer
	ts2[0].WriteTo(&tb)
	if !strings.Contains(tb.String(), "\ninit ") || !strings.Contains(tb.String(), "\nshrink 3\n") {
		t.Errorf("second-generation tally header:\n%.600s", tb.String())
	}

	// Tallies of different runs, or a shard twice, do not merge.
	other := cfg
	other.Seed = 6
	other.Shard, other.Shards = 1, 3
	ot, _, err := eval.TrainShard(context.Background(), other)
	if err != nil {
		t.Fatal(err)
	}
	for want, set := range map[string][]*eval.Tally{
		"b has seed 6, a has 5":           {ts[0], ot},
		"shard 1 of 3 is in both b and c": {ts[0], ts[1], ts[1]},
		"b has tile points":               {ts[0], ts2[1]},
	} {
		_, err := eval.MergeTallies(set, []string{"a", "b", "c"})
		if !errors.Is(err, eval.ErrTallyMismatch) || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one containing %q", err, want)
		}
	}
}

func TestReadTallyErrors(t *testing.T) {
	const head = "wordengine-tally 1\ngame wwf\nletters A B\nseed 1\ngames 4\nshards 2\ncovers 1\nshrink 20\nplayed 2\nmoves 9\n"
	tests := []struct{ text, want string }{
		{"", "empty file"},
		{"wordengine-leaves 1\n", "not a tally file"},
		{"wordengine-tally 2\n", "this build reads version 1"},
		{"wordengine-tally 1\nseed 1\n", `"seed" before the game and letters lines`},
		{head, "file ends before the \"tallies N\" line"},
		{strings.Replace(head, "covers 1", "covers 2", 1) + "tallies 0\n", "covers shard 2 of 2"},
		{strings.Replace(head, "seed 1\n", "", 1) + "tallies 0\n", `no "seed" line`},
		{strings.Replace(head, "shrink 20", "shrink -1", 1), "shrink \"-1\""},
		{head + "tallies 1\nAB 2 30\nA 1 1\n", "more tally lines than the 1 announced"},
		{head + "tallies 2\nAB 2 30\n", "file ends after 1 of the 2 announced tallies"},
		{head + "tallies 1\nAC 2 30\n", `leave "AC"`},
		{head + "tallies 1\nAB 0 30\n", `count of AB "0"`},
		{head + "tallies 2\nAB 2 30\nBA 1 3\n", "leave BA listed twice"},
		{head + "tallies 1\nAB 2\n", "want LEAVE COUNT SUM"},
		{head + "tallies 1\nAAAAAAA 2 3\n", "has 7 tiles"},
		{head + "init abc\ntallies 0\n", "64 hex digits"},
	}
	for _, tt := range tests {
		_, err := eval.ReadTally(strings.NewReader(tt.text), "t.tally")
		if !errors.Is(err, eval.ErrFormat) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "t.tally:") {
			t.Errorf("%q: error %v, want one containing %q", tt.text, err, tt.want)
		}
	}
	ok := head + "tallies 2\n- 3 120000\n?A 2 -5000\n"
	tl, err := eval.ReadTally(strings.NewReader(ok), "ok")
	if err != nil {
		t.Fatal(err)
	}
	if c := tl.Covers(); len(c) != 1 || c[0] != 1 || tl.Played() != 2 || tl.Game() != "wwf" {
		t.Errorf("covers %v, played %d", c, tl.Played())
	}
}
