//go:build !unix

package gosdk

import "time"

// cpuTime is the CPU time the process has used: not measured here (the
// cpu-ratio of BenchmarkServerPerRequest is then NaN).
func cpuTime() time.Duration { return 0 }
