//go:build unix

package gen

import "syscall"

// cpuSeconds is the user and system CPU time of this process and of its
// children waited for (the go command go/packages runs).
func cpuSeconds() float64 {
	var total float64
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) != nil {
			return -1
		}
		total += float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
	}
	return total
}
