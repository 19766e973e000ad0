//go:build !race

package crossword

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
