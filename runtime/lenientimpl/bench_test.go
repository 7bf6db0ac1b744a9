package lenientimpl

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
)

var benchArgs = []byte(`{"path":"src/internal","pattern":"TODO|FIXME","limit":100,"offset":20,"max_depth":5,
	"count_only":false,"whole_word":true,"case_sensitive":false,"min_score":0.75,
	"file_types":["go","md","txt"],"ids":[1,2,3,9007199254740993],"owner":"someone@example.com"}`)

func BenchmarkParseIntString(b *testing.B) {
	s := []byte("9007199254740993")
	b.ReportAllocs()
	for b.Loop() {
		ParseIntString(s, 64)
	}
}

func BenchmarkParseIntNumber(b *testing.B) {
	s := []byte("1.5e3")
	b.ReportAllocs()
	for b.Loop() {
		ParseIntNumber(s, 64)
	}
}

func BenchmarkParseFloat(b *testing.B) {
	s := []byte("0.75")
	b.ReportAllocs()
	for b.Loop() {
		ParseFloat(s, 64)
	}
}

func BenchmarkParseBool(b *testing.B) {
	s := []byte("Yes")
	b.ReportAllocs()
	for b.Loop() {
		ParseBool(s, false)
	}
}

// BenchmarkValid compares the scanner's validation (which also rejects
// duplicate keys) with encoding/json.Valid on the same arguments object.
func BenchmarkValid(b *testing.B) {
	b.Run("lenient", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(benchArgs)))
		for b.Loop() {
			if jsonwire.Valid(benchArgs) != nil {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(benchArgs)))
		for b.Loop() {
			if !json.Valid(benchArgs) {
				b.Fatal("invalid")
			}
		}
	})
}

func BenchmarkObjectIter(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var it ObjectIter
		it.Reset(benchArgs)
		for it.Next() {
		}
	}
}

// BenchmarkDecoderScalars decodes every scalar of the arguments object
// through the Decoder, as generated code does, without storing strings.
func BenchmarkDecoderScalars(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var d Decoder
		if !d.Begin(benchArgs) {
			b.Fatal(d.Err())
		}
		var it ObjectIter
		d.Object(benchArgs, "", Strict, &it)
		for it.Next() {
			switch string(it.Key) {
			case "limit", "offset", "max_depth":
				d.Int(it.Value, "n", 64, 0)
			case "count_only", "whole_word", "case_sensitive":
				d.Bool(it.Value, "b", 0)
			case "min_score":
				d.Float(it.Value, "f", 64, 0)
			}
		}
		if d.Err() != nil {
			b.Fatal(d.Err())
		}
	}
}

// BenchmarkFields decodes an object's members with Decoder.Field (the
// Decoder path of generated code): every key a field's, one unknown key
// that resembles no field, and one near the spelling of a field left out
// (refused: KindMisnamed).
func BenchmarkFields(b *testing.B) {
	fields := Fields{
		Keys:  [][]string{{"query", "q"}, {"max_results", "limit"}, {"path"}, {"style_id"}, {"url"}},
		Forms: []AbsentForms{Required, AbsentNull, AbsentNull, AbsentNull, AbsentNull},
	}
	for _, c := range []struct{ name, doc string }{
		{"clean", `{"query":"a","max_results":5,"path":"src","style_id":3,"url":"u"}`},
		{"unknown", `{"query":"a","max_results":5,"path":"src","style_id":3,"reason":"x"}`},
		{"misnamed", `{"query":"a","max_results":5,"path":"src","style_id":3,"uri":"x"}`},
	} {
		doc := []byte(c.doc)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var d Decoder
				d.Begin(doc)
				var it ObjectIter
				d.Object(doc, "", 0, &it)
				var seen [5]bool
				for d.Next(&it) {
					d.Field(&it, seen[:], &fields)
				}
				d.MissingIn(seen[:], &fields)
				_ = d.Err()
			}
		})
	}
}

// BenchmarkMisnamedManyKeys: a refused call whose open object holds n
// unknown keys, each a near spelling of an optional field it leaves out
// (each refused as misnamed), against encoding/json reading the same
// object into a map: the decoder reads the object's keys once for all of
// them, so its cost grows with n as the baseline's does, not as n².
func BenchmarkMisnamedManyKeys(b *testing.B) {
	fields := Fields{Keys: [][]string{{"name", "title"}, {"size"}}, Forms: []AbsentForms{0, 0}}
	for _, n := range []int{1000, 8000} {
		doc := []byte("{" + strings.Repeat(`"nmae":1,`, n) + `"x":2}`)
		b.Run(fmt.Sprintf("keys=%d/lenient", n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				var d Decoder
				var it ObjectIter
				d.Begin(doc)
				d.Object(doc, "", Strict, &it)
				seen := make([]bool, 2)
				for d.Next(&it) {
					if d.Field(&it, seen, &fields) >= 0 {
						b.Fatal("a field")
					}
				}
				if d.Err() == nil {
					b.Fatal("not refused")
				}
			}
		})
		b.Run(fmt.Sprintf("keys=%d/encoding_json", n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				var m map[string]any
				if err := json.Unmarshal(doc, &m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
