package gen

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/tempmodule"
)

// BenchmarkGenerate1000 runs the generator on a package of 1,000 tool
// types of eight fields each (issue 13's target: at most 2 s on a 2-core
// machine). Loading with go/packages is included: it is what `go
// generate` pays. Most of the rest is jennifer's rendering and its one
// go/format.Source call.
//
//	go test ./gen -run '^$' -bench Generate1000 -benchtime 3x
func BenchmarkGenerate1000(b *testing.B) {
	var src strings.Builder
	src.WriteString("package many\n\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&src, `// Tool%dInput is tool number %d.
//
//normgen:tool tool_%d
type Tool%dInput struct {
	Path    string   `+"`json:\"path\" norm:\"alias=file_path|file\"`"+`
	Pattern string   `+"`json:\"pattern,omitempty\" jsonschema:\"maxLength=100\"`"+`
	Limit   *int     `+"`json:\"limit,omitempty\" jsonschema:\"default=100,minimum=1\"`"+`
	Offset  int64    `+"`json:\"offset,omitempty\"`"+`
	Force   bool     `+"`json:\"force,omitempty\"`"+`
	Ratio   float64  `+"`json:\"ratio,omitempty\"`"+`
	Tags    []string `+"`json:\"tags,omitempty\"`"+`
	Steps   []Step   `+"`json:\"steps,omitempty\"`"+`
}

`, i, i, i, i)
	}
	src.WriteString("// Step is a shared nested struct.\ntype Step struct {\n\tID string `json:\"id,omitempty\" jsonschema:\"default=step-{{index}}\"`\n\tAction string `json:\"action\" norm:\"alias=type\"`\n}\n")
	mod := tempmodule.New(b, "example.com/many", map[string]string{"many/many.go": src.String()})
	dir := filepath.Join(mod, "many")
	b.ResetTimer()
	for b.Loop() {
		files, diags := Generate(context.Background(), Config{Dir: dir})
		if len(diags) > 0 || len(files) != 1 {
			b.Fatalf("%d files, diagnostics: %v", len(files), diags)
		}
		b.ReportMetric(float64(len(files[0].Content))/1e6, "MB_generated")
	}
}
