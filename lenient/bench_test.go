package lenient

import (
	"encoding/json"
	"testing"
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
			if Valid(benchArgs) != nil {
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
