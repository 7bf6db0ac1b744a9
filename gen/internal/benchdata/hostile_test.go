package benchdata

import (
	"encoding/json"
	"strings"
	"testing"
)

// hostile are the inputs issue 13 names: a speedup of the scanner must
// give each the same clear result as before, in time linear in its size.
var hostile = []struct {
	name, doc  string
	path, patt string // the decoded fields when the decode succeeds
	err        string // the error, "" for none
}{
	{"million_digit_number", `{"path":"a","pattern":"b","limit":1` + strings.Repeat("0", 1e6) + `}`, "", "",
		`limit: 100000000000000000000000000000000000000000000000… is out of range (-9223372036854775808 to 9223372036854775807)`},
	{"million_digit_string", `{"path":"a","pattern":"b","limit":"1` + strings.Repeat("0", 1e6) + `"}`, "", "",
		`limit: "10000000000000000000000000000000000000000000000… is out of range (-9223372036854775808 to 9223372036854775807)`},
	{"deep_nesting", `{"path":"a","pattern":"b","file_types":` + strings.Repeat("[", 2e5) + strings.Repeat("]", 2e5) + `}`, "", "",
		`arguments: invalid JSON at offset 10038: nested too deeply`},
	{"bad_utf8_and_lone_surrogate", "{\"path\":\"a\xff\xfeb\",\"pattern\":\"\\ud800x\"}", "a\uFFFD\uFFFDb", "\uFFFDx", ""},
	{"raw_nul_byte", "{\"path\":\"a\x00b\",\"pattern\":\"b\"}", "", "", `arguments: invalid JSON at offset 10: invalid string`},
	{"escaped_nul", `{"path":"a\u0000b","pattern":"b"}`, "a\x00b", "b", ""},
}

// TestHostileInput: the generated decoder's result on each hostile input.
func TestHostileInput(t *testing.T) {
	for _, h := range hostile {
		var x SearchInput
		err := x.UnmarshalJSON([]byte(h.doc))
		switch {
		case h.err == "" && err != nil:
			t.Errorf("%s: %v", h.name, err)
		case h.err != "" && (err == nil || err.Error() != h.err):
			t.Errorf("%s: error %v\nwant %s", h.name, err, h.err)
		case h.err == "" && (x.Path != h.path || x.Pattern != h.patt):
			t.Errorf("%s: path %q pattern %q, want %q %q", h.name, x.Path, x.Pattern, h.path, h.patt)
		}
	}
}

// BenchmarkHostile decodes each hostile input with the generated decoder
// and, as the baseline, with encoding/json into the plain type: normgen
// should take no longer than encoding/json on any of them.
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostile {
		doc := []byte(h.doc)
		b.Run(h.name+"/encoding_json", func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				var p PlainSearchInput
				_ = json.Unmarshal(doc, &p)
			}
		})
		b.Run(h.name+"/normgen", func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				var x SearchInput
				_ = x.UnmarshalJSON(doc)
			}
		})
	}
}
