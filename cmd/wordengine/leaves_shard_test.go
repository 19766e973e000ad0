package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runEnv runs the command in-process with the lexicon cache at cache and
// the scheduler variables env.
func runEnv(t *testing.T, cache string, env map[string]string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	getenv := func(k string) string {
		if k == envLexicons {
			return cache
		}
		return env[k]
	}
	code := run(context.Background(), args, &stdout, &stderr, getenv)
	return result{code, stdout.String(), stderr.String()}
}

// TestLeavesShardMerge trains 9 games whole and as the 3 tasks of a Slurm
// array, of an Indexed Job and with --shard: every merge writes the very
// bytes of the unsharded table.
func TestLeavesShardMerge(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	common := []string{"leaves", "train", "--game", "wwf", "--games", "9", "--seed", "4", "--threads", "2"}
	whole := filepath.Join(dir, "whole.leaves.gz")
	args := append(common, "--out", whole)
	runIn(t, cache, args...).check(t, args, 0, []string{"wrote " + whole}, nil)
	want, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	for _, how := range []string{"slurm", "k8s", "flag"} {
		tallies := filepath.Join(dir, how)
		if err := os.Mkdir(tallies, 0o755); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(tallies, "s{shard}.tally.gz")
		for i := range 3 {
			env := map[string]string{}
			args := append(common, "--out", out)
			switch how {
			case "slurm": // an array 0-2
				env = map[string]string{envSlurmTaskID: string(rune('0' + i)), envSlurmTaskCount: "3", envSlurmTaskMin: "0", envSlurmTaskMax: "2"}
			case "k8s":
				env = map[string]string{envJobIndex: string(rune('0' + i))}
				args = append(args, "--shards", "3")
			default:
				args = append(args, "--shard", string(rune('0'+i))+"/3")
			}
			runEnv(t, cache, env, args...).check(t, args, 0, []string{"trained shard " + string(rune('0'+i)) + "/3 of wwf", "wrote tally " + shardPath(out, i)}, nil)
		}
		merged := filepath.Join(dir, how+".leaves.gz")
		args := []string{"leaves", "merge", "--out", merged, tallies}
		runIn(t, cache, args...).check(t, args, 0, []string{"3 of the run's 3 shards, 9 of the run's 9 games", "wrote " + merged}, nil)
		got, err := os.ReadFile(merged)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: merged table differs from the unsharded one", how)
		}
	}
	// A missing shard: an error, or a fit of the rest with --partial; a
	// merged tally merges again with the missing shard.
	s0, s1, s2 := filepath.Join(dir, "flag", "s0.tally.gz"), filepath.Join(dir, "flag", "s1.tally.gz"), filepath.Join(dir, "flag", "s2.tally.gz")
	args = []string{"leaves", "merge", "--out", filepath.Join(dir, "p.leaves"), s0, s2}
	runIn(t, cache, args...).check(t, args, 1, nil, []string{"1 shard of the run's 3 is missing (1): run them, or give --partial to fit the 2 shards present"})
	part := filepath.Join(dir, "part.tally")
	args = []string{"leaves", "merge", "--partial", "--tally-out", part, "--json", s0, s2}
	runIn(t, cache, args...).check(t, args, 0, []string{`"missing_shards": [`, `"games": 6`}, nil)
	again := filepath.Join(dir, "again.leaves.gz")
	args = []string{"leaves", "merge", "--out", again, part, s1}
	runIn(t, cache, args...).check(t, args, 0, nil, nil)
	if got, _ := os.ReadFile(again); !bytes.Equal(got, want) {
		t.Errorf("a merged tally merged with the last shard differs from the unsharded table")
	}
	args = []string{"leaves", "merge", "--out", again, "--force", part, s0}
	runIn(t, cache, args...).check(t, args, 1, nil, []string{"shard 0 of 3 is in both " + part + " and " + s0})
}

func TestShardErrors(t *testing.T) {
	cache := t.TempDir()
	tr := []string{"leaves", "train", "--games", "3", "--seed", "1", "--out", "x"}
	sp := []string{"selfplay", "--players", "greedy,random", "--games", "2", "--seed", "1"}
	tests := []struct {
		env    map[string]string
		args   []string
		stderr string
	}{
		{map[string]string{envJobIndex: "1"}, tr, "JOB_COMPLETION_INDEX is set: give --shards N"},
		{map[string]string{envJobIndex: "3"}, append(tr, "--shards", "3"), "index 3 is outside 0..2 (--shards 3)"},
		{map[string]string{envJobIndex: "x"}, append(tr, "--shards", "3"), `JOB_COMPLETION_INDEX="x" is not a completion index`},
		{nil, append(tr, "--shards", "3"), "--shards 3 needs $JOB_COMPLETION_INDEX"},
		{map[string]string{envSlurmTaskID: "2"}, tr, "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not"},
		{map[string]string{envSlurmTaskID: "6", envSlurmTaskCount: "4"}, tr, "the array is not 0-3"},
		// A part of an array (25-49: 25 tasks) is not shards 0-24 of 25.
		{map[string]string{envSlurmTaskID: "25", envSlurmTaskCount: "25", envSlurmTaskMin: "25", envSlurmTaskMax: "49"}, tr, "for part of a run, or another numbering, give --shard i/n"},
		{map[string]string{envSlurmTaskID: "0", envSlurmTaskCount: "1", envSlurmTaskMin: "0", envSlurmTaskMax: "0"}, append(tr, "--shard", "x"), `--shard "x": want i/n`},
		{map[string]string{envSlurmTaskID: "1", envSlurmTaskCount: "4", envSlurmTaskMin: "1", envSlurmTaskMax: "4"}, tr, "(SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_MAX=4)"},
		{map[string]string{envSlurmTaskID: "2", envSlurmTaskCount: "4", envSlurmTaskMin: "0", envSlurmTaskMax: "6"}, tr, "the array is not 0-3"},
		{map[string]string{envSlurmTaskID: "1", envSlurmTaskCount: "4"}, append(tr, "--shards", "3"), "--shards 3 disagrees with the 4 shards"},
		{nil, append(tr, "--shard", "3/3"), `--shard "3/3": want 0 <= i < n`},
		{map[string]string{envSlurmTaskID: "0", envSlurmTaskCount: "2"}, []string{"selfplay", "--players", "greedy,random"}, "a shard from Slurm array task SLURM_ARRAY_TASK_ID=0, SLURM_ARRAY_TASK_COUNT=2 needs --seed"},
		{map[string]string{envJobIndex: "0"}, sp, "JOB_COMPLETION_INDEX is set: give --shards N"},
	}
	for _, tt := range tests {
		runEnv(t, cache, tt.env, tt.args...).check(t, tt.args, 2, nil, []string{tt.stderr})
	}
	args := []string{"leaves", "merge", "x.tally"}
	runIn(t, cache, args...).check(t, args, 2, nil, []string{"--out FILE (the table) or --tally-out FILE is required"})
	dir := t.TempDir()
	args = []string{"leaves", "merge", "--out", "y", dir}
	runIn(t, cache, args...).check(t, args, 1, nil, []string{"no *.tally or *.tally.gz file in this folder"})
	bad := filepath.Join(dir, "bad.tally")
	os.WriteFile(bad, []byte("wordengine-tally 1\ngame wwf\n"), 0o644)
	args = []string{"leaves", "merge", "--out", "y", bad}
	runIn(t, cache, args...).check(t, args, 1, nil, []string{"bad.tally:2: file ends before"})
}

// TestSelfplayShardEnv: the tasks of a Slurm array play the shards that
// --shard gives, into the files {shard} names.
func TestSelfplayShardEnv(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	common := []string{"selfplay", "--players", "greedy,random", "--games", "6", "--seed", "3", "--threads", "1"}
	for i := range 2 {
		flag := filepath.Join(dir, "f"+string(rune('0'+i))+".jsonl")
		args := append(common, "--shard", string(rune('0'+i))+"/2", "--out", flag)
		runIn(t, cache, args...).check(t, args, 0, nil, nil)
		args = append(common, "--out", filepath.Join(dir, "e{shard}.jsonl"))
		env := map[string]string{envSlurmTaskID: string(rune('0' + i)), envSlurmTaskCount: "2"}
		runEnv(t, cache, env, args...).check(t, args, 0, []string{", shard " + string(rune('0'+i)) + "/2: "}, nil)
		if a, b := untimedRecord(t, flag), untimedRecord(t, filepath.Join(dir, "e"+string(rune('0'+i))+".jsonl")); a != b || !strings.Contains(a, `"game"`) {
			t.Errorf("shard %d from the environment differs from --shard:\n%s\nwant\n%s", i, b, a)
		}
	}
}
