//go:build race

package twoway

// raceEnabled: the race detector slows the whole-game tests tenfold, so
// they play fewer games under it.
const raceEnabled = true
