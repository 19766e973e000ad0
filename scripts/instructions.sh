#!/bin/sh
# instructions.sh: the instructions one operation of a benchmark takes,
# counted by callgrind, which does not depend on the machine's load (this
# machine's speed varies by a third from hour to hour). For each
# benchmark it runs the test binary for 10 and for 60 operations, with the
# garbage collector off (so that a collection does not fall in one run
# and not the other) and one thread, and prints (I60 - I10) / 50: the
# setup counts in both runs and cancels out.
#
#   scripts/instructions.sh                # the simulation and static self-play
#   scripts/instructions.sh PKG BENCH...   # e.g. ./search/sim 'Iteration$'
#
# Needs valgrind (Debian: apt install valgrind). Go's preemption signals
# make valgrind assert, hence GODEBUG=asyncpreemptoff=1.
set -eu
if ! command -v valgrind >/dev/null 2>&1; then
	echo "instructions.sh: valgrind is not installed (Debian: apt install valgrind)" >&2
	exit 1
fi
GO=${GO:-go}
count() { # count DIR BIN BENCH N
	(cd "$1" && GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file=/dev/null "$2" -test.run '^$' -test.bench "$3" -test.benchtime "$4x" 2>&1) |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
measure() { # measure PKG BENCH...
	pkg=$1
	shift
	bin=$(mktemp)
	$GO test -c -o "$bin" "$pkg"
	for b in "$@"; do
		a=$(count "$pkg" "$bin" "$b" 10)
		z=$(count "$pkg" "$bin" "$b" 60)
		echo "$pkg $b: $(((z - a) / 50)) instructions per operation"
	done
	rm -f "$bin"
}
if [ $# -ge 2 ]; then
	measure "$@"
else
	measure ./search/sim 'Iteration$'
	measure ./search 'StaticSelfPlay/wwf$' 'StaticSelfPlay/scrabble$'
fi
