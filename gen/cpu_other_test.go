//go:build !unix

package gen

// cpuSeconds is unknown here: the benchmark reports wall times only.
func cpuSeconds() float64 { return -1 }
