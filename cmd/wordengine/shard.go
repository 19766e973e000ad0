package main

import (
	"fmt"
	"strconv"
	"strings"
)

// The batch schedulers' environment variables that give a task its
// shard: a Slurm job array (sbatch --array=0-3) sets the first four (the
// lowest and highest index too, which tell a whole array 0-(n-1) from a
// part of one), a Kubernetes Indexed Job (completionMode: Indexed) the
// last.
const (
	envSlurmTaskID    = "SLURM_ARRAY_TASK_ID"
	envSlurmTaskCount = "SLURM_ARRAY_TASK_COUNT"
	envSlurmTaskMin   = "SLURM_ARRAY_TASK_MIN"
	envSlurmTaskMax   = "SLURM_ARRAY_TASK_MAX"
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
// environment (index SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT, in an
// array 0-(n-1): any other array, a part of one, a step or another
// first index, is an error, since its task indices are not the shards);
// else from JOB_COMPLETION_INDEX, with n = shards (the --shards
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
			return fmt.Errorf("--shards %d disagrees with the %s of %s", shards, plural(n, "shard"), src)
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
		var err1, err2 error
		i, err1 = strconv.Atoi(strings.TrimSpace(id))
		n, err2 = strconv.Atoi(strings.TrimSpace(count))
		// The shard is the task index of an array 0..n-1. A part of an
		// array (--array=25-49, to run the rest of a run), a step
		// (0-14:2) or an array from 1 would number the shards wrongly
		// without notice: those need --shard i/n.
		lo, hi := getenv(envSlurmTaskMin), getenv(envSlurmTaskMax)
		switch {
		case err1 != nil:
			return 0, 0, "", false, fmt.Errorf("%s=%q is not a task index", envSlurmTaskID, id)
		case count == "":
			return 0, 0, "", false, fmt.Errorf("%s is set but %s is not: give --shard i/n", envSlurmTaskID, envSlurmTaskCount)
		case err2 != nil || n < 1:
			return 0, 0, "", false, fmt.Errorf("%s=%q: want the number of tasks of the array, 1 or more", envSlurmTaskCount, count)
		case (lo != "" && strings.TrimSpace(lo) != "0") || (hi != "" && strings.TrimSpace(hi) != strconv.Itoa(n-1)) || i < 0 || i >= n:
			return 0, 0, "", false, fmt.Errorf("%s: the array is not 0-%d (%s=%s, %s=%s): the shard of a task is its index in an array 0-(n-1); for part of a run, or another numbering, give --shard i/n",
				src, n-1, envSlurmTaskMin, lo, envSlurmTaskMax, hi)
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
		case !shardsSpan.has(shards):
			return 0, 0, "", false, fmt.Errorf("--shards %d: want %s", shards, shardsSpan.want())
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
