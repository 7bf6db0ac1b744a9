package filesystem

import (
	"testing"

	"github.com/normgen/normgen/lenient"
)

// BenchmarkToolDecode measures what the generated server wiring does on
// every call, Tool.Decode (decode and record fixes), on search_files calls
// of the shapes clients send: clean with the defaulted fields left out
// (the common case), clean with every field given, with aliases for keys,
// and with scalars sent as strings.
func BenchmarkToolDecode(b *testing.B) {
	var tool lenient.Tool
	for _, t := range NormgenTools() {
		if t.Name == "search_files" {
			tool = t
		}
	}
	for _, c := range []struct{ name, doc string }{
		{"defaults_absent", `{"path":"src","pattern":"TODO|FIXME"}`},
		{"all_given", `{"path":"src","pattern":"TODO|FIXME","limit":50,"count_only":false,"whole_word":true,"case_sensitive":false,"include_content":true,"include_context":false,"recursive":true,"return_lines":false,"file_types":["go","md"]}`},
		{"aliases", `{"file_path":"src","query":"TODO|FIXME"}`},
		{"string_scalars", `{"path":"src","pattern":"TODO|FIXME","limit":"50","whole_word":"true","case_sensitive":"no"}`},
	} {
		doc := []byte(c.doc)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := tool.Decode(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
