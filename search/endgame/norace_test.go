//go:build !race

package endgame

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
