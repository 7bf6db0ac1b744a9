package normalize

import (
	"runtime"
	"strings"
	"testing"
)

// TestRecordsKeepNoArguments: the fix records of a call, kept by the
// caller and by the statistics' recent calls, do not keep the call's
// arguments alive: ParseValid's scalars and keys are parts of one copy of
// the arguments, so a record that held a part of it would hold all of it
// (and the recent calls' byte bound, which counts the record, would not
// bound the memory). 20 calls of 1 MB, each changing a one-byte value,
// keep kilobytes.
func TestRecordsKeepNoArguments(t *testing.T) {
	n := coerceNormalizer(t)
	defer n.Close()
	pad := strings.Repeat("x", 1<<20)
	var kept [][]Applied
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range 20 {
		_, applied, err := n.NormalizeJSON("t", []byte(`{"pad":"`+pad+`","n":"5","b":"yes"}`))
		if err != nil || len(applied) != 2 {
			t.Fatalf("NormalizeJSON: %v, %d fixes, want 2", err, len(applied))
		}
		kept = append(kept, applied)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 4<<20 {
		t.Errorf("20 calls' fix records keep %d MB alive, want kilobytes: a record holds part of its call's arguments", grew>>20)
	}
	runtime.KeepAlive(kept)
}
