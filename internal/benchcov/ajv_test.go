package benchcov

import (
	"encoding/json"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/jsonnode"
)

// TestCorpusAJV: a host that compiles a server's schema compiles its
// rewrite. Each JSONSchemaBench schema (the sample; every one with
// -all, as CI runs it) and the deriver's rewrite of it go to AJV as
// JavaScript hosts run it (draft 2020-12, strict mode, union types
// allowed: internal/ajvcheck); a rewrite AJV refuses where it compiles
// the strict schema fails the test, with AJV's words. (Most of the
// corpus names an older draft or is refused by strict mode as it is:
// those are not judged.)
func TestCorpusAJV(t *testing.T) {
	files := corpus(t)
	const batch = 1000 // schemas per AJV run (shared among node processes, one per CPU)
	compiled := 0
	for start := 0; start < len(files); start += batch {
		var strict []ajvcheck.Case
		var roots []*jsonnode.Node
		var names []string
		for _, f := range files[start:min(start+batch, len(files))] {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			root, err := jsonnode.Parse(data)
			if err != nil {
				continue
			}
			strict = append(strict, ajvcheck.Case{Schema: json.RawMessage(data), Instances: []json.RawMessage{}, OwnRefused: true})
			roots = append(roots, root)
			names = append(names, schemaName(f))
		}
		// Only the schemas AJV compiles are derived: three in four are
		// not judged.
		var todo []int
		for i, v := range ajvcheck.Validate(t, strict) {
			if v != nil {
				todo = append(todo, i)
			}
		}
		compiled += len(todo)
		if len(todo) == 0 {
			continue
		}
		judged := make([]ajvcheck.Case, len(todo))
		onEachCPU(len(todo), func(k int) {
			judged[k] = ajvcheck.Case{Schema: json.RawMessage(derive.FromNode("t", roots[todo[k]]).Schema.Marshal()), Instances: []json.RawMessage{}}
		})
		for k, v := range ajvcheck.Validate(t, judged) {
			if v == nil {
				t.Errorf("%s: AJV compiles the schema and refuses its rewrite (above)", names[todo[k]])
			}
		}
	}
	t.Logf("%d of %d schemas compile in AJV; their rewrites all judged", compiled, len(files))
}

// onEachCPU calls f(0) to f(n-1), on every CPU.
func onEachCPU(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
