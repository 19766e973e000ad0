#!/usr/bin/env bash
# Run every fuzz target of the module for $FUZZTIME each (default 30s).
# Go fuzzes one target of one package per `go test` run, so list them first.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-30s}

# `go test -list` prints a package's matching names, then "ok  <pkg>  <time>".
listing=$("$GO" test -list '^Fuzz' ./...) || { echo "$listing"; exit 1; }
targets=$(awk '/^Fuzz/ { names[++n] = $1 } /^ok/ { for (i = 1; i <= n; i++) print $2, names[i]; n = 0 }' <<<"$listing")

count=0
while read -r pkg target; do
	[ -n "$target" ] || continue
	echo "== $pkg $target ($FUZZTIME)"
	"$GO" test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" "$pkg" </dev/null
	count=$((count + 1))
done <<<"$targets"
echo "fuzzed $count targets"
