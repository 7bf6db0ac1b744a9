package normalize

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// fuzzRules use every rule type, at the top level and through paths;
// va writes JSON text where rules before and after it walk.
const fuzzRules = `[
 {"id":"a","tools":["*"],"type":"param_alias","from":"old","to":"new"},
 {"id":"a2","tools":["*"],"type":"param_alias","path":"s[].tries","to":"n"},
 {"id":"d","tools":["*"],"type":"param_default","path":"s[].id","value":"s-{{index}}"},
 {"id":"d2","tools":["*"],"type":"param_default","path":"m{}.k","value":7,"when":"absent_or_empty"},
 {"id":"w","tools":["*"],"type":"wrap","from":"labels"},
 {"id":"c","tools":["*"],"type":"type_coerce","path":"s[].n","coerce_to":"int"},
 {"id":"c2","tools":["*"],"type":"type_coerce","path":"labels[]","coerce_to":"float"},
 {"id":"c3","tools":["*"],"type":"type_coerce","from":"b","coerce_to":"bool"},
 {"id":"u","tools":["*"],"type":"unescape","path":"m{}.t"},
 {"id":"j","tools":["*"],"type":"json_accept_both","from":"s","to":"native"},
 {"id":"va","tools":["*"],"type":"value_alias","from":"s","value":{"one":"[{\"op\":\"cp\"}]"}},
 {"id":"j2","tools":["*"],"type":"json_accept_both","path":"s[]","to":"native"},
 {"id":"j3","tools":["*"],"type":"json_accept_both","from":"raw"},
 {"id":"v","tools":["*"],"type":"value_alias","path":"s[].op","value":{"cp":"copy"}},
 {"id":"na","tools":["*"],"type":"nested_alias","in_payload":"p","array_path":"x.items[]","from":"o","to":"q"},
 {"id":"nd","tools":["*"],"type":"nested_default","in_payload":"p","array_path":"x.items[]","from":"q","value":"z"},
 {"id":"ab","tools":["*"],"type":"absent","path":"m{}.a","value":[null,""]},
 {"id":"ab2","tools":["*"],"type":"absent","from":"gone","value":[null]},
 {"id":"dn","tools":["*"],"type":"param_default","path":"s[].tag","value":"t","when":"absent_or_null"},
 {"id":"sp","tools":["*"],"type":"split","path":"s[].tags","value":","},
 {"id":"ec","tools":["*"],"type":"enum_case","path":"s[].op","value":["copy","Move"]},
 {"id":"et","tools":["*"],"type":"enum_text","path":"s[].mode","value":["true","false","1","2"]},
 {"id":"ed","tools":["*"],"type":"enum_digits","from":"level","value":[1,2,-3]},
 {"id":"gr","tools":["*"],"type":"type_coerce","path":"s[](.kids[]|.next)*.n","coerce_to":"int"},
 {"id":"ag","tools":["*"],"type":"type_coerce","path":"s[]<!\"op\">.w","coerce_to":"float"},
 {"id":"ag2","tools":["*"],"type":"json_accept_both","path":"s[]<!\"op\"><!\"kids\">.o"},
 {"id":"ag3","tools":["*"],"type":"type_coerce","path":"s[](<!\"op\">.next)*.w","coerce_to":"int"},
 {"id":"lg","tools":["*"],"type":"type_coerce","path":"<!\"gone\">.top","coerce_to":"int"},
 {"id":"lg2","tools":["*"],"type":"param_alias","path":"<!\"b\">.older","to":"newer"},
 {"id":"lg3","tools":["*"],"type":"type_coerce","path":"<\"kind\"=\"a\"><!\"gone\">.q[]","coerce_to":"float"},
 {"id":"lg4","tools":["*"],"type":"absent","path":"<!\"b\">.gone2","value":[null]}
]`

// FuzzNormalize: on any input, with fuzzRules, the checks of fuzzCheck
// hold.
func FuzzNormalize(f *testing.F) {
	n := mustRules(f, fuzzRules)
	for _, s := range []string{
		`{"old":"1","b":"yes","labels":"2.5","s":"[{\"tries\":\"3\",\"op\":\"cp\"},\"{}\"]"}`,
		`{"m":{"a":{"t":"x\\ny"},"b":"{\"k\":null}"},"raw":[1,{"<":">"}],"p":"{\"x\":{\"items\":[{\"o\":1},{}]}}"}`,
		`{"s":[{"id":"","n":5.0},{"n":"1e3"},{"n":" 7"}],"labels":["1","x",null]}`,
		`{"new":1,"old":2,"labels":null,"b":1}`,
		`{"gone":null,"m":{"x":{"a":""}},"s":[{"tag":null,"tags":"a, b","op":"MOVE","kids":[{"n":"1","next":{"n":"2.0"}}]}]}`,
		`{"level":"-3","s":[{"mode":true},{"mode":2.0},{"mode":"2"},{"mode":3}]}`,
		`{"s":"one"}`, // va writes JSON text where the rules before it read none
		`{"s":[{"w":"1.5","o":"{\"a\":1}","next":{"w":"2","next":{"op":"cp","w":"3"}}},{"op":"cp","w":"1"},"{\"w\":\"4\"}"]}`, // absent guards
		`{"top":"5","older":1,"kind":"a","q":["1.5"],"gone2":null}`,                                                           // guards that start a path
		`{"top":"5","gone":null,"b":true,"older":1,"kind":"b","q":"[\"2\"]","gone2":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) { fuzzCheck(t, n, in) })
}

// fuzzCheck is FuzzNormalize's check of one input: normalize does not
// panic, the two entry points agree on the value (JSON text compared as
// its value) and on the records, the JSON entry point returns valid
// JSON, the same as applying every rule without its screen and as each
// rule applied alone to the last one's output, and every record shows a
// change.
func fuzzCheck(t *testing.T, n *Normalizer, in []byte) {
	if jsonwire.Valid(in) != nil {
		return
	}
	m, ok := decodeAny(in).(map[string]any)
	if !ok {
		return
	}
	out, applied, err := n.NormalizeJSON("t", in)
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	if jsonwire.Valid(out) != nil {
		t.Fatalf("%s normalized to invalid JSON %s", in, out)
	}
	if wantOut, want := n.rulesFor("t").applyJSON(in); string(out) != string(wantOut) || fmt.Sprint(applied) != fmt.Sprint(want) {
		t.Fatalf("%s: the screen changed the result:\n got  %s %+v\n want %s %+v", in, out, applied, wantOut, want)
	}
	if wantOut, want := oneByOne(n.rulesFor("t"), in); string(out) != string(wantOut) || fmt.Sprint(applied) != fmt.Sprint(want) {
		t.Fatalf("%s: the rules of one call differ from each rule applied alone to the last one's output:\n got  %s %+v\n want %s %+v", in, out, applied, wantOut, want)
	}
	mm, mapplied := n.Normalize("t", m)
	if diff := cmp.Diff(deepText(decodeAny(out)), deepText(any(mm))); diff != "" {
		t.Fatalf("%s: entry points differ (-json +map):\n%s", in, diff)
	}
	if fmt.Sprint(params(applied)) != fmt.Sprint(params(mapplied)) {
		t.Fatalf("%s: records differ:\n json %v\n map  %v", in, params(applied), params(mapplied))
	}
	for _, a := range applied {
		if a.From == a.To {
			t.Fatalf("%s: a record without a change %+v", in, a)
		}
	}
}

// oneByOne applies rs's rules one at a time, each to the JSON the rule
// before it wrote, so that nothing a call keeps from one rule to the next
// (textCache's parsed JSON text) is kept.
func oneByOne(rs *ruleSet, in []byte) ([]byte, []Applied) {
	var all []Applied
	for i := range rs.rules {
		var applied []Applied
		in, applied = (&ruleSet{rules: rs.rules[i : i+1]}).applyJSON(in)
		all = append(all, applied...)
	}
	return in, all
}

// params lists records as rule@param, sorted within a rule (the map entry
// point walks a map's members in no fixed order).
func params(as []Applied) []string {
	var out []string
	start := 0
	for i := range as {
		out = append(out, as[i].RuleID+"@"+as[i].Param)
		if i+1 == len(as) || as[i+1].RuleID != as[i].RuleID {
			sort.Strings(out[start:])
			start = i + 1
		}
	}
	return out
}

// deepText replaces strings holding JSON text by their value, numbers by
// their text, so that the two entry points' encodings compare.
func deepText(v any) any {
	switch x := v.(type) {
	case map[string]any:
		c := map[string]any{}
		for k, e := range x {
			c[k] = deepText(e)
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = deepText(e)
		}
		return c
	case string:
		if jsonText(x) {
			return map[string]any{"$text": deepText(decodeAny([]byte(x)))}
		}
	case json.Number:
		return "#" + string(x)
	}
	return v
}

// TestGuardReadsTextAsChanged: a guard compares its member's string as
// the rules before it left it, where that string holds JSON text whose
// value they changed (written back before the guard reads it), as each
// rule applied alone to the last one's output reads it.
func TestGuardReadsTextAsChanged(t *testing.T) {
	n, err := New([]lenient.Rule{
		{ID: "a", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: "x.k.a", CoerceTo: "int"},
		{ID: "n", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: `x<"k"="{\"a\":5}">.n`, CoerceTo: "int"},
	})
	if err != nil {
		t.Fatal(err)
	}
	in := []byte(`{"x":{"k":"{\"a\":\"5\"}","n":"7"}}`)
	out, applied, err := n.NormalizeJSON("t", in)
	want, wantApplied := oneByOne(n.rulesFor("t"), in)
	if err != nil || string(out) != string(want) || fmt.Sprint(applied) != fmt.Sprint(wantApplied) {
		t.Errorf("got %s %v (%v), want %s %v", out, applied, err, want, wantApplied)
	}
}

// TestGuardReadsTextAsChangedMap: the same through rules of two phases
// (an absent rule empties the object a member sends as JSON text, then a
// coercion is guarded by that member holding "{}"), on both entry
// points (the third review's case).
func TestGuardReadsTextAsChangedMap(t *testing.T) {
	n := mustRules(t, `[
	 {"id":"ab","tools":["*"],"type":"absent","path":"m{}.k.a","value":[null]},
	 {"id":"g","tools":["*"],"type":"type_coerce","path":"m{}<\"k\"=\"{}\">.n","coerce_to":"int"}
	]`)
	in := `{"m":{"x":{"k":"{\"a\":null}","n":"1"}}}`
	out, applied, err := n.NormalizeJSON("t", []byte(in))
	want, wantApplied := oneByOne(n.rulesFor("t"), []byte(in))
	if err != nil || string(out) != string(want) || fmt.Sprint(applied) != fmt.Sprint(wantApplied) {
		t.Errorf("got %s %v (%v), want %s %v", out, applied, err, want, wantApplied)
	}
	if _, mapplied := n.Normalize("t", args(t, in)); fmt.Sprint(params(mapplied)) != "[ab@m.x.k.a g@m.x.n]" {
		t.Errorf("Normalize %s: records %v, want [ab@m.x.k.a g@m.x.n]", in, params(mapplied))
	}
}
