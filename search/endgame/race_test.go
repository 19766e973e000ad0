//go:build race

package endgame

// raceEnabled reports whether the race detector is on: it adds
// allocations of its own, so allocation counts are checked without it.
const raceEnabled = true
