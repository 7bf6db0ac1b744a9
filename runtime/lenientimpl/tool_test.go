package lenientimpl_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
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
	decode := lenient.Tool{Decode: lenientimpl.DecodeAs[reportInput]}.Decode
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

// TestSchemaForLeftOut: SchemaFor gives a profile's schema, and
// InputSchema for a profile the tool's Schemas leave out (one that cannot
// express it).
func TestSchemaForLeftOut(t *testing.T) {
	tool := lenient.Tool{InputSchema: json.RawMessage(`{"p":1}`), Schemas: map[lenient.Profile]json.RawMessage{
		lenient.ProfilePortable:  json.RawMessage(`{"p":1}`),
		lenient.ProfileTypeArray: json.RawMessage(`{"t":1}`),
	}}
	if s := tool.SchemaFor(lenient.ProfileTypeArray); string(s) != `{"t":1}` {
		t.Errorf("SchemaFor(typearray) = %s; want the profile's schema", s)
	}
	if s := tool.SchemaFor(lenient.ProfileOpenAIStrict); string(s) != `{"p":1}` {
		t.Errorf("SchemaFor(openai-strict) = %s; want InputSchema, the profile left out", s)
	}
}

// TestDerivedSchemasOwnCopies: DerivedSchemas derives a portable schema's
// profiles once per process, and each call still returns schemas of its
// own (NormgenTools is called once per registered tool; a caller may
// change what it got).
func TestDerivedSchemasOwnCopies(t *testing.T) {
	const portable = `{"properties":{"n":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"},{"type":"null"}]}},"type":"object"}`
	first := lenientimpl.DerivedSchemas(portable, "", "")
	want := map[lenient.Profile]string{}
	for p, s := range first {
		want[p] = string(s)
		for i := range s {
			s[i] = 'x'
		}
	}
	if len(want) != 3 || want[lenient.ProfileTypeArray] == want[lenient.ProfilePortable] || want[lenient.ProfileGemini] == want[lenient.ProfilePortable] {
		t.Fatalf("DerivedSchemas = %v; want portable, typearray and gemini, the last two derived", want)
	}
	if !strings.Contains(want[lenient.ProfileTypeArray], `"type":["integer","string","null"]`) {
		t.Errorf("typearray schema %s has no type array", want[lenient.ProfileTypeArray])
	}
	second := lenientimpl.DerivedSchemas(portable, "", "")
	for p, s := range second {
		if string(s) != want[p] {
			t.Errorf("second call's %s schema = %s; want %s (the first call's, before its caller changed it)", p, s, want[p])
		}
	}
	if g := lenientimpl.DerivedSchemas(portable, `{"s":1}`, `{"g":1}`); string(g[lenient.ProfileGemini]) != `{"g":1}` || string(g[lenient.ProfileOpenAIStrict]) != `{"s":1}` {
		t.Errorf("DerivedSchemas with gemini and openai-strict given = %s; want them as given", g)
	}
}

// TestSharedSchemas: SharedSchemas puts back into the openai-strict
// schema the field descriptions it shares with the portable one, each
// call returning a copy of its own, and is DerivedSchemas otherwise; it
// panics, naming the remedy, on a schema normgen does not write.
func TestSharedSchemas(t *testing.T) {
	const (
		portable = `{"properties":{"n":{"anyOf":[{"type":"integer","description":"How many."},{"type":"string","pattern":"^-?[0-9]+$"},{"type":"null"}]}},"type":"object"}`
		stripped = `{"properties":{"n":{"anyOf":[{"type":"integer"},{"type":"null"}]}},"additionalProperties":false,"type":"object","required":["n"]}`
		strict   = `{"properties":{"n":{"anyOf":[{"type":"integer","description":"How many."},{"type":"null"}]}},"additionalProperties":false,"type":"object","required":["n"]}`
	)
	first := lenientimpl.SharedSchemas(portable, stripped, "")
	if got := string(first[lenient.ProfileOpenAIStrict]); got != strict {
		t.Errorf("openai-strict schema %s; want %s", got, strict)
	}
	first[lenient.ProfileOpenAIStrict][0] = 'x'
	derived := lenientimpl.DerivedSchemas(portable, strict, "")
	for p, s := range lenientimpl.SharedSchemas(portable, stripped, "") {
		if string(s) != string(derived[p]) {
			t.Errorf("%s schema %s; DerivedSchemas of the whole schema gives %s", p, s, derived[p])
		}
	}
	if got := lenientimpl.SharedSchemas(portable, "", ""); len(got) != 3 {
		t.Errorf(`SharedSchemas without an openai-strict schema = %s; want its other three`, got)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "regenerate") {
			t.Errorf("SharedSchemas of a strict schema that is not JSON: panic %v; want one naming the remedy", r)
		}
	}()
	lenientimpl.SharedSchemas(portable, `{"properties":`, "")
}
