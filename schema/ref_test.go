package schema

import (
	"encoding/json"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
)

// refDoc is a schema whose members are reached by $refs through array
// indices and through member names that need escaping in a JSON pointer.
const refDoc = `{
  "type": "object",
  "anyOf": [{"type": "object"}, {"type": "integer", "title": "root-any-1"}],
  "properties": {"a": {"anyOf": [{"type": "boolean", "title": "a-any-0"}, {"type": "null"}]}},
  "$defs": {
    "x": {"type": "array", "items": [{"type": "number", "title": "x-items-0"}]},
    "a/b": {"title": "slash"},
    "a~b": {"title": "tilde"},
    "a~1": {"title": "tilde-one"},
    "a b": {"title": "space"},
    "%": {"title": "percent"},
    "": {"title": "empty"}
  }
}`

// refCases are $refs into refDoc and the title of what each names ("" for
// a $ref that names nothing). JSON Pointer (RFC 6901): ~1 is /, ~0 is ~,
// an array index is 0 or a digit string without a leading zero; in a
// URI fragment (a $ref) the pointer is percent-encoded (RFC 6901 §6), as
// AJV and the Go validator read it.
var refCases = []struct{ ref, title string }{
	{"#/anyOf/1", "root-any-1"},
	{"#/$defs/x/items/0", "x-items-0"},
	{"#/properties/a/anyOf/0", "a-any-0"},
	{"#/$defs/a~1b", "slash"},
	{"#/$defs/a~0b", "tilde"},
	{"#/$defs/a~01", "tilde-one"},
	{"#/$defs/a%20b", "space"},
	{"#/$defs/%25", "percent"},
	{"#/$defs/a%7E1b", "slash"},
	{"#/$defs/", "empty"},
	{"#/anyOf/01", ""},
	{"#/anyOf/+1", ""},
	{"#/anyOf/1x", ""},
	{"#/anyOf/-", ""},
	{"#/anyOf/2", ""},
	{"#/$defs/a~2b", ""},
	{"#/$defs/a%2", ""},
	{"#/$defs/nothing", ""},
	{"other.json#/$defs/x", ""},
}

// TestRefResolversAgree: normgen check (resolveRef) and the deriver
// (pointer) read every $ref alike, as JSON Pointer in a URI fragment.
func TestRefResolversAgree(t *testing.T) {
	var m map[string]any
	if err := json.Unmarshal([]byte(refDoc), &m); err != nil {
		t.Fatal(err)
	}
	n, err := ParseNode([]byte(refDoc))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range refCases {
		got, _ := resolveRef(m, tc.ref)
		target, _ := got.(map[string]any)
		title, _ := target["title"].(string)
		if title != tc.title {
			t.Errorf("check: %s names %q, want %q", tc.ref, title, tc.title)
		}
		title, _ = derivePointer(n, tc.ref).Get("title").AsString()
		if title != tc.title {
			t.Errorf("derive: %s names %q, want %q", tc.ref, title, tc.title)
		}
	}
}

// TestCheckRefThroughArray: a field whose $ref names an anyOf branch is
// checked as that branch (an integer with no string form).
func TestCheckRefThroughArray(t *testing.T) {
	cat := []byte(`[{"name":"t","inputSchema":{"type":"object","$defs":{"n":{"anyOf":[{"type":"integer"}]}},"properties":{"f":{"$ref":"#/$defs/n/anyOf/0"}}}}]`)
	if got := kinds(t, cat); !contains(got, KindIntegerNoString) {
		t.Errorf("findings %v lack %s", got, KindIntegerNoString)
	}
}

// derivePointer is how the deriver resolves a $ref (deriver.resolve).
func derivePointer(root *Node, ref string) *Node {
	v, _ := jsonnode.Resolve(root, ref)
	return v
}
