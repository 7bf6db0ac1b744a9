package derive

import (
	"errors"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// misnamedOnly reports whether err is a refusal of misnamed keys alone
// (a misnamed_key rule's): class (j), which the schema cannot say.
func misnamedOnly(err error) bool {
	var le *lenient.Error
	if !errors.As(err, &le) || len(le.Problems) == 0 {
		return false
	}
	for _, p := range le.Problems {
		if p.Kind != lenient.KindMisnamed {
			return false
		}
	}
	return true
}

// TestDeriveMisnamed: the deriver gives each object that takes unknown
// keys (the arguments, nested objects, array elements) a misnamed_key
// rule listing its properties, and none to a closed one; with it the
// normalizer refuses a key near the spelling of a property the call left
// out, naming the property, and takes a call whose near key's property
// is given, or whose unknown keys resemble none.
func TestDeriveMisnamed(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{
		"url":{"type":"string"},
		"style_id":{"type":"integer"},
		"thought":{"type":"string"},
		"style":{"type":"object","properties":{"color":{"type":"string"}}},
		"items":{"type":"array","items":{"type":"object","properties":{"color":{"type":"string"}}}},
		"closed":{"type":"object","properties":{"color":{"type":"string"}},"additionalProperties":false}
	},"required":["thought"]}`)
	d, err := Tool("fetch", schema)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleMisnamedKey {
			got = append(got, r.Path+" "+string(r.Value))
		}
	}
	want := []string{`style ["color"]`, `items[] ["color"]`, ` ["url","style_id",{"keys":["thought"],"required":true},"style","items","closed"]`}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("misnamed_key rules:\n got %q\nwant %q", got, want)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args, want string }{
		{`{"thought":"t","uri":"x"}`, `uri: is not a known key; did you mean url?`},
		{`{"thought":"t","style_index":"3"}`, `style_index: is not a known key; did you mean style_id?`},
		{`{"thought":"t","style":{"colour":"red"}}`, `style.colour: is not a known key; did you mean color?`},
		{`{"thought":"t","items":[{"colour":"red"}]}`, `items[0].colour: is not a known key; did you mean color?`},
		{`{"thought":"t","url":"u","uri":"x","reason":"r"}`, ``},
		{`{"thought":"t","style_id":"3"}`, ``},
		{`{"thought":"t","closed":{"colour":"red"}}`, ``}, // the strict schema refuses it
		{`{"thoght":"t"}`, ``}, // the strict schema's required refuses it, and Explain names the key
	} {
		_, _, err := n.NormalizeJSON("fetch", []byte(c.args))
		msg := ""
		if err != nil {
			msg = err.Error()
			if !misnamedOnly(err) {
				t.Errorf("%s: %v is not a misnamed-key refusal", c.args, err)
			}
		}
		if msg != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.args, msg, c.want)
		}
	}
}
