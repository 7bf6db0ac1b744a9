//go:build !unix

package proptest

import "time"

// CPUTime is 0 on this platform (see the unix version).
func CPUTime() time.Duration { return 0 }
