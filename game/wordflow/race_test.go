//go:build race

package wordflow

// raceEnabled: the race detector slows the whole-game checks tenfold, so
// the heaviest tests do less under it.
const raceEnabled = true
