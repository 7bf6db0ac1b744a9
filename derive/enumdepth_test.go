package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// enumDepth is a server's schema with string enums at every place a rule
// path names: a property, an array's items, a map's values, a $defs
// entry reached by $ref (as a property and as items), a nested object's
// array, an array of arrays, a union whose one string branch is the
// enum (as a property, as items, a oneOf of types apart); and an array
// with uniqueItems, whose items two values folding to one would make
// refused, and a union another branch of which takes strings as they are.
const enumDepth = `{"type":"object",
 "$defs":{"unit":{"type":"string","enum":["celsius","fahrenheit"]}},
 "properties":{
  "one":{"$ref":"#/$defs/unit"},
  "units":{"type":"array","items":{"type":"string","enum":["celsius","fahrenheit"]}},
  "limits":{"type":"object","additionalProperties":{"type":"string","enum":["celsius","fahrenheit"]}},
  "refs":{"type":"array","items":{"$ref":"#/$defs/unit"}},
  "maybe":{"type":"array","items":{"anyOf":[{"type":"string","enum":["celsius","fahrenheit"]},{"type":"null"}]}},
  "nested":{"type":"object","properties":{"list":{"type":"array","items":{"type":"string","enum":["a","b"]}}}},
  "grid":{"type":"array","items":{"type":"array","items":{"type":"string","enum":["x","y"]}}},
  "set":{"type":"array","uniqueItems":true,"items":{"type":"string","enum":["celsius","fahrenheit"]}},
  "cased":{"type":"array","items":{"type":"string","enum":["a","A"]}},
  "mixed":{"anyOf":[{"type":"string","enum":["celsius","fahrenheit"]},{"type":"integer"}]},
  "mixes":{"type":"array","items":{"anyOf":[{"type":"number"},{"type":"string","enum":["celsius","fahrenheit"]},{"type":"null"}]}},
  "either":{"oneOf":[{"type":"string","enum":["celsius","fahrenheit"]},{"type":"boolean"}]},
  "open":{"anyOf":[{"type":"string","enum":["a","b"]},{"type":"string","maxLength":1}]}
 }}`

// TestDeriveEnumCaseAtDepth: a string enum's values in another letter
// case are read wherever a rule reaches the enum (an enum_case rule at
// its path, as generated decoders read it) and advertised there; not in
// an array with uniqueItems, nor where two values fold alike, nor in a
// union another branch of which takes strings. Normalizing
// with the rules and then validating with the strict schema gives the
// rewrite's verdict on each call.
func TestDeriveEnumCaseAtDepth(t *testing.T) {
	d, err := Tool("t", []byte(enumDepth))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleEnumCase {
			got = append(got, r.From+r.Path)
		}
	}
	slices.Sort(got)
	want := []string{"either", "grid[][]", "limits{}", "maybe[]", "mixed", "mixes[]", "nested.list[]", "one", "refs[]", "units[]"}
	if !slices.Equal(got, want) {
		t.Errorf("enum_case rules at %v, want %v", got, want)
	}
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	strict, lax := compileDerived(t, "enumdepth-strict", []byte(enumDepth)), compileDerived(t, "enumdepth-lenient", d.Schema.Marshal())
	for _, tc := range []struct {
		args  string
		valid bool // by the rewrite, and by the strict schema once normalized
	}{
		{`{"one":"CELSIUS"}`, true},
		{`{"units":["CELSIUS","fahrenheit"]}`, true},
		{`{"units":"[\"Fahrenheit\"]"}`, true},
		{`{"limits":{"max":"Fahrenheit","min":"celsius"}}`, true},
		{`{"refs":["cElSiUs"]}`, true},
		{`{"maybe":["Celsius",null]}`, true},
		{`{"nested":{"list":["A","b"]}}`, true},
		{`{"grid":[["X"],["y","Y"]]}`, true},
		{`{"units":["kelvin"]}`, false},
		{`{"units":["CELSIUSX"]}`, false},
		{`{"limits":{"max":"KELVIN"}}`, false},
		{`{"set":["celsius","fahrenheit"]}`, true},
		{`{"set":["CELSIUS"]}`, false},
		{`{"set":["CELSIUS","celsius"]}`, false},
		{`{"cased":["a","A"]}`, true},
		{`{"cased":["b"]}`, false},
		{`{"mixed":"CELSIUS"}`, true},
		{`{"mixed":5}`, true},
		{`{"mixed":"kelvin"}`, false},
		{`{"mixes":[1.5,"Fahrenheit",null]}`, true},
		{`{"mixes":["x"]}`, false},
		{`{"either":"Celsius"}`, true},
		{`{"either":true}`, true},
		{`{"open":"A"}`, true},
		{`{"open":"AB"}`, false},
	} {
		norm, fixes, err := n.NormalizeJSON("t", []byte(tc.args))
		if err != nil {
			t.Fatalf("%s: %v", tc.args, err)
		}
		if v := validDerived(strict, norm); v != tc.valid {
			t.Errorf("%s: normalized %s (fixes %v), the strict schema says %v, want %v", tc.args, norm, fixes, v, tc.valid)
		}
		if v := validDerived(lax, []byte(tc.args)); v != tc.valid {
			t.Errorf("%s: the rewrite says %v, want %v", tc.args, v, tc.valid)
		}
		if tc.valid && strings.Contains(strings.ToLower(tc.args), "celsius") && strings.Contains(tc.args, "C") {
			found := false
			for _, f := range fixes {
				found = found || f.Type == lenient.RuleEnumCase
			}
			if !found {
				t.Errorf("%s: fixes %v, want an enum_case one", tc.args, fixes)
			}
		}
	}
	// A call refused says what the generated decoder says of it.
	err = d.Explain([]byte(`{"units":["kelvin"],"limits":{"a":"KELVIN"}}`))
	if want := `units[0]: "kelvin" is not one of "celsius", "fahrenheit"; limits.a: "KELVIN" is not one of "celsius", "fahrenheit"`; err == nil || err.Error() != want {
		t.Errorf("Explain: %v, want %s", err, want)
	}
}
