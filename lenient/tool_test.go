package lenient_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// reportInput is a stand-in for a generated input type: its
// UnmarshalJSONReport records what it was given.
type reportInput struct{ data string }

func (x *reportInput) UnmarshalJSONReport(data []byte) ([]lenient.Fix, error) {
	x.data = string(data)
	if x.data == "bad" {
		return nil, errors.New("bad")
	}
	return []lenient.Fix{{Param: "p"}}, nil
}

func TestDecodeAs(t *testing.T) {
	decode := lenient.Tool{Decode: lenient.DecodeAs[reportInput]}.Decode
	v, fixes, err := decode([]byte(`{"a":1}`))
	x, ok := v.(*reportInput)
	if !ok || err != nil || x.data != `{"a":1}` || len(fixes) != 1 || fixes[0].Param != "p" {
		t.Fatalf("DecodeAs = %#v, %v, %v; want a *reportInput holding the document, its fix, no error", v, fixes, err)
	}
	v2, _, _ := decode([]byte(`{}`))
	if v2.(*reportInput) == x {
		t.Error("DecodeAs reused its value; each call needs a new one")
	}
	if _, _, err := decode([]byte("bad")); err == nil || err.Error() != "bad" {
		t.Errorf("DecodeAs error = %v; want UnmarshalJSONReport's", err)
	}
}

func TestProfileSchemas(t *testing.T) {
	got := lenient.ProfileSchemas(`{"p":1}`, `{"t":1}`, `{"g":1}`, "")
	want := map[lenient.Profile]json.RawMessage{
		lenient.ProfilePortable:  json.RawMessage(`{"p":1}`),
		lenient.ProfileTypeArray: json.RawMessage(`{"t":1}`),
		lenient.ProfileGemini:    json.RawMessage(`{"g":1}`),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ProfileSchemas = %s; want %s", got, want)
	}
	tool := lenient.Tool{InputSchema: json.RawMessage(`{"p":1}`), Schemas: got}
	if s := tool.SchemaFor(lenient.ProfileOpenAIStrict); string(s) != `{"p":1}` {
		t.Errorf("SchemaFor(openai-strict) = %s; want InputSchema, the profile left out", s)
	}
	all := lenient.ProfileSchemas("a", "b", "c", "d")
	for i, p := range lenient.Profiles() {
		if string(all[p]) != string("abcd"[i]) {
			t.Errorf("ProfileSchemas(a, b, c, d)[%s] = %s; want %c (Profiles order)", p, all[p], "abcd"[i])
		}
	}
}
