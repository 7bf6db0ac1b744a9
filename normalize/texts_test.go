package normalize

import (
	"fmt"
	"strings"
	"testing"
)

// checkOneByOne compares NormalizeJSON with the rules applied one by one
// (oneByOne), for tool "t".
func checkOneByOne(t *testing.T, n *Normalizer, in string) {
	t.Helper()
	out, applied, err := n.NormalizeJSON("t", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	wantOut, want := oneByOne(n.rulesFor("t"), []byte(in))
	if string(out) != string(wantOut) || fmt.Sprint(applied) != fmt.Sprint(want) {
		t.Errorf("%s:\n got  %s %+v\n want %s %+v", in, out, applied, wantOut, want)
	}
}

// textRules add to fuzzRules (for FuzzNormalizeTexts; the third
// review's) rules that read, write over, or guard on
// strings holding JSON text whose value earlier rules changed: an absent
// and a default inside text (phase 1) before a wrap of that text (3), a
// guard on it (4), accept-both both ways at and above it (5), a value
// alias of it and nested rules on an object inside it (6); a coercion
// inside text that a nested default then reads (4, 6); a top-level absent
// inside text before a top-level default and accept-both of it.
const textRules = `,
 {"id":"r3ab","tools":["*"],"type":"absent","path":"m{}.k.a","value":[null]},
 {"id":"r3d","tools":["*"],"type":"param_default","path":"m{}.w.y","value":1},
 {"id":"r3w","tools":["*"],"type":"wrap","path":"m{}.w"},
 {"id":"r3g","tools":["*"],"type":"type_coerce","path":"m{}<\"k\"=\"{}\"|\"[]\">.n","coerce_to":"int"},
 {"id":"r3c","tools":["*"],"type":"type_coerce","path":"m{}.k.b[]","coerce_to":"int"},
 {"id":"r3j","tools":["*"],"type":"json_accept_both","path":"m{}.k","to":"native"},
 {"id":"r3j2","tools":["*"],"type":"json_accept_both","path":"m{}.w"},
 {"id":"r3va","tools":["*"],"type":"value_alias","path":"m{}.k","value":{"{}":"[]","{\"b\":[1]}":"{\"b\":[2]}"}},
 {"id":"r3ec","tools":["*"],"type":"enum_case","path":"m{}.e","value":["[1]","{}"]},
 {"id":"r3c2","tools":["*"],"type":"type_coerce","path":"p.x.items[].q.n","coerce_to":"int"},
 {"id":"r3ab2","tools":["*"],"type":"absent","path":"top.a","value":[null]},
 {"id":"r3d2","tools":["*"],"type":"param_default","from":"top","value":"x","when":"absent_or_empty"},
 {"id":"r3j3","tools":["*"],"type":"json_accept_both","from":"top","to":"native"},
 {"id":"r3na","tools":["*"],"type":"nested_alias","in_payload":"m","array_path":"x.k.l[]","from":"o","to":"q"},
 {"id":"r3g2","tools":["*"],"type":"type_coerce","path":"s[]<\"op\"=\"[]\">(.kids[]|.next)*.n","coerce_to":"int"}
]`

// FuzzNormalizeTexts is FuzzNormalize with textRules added: rules that
// read, write over or guard on strings holding JSON text whose value
// rules before them changed (textCache), at every phase.
func FuzzNormalizeTexts(f *testing.F) {
	n := mustRules(f, strings.TrimSuffix(strings.TrimSpace(fuzzRules), "]")+textRules)
	for _, s := range []string{
		`{"m":{"x":{"k":"{\"a\":null,\"b\":[\"1\"]}","n":"1","w":"{\"z\":2}","e":"[1]"}}}`,
		`{"m":{"x":{"k":"[{\"a\":null}]","n":"1","w":"{}"},"y":{"k":"{\"a\":1,\"b\":\"[\\\"2\\\"]\"}"}}}`,
		`{"m":{"x":{"k":"{\"a\":null}","n":1}}}`,   // a step from the guard's case: "1" for 1
		`{"m":{"x":{"k":"{\"a\":null}","n":"1"}}}`, // the guard's case (TestGuardReadsTextAsChangedMap)
		`{"m":{"x":{"k":"{\"l\":[{\"o\":1}],\"b\":[\"1\"]}","n":"2"}}}`,
		`{"p":"{\"x\":{\"items\":[{\"q\":\"{\\\"n\\\":\\\"1\\\"}\"},{\"o\":\"{}\"}]}}","top":"{\"a\":null,\"b\":1}"}`,
		`{"s":"[{\"op\":\"[]\",\"kids\":[\"{\\\"n\\\":\\\"1\\\"}\",{\"next\":\"{\\\"n\\\":\\\"2\\\"}\"}]}]","m":{"q":{"k":"{\"b\":[\"1\"]}"}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) { fuzzCheck(t, n, in) })
}

// TestTextsAsOneByOne: rules that read, move, wrap or write over strings
// holding JSON text whose value rules before them changed normalize a
// call as each rule applied alone to the last one's output does, on both
// entry points, records and all (the third review's cases: an outer text
// written before an inner one and again after, text in text changed in
// turn, a wrap, aliases and nested rules moving a changed text, value
// aliases over an array's items, groups through texts at each level).
func TestTextsAsOneByOne(t *testing.T) {
	for _, tc := range []struct{ rules, in string }{
		// an outer text pending from the rule before, an inner text
		// changed, then a write of every pending text (at {}) in the same
		// walk: the outer is written before the inner, and again after
		{`{"id":"p","tools":["*"],"type":"type_coerce","path":"s[].m","coerce_to":"int"},
		  {"id":"r","tools":["*"],"type":"type_coerce","path":"s[].x[].n","coerce_to":"int"},
		  {"id":"j","tools":["*"],"type":"json_accept_both","from":"s","to":"native"}`,
			`{"s":"[{\"m\":\"1\",\"x\":\"[{\\\"n\\\":\\\"2\\\"}]\"},{\"x\":[{\"n\":{}}]}]"}`},
		// text in text changed by an alias, a default, a coercion in turn,
		// then read as its value, inner first
		{`{"id":"a","tools":["*"],"type":"param_alias","path":"s.x.old","to":"new"},
		  {"id":"d","tools":["*"],"type":"param_default","path":"s.x.b","value":2},
		  {"id":"c","tools":["*"],"type":"type_coerce","path":"s.x.new","coerce_to":"int"},
		  {"id":"j1","tools":["*"],"type":"json_accept_both","path":"s.x","to":"native"},
		  {"id":"j2","tools":["*"],"type":"json_accept_both","from":"s","to":"native"}`,
			`{"s":"{\"x\":\"{\\\"old\\\":\\\"1\\\"}\"}"}`},
		// a wrap of a pending object text; accept-both to string above it
		{`{"id":"d","tools":["*"],"type":"param_default","path":"o.w.y","value":1},
		  {"id":"w","tools":["*"],"type":"wrap","path":"o.w"},
		  {"id":"c","tools":["*"],"type":"type_coerce","path":"o.w[].z","coerce_to":"int"},
		  {"id":"j","tools":["*"],"type":"json_accept_both","from":"o"}`,
			`{"o":{"w":"{\"z\":\"3\"}"}}`},
		// an alias then a default into the text under the new key, an
		// enum case and a value alias of it
		{`{"id":"a","tools":["*"],"type":"param_alias","from":"old","to":"new"},
		  {"id":"d","tools":["*"],"type":"param_default","path":"new.y","value":1},
		  {"id":"e","tools":["*"],"type":"enum_case","from":"new","value":["{\"Y\":1}"]},
		  {"id":"v","tools":["*"],"type":"value_alias","from":"new","value":{"{\"Y\":1}":"[]"}}`,
			`{"old":"{}"}`},
		// a nested alias moves a pending text, a value alias reads it
		{`{"id":"c","tools":["*"],"type":"type_coerce","path":"p.x.items[].o.n","coerce_to":"int"},
		  {"id":"na","tools":["*"],"type":"nested_alias","in_payload":"p","array_path":"x.items[]","from":"o","to":"q"},
		  {"id":"va","tools":["*"],"type":"value_alias","path":"p.x.items[].q","value":{"{\"n\":1}":"one"}}`,
			`{"p":{"x":{"items":["{\"o\":\"{\\\"n\\\":\\\"1\\\"}\"}"]}}}`},
		// a value alias over an array's items, one a pending text
		{`{"id":"c","tools":["*"],"type":"type_coerce","path":"l[].n","coerce_to":"int"},
		  {"id":"v","tools":["*"],"type":"value_alias","from":"l","value":{"{\"n\":1}":"one"}}`,
			`{"l":["{\"n\":\"1\"}","{\"n\":\"1\"}"]}`},
		// a group through texts at each level, then native at each
		{`{"id":"g","tools":["*"],"type":"type_coerce","path":"r(.kids[]|.next)*.n","coerce_to":"int"},
		  {"id":"g2","tools":["*"],"type":"type_coerce","path":"r(.kids[]|.next)*.m","coerce_to":"int"},
		  {"id":"j","tools":["*"],"type":"json_accept_both","path":"r(.kids[]|.next)*","to":"native"}`,
			`{"r":"{\"n\":\"1\",\"next\":\"{\\\"m\\\":\\\"2\\\",\\\"kids\\\":[\\\"{\\\\\\\"n\\\\\\\":\\\\\\\"3\\\\\\\"}\\\"]}\"}"}`},
		// nested rules on objects inside a pending text
		{`{"id":"c","tools":["*"],"type":"type_coerce","path":"p.x.items[].q.n","coerce_to":"int"},
		  {"id":"na","tools":["*"],"type":"nested_alias","in_payload":"p","array_path":"x.items[]","from":"o","to":"q"},
		  {"id":"nd","tools":["*"],"type":"nested_default","in_payload":"p","array_path":"x.items[]","from":"q","value":"z"}`,
			`{"p":"{\"x\":{\"items\":[{\"q\":\"{\\\"n\\\":\\\"1\\\"}\"},{\"o\":\"{}\"},{}]}}"}`},
	} {
		n := mustRules(t, "["+tc.rules+"]")
		checkOneByOne(t, n, tc.in)
		out, applied, _ := n.NormalizeJSON("t", []byte(tc.in))
		_, mapplied := n.Normalize("t", args(t, tc.in))
		if fmt.Sprint(params(applied)) != fmt.Sprint(params(mapplied)) {
			t.Errorf("%s: records differ:\n json %v\n map  %v", tc.in, params(applied), params(mapplied))
		}
		t.Logf("%s -> %s %v", tc.in, out, params(applied))
	}
}
