package gen

import (
	"encoding/json"
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/foreignfixture"
	"github.com/normgen/normgen/internal/schemacheck"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// holder is a tool's input holding a struct of another package.
type holder[T any] struct {
	F T `json:"f"`
}

// TestDescribersAgree: the generator's description of a struct of
// another package (stdType, from go/types) and package schema's (by
// reflection: schemabuild.For, the typed adapters, the fallback decoder)
// give each of its fields the same schema, for fields of every kind
// internal/foreignfixture declares (types holding themselves through a
// slice, a map or each other; named pointers; embedding); and
// that schema takes every value encoding/json takes there, and refuses
// what it refuses but where a schema cannot say it (class (i): what a
// recursion holds at its second depth, a json.Number's text), under the
// Go validator and AJV. Reflection ran out of stack on the first two
// (the process died), and the generator described a named pointer type
// as any value; a field tagged with the json option string took any
// string ("abc" for an integer, "x" for a string, which encoding/json
// reads only as "\"x\""); and a member promoted through an embedded
// pointer to a struct of an unexported type, which encoding/json fails
// on, was declared.
func TestDescribersAgree(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: ".."}, "github.com/normgen/normgen/internal/foreignfixture")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load: %v %v", err, pkgs)
	}
	obj := pkgs[0].Types.Scope().Lookup("Holder")
	fromTypes := stdType(obj.Type(), map[*types.Named]bool{})
	d, err := schema.Describe(reflect.TypeFor[holder[foreignfixture.Holder]]())
	if err != nil {
		t.Fatal(err)
	}
	fromReflect := d.Fields[0].Type
	built := func(ty *schema.Type) string {
		s, err := schemabuild.Build(ty)
		if err != nil {
			t.Fatal(err)
		}
		text, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(text)
	}
	if len(fromTypes.Fields) != len(fromReflect.Fields) {
		t.Fatalf("go/types: %d fields, reflection: %d", len(fromTypes.Fields), len(fromReflect.Fields))
	}
	for i, f := range fromTypes.Fields {
		g := fromReflect.Fields[i]
		if f.Name != g.Name {
			t.Errorf("field %d: %s by go/types, %s by reflection", i, f.Name, g.Name)
			continue
		}
		if a, b := built(f.Type), built(g.Type); a != b {
			t.Errorf("%s: go/types\n  %s\nreflection\n  %s", f.Name, a, b)
		}
		if a, b := schema.LooseParts(f.Type), schema.LooseParts(g.Type); !slices.Equal(a, b) {
			t.Errorf("%s: what the schema cannot say, by go/types\n  %q\nby reflection\n  %q", f.Name, a, b)
		}
	}
	// (what the warning names: schema.LooseParts, by field)
	loose := map[string][]string{}
	for _, f := range fromReflect.Fields {
		loose[f.Name] = schema.LooseParts(f.Type)
	}
	if !slices.ContainsFunc(loose["embeds"], func(p string) bool { return strings.HasPrefix(p, "h: not declared") }) {
		t.Errorf("embeds: h, which encoding/json cannot set, is not named among %q", loose["embeds"])
	}
	// (a map's keys: integers, which either version reads, and kinds
	// Go 1.26 reads no key into, whose warning says it refuses every
	// object there)
	for name, why := range map[string]string{"int_keys": schema.LooseKeys, "float_keys": schema.LooseKeyKind, "bool_keys": schema.LooseKeyKind} {
		if want := []string{"the value: any key (" + why + ")"}; !slices.Equal(loose[name], want) {
			t.Errorf("%s: what the schema cannot say is %q; want %q", name, loose[name], want)
		}
	}

	for _, p := range []string{lenientimpl.QuotedIntPattern, lenientimpl.QuotedUintPattern, lenientimpl.QuotedFloatPattern, lenientimpl.QuotedBoolPattern, lenientimpl.QuotedStringPattern} {
		if err := lint.PortablePattern(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}

	// (a member encoding/json cannot set is no parameter)
	for _, f := range fromReflect.Fields {
		if f.Name == "embeds" && slices.ContainsFunc(f.Type.Fields, func(g schema.Field) bool { return g.Name == "h" }) {
			t.Errorf("embeds: h, promoted through an embedded pointer to a struct of an unexported type, is declared")
		}
	}

	// What encoding/json takes, and the schema served.
	// (a value a schema cannot refuse, class (i), or that one Go version
	// reads and the other refuses: the schema takes it)
	approx := "approx:"
	values := map[string][]string{
		"list":      {`[]`, `[[]]`, `[[null,[]]]`, `null`, `[null]`, `{}`, `"x"`, `5`, approx + `[1]`},
		"dict":      {`{}`, `{"a":{}}`, `{"a":null}`, `null`, `[]`, `"x"`, approx + `{"a":1}`},
		"a":         {`[]`, `[{"k":[]}]`, `[null]`, `{}`, `[1]`, approx + `[{"k":[1]}]`},
		"int_ptr":   {`5`, `-1`, `null`, `"5"`, `5.5`, `true`},
		"tree":      {`{"name":"a","kids":[{"name":"b","kids":[]}]}`, `null`, `{"kids":null}`, `{"name":5}`, `[]`, approx + `{"kids":[{"kids":[5]}]}`},
		"upper_ptr": {`null`, approx + `"abc"`, approx + `5`},
		"time_ptr":  {`null`, approx + `"2024-01-01T00:00:00Z"`, approx + `{}`},
		// (an unnamed struct's promoted UnmarshalJSON, which encoding/json
		// calls where the compiler wrote the method for the binary)
		"emb_time":     {`null`, approx + `"2024-01-01T00:00:00Z"`, approx + `5`, approx + `{}`},
		"emb_time_ptr": {`null`, approx + `"2024-01-01T00:00:00Z"`, approx + `5`, approx + `{}`},
		// (a struct that embeds a json.Number: an object to Go 1.26, the
		// number to Go 1.27)
		"emb_num":         {`null`, approx + `5`, approx + `"5"`, approx + `{"x":1,"Number":"5"}`, approx + `{}`},
		"emb_num_deep":    {`null`, approx + `5`, approx + `"5"`, approx + `{"x":1,"Number":"5"}`, approx + `{}`},
		"emb_num_unnamed": {`null`, approx + `5`, approx + `"5"`, approx + `{"Number":"5"}`, approx + `{}`},
		"own_text_num":    {`null`, approx + `5`, approx + `"x"`, approx + `{}`},
		// (encoding/json sets an interface with methods from null alone,
		// and skips an array's elements past its length unread)
		"stringer": {`null`, approx + `5`, approx + `{}`},
		"fixed":    {`[1]`, `[1,"x"]`, `[]`, `null`, approx + `["x"]`},
		"numbers":  {`{"I8":127}`, `{"I8":1.5}`, `{"U16":-1}`, `{"F32":1.5}`, `{"UP":5}`, `{"I":"5"}`, `{"F64":null}`, `{"UP":-1}`, `{"UP":"5"}`},
		"bytes":    {`{"S":"QUJD"}`, `{"S":[1,2]}`, `{"A":[1,2]}`, `{"A":[1,2,3]}`, `{"A":"QQ=="}`, `{"S":"x"}`},
		"embeds":   {`{"name":"a","I8":1,"x":2}`, `{"Label":"abc"}`, `{"kids":[]}`, `{"x":"1"}`, `{"Label":5}`, `{"I8":"1"}`, approx + `{"h":1}`},
		"tagged":   {`{"a":1,"-":true,"D":"x"}`, `{"-":"x"}`, `{"B":5}`, `{"e":5}`, `{"a":"1"}`},
		"upper":    {`"abc"`, `null`, `5`},
		"time":     {`"2024-01-01T00:00:00Z"`, `null`, `"2024-01-01"`, `5`},
		"dur":      {`5`, `null`, `"5s"`, `1.5`},
		"raw":      {`5`, `{"a":[1]}`, `null`},
		"num":      {`5`, `"5"`, `null`, approx + `"x"`, approx + `true`},
		"any":      {`5`, `"x"`, `[{}]`},
		"map":      {`{"a":[1]}`, `{"a":null}`, `{"a":["x"]}`, `[]`},
		"int_keys": {`{"1":"x"}`, `{"-1":"x"}`, `{}`, `null`, `[]`, approx + `{"x":"y"}`, approx + `{"300":"y"}`},
		// (Go 1.26 refuses every object there, Go 1.27 reads the keys it
		// can read as a float or a bool)
		"float_keys": {`null`, `[]`, `{"1.5":"x"}`, approx + `{}`, approx + `{"1.5":1}`, approx + `{"x":1}`},
		"bool_keys":  {`null`, `5`, approx + `{}`, approx + `{"true":1}`, approx + `{"x":1}`},
		"quoted": {
			`{"i":"-12","u8":"255","f":"1.5e3","b":"true","s":"\"x\"","p":"7"}`, `{"i":"0012"}`, `{"i":"null","f":"null","b":"null","s":"null","p":"null"}`,
			`{"i":null,"p":null}`, `{"i":12}`, `{"i":"12.0"}`, `{"i":"1e3"}`, `{"i":""}`, `{"u8":"-1"}`, `{"u8":"+1"}`,
			`{"f":"0x1p-2"}`, `{"f":"1_000.5"}`, `{"f":"-Inf"}`, `{"f":"1_"}`, `{"f":1.5}`,
			`{"b":"TRUE"}`, `{"b":true}`, `{"b":"1"}`, `{"s":"x"}`, `{"s":"\"a\\u00e9\""}`, `{"s":"\"\\x\""}`, `{"s":5}`,
			`{"up":"\"abc\""}`, `{"up":"null"}`, `{"up":null}`, `{"up":5}`, `{"lv":null}`, `{"t":{"name":"a"}}`, `{"t":"{}"}`,
			`{"uptr":"5"}`, `{"sl":[1]}`, `{"sl":"[1]"}`, `{"dur":"5"}`, `{"dur":"5s"}`, `{"dur":5}`,
			// (read by one Go version and not the other, which the schema
			// takes: Go 1.27 reads a quoted number as strconv does, a named
			// pointer type's and a type's own method's value as without
			// the option)
			approx + `{"i":"+1"}`, approx + `{"f":".5"}`, approx + `{"f":"NaN"}`, approx + `{"f":"+Inf"}`,
			approx + `{"ip":5}`, approx + `{"ip":"5"}`, approx + `{"up":"abc"}`, approx + `{"lv":"5"}`, approx + `{"lv":5}`,
			`{"n":"12"}`, `{"n":"1e5"}`, `{"n":null}`, `{"n":"x"}`, `{"n":12}`, `{"n":"+1"}`, `{"n":""}`,
			approx + `{"n":"\"12\""}`, approx + `{"n":"-x"}`, approx + `{"n":"null"}`, approx + `{"n":"\"1-2\""}`, `{"n":"\"x1\""}`,
			approx + `{"lv":"x"}`, `{"uptr":"x"}`, `{"uptr":"-1"}`, approx + `{"s":"\"\\'\""}`,
		},
	}
	var warned []string
	s, err := schemabuild.ForOptions(holder[foreignfixture.Holder]{}, lenient.ProfilePortable, schema.Options{OnWarning: func(msg string) { warned = append(warned, msg) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "f.embeds.h: not declared") || !strings.Contains(warned[0], "f.tree.kids[]: any value (a type met again inside itself)") {
		t.Errorf("schemabuild warned %q; want one warning naming f.embeds.h and f.tree.kids[]", warned)
	}
	text, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	v := schemacheck.MustCompile(t, text)
	var calls []json.RawMessage
	var takes, exact []bool
	var keys []string
	for key, vals := range values {
		for _, x := range vals {
			x, ok := strings.CutPrefix(x, approx)
			call := json.RawMessage(fmt.Sprintf(`{"f":{%q:%s}}`, key, x))
			var h holder[foreignfixture.Holder]
			calls = append(calls, call)
			takes = append(takes, json.Unmarshal(call, &h) == nil)
			exact = append(exact, !ok)
			keys = append(keys, key)
		}
	}
	ajv := ajvcheck.Validate(t, []ajvcheck.Case{{Schema: text, Instances: calls}})[0]
	for i, call := range calls {
		for _, r := range []struct {
			validator string
			admits    bool
		}{{"Go validator", schemacheck.Valid(t, v, call)}, {"AJV", ajv[i]}} {
			switch {
			case takes[i] && !r.admits:
				t.Errorf("%s: %s refused; encoding/json takes it", r.validator, call)
			case !takes[i] && r.admits && exact[i]:
				t.Errorf("%s: %s admitted; encoding/json refuses it", r.validator, call)
			case !takes[i] && !r.admits && !exact[i]:
				t.Errorf("%s: %s refused, marked as a value a schema cannot refuse", r.validator, call)
			case !takes[i] && r.admits && len(loose[keys[i]]) == 0 && keys[i] != "quoted":
				// (the quoted patterns take what either Go version reads
				// there, as docs/semantics.md says, with no warning)
				t.Errorf("%s: %s admitted; encoding/json refuses it, and no warning names %s", r.validator, call, keys[i])
			}
		}
	}
}
