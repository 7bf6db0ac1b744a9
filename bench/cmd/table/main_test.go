package main

import (
	"bytes"
	"strings"
	"testing"
)

const sample = `goos: linux
cpu: Test CPU
BenchmarkDecode/search_clean/encoding_json-2   	  100	     10000 ns/op	  33.00 MB/s	    5712 B/op	      20 allocs/op
BenchmarkDecode/search_clean/encoding_json-2   	  100	     30000 ns/op	  33.00 MB/s	    5712 B/op	      20 allocs/op
BenchmarkDecode/search_clean/encoding_json-2   	  100	     12000 ns/op	  33.00 MB/s	    5712 B/op	      20 allocs/op
BenchmarkDecode/search_clean/normgen-2         	  100	      3000 ns/op	 110.00 MB/s	     152 B/op	       8 allocs/op
BenchmarkDecode/search_clean/normgen-2         	  100	      2500 ns/op	 110.00 MB/s	     152 B/op	       8 allocs/op
BenchmarkDecode/strings_text_1MB/normgen-2     	    5	  20000000 ns/op
BenchmarkDecode/strings_1MB/normgen-2          	    5	  10000000 ns/op
PASS
`

// TestTable: medians (not means) of the samples, ratios to encoding/json
// from the same run, and the JSON text row against the native array.
func TestTable(t *testing.T) {
	r, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	cases := []string{"search_clean"}
	versus(&b, r, cases, present(r, libraries, cases), "encoding_json", fmtTime)
	want := "| search-like call, 12 fields, clean | 12.0 µs | 2.75 µs (0.23x) |"
	if !strings.Contains(b.String(), want) {
		t.Errorf("table:\n%s\nwant the row %s", b.String(), want)
	}
	if strings.Contains(b.String(), "easyjson") {
		t.Errorf("a library without results has a column:\n%s", b.String())
	}
	b.Reset()
	lenientTable(&b, r)
	if want := "| 1MB array of strings sent as JSON text | 20.0 ms | 2.00x | cannot read it |"; !strings.Contains(b.String(), want) {
		t.Errorf("lenient table:\n%s\nwant the row %s", b.String(), want)
	}
	b.Reset()
	allocTable(&b, r, cases, present(r, libraries, cases))
	if want := "| search-like call, 12 fields, clean | 20 | 8 |"; !strings.Contains(b.String(), want) {
		t.Errorf("allocs table:\n%s\nwant the row %s", b.String(), want)
	}
}

// TestIcountTable: instruction counts (icount.sh's lines) as one table,
// payloads in the order given, ratios to encoding/json's count, a dash
// where a codec does not read a payload.
func TestIcountTable(t *testing.T) {
	r, err := parseCounts(strings.NewReader(`BenchmarkDecode/search_clean/encoding_json 45500
BenchmarkDecode/search_clean/normgen 11900
BenchmarkDecode/search_stringified/normgen 14100
BenchmarkDecode/string_64KB/encoding_json 4760000
BenchmarkDecode/string_64KB/normgen 1030000
`))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	cases := r.cases()
	versus(&b, r, cases, present(r, libraries, cases), "encoding_json", fmtCount)
	for _, want := range []string{
		"| payload | encoding/json | **normgen** |",
		"| search-like call, 12 fields, clean | 45.5k | 11.9k (0.26x) |",
		"| search-like call, scalars as strings, arrays as JSON text | — | 14.1k |",
		"| 64KB string field (source text: escapes, non-ASCII) | 4.76M | 1.03M (0.22x) |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table:\n%s\nwant the row %s", b.String(), want)
		}
	}
	if _, err := parseCounts(strings.NewReader("BenchmarkDecode/x/normgen\n")); err == nil {
		t.Error("a line without a count: no error")
	}
}

func TestFmtTime(t *testing.T) {
	for ns, want := range map[float64]string{840: "840 ns", 2700: "2.70 µs", 15100000: "15.1 ms", 150: "150 ns", 1e9: "1.00 s"} {
		if got := fmtTime(ns); got != want {
			t.Errorf("fmtTime(%v) = %q, want %q", ns, got, want)
		}
	}
}
