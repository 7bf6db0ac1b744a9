package jsonnode

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// refDoc is a schema whose members are reached by $refs through array
// indices and through member names that need escaping in a JSON pointer;
// each target is a const of its name.
const refDoc = `{
  "type": "object",
  "anyOf": [{"type": "object"}, {"const": "root-any-1"}],
  "properties": {"a": {"anyOf": [{"const": "a-any-0"}, {"type": "null"}]}},
  "$defs": {
    "x": {"type": "array", "prefixItems": [{"const": "x-items-0"}, {"const": "x-items-1"}]},
    "a/b": {"const": "slash"},
    "a~b": {"const": "tilde"},
    "a~1": {"const": "tilde-one"},
    "a b": {"const": "space"},
    "%": {"const": "percent"},
    "": {"const": "empty"},
    "r": {"$ref": "#/$defs/a~1b"}
  }
}`

// refCases are $refs into refDoc and the const of what each names (""
// for a $ref that names nothing). JSON Pointer (RFC 6901): ~1 is /, ~0 is
// ~, an array index is 0 or digits without a leading zero; in a $ref (a
// URI fragment) the pointer is percent-encoded (RFC 6901 §6).
var refCases = []struct{ ref, names string }{
	{"#/anyOf/1", "root-any-1"},
	{"#/$defs/x/prefixItems/0", "x-items-0"},
	{"#/$defs/x/prefixItems/1", "x-items-1"},
	{"#/properties/a/anyOf/0", "a-any-0"},
	{"#/$defs/a~1b", "slash"},
	{"#/$defs/a~0b", "tilde"},
	{"#/$defs/a~01", "tilde-one"},
	{"#/$defs/a%20b", "space"},
	{"#/$defs/%25", "percent"},
	{"#/$defs/a%7E1b", "slash"},
	{"#/%24defs/a~1b", "slash"},
	{"#/$defs/", "empty"},
	{"#/anyOf/01", ""},
	{"#/anyOf/+1", ""},
	{"#/anyOf/1x", ""},
	{"#/anyOf/-", ""},
	{"#/anyOf/2", ""},
	{"#/anyOf/99999999999999999999999", ""},
	{"#/$defs/a~2b", ""},
	{"#/$defs/a~", ""},
	{"#/$defs/a%2", ""},
	{"#/$defs/nothing", ""},
	{"#/type/0", ""},
	{"#anchor", ""},
	{"other.json#/$defs/x", ""},
	{"", ""},
}

func TestResolve(t *testing.T) {
	root, err := Parse([]byte(refDoc))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range refCases {
		v, err := Resolve(root, tc.ref)
		got, _ := v.Get("const").AsString()
		if got != tc.names || (err == nil) != (tc.names != "") {
			t.Errorf("%q names %q (err %v), want %q", tc.ref, got, err, tc.names)
		}
	}
	if v, err := Resolve(root, "#"); v != root || err != nil {
		t.Errorf(`"#": %v, %v`, v, err)
	}
	if _, err := Resolve(root, "x.json#/a"); !strings.Contains(err.Error(), ErrNotLocal.Error()) {
		t.Errorf("another document's $ref: %v", err)
	}
}

// TestTrail: Trail yields what each leading part of a $ref's pointer
// names, its target last (Resolve's), and stops where the pointer names
// nothing; a $ref that is not a pointer passes nothing.
func TestTrail(t *testing.T) {
	root, err := Parse([]byte(refDoc))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range refCases {
		trail := Trail(root, tc.ref)
		v, err := Resolve(root, tc.ref)
		if err == nil && (len(trail) == 0 || trail[len(trail)-1] != v) {
			t.Errorf("%q: trail ends at %v, want %v", tc.ref, trail, v)
		}
	}
	defs := root.Get("$defs")
	for ref, want := range map[string][]*Node{
		"#/$defs/x/prefixItems/1": {defs, defs.Get("x"), defs.Get("x").Get("prefixItems"), defs.Get("x").Get("prefixItems").Items()[1]},
		"#/$defs/x/nothing/0":     {defs, defs.Get("x")},
		"#":                       nil,
		"other.json#/$defs":       nil,
	} {
		got := Trail(root, ref)
		if len(got) != len(want) {
			t.Errorf("%q: trail of %d values, want %d", ref, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: value %d of the trail is %s, want %s", ref, i, got[i].Marshal(), want[i].Marshal())
			}
		}
	}
}

// TestResolveAgreesWithValidator: a $ref names, by Resolve, what it names
// for the Go validator (a JSON Schema 2020-12 implementation): each
// target accepts its own const, and a $ref Resolve cannot follow does not
// compile. The Go validator reads the array indices "01" and "+1" as 1
// (strconv.Atoi); RFC 6901 and AJV (the validator of JavaScript hosts:
// "can't resolve reference #/anyOf/01") name nothing by them, as Resolve.
func TestResolveAgreesWithValidator(t *testing.T) {
	for _, tc := range refCases {
		switch tc.ref {
		case "", "#anchor":
			continue // not a JSON pointer; the validator reads them as URIs
		case "#/anyOf/01", "#/anyOf/+1":
			continue // see above
		}
		doc := strings.Replace(refDoc, `"$defs": {`, `"$defs": {"probe": {"$ref": `+quote(tc.ref)+`},`, 1)
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(doc)))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("doc.json", v); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile("doc.json#/$defs/probe")
		if tc.names == "" {
			if err == nil {
				t.Errorf("%q: the validator follows a $ref Resolve names nothing by", tc.ref)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.ref, err)
			continue
		}
		if err := s.Validate(tc.names); err != nil {
			t.Errorf("%q: the validator's target refuses %q: %v", tc.ref, tc.names, err)
		}
		if err := s.Validate("something else"); err == nil {
			t.Errorf("%q: the validator's target is not a const", tc.ref)
		}
	}
}

// TestPointer: a JSON pointer that is not a fragment.
func TestPointer(t *testing.T) {
	root, err := Parse([]byte(`{"a":[{"b":1}],"":{"":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	for ptr, want := range map[string]string{"": `{"a":[{"b":1}],"":{"":2}}`, "/a/0/b": "1", "/a/0": `{"b":1}`, "//": "2"} {
		v, err := root.Pointer(ptr)
		if err != nil || string(v.Marshal()) != want {
			t.Errorf("%q: %s, %v; want %s", ptr, v.Marshal(), err, want)
		}
	}
	for _, ptr := range []string{"a", "/a/1", "/a/0/b/c", "/a/b"} {
		if v, err := root.Pointer(ptr); err == nil {
			t.Errorf("%q: %s, want an error", ptr, v.Marshal())
		}
	}
}

func quote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// FuzzPercentDecode: percentDecode, written so that this package does not
// import net/url, reads a $ref fragment's escapes as url.PathUnescape
// does: the same text, and an error for the same inputs.
func FuzzPercentDecode(f *testing.F) {
	for _, s := range []string{"", "a", "%7e", "%7E%2F", "%", "%2", "%zz", "a%41b", "+%20+", "%C3%A9", "%ff", "%%41"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := percentDecode(s)
		want, werr := url.PathUnescape(s)
		if (err != nil) != (werr != nil) || err == nil && got != want {
			t.Fatalf("percentDecode(%q) = %q, %v; url.PathUnescape: %q, %v", s, got, err, want, werr)
		}
	})
}
