//go:build !race

package bench_test

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
