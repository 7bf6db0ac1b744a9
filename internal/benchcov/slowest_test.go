package benchcov

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
)

// slowest are JSONSchemaBench's schemas that take the most time and
// allocate the most (TestCoverage logs both): a Kubernetes schema of a
// megabyte, and one of Github_ultra's.
var slowest = []string{"Kubernetes/kb_1161_Normalized.json", "Github_ultra/o65323.json"}

// BenchmarkSlowest measures, for each of the slowest schemas, what
// TestCoverage bounds (derive.Catalog and lint.CheckHosts, as `normgen
// catalog -from`, `rules -catalog` and `check -host all` do), derived
// afresh each time (a tool name the process has not derived), beside its
// baseline in the same run: reading the catalog and writing it again
// (jsonnode), which any tool that reads the schema pays.
//
//	go test ./internal/benchcov -run '^$' -bench Slowest
func BenchmarkSlowest(b *testing.B) {
	if _, err := os.Stat(archive); err != nil {
		b.Skipf("JSONSchemaBench's data is not at %s (../shared beside the clone)", archive)
	}
	dir := b.TempDir()
	args := []string{"-xJf", archive, "-C", dir}
	for _, s := range slowest {
		args = append(args, "data/"+s)
	}
	if out, err := exec.Command("tar", args...).CombinedOutput(); err != nil {
		b.Fatalf("tar %v: %v\n%s", args, err, out)
	}
	for _, s := range slowest {
		data, err := os.ReadFile(filepath.Join(dir, "data", s))
		if err != nil {
			b.Fatal(err)
		}
		name := filepath.Base(s)
		b.Run(name+"/baseline=read-and-write", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				root, err := jsonnode.Parse(data)
				if err != nil {
					b.Fatal(err)
				}
				_ = root.Marshal()
			}
		})
		b.Run(name+"/derive-and-check", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				// (measureAs's timed work, without its count of the values)
				root, err := jsonnode.Parse(data)
				if err != nil {
					b.Fatal(err)
				}
				if err := deriveAndCheck("bench"+strconv.Itoa(i), root); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
