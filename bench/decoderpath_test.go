package bench

import (
	"testing"

	"github.com/normgen/normgen/bench/internal/norm"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// reportUnmarshaler is a type with generated Unmarshal methods.
type reportUnmarshaler interface {
	UnmarshalJSON([]byte) error
	UnmarshalJSONReport([]byte) ([]lenient.Fix, error)
}

// BenchmarkDecoderPath decodes the small payloads with the fast path off
// (lenientimpl.DisableFast), so that every call takes the Decoder, the path of
// lenient and bad input: BenchmarkDecoderPath/<payload>/<decode|report>,
// report being UnmarshalJSONReport (fixes recorded). The bad payload (a
// key given twice, an unknown one, a required field missing, a nested one
// misspelled) ends in an error, as it should.
func BenchmarkDecoderPath(b *testing.B) {
	payloads := []struct {
		name string
		data []byte
		v    reportUnmarshaler
	}{
		{"search_clean", SearchClean, new(norm.Search)},
		{"search_string_scalars", SearchStringScalars, new(norm.Search)},
		{"review_string_scalars", ReviewStringScalars, new(norm.Review)},
		{"review_bad", []byte(`{"owner":"o","repo":"r","pullNumber":"7","pull_number":8,"event":"APPROVE","comments":[{"path":"a.go","lines":3}],"draft":null,"colour":"red"}`), new(norm.Review)},
	}
	lenientimpl.DisableFast(true)
	defer lenientimpl.DisableFast(false)
	for _, p := range payloads {
		b.Run(p.name+"/decode", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = p.v.UnmarshalJSON(p.data)
			}
		})
		b.Run(p.name+"/report", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = p.v.UnmarshalJSONReport(p.data)
			}
		})
	}
}
