package schemabuild

import (
	"testing"

	"github.com/normgen/normgen/lenient"
)

// BenchmarkRootJSON builds and writes search_files' schema in the three
// profiles the generator emits: Marshal's share of generating a tool.
func BenchmarkRootJSON(b *testing.B) {
	profiles := []lenient.Profile{lenient.ProfilePortable, lenient.ProfileGemini, lenient.ProfileOpenAIStrict}
	typ := searchFilesType()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RootJSON(typ, profiles...); err != nil {
			b.Fatal(err)
		}
	}
}
