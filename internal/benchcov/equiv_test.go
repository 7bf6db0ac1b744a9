package benchcov

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/schemagen"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// equivSeeds seed FuzzDeriveEquivalentShapes: choice strings for
// buildMoreShapes (recursion through a union beside other types, a map's
// values, the arguments themselves) and for its shapes buildShape makes.
var equivSeeds = []string{
	"",
	"\x01\x01\x02",             // a root $ref to a definition referring to itself directly
	"\x01\x04",                 // ... through a union beside a scalar
	"\x01\x05",                 // ... through a map's values
	"\x05\x00\x00",             // arguments that refer to themselves
	"\x05\x01\x01\x02",         // ... through an array
	"\x05\x02\x03\x02\x01",     // ... through a union beside an integer
	"\x00\x00\x00\x06\x00\x01", // an argument, a definition referring to itself directly
	"\x00\x00\x00\x06\x00\x02", // ... through an array
	"\x00\x00\x00\x06\x00\x04", // ... through a union beside an integer
	"\x00\x00\x00\x06\x00\x05", // ... through a map's values
	"\x06\x00",                 // arguments that are a map of objects
	"\x06\x02",                 // ... of objects that refer to the arguments
	"\x07\x03",                 // arguments whose members patternProperties describe
	"\x08\x00\x00",             // a root union with a scalar branch
	"\x01\x06",                 // a definition referring to itself directly and through a union
	"\x09\x00\x00\x01\x00\x01", // a root if whose then and else declare members
	"\x0a\x02\x00\x01\x01\x00", // an enum of the arguments' objects
	"\x0a\x00\x03\x01\x00\x01", // a const of a member's object
	"\x0a\x00\x03\x01\x01\x00", // a const of the arguments, beside their allOf
	"\x1f\x958\xe4-K",
	"ؐ5\x98e\x84\x9d\xf6\x92",
}

// FuzzDeriveEquivalentShapes: the invariant on derived schemas. For a
// schema buildMoreShapes makes, each strict-valid instance schemagen
// makes is sent as a model might send it (numbers and booleans as their
// text, arrays and objects below the arguments as JSON text, chosen at
// random), and again with members spelled as a model spells one it
// leaves out (null, "" or "null": asModelOmits): the rewrite takes it
// exactly where normalizing with the derived rules, then the strict
// schema, does (the Go validator judges both). A rewrite that advertises a form no rule reads, or a rule that
// makes of a call what the rewrite refuses, fails it, and so does a rule
// that changes a form the strict schema takes as it is.
func FuzzDeriveEquivalentShapes(f *testing.F) {
	for _, s := range equivSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		schema, d, n := deriveShape(t, in, buildMoreShapes)
		strict, err := compileMem("strict", schema)
		if err != nil {
			t.Fatalf("the builder made a schema that does not compile: %v\n%s", err, schema)
		}
		rewrite := d.Schema.Marshal()
		lax, err := compileMem("rewrite", rewrite)
		if err != nil {
			t.Fatalf("the rewrite does not compile: %v\n%s", err, rewrite)
		}
		root, _ := jsonnode.Parse(schema)
		bounded := bytes.Contains(schema, []byte(`"minimum"`)) || bytes.Contains(schema, []byte(`"maximum"`))
		h := fnv.New64a()
		h.Write(in)
		rng := rand.New(rand.NewPCG(h.Sum64(), 1))
		omits := rand.New(rand.NewPCG(h.Sum64(), 2))
		for seed := range uint64(fuzzSeeds) {
			g := schemagen.NewGen(h.Sum64()+seed, root, "t", nil)
			for range fuzzEach {
				args := g.Args()
				if !valid(strict, args) || !bytes.HasPrefix(args, []byte("{")) {
					continue
				}
				sent, text, digits := asModelSends(args, rng, seed%2 == 1)
				norm, fixes, err := n.NormalizeJSON("t", sent)
				if misnamedOnly(err) {
					// an undeclared key near a declared one the call left
					// out (a then's "a.b" beside "ab"), the strict schema's
					// or not: refused by name, by design (class (j),
					// docs/semantics.md)
					continue
				}
				if valid(strict, sent) && (err != nil || len(fixes) > 0 || !bytes.Equal(norm, sent)) {
					t.Fatalf("%s (from %s), which the strict schema takes, became %s (fixes %v, error %v)\nschema: %s\nrules: %v", sent, args, norm, fixes, err, schema, d.Rules)
				}
				if err != nil {
					continue // refused by name (a misnamed key): not a schema's verdict
				}
				// (JSON text the rewrite takes as a string may hold what
				// the strict schema refuses, parsed: class (b); a number's
				// text is held to no bound, which its number may pass:
				// class (a))
				taken, admitted := valid(strict, norm), valid(lax, sent)
				if taken && !admitted || admitted && !taken && !text && !(digits && bounded) {
					t.Fatalf("%s (from %s): the rewrite admits it: %v; normalized (%s), the strict schema takes it: %v\nschema: %s\nrewrite: %s\nrules: %v", sent, args, admitted, norm, taken, schema, rewrite, d.Rules)
				}
				// (and with members sent as a model spells one it leaves
				// out, null, "" or "null": what an absent rule takes out;
				// drawn apart, so that the sends above stay as they were)
				omitted, stringed, ok := asModelOmits(args, omits)
				if !ok {
					continue
				}
				norm, fixes, err = n.NormalizeJSON("t", omitted)
				if misnamedOnly(err) {
					continue // (refused by name, as above)
				}
				if valid(strict, omitted) && (err != nil || len(fixes) > 0 || !bytes.Equal(norm, omitted)) {
					t.Fatalf("%s (from %s), which the strict schema takes, became %s (fixes %v, error %v)\nschema: %s\nrules: %v", omitted, args, norm, fixes, err, schema, d.Rules)
				}
				if err != nil {
					continue
				}
				// (a string sent where JSON text is read the rewrite takes
				// as any string: class (b))
				if taken, admitted := valid(strict, norm), valid(lax, omitted); taken && !admitted || admitted && !taken && !stringed {
					t.Fatalf("%s (from %s): the rewrite admits it: %v; normalized (%s), the strict schema takes it: %v\nschema: %s\nrewrite: %s\nrules: %v", omitted, args, admitted, norm, taken, schema, rewrite, d.Rules)
				}
			}
		}
	})
}

// asModelOmits returns the instance args with the values of some members
// (below the arguments too; one in three, at least one) sent as a model
// spells a member it leaves out: null, "" or "null"; stringed reports
// whether one was sent as a string, ok is false where args holds no
// member.
func asModelOmits(args []byte, rng *rand.Rand) (out []byte, stringed, ok bool) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return args, false, false
	}
	// (an array or object is spelled null alone: a string where its JSON
	// text is read, the rewrite takes as any string, class (b))
	type member struct {
		set       func(any)
		container bool
	}
	var members []member
	var walk func(x any)
	walk = func(x any) {
		switch x := x.(type) {
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) { // (in one order: the draws repeat)
				walk(x[k])
				_, array := x[k].([]any)
				_, object := x[k].(map[string]any)
				members = append(members, member{func(to any) { x[k] = to }, array || object})
			}
		}
	}
	walk(v)
	if len(members) == 0 {
		return args, false, false
	}
	omit := func(m member) {
		form := []any{nil, "", "null"}[rng.IntN(3)]
		if m.container {
			form = nil
		}
		m.set(form)
		stringed = stringed || form != nil
	}
	omit(members[rng.IntN(len(members))])
	for _, m := range members {
		if rng.IntN(3) == 0 {
			omit(m)
		}
	}
	out, _ = json.Marshal(v)
	return out, stringed, true
}

// compileMem compiles a schema with the Go validator.
func compileMem(name string, schema []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	loc := "mem://equiv/" + name + ".json"
	if err := c.AddResource(loc, doc); err != nil {
		return nil, err
	}
	return c.Compile(loc)
}

// valid reports whether s takes the instance.
func valid(s *jsonschema.Schema, inst []byte) bool {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(inst))
	return err == nil && s.Validate(v) == nil
}

// asModelSends returns the instance args with some values sent as a
// model might: a number or boolean as its text and, where texts is set,
// an array or object below the arguments as its JSON text (its own values
// changed first); text reports whether one was, digits whether a number
// was sent as its text.
func asModelSends(args []byte, rng *rand.Rand, texts bool) (out []byte, text, digits bool) {
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return args, false, false
	}
	var walk func(x any, top bool) any
	walk = func(x any, top bool) any {
		switch x := x.(type) {
		case json.Number:
			if rng.IntN(2) == 0 {
				digits = true
				return x.String()
			}
		case bool:
			if rng.IntN(2) == 0 {
				return map[bool]string{true: "true", false: "false"}[x]
			}
		case []any:
			for i := range x {
				x[i] = walk(x[i], false)
			}
			if texts && !top && rng.IntN(3) == 0 {
				b, _ := json.Marshal(x)
				text = true
				return string(b)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) { // (in one order: the draws repeat)
				x[k] = walk(x[k], false)
			}
			if texts && !top && rng.IntN(3) == 0 {
				b, _ := json.Marshal(x)
				text = true
				return string(b)
			}
		}
		return x
	}
	out, _ = json.Marshal(walk(v, true))
	return out, text, digits
}
