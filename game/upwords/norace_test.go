//go:build !race

package upwords

const raceEnabled = false
