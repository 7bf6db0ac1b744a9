package derive

import (
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// quotedNamesSchema is a schema whose member names hold what a rule path
// spells only in quotes (".", "[", "]", "{", "}", "(", ")", "|", `<"`),
// as real configuration schemas name them: .NET's
// "System.GC.Concurrent", Azure IoT Edge's "properties.desired", Apple's
// "com.apple.…" keys, NuGet's runtime identifiers ("centos.7-x64"); at
// the top, under a nested object, in an array's elements, in a map's
// values, in a definition reached by $ref and under a name of the same
// spelling as a path ("a.b" beside "a" holding "b").
const quotedNamesSchema = `{"type":"object",
 "$defs":{"rt":{"type":"object","properties":{"centos.7-x64":{"type":"integer"}}}},
 "properties":{
  "a.b":{"type":"integer"},
  "a":{"type":"object","properties":{"b":{"type":"boolean"}}},
  "top.obj":{"type":"object","properties":{"n":{"type":"integer"}}},
  "cfg":{"type":"object","properties":{
    "System.GC.Concurrent":{"type":"boolean"},
    "a[0]":{"type":"integer"},
    "x{y}":{"type":"array","items":{"type":"integer"}},
    "p(q)|r":{"type":"number"},
    "":{"type":"integer"},
    "k<\"v\"":{"type":"integer"},
    "properties.desired":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}},
  "list":{"type":"array","items":{"type":"object","properties":{"com.apple.x":{"type":"number"}},"required":["com.apple.x"]}},
  "m":{"type":"object","additionalProperties":{"type":"object","properties":{"v.w":{"type":"integer"}}}},
  "e":{"type":"object","properties":{"k.e":{"type":"string","enum":["celsius","fahrenheit"]}}},
  "runtimes":{"$ref":"#/$defs/rt"}
 }}`

// TestDeriveQuotedNames: a member whose name a rule path writes only in
// quotes (`cfg["System.GC.Concurrent"]`) gets the rules any other member
// gets, at every place, and a call is read alike by the normalizer,
// the strict schema and the rewrite, by the Go validator and by AJV.
func TestDeriveQuotedNames(t *testing.T) {
	d, err := Tool("t", []byte(quotedNamesSchema))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range d.Rules {
		if r.Type == lenient.RuleTypeCoerce || r.Type == lenient.RuleJSONAcceptBoth || r.Type == lenient.RuleEnumCase {
			at := r.Path
			if r.From != "" {
				at = "from:" + r.From
			}
			got = append(got, string(r.Type)+" "+at)
		}
		if strings.ContainsAny(r.ID+r.From+r.Path+r.To, "\x01\x02") {
			t.Errorf("rule %s holds a deriver's token: %+v", r.ID, r)
		}
	}
	for _, want := range []string{
		"type_coerce from:a.b",
		"type_coerce a.b",
		`json_accept_both from:top.obj`,
		`type_coerce ["top.obj"].n`,
		`type_coerce cfg["System.GC.Concurrent"]`,
		`type_coerce cfg["a[0]"]`,
		`json_accept_both cfg["x{y}"]`,
		`type_coerce cfg["x{y}"][]`,
		`type_coerce cfg["p(q)|r"]`,
		`type_coerce cfg[""]`,
		`type_coerce cfg["k<\"v\""]`,
		`json_accept_both cfg["properties.desired"]`,
		`type_coerce cfg["properties.desired"].n`,
		`type_coerce list[]["com.apple.x"]`,
		`type_coerce m{}["v.w"]`,
		`enum_case e["k.e"]`,
		`type_coerce runtimes["centos.7-x64"]`,
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no rule %s; rules:\n%s", want, strings.Join(got, "\n"))
		}
	}
	for _, w := range d.Warnings {
		if strings.Contains(w.Message, "cannot spell") || strings.ContainsAny(w.Path, "\x01\x02") {
			t.Errorf("warning %s: %s", w.Path, w.Message)
		}
	}
	calls := []string{
		`{"a.b":"5","a":{"b":"true"}}`,
		`{"a":{"b":true},"a.b":5}`,
		`{"top.obj":"{\"n\":\"2\"}"}`,
		`{"cfg":{"System.GC.Concurrent":"false","a[0]":"7","x{y}":"[1,\"2\"]","p(q)|r":"1.5","k<\"v\"":"3","":"-1"}}`,
		`{"cfg":{"properties.desired":"{\"n\":\"4\"}"}}`,
		`{"cfg":{"properties.desired":{}}}`,
		`{"cfg":{"a[0]":"x"}}`,
		`{"list":[{"com.apple.x":"2.5"},{"com.apple.x":3}]}`,
		`{"list":[{"com.apple.y":"2.5"}]}`,
		`{"m":{"q":{"v.w":"9"},"r":{"v.w":1}}}`,
		`{"e":{"k.e":"CELSIUS"}}`,
		`{"e":{"k.e":"kelvin"}}`,
		`{"runtimes":{"centos.7-x64":"12"}}`,
		`{"runtimes":"{\"centos.7-x64\":\"12\"}"}`,
		`{"cfg":{"System":{"GC":{"Concurrent":"true"}}}}`,
	}
	unionSound(t, []unionCase{{"quoted", quotedNamesSchema, calls}})
	ajvSound(t, []unionCase{{"quoted", quotedNamesSchema, calls}})
	n, err := normalize.New(d.Rules)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := n.NormalizeJSON("t", []byte(calls[3]))
	if want := `{"cfg":{"System.GC.Concurrent":false,"a[0]":7,"x{y}":[1,2],"p(q)|r":1.5,"k<\"v\"":3,"":-1}}`; err != nil || string(out) != want {
		t.Errorf("normalized %s (%v), want %s", out, err, want)
	}
	// A call refused names the value as the generated decoder does.
	err = d.Explain([]byte(`{"cfg":{"a[0]":"x"},"list":[{"com.apple.x":"q"}]}`))
	if want := `cfg["a[0]"]: "x" is not an integer (send 100 or "100"); list[0]["com.apple.x"]: "q" is not a number (send 1.5 or "1.5")`; err == nil || err.Error() != want {
		t.Errorf("Explain: %v, want %s", err, want)
	}
}
