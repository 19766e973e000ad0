//go:build race

package crossword

// raceEnabled reports whether the race detector is on: the tests that
// start no goroutine run fewer positions under it (it slows them about
// tenfold and finds nothing there).
const raceEnabled = true
