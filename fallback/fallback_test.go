package fallback

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

type input struct {
	Path  string   `json:"path" norm:"alias=file_path"`
	Limit *int     `json:"limit,omitempty" jsonschema:"default=100,minimum=1"`
	Tags  []string `json:"tags,omitempty"`
}

func TestDecode(t *testing.T) {
	var in input
	if err := Decode([]byte(`{"file_path":"a","tags":"[\"x\"]"}`), &in); err != nil {
		t.Fatal(err)
	}
	if in.Path != "a" || in.Limit == nil || *in.Limit != 100 || len(in.Tags) != 1 {
		t.Errorf("got %+v", in)
	}
	err := Decode([]byte(`{"limit":"0","tags":5}`), &in)
	for _, want := range []string{`path: is required (also accepted as file_path)`, `limit: "0" is less than the minimum, 1`, `tags: 5 is not an array`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v lacks %q", err, want)
		}
	}
	if err := Decode([]byte(`{}`), in); err == nil {
		t.Error("a non-pointer out was accepted")
	}
	var bad struct {
		C chan int `json:"c"`
	}
	if err := Decode([]byte(`{}`), &bad); err == nil || !strings.Contains(err.Error(), "unsupported type chan int") {
		t.Errorf("unsupported type: %v", err)
	}
}

// TestBoundsExact (issue 14 items 6 and 7): bounds are compared with the
// number as sent, exactly: a float32 meets maximum 0.1 at 0.1 and "0.1",
// and 10.0000000000000001 exceeds maximum 10 (as the Go validator says)
// though it is 10 as a float64.
func TestBoundsExact(t *testing.T) {
	type in struct {
		F32 float32  `json:"f32,omitempty" jsonschema:"maximum=0.1"`
		F64 *float64 `json:"f64,omitempty" jsonschema:"maximum=10"`
		I   int64    `json:"i,omitempty" jsonschema:"exclusiveMaximum=9007199254740992.5"`
	}
	for _, ok := range []string{`{"f32":0.1}`, `{"f32":"0.1"}`, `{"f32":1e-1}`, `{"f64":10}`, `{"f64":"10.0"}`, `{"i":9007199254740992}`} {
		var v in
		if err := Decode([]byte(ok), &v); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{`{"f32":0.10000001}`, `{"f64":10.0000000000000001}`, `{"f64":"10.0000000000000001"}`, `{"i":9007199254740993}`} {
		var v in
		if err := Decode([]byte(bad), &v); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// TestUnescapeBoundsRefused (issue 14 item 5): unescape with a string
// bound is refused, since the schema checks the text as sent and the
// decoder the unescaped text.
func TestUnescapeBoundsRefused(t *testing.T) {
	type in struct {
		Text string `json:"text" norm:"unescape" jsonschema:"maxLength=20"`
	}
	var v in
	err := Decode([]byte(`{"text":"1234567890123456789\\n"}`), &v)
	if err == nil || !strings.Contains(err.Error(), "norm unescape cannot be combined with maxLength") {
		t.Errorf("got %v", err)
	}
	type plain struct {
		Text string `json:"text" norm:"unescape"`
	}
	var p plain
	if err := Decode([]byte(`{"text":"a\\nb"}`), &p); err != nil || p.Text != "a\nb" {
		t.Errorf("unescape without bounds: %q, %v", p.Text, err)
	}
}

// TestWrapAndNumberMessages (issue 12 item 7), through a struct as a
// caller sees them.
func TestWrapAndNumberMessages(t *testing.T) {
	type in struct {
		Labels []string `json:"labels,omitempty" norm:"wrap"`
		Max    *uint    `json:"max,omitempty" jsonschema:"maximum=500"`
		On     bool     `json:"on,omitempty"`
	}
	var v in
	err := Decode([]byte(`{"labels":5,"max":-1,"on":0}`), &v)
	want := `labels: 5 is not a string (send text in quotes, such as "5"); labels takes an array of them, or one alone; max: -1 is negative; this field takes 0 or more; on: 0 is not a boolean: numbers are not read as booleans (send true or false, or "true" or "false")`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	// "" for an optional slice is the field left out; for a required
	// one, an empty string that is neither a value nor an array
	if err := Decode([]byte(`{"labels":""}`), &v); err != nil || v.Labels != nil {
		t.Errorf(`labels "": %v %v`, v.Labels, err)
	}
	var r struct {
		Labels []string `json:"labels" norm:"wrap"`
	}
	err = Decode([]byte(`{"labels":""}`), &r)
	if err == nil || !strings.HasPrefix(err.Error(), `labels: "" is an empty string`) {
		t.Errorf(`required labels "": %v`, err)
	}
}

// TestDuplicateKeyAmongOthers (issue 12 item 3): through the fallback too,
// a key given twice is one problem and every other bad field is listed;
// broken JSON is a *lenient.Error naming the offset.
func TestDuplicateKeyAmongOthers(t *testing.T) {
	type in struct {
		Path  string `json:"path"`
		Limit int8   `json:"limit,omitempty"`
		On    bool   `json:"on,omitempty"`
	}
	var v in
	err := Decode([]byte(`{"path":"a","path":"b","limit":300,"on":"maybe"}`), &v)
	want := `path: key "path" is given twice; send it once; limit: 300 is out of range (-128 to 127); on: "maybe" is not a boolean`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got  %v\nwant %s...", err, want)
	}
	err = Decode([]byte(`{"path":"a"`), &v)
	var le *lenient.Error
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "invalid JSON at offset 11") {
		t.Errorf("broken JSON: %T %v", err, err)
	}
}

// EmbBase, EmbDeep and EmbNamed are embedded in embInput.
type EmbBase struct {
	EmbDeep
	ID   int    `json:"id,omitempty"`
	Note string `json:"note,omitempty"`
}

type EmbDeep struct {
	Note  bool   `json:"note,omitempty"` // shadowed by EmbBase.Note
	Level string `json:"level,omitempty"`
}

type EmbNamed struct {
	B int `json:"b,omitempty"`
}

// embInput embeds structs the three ways encoding/json tells apart: one
// flattened (whose id is shadowed by the outer id, of another type), one
// flattened two levels down, and one under a json name of its own, which
// is a member like any other.
type embInput struct {
	EmbBase
	EmbNamed `json:"emb,omitempty"`
	ID       string `json:"id,omitempty"`
}

// TestEmbeddedAsEncodingJSON: on clean documents, the fallback fills the
// fields encoding/json fills, and only those: a shadowed field stays
// zero, and a struct embedded under a json name is decoded from its member
// (mapstructure's Squash used to flatten it, and left it empty).
func TestEmbeddedAsEncodingJSON(t *testing.T) {
	for _, doc := range []string{
		`{"id":"x","note":"n","level":"deep","emb":{"b":3}}`,
		`{"emb":{"b":-1}}`,
		`{"id":"7","level":"l"}`,
		`{}`,
	} {
		var got, want embInput
		if err := json.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatal(err)
		}
		if err := Decode([]byte(doc), &got); err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		if got != want {
			t.Errorf("%s:\n got %+v\nwant %+v", doc, got, want)
		}
	}
	// Lenient forms reach the same fields.
	var got embInput
	if err := Decode([]byte(`{"emb":"{\"b\":\"4\"}","note":"n"}`), &got); err != nil || got.B != 4 || got.EmbBase.Note != "n" {
		t.Errorf("lenient: %+v, %v", got, err)
	}
}

// TestEmbeddedNameClash: an embedded struct's Go name used as the wire
// name of a field beside it is two keys apart.
func TestEmbeddedNameClash(t *testing.T) {
	type in struct {
		EmbNamed
		Other int `json:"EmbNamed,omitempty"`
	}
	var v in
	if err := Decode([]byte(`{"b":1,"EmbNamed":2}`), &v); err != nil || v.B != 1 || v.Other != 2 {
		t.Errorf("got %+v, %v", v, err)
	}
}

type embUnexported struct {
	Path string `json:"path"`
}

// TestEmbeddedUnexported: the exported fields of an embedded struct of an
// unexported type are filled, as encoding/json fills them, also inside
// values (a slice and a map of structs, a pointer).
func TestEmbeddedUnexported(t *testing.T) {
	type item struct {
		embUnexported
		N int `json:"n,omitempty"`
	}
	type in struct {
		embUnexported
		Items []item          `json:"items,omitempty"`
		ByKey map[string]item `json:"by_key,omitempty"`
		One   *item           `json:"one,omitempty"`
	}
	doc := `{"path":"a","items":[{"path":"b","n":1}],"by_key":{"k":{"path":"c"}},"one":{"path":"d","n":"2"}}`
	var got in
	if err := Decode([]byte(doc), &got); err != nil {
		t.Fatal(err)
	}
	if got.Path != "a" || got.Items[0].Path != "b" || got.ByKey["k"].Path != "c" || got.One.Path != "d" || got.One.N != 2 {
		t.Errorf("got %+v", got)
	}
}

// TestRequiredModel: DecodeWith reads the model of required fields it is
// given, at every depth; Decode refuses a type the two models read
// differently, naming the field.
func TestRequiredModel(t *testing.T) {
	type inner struct {
		Repo string `json:"repo" jsonschema:"required"`
		Path string `json:"path"`
	}
	type params struct {
		Name  string `json:"name" jsonschema:"required"`
		Query string `json:"query"`
		In    *inner `json:"in,omitempty"`
	}
	var p params
	err := DecodeWith([]byte(`{"in":{}}`), &p, schema.Options{Required: schema.RequiredJSONSchema})
	if err == nil || err.Error() != "in.repo: is required; name: is required" {
		t.Errorf("jsonschema model: %v", err)
	}
	err = DecodeWith([]byte(`{"in":{}}`), &p, schema.Options{Required: schema.RequiredJSON})
	if err == nil || err.Error() != "in.repo: is required; in.path: is required; name: is required; query: is required" {
		t.Errorf("json model: %v", err)
	}
	if err := Decode([]byte(`{}`), &p); err == nil || !strings.Contains(err.Error(), `query: it has neither omitempty nor jsonschema:"required"`) {
		t.Errorf("no model: %v", err)
	}
}
