package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/go-viper/mapstructure/v2"
	gojson "github.com/goccy/go-json"
	"github.com/mailru/easyjson"
	segjson "github.com/segmentio/encoding/json"

	"github.com/normgen/normgen/bench/internal/easy"
	"github.com/normgen/normgen/bench/internal/norm"
	"github.com/normgen/normgen/bench/internal/plain"
	"github.com/normgen/normgen/lenient"
)

// family is a set of Go types with the same fields: plain (no methods),
// easy (easyjson's methods) or norm (normgen's methods).
type family int

const (
	familyPlain family = iota
	familyEasy
	familyNorm
)

// reads says which payloads a codec is given.
type reads int

const (
	readsClean   reads = 1 << iota // JSON as the schema says
	readsStrings                   // scalars sent as strings
	readsText                      // arrays sent as JSON text
	readsSmall                     // only the small calls (search, review)
)

// codec is one way of decoding: a library, or one of normgen's entry points.
type codec struct {
	name   string
	family family
	reads  reads
	// decode decodes data into v, a pointer to the case's type of the
	// codec's family; tool is the case's normgen tool.
	decode func(tool *lenient.Tool, data []byte, v any) error
	// floor marks a codec that decodes nothing: it measures what a path
	// costs before any decoder runs.
	floor bool
}

// codecs are registered in this order, which is the table's column order;
// sonic and encoding/json/v2 add themselves where they build.
var codecs = []codec{
	{"encoding_json", familyPlain, readsClean, func(_ *lenient.Tool, data []byte, v any) error {
		return json.Unmarshal(data, v)
	}, false},
	{"easyjson", familyEasy, readsClean, func(_ *lenient.Tool, data []byte, v any) error {
		return easyjson.Unmarshal(data, v.(easyjson.Unmarshaler))
	}, false},
	{"goccy_go_json", familyPlain, readsClean, func(_ *lenient.Tool, data []byte, v any) error {
		return gojson.Unmarshal(data, v)
	}, false},
	{"segmentio", familyPlain, readsClean, func(_ *lenient.Tool, data []byte, v any) error {
		return segjson.Unmarshal(data, v)
	}, false},
	{"map_weakdecode", familyPlain, readsClean | readsStrings, func(_ *lenient.Tool, data []byte, v any) error {
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			return err
		}
		return mapstructure.WeakDecode(m, v)
	}, false},
	{"normgen", familyNorm, readsClean | readsStrings | readsText, func(_ *lenient.Tool, data []byte, v any) error {
		return v.(json.Unmarshaler).UnmarshalJSON(data)
	}, false},
	{"normgen_json_unmarshal", familyNorm, readsClean | readsStrings, func(_ *lenient.Tool, data []byte, v any) error {
		return json.Unmarshal(data, v)
	}, false},
	// What json.Unmarshal costs before it calls any UnmarshalJSON: it
	// checks the whole input, then scans it again to find the value's
	// end. No decoder called through json.Unmarshal can be faster.
	{"json_unmarshal_floor", familyNorm, readsClean | readsStrings, func(_ *lenient.Tool, data []byte, _ any) error {
		var x noop
		return json.Unmarshal(data, &x)
	}, true},
	{"normgen_tool_decode", familyNorm, readsClean | readsStrings | readsText | readsSmall, func(tool *lenient.Tool, data []byte, _ any) error {
		_, _, err := tool.Decode(data)
		return err
	}, false},
}

// noop is a json.Unmarshaler that decodes nothing (json_unmarshal_floor).
type noop struct{}

func (*noop) UnmarshalJSON([]byte) error { return nil }

// addJSONv2 measures encoding/json/v2's Unmarshal, given as decode, before
// easyjson: where the toolchain has it (jsonv2_test.go, jsonv2_go127_test.go).
func addJSONv2(decode func(_ *lenient.Tool, data []byte, v any) error) {
	addCodec(codec{"encoding_json_v2", familyPlain, readsClean, decode, false}, "easyjson")
}

// addCodec inserts c before the first codec named before (at the end when
// there is none).
func addCodec(c codec, before string) {
	for i, k := range codecs {
		if k.name == before {
			codecs = append(codecs[:i], append([]codec{c}, codecs[i:]...)...)
			return
		}
	}
	codecs = append(codecs, c)
}

// newOf returns a fresh *T and a function that zeroes it: each benchmark
// allocates its target once and zeroes it before every decode, so that no
// decoder reuses a slice from the previous iteration and none pays for
// the target's allocation.
func newOf[T any]() (any, func()) {
	x := new(T)
	return x, func() { *x = *new(T) }
}

// shape is the Go type of a case, in each family.
type shape struct {
	plain, easy, norm func() (any, func())
	tool              string // the normgen tool name
}

func (s shape) target(f family) (any, func()) {
	switch f {
	case familyEasy:
		return s.easy()
	case familyNorm:
		return s.norm()
	}
	return s.plain()
}

var (
	searchShape = shape{newOf[plain.Search], newOf[easy.Search], newOf[norm.Search], "search"}
	reviewShape = shape{newOf[plain.Review], newOf[easy.Review], newOf[norm.Review], "submit_review"}
	fileShape   = shape{newOf[plain.WriteFile], newOf[easy.WriteFile], newOf[norm.WriteFile], "write_file"}
	pathsShape  = shape{newOf[plain.Paths], newOf[easy.Paths], newOf[norm.Paths], "stat_paths"}
	idsShape    = shape{newOf[plain.IDs], newOf[easy.IDs], newOf[norm.IDs], "fetch_ids"}
)

// benchCase is one payload: its JSON, the codecs that read it, and the
// clean JSON (the same value as the schema says it) that encoding/json
// decodes for TestDecodersAgree.
type benchCase struct {
	name  string
	shape shape
	kind  reads // readsClean, readsStrings or readsText, | readsSmall
	data  []byte
	ref   []byte
}

func (c *benchCase) reads(k codec) bool {
	if c.kind&readsSmall == 0 && k.reads&readsSmall != 0 {
		return false
	}
	return k.reads&c.kind&^readsSmall != 0
}

var (
	casesOnce sync.Once
	allCases  []*benchCase
)

// cases builds the payloads once.
func cases() []*benchCase {
	casesOnce.Do(func() {
		small := readsSmall
		allCases = []*benchCase{
			{"search_clean", searchShape, readsClean | small, SearchClean, SearchClean},
			{"search_string_scalars", searchShape, readsStrings | small, SearchStringScalars, SearchClean},
			{"search_stringified", searchShape, readsText | small, SearchStringified, SearchClean},
			{"review_clean", reviewShape, readsClean | small, ReviewClean, ReviewClean},
			{"review_string_scalars", reviewShape, readsStrings | small, ReviewStringScalars, ReviewClean},
		}
		for _, s := range Sizes {
			f, p, i := WriteFileJSON(s.Bytes), PathsJSON(s.Bytes), IDsJSON(s.Bytes)
			allCases = append(allCases,
				&benchCase{"string_" + s.Name, fileShape, readsClean, f, f},
				&benchCase{"strings_" + s.Name, pathsShape, readsClean, p, p},
				&benchCase{"ints_" + s.Name, idsShape, readsClean, i, i},
				&benchCase{"strings_text_" + s.Name, pathsShape, readsText, PathsTextJSON(s.Bytes), p},
				&benchCase{"ints_text_" + s.Name, idsShape, readsText, IDsTextJSON(s.Bytes), i},
			)
		}
	})
	return allCases
}

var tools = func() map[string]*lenient.Tool {
	m := map[string]*lenient.Tool{}
	for _, t := range norm.NormgenTools() {
		m[t.Name] = &t
	}
	return m
}()

// decodeOnce decodes c's payload with k into a fresh value.
func decodeOnce(c *benchCase, k codec) (any, error) {
	tool := tools[c.shape.tool]
	if k.name == "normgen_tool_decode" {
		v, _, err := tool.Decode(c.data)
		return v, err
	}
	v, _ := c.shape.target(k.family)
	return v, k.decode(tool, c.data, v)
}

// TestDecodersAgree makes sure that the benchmarks measure equal work:
// every codec gets, from every payload it is given, the value that
// encoding/json decodes from the clean form of that payload.
func TestDecodersAgree(t *testing.T) {
	for _, c := range cases() {
		want, _ := c.shape.target(familyPlain)
		if err := json.Unmarshal(c.ref, want); err != nil {
			t.Fatalf("%s: reference: %v", c.name, err)
		}
		n := 0
		for _, k := range codecs {
			if !c.reads(k) {
				continue
			}
			n++
			got, err := decodeOnce(c, k)
			if err != nil {
				t.Errorf("%s/%s: %v", c.name, k.name, err)
				continue
			}
			if k.floor {
				continue
			}
			if msg := differ(reflect.ValueOf(want).Elem(), reflect.ValueOf(got).Elem(), ""); msg != "" {
				t.Errorf("%s/%s: %s", c.name, k.name, msg)
			}
		}
		if n == 0 {
			t.Errorf("%s: no codec reads it", c.name)
		}
	}
}

// TestPayloadSizes checks that the sized payloads are near their sizes and
// hold what the README says: escapes and non-ASCII text in the string.
func TestPayloadSizes(t *testing.T) {
	for _, s := range Sizes {
		for name, p := range map[string][]byte{"string": WriteFileJSON(s.Bytes), "strings": PathsJSON(s.Bytes), "ints": IDsJSON(s.Bytes)} {
			if len(p) < s.Bytes*9/10 || len(p) > s.Bytes*11/10 {
				t.Errorf("%s_%s: %d bytes", name, s.Name, len(p))
			}
		}
	}
	f := WriteFileJSON(1 << 10)
	for _, want := range []string{`\n`, `\t`, `\"`, `\\`, "é", "日本語"} {
		if !bytes.Contains(f, []byte(want)) {
			t.Errorf("string payload lacks %q", want)
		}
	}
}

// differ compares two values of same-shaped types of different families
// field by field; nil and empty slices are equal. It returns "" or the
// first difference.
func differ(a, b reflect.Value, path string) string {
	if a.Kind() != b.Kind() {
		return fmt.Sprintf("%s: kind %s vs %s", path, a.Kind(), b.Kind())
	}
	switch a.Kind() {
	case reflect.Struct:
		if a.NumField() != b.NumField() {
			return path + ": different fields"
		}
		for i := range a.NumField() {
			if msg := differ(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); msg != "" {
				return msg
			}
		}
	case reflect.Slice:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if msg := differ(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); msg != "" {
				return msg
			}
		}
	default:
		if a.Interface() != b.Interface() {
			return fmt.Sprintf("%s: %#v vs %#v", path, a.Interface(), b.Interface())
		}
	}
	return ""
}

// BenchmarkDecode decodes every payload with every codec that reads it:
// BenchmarkDecode/<payload>/<codec>. cmd/table makes the README's table
// from its output.
func BenchmarkDecode(b *testing.B) {
	for _, c := range cases() {
		b.Run(c.name, func(b *testing.B) {
			tool := tools[c.shape.tool]
			for _, k := range codecs {
				if !c.reads(k) {
					continue
				}
				b.Run(k.name, func(b *testing.B) {
					v, reset := c.shape.target(k.family)
					b.SetBytes(int64(len(c.data)))
					b.ReportAllocs()
					for b.Loop() {
						reset()
						if err := k.decode(tool, c.data, v); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}
