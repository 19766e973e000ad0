//go:build race

package wordblock

// raceEnabled: the race detector slows the brute-force checks tenfold, so
// the heaviest tests do less under it.
const raceEnabled = true
