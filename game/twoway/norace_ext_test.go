//go:build !race

package twoway_test

const raceEnabled = false
