package gen

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallel calls do(i) for each i in [0, n), spread over the CPUs. Each
// call writes its own results (the i-th of a slice), so that the output
// does not depend on scheduling.
func parallel(n int, do func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				do(i)
			}
		})
	}
	wg.Wait()
}
