package main

import (
	"fmt"
	"strconv"
	"strings"
)

// The batch schedulers' environment variables that give a task its
// shard: a Slurm job array (sbatch --array=0-3) sets the first two (and
// the lowest index, for arrays that do not start at 0), a Kubernetes
// Indexed Job (completionMode: Indexed) the last.
const (
	envSlurmTaskID    = "SLURM_ARRAY_TASK_ID"
	envSlurmTaskCount = "SLURM_ARRAY_TASK_COUNT"
	envSlurmTaskMin   = "SLURM_ARRAY_TASK_MIN"
	envJobIndex       = "JOB_COMPLETION_INDEX"
)

// shardFlagHelp and shardsFlagHelp document the sharding flags of
// selfplay and leaves train.
const (
	shardFlagHelp = "play only shard i of n, i/n; absent: from $" + envSlurmTaskID + " and $" + envSlurmTaskCount +
		" (a Slurm job array), or $" + envJobIndex + " with --shards (a Kubernetes Indexed Job)"
	shardsFlagHelp = "the number of shards when the shard index comes from $" + envJobIndex + " (the Indexed Job's completions)"
)

// shardSource says where a shard came from, for messages.
type shardSource string

// resolveShard returns the shard i of n a command is to run: from flag
// (--shard i/n) when it is set; else from a Slurm array task's
// environment (index SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN, of
// SLURM_ARRAY_TASK_COUNT: the array must be contiguous, 0-3 or 1-4, not
// 0-6:2); else from JOB_COMPLETION_INDEX, with n = shards (the --shards
// flag, which must then be given). ok is false when nothing asks for a
// shard. shardsSet tells whether --shards was given: it must then agree
// with n from the other sources.
func (a *app) resolveShard(flag string, shards int, shardsSet bool) (i, n int, src shardSource, ok bool, err error) {
	getenv := a.getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	agree := func(src shardSource) error {
		if shardsSet && shards != n {
			return fmt.Errorf("--shards %d disagrees with the %d shards of %s", shards, n, src)
		}
		return nil
	}
	if flag != "" {
		if i, n, err = parseShard(flag); err != nil {
			return 0, 0, "", false, err
		}
		src = shardSource("--shard " + flag)
		return i, n, src, true, agree(src)
	}
	if id := getenv(envSlurmTaskID); id != "" {
		count := getenv(envSlurmTaskCount)
		src = shardSource(fmt.Sprintf("Slurm array task %s=%s, %s=%s", envSlurmTaskID, id, envSlurmTaskCount, count))
		idv, err1 := strconv.Atoi(strings.TrimSpace(id))
		var err2 error
		n, err2 = strconv.Atoi(strings.TrimSpace(count))
		lo := 0
		if m := getenv(envSlurmTaskMin); m != "" {
			var err3 error
			if lo, err3 = strconv.Atoi(strings.TrimSpace(m)); err3 != nil {
				return 0, 0, "", false, fmt.Errorf("%s=%q is not a task index", envSlurmTaskMin, m)
			}
		}
		i = idv - lo
		switch {
		case err1 != nil:
			return 0, 0, "", false, fmt.Errorf("%s=%q is not a task index", envSlurmTaskID, id)
		case count == "":
			return 0, 0, "", false, fmt.Errorf("%s is set but %s is not: give --shard i/n", envSlurmTaskID, envSlurmTaskCount)
		case err2 != nil || n < 1:
			return 0, 0, "", false, fmt.Errorf("%s=%q: want the number of tasks of the array, 1 or more", envSlurmTaskCount, count)
		case i < 0 || i >= n:
			return 0, 0, "", false, fmt.Errorf("%s: task %d of %d tasks from index %d is outside 0..%d: submit a contiguous array (--array=0-%d) or give --shard i/n",
				src, idv, n, lo, n-1, n-1)
		}
		return i, n, src, true, agree(src)
	}
	if idx := getenv(envJobIndex); idx != "" {
		src = shardSource(fmt.Sprintf("Indexed Job %s=%s", envJobIndex, idx))
		if !shardsSet {
			return 0, 0, "", false, fmt.Errorf("%s is set: give --shards N, the Job's completions", envJobIndex)
		}
		i, err := strconv.Atoi(strings.TrimSpace(idx))
		switch {
		case err != nil:
			return 0, 0, "", false, fmt.Errorf("%s=%q is not a completion index", envJobIndex, idx)
		case shards < 1:
			return 0, 0, "", false, fmt.Errorf("--shards %d: want 1 or more", shards)
		case i < 0 || i >= shards:
			return 0, 0, "", false, fmt.Errorf("%s: index %d is outside 0..%d (--shards %d)", src, i, shards-1, shards)
		}
		return i, shards, src, true, nil
	}
	if shardsSet {
		return 0, 0, "", false, fmt.Errorf("--shards %d needs $%s (a Kubernetes Indexed Job) or --shard i/n", shards, envJobIndex)
	}
	return 0, 0, "", false, nil
}

// shardPath puts shard i into an output path: "{shard}" becomes i, so
// that every task of an array writes its own file from one command line.
func shardPath(path string, i int) string {
	return strings.ReplaceAll(path, "{shard}", strconv.Itoa(i))
}

// shardNeeds names what asked for a shard in a message: "--shard" for the
// flag, the scheduler's variables otherwise.
func shardNeeds(flag string, src shardSource) string {
	if flag != "" {
		return "--shard"
	}
	return "a shard from " + string(src)
}
