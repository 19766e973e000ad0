//go:build !race

package wordblock

const raceEnabled = false
