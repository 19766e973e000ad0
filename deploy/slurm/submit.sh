#!/usr/bin/env bash
# Submits a sharded run to Slurm: the array of SHARDS tasks (train.sbatch
# or selfplay.sbatch), then its merge as a job that runs only once every
# task has succeeded (--dependency=afterok), and prints both job ids.
#
#   GAMES=1000000 SEED=1 OUT=$PWD/tallies TABLE=$PWD/wwf.leaves.gz SHARDS=100 deploy/slurm/submit.sh train
#   PLAYERS=static,greedy GAMES=20000 SEED=7 OUT=$PWD/games RESULT=$PWD/all.jsonl SHARDS=8 deploy/slurm/submit.sh selfplay
#
# Besides the settings of the sbatch scripts (see their headers):
#   SHARDS     tasks of the array (default 8)
#   PARALLEL   at most this many tasks at once (default: no limit)
#   CPUS       CPUs per task, passed to wordengine as --threads (default 2)
#   SBATCH_ARGS more sbatch options for both jobs (e.g. "--partition=long")
#   WAIT=1     wait for the merge and exit with its status
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kind=${1:-}
case $kind in
train) array=$here/train.sbatch merge=$here/train-merge.sbatch ;;
selfplay) array=$here/selfplay.sbatch merge=$here/selfplay-merge.sbatch ;;
*) echo "usage: submit.sh train|selfplay (settings from the environment: see the file)" >&2; exit 2 ;;
esac
shards=${SHARDS:-8}
range=0-$((shards - 1))
[ -n "${PARALLEL:-}" ] && range+="%$PARALLEL"
# shellcheck disable=SC2086
jid=$(sbatch --parsable ${SBATCH_ARGS:-} --array="$range" --cpus-per-task="${CPUS:-2}" "$array")
jid=${jid%%;*}
wait=()
[ "${WAIT:-}" = 1 ] && wait=(--wait)
echo "submitted $kind array $jid ($shards tasks)"
# shellcheck disable=SC2086
sbatch --parsable ${SBATCH_ARGS:-} "${wait[@]}" --dependency=afterok:"$jid" --kill-on-invalid-dep=yes "$merge" |
	sed "s/^/submitted $kind merge /;s/$/ (after array $jid)/"
