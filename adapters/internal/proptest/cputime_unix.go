//go:build unix

package proptest

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time (user and system) the process has used so far,
// or 0 where it cannot be read: benchmarks report it per operation beside
// ns/op, which other processes on a shared machine make noisy.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
