//go:build !race

package search_test

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
