//go:build !unix

package sim

import "time"

// cpuTime is unknown on this system.
func cpuTime() (time.Duration, bool) { return 0, false }
