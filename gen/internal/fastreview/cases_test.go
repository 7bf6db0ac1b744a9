package fastreview

import (
	"strings"
	"testing"
)

// kindNamed returns the kind of the type called name.
func kindNamed(name string) kind {
	for _, k := range kinds {
		if k.name == name {
			return k
		}
	}
	panic("no kind " + name)
}

// nest is v in n levels of arrays.
func nest(v string, n int) string { return strings.Repeat("[", n) + v + strings.Repeat("]", n) }

// pad is a document for Leaf of exactly n bytes (n >= 12).
func pad(n int) string {
	const open, shut = `{"v":["`, `"]}`
	return open + strings.Repeat("p", n-len(open)-len(shut)) + shut
}

// cases are hand-picked documents per type: each should decode the same
// with the fast path on and off.
var cases = map[string][]string{
	"ScalarsInput": {
		`{}`, ` { } `, "\t{\n}\r\n", `{"s":""}`, `{"s":"a","ps":"b","pb":true,"pi":-0,"pi8":-128,"pu16":65535,"pf32":-0,"pm":"m","pl":127}`,
		`{"i8":127,"i16":-32768,"i32":2147483647,"i64":-9223372036854775808,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615,"u":18446744073709551615}`,
		`{"i8":128}`, `{"i8":-129}`, `{"u8":256}`, `{"u16":65536}`, `{"u8":-0}`, `{"u8":-1}`, `{"i64":9223372036854775808}`,
		`{"i64":999999999999999999}`, `{"i64":1000000000000000000}`, `{"i64":-999999999999999999}`, `{"i64":"999999999999999999"}`,
		`{"i":01}`, `{"i":-01}`, `{"i":1.0}`, `{"i":1e0}`, `{"i":1E2}`, `{"i":"1e2"}`, `{"i":" 1"}`, `{"i":"1 "}`, `{"i":"+1"}`, `{"i":"-0"}`,
		`{"u":"-0"}`, `{"u":"-1"}`, `{"u":"+1"}`, `{"u8":"255"}`, `{"u8":"256"}`, `{"i":"5\u0030"}`, `{"i":"\u0035"}`,
		`{"f32":3.4028235e38}`, `{"f32":3.4028236e38}`, `{"f32":3.5e38}`, `{"f32":1e-46}`, `{"f32":1.4e-45}`, `{"f32":"1e39"}`, `{"f32":-0}`,
		`{"f64":4.9e-324}`, `{"f64":2e-324}`, `{"f64":1e309}`, `{"f64":"NaN"}`, `{"f64":"Inf"}`, `{"f64":"-Infinity"}`, `{"f64":"0x1p-2"}`,
		`{"f64":"1_0"}`, `{"f64":" 1.5"}`, `{"f64":"1.5 "}`, `{"f64":".5"}`, `{"f64":"5."}`, `{"f64":"-0"}`, `{"r":0.1}`, `{"r":"0.1"}`,
		`{"b":"yes"}`, `{"b":"TRUE"}`, `{"b":"t"}`, `{"b":"on"}`, `{"b":"1"}`, `{"b":1}`, `{"sb":"yes"}`, `{"sb":"true"}`, `{"sb":"1"}`,
		`{"strict_i":"1"}`, `{"strict_b":"true"}`, `{"strict_f":"1.5"}`, `{"strict_i":1}`,
		`{"un":"a\\nb"}`, `{"un":"a\nb"}`, `{"un":"a\\tb"}`, `{"un":"a\u0062"}`, `{"un":"plain"}`, `{"pun":"x\\ny"}`, `{"un":"\\n\n"}`,
		`{"s":"\ud800"}`, `{"s":"\udc00\ud800"}`, `{"s":"\ud83d\ude00"}`, "{\"s\":\"\xff\"}", "{\"s\":\"\xc3\"}", "{\"s\":\"a\xed\xa0\x80b\"}",
		"{\"s\":\"" + strings.Repeat("\xff", 70) + "\"}", "{\"s\":\"é\\n\xff\"}", `{"s":"\u0000"}`, "{\"s\":\"\x00\"}", "{\"s\":\"\x1f\"}",
		`{"s":"` + strings.Repeat("a", 64) + `","ps":"` + strings.Repeat("b", 65) + `","m":"` + strings.Repeat("c", 63) + `"}`,
		`{"s":"a\"b","ps":"c\\d","m":"\/"}`, `{"s":1}`, `{"s":null}`, `{"ps":null}`, `{"pi":null}`, `{"s":"a","s":"b"}`,
		`{"s":"a","S":"b"}`, `{"\u0073":"a"}`, `{"s\u0000":"a"}`, `{"é":1}`, "{\"\xff\":1}", `{"":1}`, `{"s":"a",}`, `{,"s":"a"}`,
		`{"s":"a" "b":true}`, `{"s" "a"}`, `{"s":}`, `{"s"}`, `{"s":"a"}}`, `{"s":"a"}x`, `{"s":"a"} {}`, `{"s":"a"`, `{"s":"a`, `{"s`, `{`,
		``, ` `, `null`, `[]`, `"{}"`, `"{\"s\":\"a\"}"`, `{"b":tru}`, `{"b":truex}`, `{"b":true1}`, `{"i":1x}`, `{"i":1-2}`, `{"i":--1}`,
		`{"i":-}`, `{"i":1.}`, `{"i":.5}`, `{"f64":1.5e}`, `{"f64":1.e5}`, `{"f64":01.5}`,
	},
	"BoundsInput": {
		`{"a":2}`, `{"a":1}`, `{"a":"2"}`, `{"a":"1"}`, `{"a":10}`, `{"a":11}`, `{"a":1.5}`, `{"a":2.0}`,
		`{"b":1}`, `{"b":0}`, `{"b":9}`, `{"b":10}`, `{"b":"9"}`, `{"b":"0"}`,
		`{"c":0}`, `{"c":200}`, `{"c":201}`, `{"c":"200"}`, `{"d":0.1}`, `{"d":0.3}`, `{"d":0.30000001}`, `{"d":0.09999999}`, `{"d":"0.1"}`,
		`{"d":0.1000000000000000055511151231257827}`, `{"e":0}`, `{"e":-0}`, `{"e":1e-300}`, `{"e":100}`, `{"e":99.99999999999999999}`,
		`{"e":"1e-300"}`, `{"e":"-0"}`, `{"g":-9223372036854775808}`, `{"h":18446744073709551615}`, `{"pi":10}`, `{"pi":9}`, `{"pi":"10"}`,
		`{"u16":65535}`, `{"u16":"65535"}`, `{"l":3}`, `{"l":4}`, `{"l":-3}`, `{"l":"-4"}`,
		`{"s":"ab"}`, `{"s":"a"}`, `{"s":"abcd"}`, `{"s":"abcde"}`, `{"s":"éé"}`, `{"s":"é"}`, "{\"s\":\"\xff\xff\"}", "{\"s\":\"\xff\"}",
		`{"s":"\ud800"}`, `{"s":"\ud83d\ude00"}`, `{"s":"😀😀"}`, `{"p":"abc"}`, `{"p":"ab1"}`, `{"p":"a\nb"}`, `{"p":"a\u0062"}`, `{"p":""}`,
		`{"en":"a"}`, `{"en":"é"}`, `{"en":"\u00e9"}`, `{"en":"e\u0301"}`, `{"en":"A"}`, `{"en":"a "}`,
		`{"v":"a"}`, `{"v":"x"}`, `{"v":"y"}`, `{"v":"c"}`, `{"v":"\u0078"}`, `{"v":"z"}`, `{"vs":["a","x","y","c"]}`, `{"vs":"[\"x\"]"}`,
		`{"vs":["\u0078"]}`, `{"vn":"x"}`, `{"vn":"\\n"}`, `{"vn":"n"}`, `{"vn":"\n"}`, `{"pv":"on"}`, `{"pv":"1"}`, `{"pv":"0"}`, `{"pv":"x"}`,
		`{"pv":null}`, `{"items":[]}`, `{"items":[1]}`, `{"items":[1,2,3]}`, `{"items":[1,2,3,4]}`, `{"items":"[1,2,3,4]"}`, `{"items":"[]"}`,
		`{"pits":[1]}`, `{"pits":[1,2]}`, `{"pits":"[1,2]"}`, `{"pits":[127,-128]}`, `{"pits":[128,1]}`,
	},
	"ContainersInput": {
		`{"tags":[]}`, `{"tags":[""]}`, `{"tags":"[]"}`, `{"tags":" [ ] "}`, `{"tags":"[\"a\",\"b\"]"}`, `{"tags":"  [\"a\"]  x"}`,
		`{"tags":"[\"a\"] "}`, `{"tags":"[\"a\"]\n"}`, `{"tags":"[\"a\"]\u0020"}`, `{"tags":"[\"a\"]\\u0020"}`, `{"tags":" [\"\\u00e9\"]"}`,
		"{\"tags\":\"[\\\"\xff\\\"]\"}", "{\"tags\":\"[\\\"\xff\\\"]\\n\"}", "{\"tags\":\"[\\\"a\xff\\\"]\xff\"}",
		`{"tags":"[\"a\\\"b\"]"}`, `{"tags":"[\"a\\\\\"]"}`, `{"tags":"[\"\\u0000\"]"}`, `{"tags":"[\"\\n\"]"}`, `{"tags":"[\"\n\"]"}`,
		`{"tags":"[\"\\ud800\"]"}`, `{"tags":"[\"\ud800\"]"}`, `{"tags":"[\"\\ud83d\\ude00\",\"\ud83d\ude00\"]"}`,
		`{"counts":{}}`, `{"counts":{"a":1,"b":2}}`, `{"counts":{"a":1,"a":2}}`, `{"counts":{"a":1,"\u0061":2}}`, `{"counts":{"":0}}`,
		`{"counts":{"é":1}}`, `{"counts":"{\"a\":1}"}`, `{"counts":"{\"a\":1,\"a\":1}"}`, `{"counts":{"a":null}}`, `{"counts":{"a":"1"}}`,
		`{"w":"a"}`, `{"w":["a"]}`, `{"w":""}`, `{"w":"[\"a\"]"}`, `{"w":"[a"}`, `{"w":"[1]"}`, `{"w":" [\"a\"]"}`, `{"w":1}`, `{"w":null}`,
		`{"w":[]}`, `{"wi":5}`, `{"wi":"5"}`, `{"wi":"[5]"}`, `{"wi":[5,"6"]}`, `{"wi":"[\"5\"]"}`, `{"wu8":[1,2]}`, `{"wb":true}`, `{"wb":[true]}`,
		`{"wb":"[true]"}`, `{"wb":["true"]}`,
		`{"ss":[]}`, `{"ss":[[]]}`, `{"ss":[[],[]]}`, `{"ss":["[]"]}`, `{"ss":"[[]]"}`, `{"ss":"[\"[\\\"a\\\"]\"]"}`, `{"ss":[["a"],"[\"b\"]"]}`,
		`{"sss":[[[1]]]}`, `{"sss":"[\"[\\\"[1]\\\"]\"]"}`, `{"sss":"[\"[\\\"[\\\\\\\"1\\\\\\\"]\\\"]\"]"}`,
		`{"sss":"[\"[\\\"[\\\\\\\"[]\\\\\\\"]\\\"]\"]"}`,
		`{"ms":{"k":{}}}`, `{"ms":{"k":{"n":1},"j":{"s":"x"}}}`, `{"ms":{"k":"{\"n\":1}"}}`, `{"ms":{"k":{"n":1,"n":2}}}`, `{"ms":{"k":null}}`,
		`{"mps":{"k":{}}}`, `{"mps":{"k":null}}`, `{"mps":{"a":{"xs":[1]},"b":{"xs":[]}}}`,
		`{"mm":{"a":[{"x":1}],"b":[]}}`, `{"mm":{"a":"[{\"x\":1},\"{}\"]"}}`, `{"msl":{"a":[],"b":["x"]}}`, `{"mpi":{"a":1,"b":null}}`,
		`{"psl":[]}`, `{"psl":[1,2]}`, `{"psl":null}`, `{"pmap":{}}`, `{"pmap":{"a":"b"}}`, `{"pin":{}}`, `{"pin":"{}"}`, `{"pin":null}`,
		`{"in":{}}`, `{"in":{"n":1,"xs":[1,2,3,4,5,6,7,8,9,10],"f":0.1}}`, `{"in":{"xs":[65535,65536]}}`,
		`{"sps":[1,null,2]}`, `{"sps":[]}`, `{"spi":[{},null]}`, `{"spi":[{"n":1}]}`, `{"stags":[[],["a"],"[\"b\"]"]}`,
		`{"sf32":[0.1,3.4028235e38,-0]}`, `{"sbool":[true,"yes","0"]}`, `{"sm":[{},{"a":"b"},"{\"c\":\"d\"}"]}`,
		`{"stra":[1,2]}`, `{"stra":"[1]"}`, `{"stra":["1"]}`, `{"stro":{"n":1}}`, `{"stro":{"n":"1"}}`, `{"stro":"{}"}`, `{"stro":{"xs":"[1]"}}`,
		`{"strm":{"a":1}}`, `{"strm":"{}"}`, `{"strm":{"a":"1"}}`,
		`{"mid":{"leaf":{"v":["a"]},"pleaf":{"v":[]},"map":{"k":{"v":["b"]}}}}`, `{"mid":"{\"leaf\":\"{\\\"v\\\":\\\"[\\\\\\\"a\\\\\\\"]\\\"}\"}"}`,
		`{"mids":[{},{"map":{}}]}`, `{"deep":{"a":[{"b":{"v":[]}}]}}`,
		`{"bnd":{"a":5,"s":"ab"}}`, `{"bnd":"{\"a\":5}"}`, `{"bnd":"{\"a\":\"5\"}"}`, `{"bnd":"{\"a\":1}"}`, `{"bnd":"{\"d\":0.3}"}`,
		`{"bnd":"{\"d\":\"0.3\"}"}`, `{"bnd":"{\"pi\":\"10\",\"u16\":\"65535\"}"}`, `{"bnds":["{\"e\":\"1e-300\"}",{"b":"9"}]}`,
		`{"bnds":"[\"{\\\"a\\\":\\\"2\\\"}\"]"}`, `{"bnd":"{\"a\":2\u0035}"}`, `{"bnd":"{\"a\":\u0032}"}`,
		`{"tags":"[\"a\"]"xyz`, `{"ss":["[[]"]}`, `{"pin":"{\"n\":1"}`,
	},
	"DefaultsInput": {
		`{"req":"r","req_i":1}`, `{"req":"r"}`, `{"req_i":1}`, `{}`, `{"r":"r","req_i":1}`, `{"req":"r","req_i":1,"opts":{}}`,
		`{"req":"r","req_i":1,"popts":{}}`, `{"req":"r","req_i":1,"parts":[]}`, `{"req":"r","req_i":1,"parts":[{"name":"a"}]}`,
		`{"req":"r","req_i":1,"parts":[{"name":"a","id":"x"}]}`, `{"req":"r","req_i":1,"ds":"a","di":1,"dp":2,"du":3,"df":4,"dm":"m","opts":{"level":1,"ratio":0.5,"verbose":false,"label":"l"},"popts":{"level":1,"ratio":0.5,"verbose":false,"label":"l"}}`,
		`{"req":"r","req_i":1,"ds":"a","di":1,"dp":2,"du":3,"df":4,"dm":"m"}`, `{"req":"r","req_i":"1","ds":"a","di":1,"dp":2,"du":3,"df":4,"dm":"m"}`,
		`{"req":"r","req_i":1,"opts":"{}"}`, `{"req":"r","req_i":1,"tags":"a"}`, `{"req":"r","req_i":1,"tags":[]}`, `{"req":null,"req_i":1}`,
	},
	"StrictInput": {
		`{}`, `{"id":"a","kind":"k","c":{},"cs":[],"cm":{},"flag":true,"amount":1}`, `{"x":1}`, `{"c":{"x":1}}`, `{"cs":[{"x":1}]}`,
		`{"cm":{"k":{"x":1}}}`, `{"Base":{}}`, `{"id":"a","id":"b"}`, `{"c":"{\"a\":1}"}`, `{"c":"{\"a\":1,\"z\":2}"}`, `{"amount":"1e400"}`,
	},
	"OddInput": {
		`{"psp":[1,null,2]}`, `{"psp":[]}`, `{"psp":"[1]"}`, `{"sps":[[1],null,[]]}`, `{"sps":["[1]"]}`, `{"mps":{"a":[1],"b":null}}`,
		`{"pmp":{"a":{},"b":null}}`, `{"pmp":"{\"a\":{\"n\":1}}"}`, `{"spm":["a",null,"b"]}`, `{"n":{"a":["x"],"b":[]}}`,
		`{"n":{"a":"[\"x\"]"}}`, `{"al":"a","pal":"b"}`, `{"pal":null}`, `{"emb":{"b":1}}`, `{"emb":"{\"b\":1}"}`, `{"b":1}`,
		`{"str":1}`, `{"str":"1"}`, `{"str":"\"1\""}`, `{"msp":{"a":[{},null]}}`, `{"smp":[{"a":{}},{"b":null}]}`,
	},
	"DeepInput": {
		`{"d63":` + nest("1", 63) + `}`, `{"d63":` + nest("1", 62) + `}`, `{"d64":` + nest("1", 64) + `}`,
		`{"d64":` + nest("1", 63) + `}`, `{"d63":` + nest(`"[1]"`, 62) + `}`, `{"d63":` + nest(`"[[1]]"`, 61) + `}`,
		`{"d63":"` + nest("1", 63) + `"}`, `{"d64":"` + nest("1", 64) + `"}`, `{"d63":` + nest("1", 63) + `,"t":"x"}`,
		`{"d63":` + nest("", 63) + `}`, `{"d63":` + nest("", 64) + `}`,
	},
	"Inner":  {`{}`, `{"n":1}`, `{"xs":[]}`, `{"f":null}`, `{"f":1}`, `{"f":"1"}`, `{"s":"a","n":1,"xs":[1],"f":1}`},
	"Mid":    {`{}`, `{"map":{}}`, `{"leaf":{}}`, `{"leaf":{"v":[]}}`, `{"map":{"a":{"v":["x"]}}}`},
	"Opts":   {`{}`, `{"ratio":null}`, `{"ratio":0.5}`, `{"level":"2"}`, `{"label":"lbl"}`},
	"Closed": {`{}`, `{"a":1}`, `{"c":1}`, `{"a":1,"b":"x"}`},
	"ReportInput": {
		`{}`, `{"ident":"a"}`, `{"the id":"a"}`, `{"id":"a","ident":"b"}`, `{"ident":"a","the id":"b"}`, `{"ident":"\u0061"}`,
		`{"str":"a","int_v":"5","$i":"6"}`, `{"$i":"-0","i8_v":"-128","uint_v":"065535","u64_v":"18446744073709551615"}`,
		`{"u64_v":"18446744073709551616"}`, `{"u64":"00000000000000000000018446744073709551615"}`, `{"i":"-9223372036854775808"}`,
		`{"i":"9223372036854775808"}`, `{"i8":"0128"}`, `{"float_v":"1e2","f64_v":"-0"}`, `{"f":"1E-2","f64":"0.1e1"}`,
		`{"f":"3.4028235e38"}`, `{"f":"3.5e38"}`, `{"f64":"1e-400"}`, `{"f64":"123456789012345678901234567890"}`, `{"f":"0.1"}`,
		`{"bool_v":"YES","sb_v":"true"}`, `{"b":"off"}`, `{"b":"1","sb":"1"}`, `{"b":"0","pb":"no"}`, `{"b":"No"}`, `{"sb":"false"}`,
		`{"b":"tRuE"}`, `{"b":"\u0031"}`, "{\"b\":\"y\xffs\"}", `{"pi":"7","pb":"yes"}`, `{"p i":"7"}`, `{"p b":"false"}`,
		`{"pi":null}`, `{"pi":"null"}`, `{"sl":"[1, 2]"}`, `{"a b":"[1,2]"}`, `{"a b":" [ 1 , 2 ] "}`, `{"a b":"[\n1,\t2\r]"}`,
		`{"a b":"[\u0031]"}`, `{"a b":"[1]\n"}`, `{"mp":"{\"k\": 1}"}`, `{"a-b":"{\"k\":1}"}`, `{"a-b":"{\"k\":\"1\"}"}`,
		`{"inner":"{\"n\":1,\"s\":\"a b\",\"xs\":[1, 2]}"}`, `{"x 0":"{\"s\":\"\\u00e9\"}"}`, `{"x 0":"{\"s\":\"é\"}"}`,
		`{"x 0":" {} "}`, `{"p_in":"{}","pin":{}}`, `{"p_in":"{\"f\":1}"}`, `{"ww":["a"]}`, `{"ww":"a"}`, `{"w":"[\"a\"]"}`,
		`{"ww":"[\"a\", \"b\"]"}`, `{"st":1}`, `{"st":"1"}`, `{"strict":"1"}`, `{"un_v":"a"}`, `{"un_v":"a\\nb"}`, `{"un":"a\nb"}`,
		`{"s_s":"[[\"a\"],[]]"}`, `{"s_s":"[\"[]\"]"}`, `{"ss":"[[\"a b\"]]"}`, `{"m m":"{\"k\":[1]}"}`, `{"m m":{"k":"[1]"}}`,
		`{"d s":"x"}`, `{"di":-1,"du":1,"d f":1,"df32":1,"db":false,"dpf":null,"dpb":null,"dps":null,"da":0}`, `{"dpf":"1.5"}`,
		`{"dps_v":"q","da_v":"3"}`, `{"dps_v":"q","dps":"r"}`, `{"da_v":1,"da":2}`, `{"options":{}}`, `{"options":"{}"}`,
		`{"opts":"{\"level\":1}"}`, `{"p_map":"{\"a\":\"b\"}"}`, `{"pmap":null}`, `{"p_map":{"a":"b"}}`, `{"zz":1}`,
		`{"ident":"a","str":"b","int_v":"1","$i":"2"}`, `{"$i":"1","i":2}`, `{"i":1,"$i":2}`,
		`{"the id":"x","old s":"y","i8_v":"1","uint_v":"2","u64_v":"3","float_v":"4","f64_v":"5","bool_v":"yes","sb_v":"true","pi":"6","pb":"1","sl":"[]","mp":"{}","inner":"{}","p_in":"{}","ww":"[]","st":1,"un_v":"u","s_s":"[]","dps_v":"d","da_v":"9","options":"{}","p_map":"{}","lvl":"2"}`,
		`{"the id":"x","old s":"y","a b":"[1,2]","b":"yes","d s":"q","lvl":-1}`, `{"lvl":"-3"}`, `{"lvl":"x"}`,
	},
	"ReportPaths": {
		`{}`, `{"i.v":"1"}`, `{"i[0]":1}`, `{"i{}":"2"}`, `{"a.b":"{}"}`, `{"x[0]":"{\"n\":1}"}`, `{"m.m":"{\"k\":1}"}`,
		`{"m{}":{}}`, `{"m{}":"{}","s]l":"[\"x\"]"}`, `{"m{}":{},"s]l":"x"}`, `{"m{}":{},"b.b":"yes","f[]":"2"}`, `{"m{}":{},"i[0]":"3","a.b":"{}"}`,
	},
	"ClosedReport": {`{}`, `{"a":1}`, `{"aa":1}`, `{"aa":"1"}`, `{"a":"1","b":"x"}`, `{"aa":1,"c":1}`, `{"aa":1,"a":2}`, `{"b":"\u0062"}`},
	"Part":         {`{}`, `{"name":"a"}`, `{"name":"a","id":"b","qty":2}`, `{"name":"a","id":"b"}`},
	"Leaf": {
		pad(4095), pad(4096), pad(4097), ` ` + pad(4095), pad(4096) + ` `, `{"v":"[\"` + strings.Repeat("q", 4080) + `\"]"}`,
		`{"v":["` + strings.Repeat("\\u00e9", 680) + `"]}`, `{"v":["` + strings.Repeat("é", 2040) + `"]}`,
		`{"v":["` + strings.Repeat("\\n", 2040) + `"]}`,
	},
}

// TestCases compares the fast path with the Decoder on the hand-picked
// documents (the stale-closed ones are TestBugStaleClosed's).
func TestCases(t *testing.T) {
	n, took := 0, 0
	for name, docs := range cases {
		k := kindNamed(name)
		for _, doc := range docs {
			n++
			if fastTakes(k, []byte(doc), false) {
				took++
			}
			if d := differ(k, []byte(doc)); d != "" {
				t.Errorf("%s", d)
			}
		}
	}
	t.Logf("%d documents, the fast path took %d", n, took)
}

// TestReportTakes: with fixes recorded (UnmarshalJSONReport, Tool.Decode),
// the fast path takes a call whose top-level members are scalars sent as
// strings or containers sent as JSON text, sent under an alias, absent
// and given their defaults, or one the type does not declare, and gives
// what the Decoder gives, fixes included; a fix deeper down, a second
// unknown key, or one a type rejects still makes it give up.
func TestReportTakes(t *testing.T) {
	for _, c := range []struct {
		kind, doc string
		takes     bool
	}{
		{"ScalarsInput", `{"s":"a","b":"yes","i8":"-5","u16":"7","f32":"0.1","pi":"3","pb":"false","l":"2"}`, true},
		{"ScalarsInput", `{"i64":"9223372036854775807","f64":"1e2","u":"010"}`, true},
		{"ContainersInput", `{"tags":"[\"a\",\"b\"]","counts":"{\"x\":1}","ss":"[[\"a\"]]","in":"{\"n\":1}"}`, true},
		{"ContainersInput", `{"tags":"[\"a\"]","psl":"[1, 2]","pin":" {\"n\":2} "}`, true},
		{"ContainersInput", `{"sps":["1"]}`, false},
		{"ScalarsInput", `{"s":"a","zz":{"x":[1,{"y":null}],"s":"\u00e9"},"i8":"1"}`, true},
		{"ScalarsInput", `{"zz":1,"yy":2}`, false},
		{"ScalarsInput", `{"zz":1,"zz":2}`, false},
		{"ScalarsInput", `{"zz":{"a":1,"a":2}}`, false},
		{"ScalarsInput", `{"zz":[1,]}`, false},
		{"ContainersInput", `{"in":{"n":1,"zz":true}}`, false},
		{"ClosedReport", `{"a":1,"zz":2}`, false},
		{"ContainersInput", `{"tags":"[\"a\"]","ss":["[\"b\"]"]}`, false},
		{"ScalarsInput", `{"strict_i":"1"}`, false},
		{"DefaultsInput", `{"req":"a","req_i":"1"}`, true},
		{"DefaultsInput", `{"req":"a","req_i":1,"ds":"y","di":"8","dp":4,"du":"1","df":2,"dm":"m"}`, true},
		{"DefaultsInput", `{"req":"a","req_i":1,"opts":{}}`, false},
		{"DefaultsInput", `{"r":"a","req_i":"2","tags":"[\"x\"]"}`, true},
		{"DefaultsInput", `{"r":"a","required":"b","req_i":1}`, false},
	} {
		k := kindNamed(c.kind)
		if got := fastTakes(k, []byte(c.doc), true); got != c.takes {
			t.Errorf("%s %s: the fast path takes it: %v, want %v", c.kind, c.doc, got, c.takes)
		}
		if d := differ(k, []byte(c.doc)); d != "" {
			t.Errorf("%s", d)
		}
	}
}
