package bench

import (
	"testing"

	"github.com/normgen/normgen/bench/internal/norm"
	"github.com/normgen/normgen/lenient"
)

// BenchmarkDecoderPath decodes the small payloads with the fast path off
// (lenient.DisableFast), so that every call takes the Decoder, the path of
// lenient and bad input: BenchmarkDecoderPath/<payload>/<decode|report>,
// report being UnmarshalJSONReport (fixes recorded). The bad payloads
// (an unknown key, a required field missing, one given twice) end in an
// error, as they should.
func BenchmarkDecoderPath(b *testing.B) {
	payloads := []struct {
		name string
		data []byte
		new  func() interface {
			UnmarshalJSON([]byte) error
			UnmarshalJSONReport([]byte) ([]lenient.Fix, error)
		}
	}{
		{"search_clean", SearchClean, func() interface {
			UnmarshalJSON([]byte) error
			UnmarshalJSONReport([]byte) ([]lenient.Fix, error)
		} {
			return new(norm.Search)
		}},
		{"search_string_scalars", SearchStringScalars, func() interface {
			UnmarshalJSON([]byte) error
			UnmarshalJSONReport([]byte) ([]lenient.Fix, error)
		} {
			return new(norm.Search)
		}},
		{"review_string_scalars", ReviewStringScalars, func() interface {
			UnmarshalJSON([]byte) error
			UnmarshalJSONReport([]byte) ([]lenient.Fix, error)
		} {
			return new(norm.Review)
		}},
		{"review_bad", []byte(`{"owner":"o","repo":"r","pullNumber":"7","pull_number":8,"event":"APPROVE","comments":[{"path":"a.go","lines":3}],"draft":null,"colour":"red"}`), func() interface {
			UnmarshalJSON([]byte) error
			UnmarshalJSONReport([]byte) ([]lenient.Fix, error)
		} {
			return new(norm.Review)
		}},
	}
	lenient.DisableFast(true)
	defer lenient.DisableFast(false)
	for _, p := range payloads {
		v := p.new()
		b.Run(p.name+"/decode", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = v.UnmarshalJSON(p.data)
			}
		})
		b.Run(p.name+"/report", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = v.UnmarshalJSONReport(p.data)
			}
		})
	}
}
