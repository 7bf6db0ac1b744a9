package suggest_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/suggest"
)

// Two calls of examples/filesystem's search_files sent glob where the
// tool takes pattern: suggest proposes glob as Pattern's alias.
func Example() {
	calls, _, err := suggest.ReadCallLog(strings.NewReader(`
{"tool":"search_files","args":{"path":".","glob":"*.go"}}
{"tool":"search_files","args":{"path":"src","glob":"*.ts","limit":5}}
`), "")
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	pkg, diags := gen.Load(ctx, gen.Config{Dir: "../../examples/filesystem"})
	if len(diags) > 0 {
		log.Fatal(diags)
	}
	rep, err := suggest.Suggest(ctx, pkg, calls, suggest.Options{Min: 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d calls, %d failed\n", rep.Calls, rep.Failed)
	for _, e := range rep.Edits {
		fmt.Printf("%s: %s: add norm:%q (%d calls)\n", e.Tool, strings.Join(e.Field.GoName, "."), e.Option(), e.Count)
	}
	// Output:
	// 2 calls, 2 failed
	// search_files: Pattern: add norm:"alias=glob" (2 calls)
}
