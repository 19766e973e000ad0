//go:build race

package upwords

// raceEnabled: the race detector slows the brute-force checks about
// tenfold, and this package starts no goroutine, so the heaviest tests do
// less under it.
const raceEnabled = true
