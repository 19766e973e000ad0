//go:build !unix

package analysis_test

import "time"

// cpuTime is unknown on this system.
func cpuTime() (time.Duration, bool) { return 0, false }
