package gen

import (
	"context"
	"fmt"
	goformat "go/format"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/internal/tempmodule"
)

// BenchmarkGenerate1000 runs the generator on a package of 1,000 tool
// types of eight fields each, every schema in the three profiles (issue
// 26's target: at most 2 s on a 2-core machine). ns/op is Generate's
// whole time, what `go generate` pays; it is split into
//
//   - load-s/op: go/packages loading the package (the go command listing
//     it and building export data, then parsing and type-checking it), a
//     floor normgen does not control;
//   - gen-s/op: normgen's own work, building the model (with its
//     warnings) and rendering the file: decoders, schemas in every
//     profile, rules, each part rendered by jennifer in parallel, and
//     the one go/format.Source call on the whole file;
//   - format-s/op: that go/format.Source call alone, on the output, timed
//     again outside ns/op: the floor of gen-s/op for a file this size;
//
// and, as wall times grow with the machine's load, the CPU seconds of
// the first two: load-cpu-s/op counts the go command's processes too. On
// a shared machine compare CPU seconds, and give the load average
// (/proc/loadavg) beside wall times. It runs with the collector set as
// the normgen command sets it (GCPercent) unless GOGC is set.
//
//	go test ./gen -run '^$' -bench 'Generate(100|300|1000)$' -benchtime 3x
func BenchmarkGenerate1000(b *testing.B) { benchmarkGenerate(b, 1000) }

// BenchmarkGenerate100 is BenchmarkGenerate1000 with 100 tools: with
// BenchmarkGenerate300, it shows how the time grows with the package.
func BenchmarkGenerate100(b *testing.B) { benchmarkGenerate(b, 100) }

// BenchmarkGenerate300 is BenchmarkGenerate1000 with 300 tools.
func BenchmarkGenerate300(b *testing.B) { benchmarkGenerate(b, 300) }

func benchmarkGenerate(b *testing.B, n int) {
	var src strings.Builder
	src.WriteString("package many\n\n")
	for i := 0; i < n; i++ {
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
	if os.Getenv("GOGC") == "" {
		// As the normgen command generates.
		defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	}
	dir := filepath.Join(mod, "many")
	var load, own, format time.Duration
	var loadCPU, ownCPU, size float64
	for b.Loop() {
		// Generate is loadPackage, buildModel and Output: timed apart.
		t0, c0 := time.Now(), cpuSeconds()
		p, abs, diags := loadPackage(context.Background(), Config{Dir: dir})
		if p == nil {
			b.Fatalf("diagnostics: %v", diags)
		}
		t1, c1 := time.Now(), cpuSeconds()
		m, diags := buildModel(p, abs, Config{Dir: dir})
		if len(diags) > 0 || m == nil {
			b.Fatalf("diagnostics: %v", diags)
		}
		if len(m.Tools) != n {
			b.Fatalf("%d tools, want %d", len(m.Tools), n)
		}
		f, err := Output(m, Config{Dir: dir})
		if err != nil {
			b.Fatal(err)
		}
		t2, c2 := time.Now(), cpuSeconds()
		load += t1.Sub(t0)
		own += t2.Sub(t1)
		loadCPU += c1 - c0
		ownCPU += c2 - c1
		size = float64(len(f.Content)) / 1e6

		b.StopTimer()
		t3 := time.Now()
		if _, err := goformat.Source(f.Content); err != nil {
			b.Fatal(err)
		}
		format += time.Since(t3)
		b.StartTimer()
	}
	runs := float64(b.N)
	b.ReportMetric(load.Seconds()/runs, "load-s/op")
	b.ReportMetric(own.Seconds()/runs, "gen-s/op")
	b.ReportMetric(format.Seconds()/runs, "format-s/op")
	if cpuSeconds() >= 0 {
		b.ReportMetric(loadCPU/runs, "load-cpu-s/op")
		b.ReportMetric(ownCPU/runs, "gen-cpu-s/op")
	}
	b.ReportMetric(size, "MB_generated")
}
