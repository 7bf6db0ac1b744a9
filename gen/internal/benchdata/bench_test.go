package benchdata

import (
	"encoding/json"
	"testing"

	"github.com/go-viper/mapstructure/v2"

	"github.com/normgen/normgen/fallback"
)

var (
	clean = []byte(`{"path":"src/internal","pattern":"TODO|FIXME","owner":"someone@example.com","limit":100,"offset":20,
		"max_depth":5,"count_only":false,"whole_word":true,"case_sensitive":false,"min_score":0.75,
		"file_types":["go","md","txt"],"ids":[1,2,3,9007199254740993]}`)
	stringified = []byte(`{"path":"src/internal","pattern":"TODO|FIXME","owner":"someone@example.com","limit":"100","offset":"20",
		"max_depth":"5","count_only":"false","whole_word":"true","case_sensitive":"no","min_score":"0.75",
		"file_types":"[\"go\",\"md\",\"txt\"]","ids":"[1,2,3,9007199254740993]"}`)
	// stringScalars stringifies the scalars only: the map[string]any plus
	// WeakDecode workaround cannot read arrays sent as JSON text at all.
	stringScalars = []byte(`{"path":"src/internal","pattern":"TODO|FIXME","owner":"someone@example.com","limit":"100","offset":"20",
		"max_depth":"5","count_only":"false","whole_word":"true","case_sensitive":"0","min_score":"0.75",
		"file_types":["go","md","txt"],"ids":[1,2,3,9007199254740993]}`)
)

// TestPayloadsAgree makes sure the benchmarks measure equal work: every
// decoder gets the same value from its payload.
func TestPayloadsAgree(t *testing.T) {
	var a, b SearchInput
	var p PlainSearchInput
	if err := json.Unmarshal(clean, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(stringified, &b); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(clean, &p); err != nil {
		t.Fatal(err)
	}
	if a.Path != p.Path || a.Limit != p.Limit || a.MinScore != p.MinScore || len(a.IDs) != len(p.IDs) || a.IDs[3] != 9007199254740993 {
		t.Errorf("lenient %+v, encoding/json %+v", a, p)
	}
	b.CaseSensitive = a.CaseSensitive
	if a.Path != b.Path || a.Limit != b.Limit || a.WholeWord != b.WholeWord || a.IDs[3] != b.IDs[3] || b.FileTypes[2] != "txt" {
		t.Errorf("clean %+v, stringified %+v", a, b)
	}
}

// BenchmarkDecode compares normgen's generated lenient decoder with the
// strict encoding/json baseline and the common workaround, map[string]any
// plus mapstructure's WeakDecode. Ratios are what the README quotes:
// compare within one run (benchstat or the printed ns/op).
func BenchmarkDecode(b *testing.B) {
	b.Run("encoding_json_strict/clean", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var p PlainSearchInput
			if err := json.Unmarshal(clean, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("normgen/clean", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var x SearchInput
			if err := x.UnmarshalJSON(clean); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("normgen/stringified", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var x SearchInput
			if err := x.UnmarshalJSON(stringified); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("normgen/string_scalars", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var x SearchInput
			if err := x.UnmarshalJSON(stringScalars); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("fallback_reflection/stringified", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var p PlainSearchInput
			if err := fallback.Decode(stringified, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("map_weakdecode/string_scalars", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m map[string]any
			if err := json.Unmarshal(stringScalars, &m); err != nil {
				b.Fatal(err)
			}
			var p PlainSearchInput
			if err := mapstructure.WeakDecode(m, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
}
