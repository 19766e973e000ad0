//go:build !race

package twoway

const raceEnabled = false
