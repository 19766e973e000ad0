//go:build race

package sim

// raceEnabled reports whether the race detector is on: it adds
// allocations of its own, so allocation counts are checked without it.
const raceEnabled = true
