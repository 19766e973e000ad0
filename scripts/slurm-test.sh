#!/usr/bin/env bash
# make slurm-test: sharded self-play and training through a real Slurm
# scheduler. Starts a single-node cluster in a temporary folder
# (deploy/slurm/local-cluster.sh, which installs slurm-wlm and munge when
# missing), submits a 4-task array of selfplay and one of leaves train, each
# with its merge as a dependent job (deploy/slurm/submit.sh), waits, and
# checks that the merged results are those of the unsharded runs: the same
# games (timings aside) and the very same leave-table bytes. The daemons it
# started are stopped however it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
GO=${GO:-go}
start=$(date +%s)
dir=$(mktemp -d /tmp/wordengine-slurm-test.XXXXXX)
cleanup() {
	status=$?
	"$root/deploy/slurm/local-cluster.sh" stop "$dir" >/dev/null 2>&1 || true
	if [ "$status" -ne 0 ]; then
		echo "slurm-test: FAILED; the cluster's logs:" >&2
		tail -n 20 "$dir"/*.log "$dir"/run/*.out 2>/dev/null >&2 || true
	fi
	rm -rf "$dir"
	exit "$status"
}
trap cleanup EXIT INT TERM

deploy/slurm/local-cluster.sh start "$dir"
export SLURM_CONF=$dir/slurm.conf
$GO build -o "$dir/wordengine" ./cmd/wordengine
export WORDENGINE=$dir/wordengine
mkdir -p "$dir/run"
cd "$dir/run"

# wait_job ID: wait until the job ends; fail unless it completed.
wait_job() {
	local state="" i
	for i in $(seq 1 300); do
		state=$(scontrol show job "$1" -o 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -1 | cut -d= -f2)
		case $state in
		COMPLETED) return 0 ;;
		FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE | PREEMPTED)
			echo "slurm-test: job $1 ended $state" >&2
			return 1
			;;
		esac
		sleep 1
	done
	echo "slurm-test: job $1 still $state after 300 s" >&2
	return 1
}

ids() { sed -n 's/^submitted [a-z]* merge \([0-9]*\).*/\1/p'; }
common=(SHARDS=4 CPUS=1 GAME=wwf)
sp=$(env "${common[@]}" PLAYERS=static:endgame=off,greedy GAMES=40 SEED=7 OUT="$dir/run/games" RESULT="$dir/run/merged.jsonl" \
	"$root/deploy/slurm/submit.sh" selfplay)
echo "$sp"
tr=$(env "${common[@]}" PLAYER=greedy GAMES=60 SEED=11 OUT="$dir/run/tallies" TABLE="$dir/run/sharded.leaves.gz" \
	"$root/deploy/slurm/submit.sh" train)
echo "$tr"
wait_job "$(echo "$sp" | ids)"
wait_job "$(echo "$tr" | ids)"
echo "slurm-test: both arrays and merges completed"
for f in "$dir"/run/wordengine-*-merge-*.out; do sed 's/^/  /' "$f"; done

# The unsharded runs, outside the scheduler.
"$WORDENGINE" selfplay --game wwf --players static:endgame=off,greedy --games 40 --seed 7 --threads 2 --out whole.jsonl >/dev/null
"$WORDENGINE" leaves train --game wwf --player greedy --games 60 --seed 11 --threads 2 --out whole.leaves.gz >/dev/null
untimed() { sed -E 's/"ms":[^,}]*/"ms":0/' "$1"; }
if ! cmp -s <(untimed merged.jsonl) <(untimed whole.jsonl); then
	echo "slurm-test: the merged self-play games differ from the unsharded match" >&2
	diff <(untimed merged.jsonl) <(untimed whole.jsonl) | head >&2
	exit 1
fi
n=$(grep -c '"type":"game"' merged.jsonl)
[ "$n" -eq 40 ] || { echo "slurm-test: merged $n games, want 40" >&2; exit 1; }
if ! cmp sharded.leaves.gz whole.leaves.gz; then
	echo "slurm-test: the merged leave table differs from the unsharded one" >&2
	exit 1
fi
ls tallies/wwf-{0,1,2,3}.tally.gz >/dev/null
echo "slurm-test: PASS: 4-task selfplay array merged = unsharded match (40 games); 4-task leaves train array merged = unsharded table ($(wc -c <whole.leaves.gz) bytes, identical); $(($(date +%s) - start)) s"
