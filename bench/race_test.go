//go:build race

package bench_test

// raceEnabled reports whether the race detector is on: it slows whole
// games of the real players several times, so such tests play fewer.
const raceEnabled = true
