package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"wordengine/bench"
)

// untimedRecord reads a record file and blanks its wall times, the only
// part that differs between runs of a seed.
func untimedRecord(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return regexp.MustCompile(`"ms":[^,}]*`).ReplaceAllString(string(b), `"ms":0`)
}

// untimedSummary decodes a --json summary and zeroes its timings.
func untimedSummary(t *testing.T, r result) bench.Summary {
	t.Helper()
	var s bench.Summary
	decode(t, r, 0, &s)
	s.Seconds, s.GamesPerSecond, s.Threads, s.GameSeconds, s.GamesPerThreadSecond = 0, 0, 0, 0, 0
	return s
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSelfplayThreads: the record and summary of a seed are the same
// whatever --threads is.
func TestSelfplayThreads(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	var records, summaries []string
	for _, threads := range []string{"1", "2", "3"} {
		out := filepath.Join(dir, "t"+threads+".jsonl")
		args := []string{"selfplay", "--players", "greedy,random", "--games", "8", "--seed", "5", "--threads", threads, "--out", out, "--json"}
		r := runIn(t, cache, args...)
		r.check(t, args, 0, []string{`"seed": 5,`, `"threads": ` + threads}, nil)
		records = append(records, untimedRecord(t, out))
		summaries = append(summaries, jsonText(t, untimedSummary(t, r)))
	}
	for i := 1; i < len(records); i++ {
		if records[i] != records[0] {
			t.Errorf("record with %d threads differs from 1 thread:\n%s\nwant\n%s", i+1, records[i], records[0])
		}
		if summaries[i] != summaries[0] {
			t.Errorf("summary with %d threads differs from 1 thread:\n%s\nwant\n%s", i+1, summaries[i], summaries[0])
		}
	}
	if n := strings.Count(records[0], "\n"); n != 9 {
		t.Errorf("record has %d lines, want a match line and 8 games:\n%s", n, records[0])
	}
}

// TestSelfplayShardsMerge: three shards merged give the unsharded lines and
// summary.
func TestSelfplayShardsMerge(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	common := []string{"selfplay", "--players", "greedy,random", "--games", "10", "--seed", "12", "--threads", "2"}
	whole := filepath.Join(dir, "whole.jsonl")
	args := append(common, "--out", whole)
	r := runIn(t, cache, args...)
	r.check(t, args, 0, []string{"wwf, lexicon en-letterpress, seed 12: 10 games (5 deals x 2 seatings)\n", "A greedy ", "B random ", "player 1 ", "games/s on 2 threads"}, nil)
	wholeText := r.stdout

	var shards []string
	for i := range 3 {
		p := filepath.Join(dir, "s"+string(rune('0'+i))+".jsonl")
		args := append(common, "--shard", string(rune('0'+i))+"/3", "--out", p)
		runIn(t, cache, args...).check(t, args, 0, []string{", shard " + string(rune('0'+i)) + "/3: "}, nil)
		shards = append(shards, p)
	}
	merged := filepath.Join(dir, "merged.jsonl")
	args = append([]string{"selfplay", "merge", "--out", merged}, shards[2], shards[0], shards[1])
	r = runIn(t, cache, args...)
	r.check(t, args, 0, nil, nil)
	if r.stderr != "" {
		t.Errorf("merge of every shard: stderr %q", r.stderr)
	}
	if got, want := untimedRecord(t, merged), untimedRecord(t, whole); got != want {
		t.Errorf("merged lines differ from the unsharded run:\n%s\nwant\n%s", got, want)
	}
	// The tables are the same; only the timing lines after them differ.
	cut := func(s string) string { return s[:strings.LastIndex(s, "\n\n")] }
	if got, want := cut(r.stdout), cut(wholeText); got != want {
		t.Errorf("merged summary:\n%s\nwant\n%s", got, want)
	}
	mj := untimedSummary(t, runIn(t, cache, "selfplay", "merge", "--json", shards[0], shards[1], shards[2]))
	wj := untimedSummary(t, runIn(t, cache, append(common, "--json")...))
	if got, want := jsonText(t, mj), jsonText(t, wj); got != want {
		t.Errorf("merged --json summary:\n%s\nwant\n%s", got, want)
	}

	// A missing shard is merged with a note.
	args = []string{"selfplay", "merge", shards[0], shards[2]}
	runIn(t, cache, args...).check(t, args, 0, []string{"6 games (3 deals x 2 seatings), 4 missing of 10"}, []string{"6 of the match's 10 games"})
}

// TestSelfplayErrors: usage errors exit 2, bad files exit 1, with clear
// messages.
func TestSelfplayErrors(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	args := []string{"selfplay", "--players", "greedy,random", "--games", "2", "--seed", "1", "--out", good}
	runIn(t, cache, args...).check(t, args, 0, nil, nil)
	other := filepath.Join(dir, "other.jsonl")
	args = []string{"selfplay", "--players", "greedy,random", "--games", "2", "--seed", "2", "--out", other}
	runIn(t, cache, args...).check(t, args, 0, nil, nil)
	lines := strings.SplitAfter(untimedRecord(t, good), "\n")
	corrupt := writeFile(t, dir, "corrupt.jsonl", lines[0]+lines[1]+"{\"type\":\"game\",\"game\":\n")
	wrongShard := writeFile(t, dir, "wrong.jsonl", strings.Replace(lines[0], `"shard":0,"shards":1`, `"shard":1,"shards":2`, 1)+lines[2])

	sp := func(extra ...string) []string {
		return append([]string{"selfplay", "--players", "greedy,random", "--games", "2"}, extra...)
	}
	tests := []struct {
		args   []string
		code   int
		stderr []string
	}{
		{[]string{"selfplay"}, 2, []string{"--players is required", "greedy"}},
		{[]string{"selfplay", "--players", "greedy"}, 2, []string{`--players "greedy": want 2 to 4 players`}},
		{[]string{"selfplay", "--players", "a,b,c,d,e"}, 2, []string{"want 2 to 4 players"}},
		{[]string{"selfplay", "--players", "greedy,genius"}, 2, []string{`unknown player "genius" (known: `, "Run 'wordengine selfplay --help' for usage."}},
		{sp("--game", "nosuch"), 2, []string{`unknown game "nosuch" (known: `, "wwf"}},
		{[]string{"selfplay", "--players", "greedy,random,greedy"}, 2, []string{"wwf is played by 2 players, not 3"}},
		{sp("--variant", "lang=xx"), 2, []string{"xx"}},
		{sp("--games", "0"), 2, []string{"--games 0: want 1 to 1000000000"}},
		{sp("--threads", "-1"), 2, []string{"--threads -1: want 0 (one per core) to 1024"}},
		{sp("--threads", "100000"), 2, []string{"--threads 100000: want 0 (one per core) to 1024"}},
		{sp("--shard", "1/2"), 2, []string{"--shard needs --seed"}},
		{sp("--seed", "1", "--shard", "2/2"), 2, []string{`--shard "2/2": want 0 <= i < n`}},
		{sp("--seed", "1", "--shard", "0/0"), 2, []string{`--shard "0/0": want n >= 1`}},
		{sp("--seed", "1", "--shard", "half"), 2, []string{`--shard "half": want i/n`}},
		{sp("--seed", "1", "--shard", "1/x"), 2, []string{`--shard "1/x": want i/n`}},
		{sp("--seed", "x"), 2, []string{`--seed x: want a whole number from 0 to 18446744073709551615`}},
		{sp("--out", filepath.Join(dir, "no", "such", "dir.jsonl")), 1, []string{"--out " + filepath.Join(dir, "no", "such", "dir.jsonl") + ": folder " + filepath.Join(dir, "no", "such") + " does not exist"}},
		{sp("--out", good), 1, []string{"--out " + good + " exists: --resume continues it, --force replaces it"}},
		{sp("--out", good, "--resume", "--force"), 2, []string{"--resume and --force: "}},
		{sp("--resume"), 2, []string{"--resume needs --out FILE"}},
		{sp("--out", filepath.Join(dir, "new.jsonl"), "--resume"), 1, []string{"--resume: " + filepath.Join(dir, "new.jsonl") + " does not exist"}},
		{sp("--out", good, "--resume", "--seed", "3"), 1, []string{"--resume: " + good + " is the record of another match (seed 1 vs 3: the file's vs this one's)"}},
		{sp("--out", good, "--resume", "--games", "4"), 1, []string{"(games 2 vs 4: the file's vs this one's)"}},
		{sp("--out", good, "--resume", "--paired-streams"), 1, []string{"(random streams by rotation vs paired (by seat alone): the file's vs this one's)"}},
		{[]string{"selfplay", "merge", "--out", filepath.Join(dir, "none", "m.jsonl"), good}, 1, []string{"folder " + filepath.Join(dir, "none") + " does not exist"}},
		{[]string{"selfplay", "merge", "--out", good, good}, 1, []string{"--out " + good + " is one of the files to merge"}},
		{[]string{"selfplay", "merge", "--out", corrupt, good}, 1, []string{"--out " + corrupt + " exists: --force replaces it"}},
		{[]string{"selfplay", "nonsense"}, 2, []string{`unknown command "nonsense" for "wordengine selfplay"`}},
		{[]string{"selfplay", "merge"}, 2, []string{"want at least 1 argument (the files to merge)"}},
		{[]string{"selfplay", "merge", filepath.Join(dir, "missing.jsonl")}, 1, []string{"missing.jsonl: no such file"}},
		{[]string{"selfplay", "merge", good, corrupt}, 1, []string{corrupt + ":3: not a JSON object: column "}},
		{[]string{"selfplay", "merge", wrongShard}, 1, []string{wrongShard + ":2: game 1: deal 0 is not in shard 1/2"}},
		{[]string{"selfplay", "merge", good, other}, 1, []string{good + " and " + other + " are records of different matches (seed 1 vs 2)"}},
		{[]string{"selfplay", "merge", good, good}, 1, []string{good + " is given twice"}},
	}
	before := untimedRecord(t, good)
	for _, tt := range tests {
		runIn(t, cache, tt.args...).check(t, tt.args, tt.code, nil, tt.stderr)
	}
	if after := untimedRecord(t, good); after != before {
		t.Errorf("refused runs changed %s:\n%s\nwas\n%s", good, after, before)
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Errorf("selfplay --out created a missing folder")
	}
}

// TestSelfplayPairedStreams: --paired-streams is said in the summary and
// recorded in the --out file, whose run it continues with --resume.
func TestSelfplayPairedStreams(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	out := filepath.Join(dir, "p.jsonl")
	args := []string{"selfplay", "--players", "greedy,random", "--games", "4", "--seed", "6", "--threads", "1", "--paired-streams", "--out", out}
	runIn(t, cache, args...).check(t, args, 0, []string{"wwf, lexicon en-letterpress, seed 6, paired random streams: 4 games"}, nil)
	whole := untimedRecord(t, out)
	if !strings.Contains(whole, `"streams":"paired"}`) {
		t.Errorf("the record does not say its streams:\n%s", whole)
	}
	// Cut to its first deal, the record is continued into the same one.
	lines := strings.SplitAfter(whole, "\n")
	if err := os.WriteFile(out, []byte(strings.Join(lines[:3], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	resume := []string{"selfplay", "--players", "greedy,random", "--games", "4", "--threads", "1", "--paired-streams", "--out", out, "--resume", "--json"}
	runIn(t, cache, resume...).check(t, resume, 0, []string{`"streams": "paired"`}, nil)
	if got := untimedRecord(t, out); got != whole {
		t.Errorf("resumed record\n%s\nwant\n%s", got, whole)
	}
}

// TestSelfplayRounding: --games is rounded up to whole deals, with a note.
func TestSelfplayRounding(t *testing.T) {
	args := []string{"selfplay", "--players", "greedy,random", "--games", "3", "--seed", "4", "--threads", "1"}
	runIn(t, t.TempDir(), args...).check(t, args, 0,
		[]string{"4 games (2 deals x 2 seatings)"},
		[]string{"selfplay: --games 3 rounded up to 4: each deal is played once per seat rotation (2)\n"})
}

// TestSelfplayInterrupted: a cancelled run (Ctrl-C) still prints the
// summary of the games it finished and fails.
func TestSelfplayInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(t.TempDir(), "r.jsonl")
	var stdout, stderr bytes.Buffer
	args := []string{"selfplay", "--players", "greedy,random", "--games", "1000", "--seed", "4", "--threads", "2", "--out", out}
	code := run(ctx, args, &stdout, &stderr, func(string) string { return "" })
	r := result{code, stdout.String(), stderr.String()}
	r.check(t, args, 1, []string{"wwf, lexicon en-letterpress, seed 4: ", "missing of 1000", "A greedy "},
		[]string{"selfplay interrupted: ", " of 1000 games played; the summary and " + out + " cover them"})
	if _, err := bench.ReadFile(out); err != nil {
		t.Errorf("the record of an interrupted run: %v", err)
	}
}
