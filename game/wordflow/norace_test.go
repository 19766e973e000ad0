//go:build !race

package wordflow

const raceEnabled = false
