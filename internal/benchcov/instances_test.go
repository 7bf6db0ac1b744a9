package benchcov

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/schemagen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// perSchema is how many candidate instances are generated from each
// schema; sentAsModel of them are also sent as a model might (their
// normalizing, JSON text parsed for each rule below it, and the
// rewrite's compiling double the corpus check's time where all are).
const (
	perSchema   = 8
	sentAsModel = 4
)

// instances is what unchanged found for one schema.
type instances struct {
	skipped       string // why none was checked ("" when some were)
	valid, failed int    // strict-valid instances, and those normalize changed
	example       string // the first one changed, and how
	// crossed: the strict-valid instances made by writing, for each
	// string of one, the JSON text of another's array or object at the
	// same place (crossTexts); those normalize changed count as failed,
	// as do those sent as a model might that the strict schema takes as
	// they are
	crossed int
	// sent: the strict-valid instances sent as a model might (when the
	// rewrite compiles), and those the rewrite admits otherwise than the
	// rules then the strict schema take them
	sent, unequal  int
	unequalExample string
}

// unchanged generates instances from the strict schema (schemagen, the
// generator the adapters' property test uses), keeps those the strict
// schema validates (santhosh-tekuri/jsonschema, the draft its $schema
// names), and normalizes each with the derived rules: a value the strict
// schema takes is never changed. With sendAsModel, some are also sent
// as a model might (asModelSends): the rewrite takes each exactly where
// the rules then the strict schema do, as FuzzDeriveEquivalentShapes
// holds it, and normalize leaves each the strict schema takes as it is
// unchanged.
func unchanged(name string, schema []byte, sendAsModel bool) instances {
	done := make(chan instances, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- instances{skipped: fmt.Sprintf("panic: %v", r)}
			}
		}()
		done <- check(name, schema, sendAsModel)
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(hang):
		return instances{skipped: "no result in " + hang.String()}
	}
}

// check is checkSeeds with one seed, from name, and perSchema instances.
func check(name string, schema []byte, sendAsModel bool) instances {
	h := fnv.New64a()
	h.Write([]byte(name))
	return checkSeeds(schema, []uint64{h.Sum64()}, perSchema, sendAsModel)
}

// misnamedOnly reports whether err is a refusal of misnamed keys alone
// (lenient.KindMisnamed).
func misnamedOnly(err error) bool {
	var le *lenient.Error
	if !errors.As(err, &le) || len(le.Problems) == 0 {
		return false
	}
	for _, p := range le.Problems {
		if p.Kind != lenient.KindMisnamed {
			return false
		}
	}
	return true
}

// checkSeeds generates each candidate instances from each of seeds and
// checks the strict-valid ones (see unchanged); sendAsModel: the first
// sentAsModel of each seed's are sent as a model might too.
func checkSeeds(schema []byte, seeds []uint64, each int, sendAsModel bool) instances {
	root, err := jsonnode.Parse(schema)
	if err != nil {
		return instances{skipped: "not JSON"}
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return instances{skipped: "not JSON"}
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://bench/schema.json", doc); err != nil {
		return instances{skipped: "does not compile"}
	}
	sch, err := c.Compile("mem://bench/schema.json")
	if err != nil {
		return instances{skipped: "does not compile"}
	}
	d := derive.FromNode("t", root)
	n, err := normalize.New(d.Rules)
	if err != nil {
		return instances{failed: 1, example: "the derived rules do not load: " + err.Error()}
	}
	var out instances
	var lax *jsonschema.Schema // (nil: none sent as a model might)
	if sendAsModel {
		lax, _ = compileMem("rewrite", d.Schema.Marshal())
	}
	bounded := bytes.Contains(schema, []byte(`"minimum"`)) || bytes.Contains(schema, []byte(`"maximum"`))
	unchangedBy := func(args []byte) {
		norm, fixes, err := n.NormalizeJSON("t", args)
		if misnamedOnly(err) {
			// an undeclared key near a declared one the call left out,
			// which the open object takes: refused by name, by design
			// (class (j), docs/semantics.md)
			return
		}
		if err != nil || len(fixes) > 0 || !bytes.Equal(norm, args) {
			out.failed++
			if out.example == "" {
				out.example = fmt.Sprintf("%s became %s (fixes %v, error %v)", args, norm, fixes, err)
			}
		}
	}
	for _, seed := range seeds {
		g := schemagen.NewGen(seed, root, "t", nil)
		rng := rand.New(rand.NewPCG(seed, 2))
		var valids []*jsonnode.Node // (this seed's strict-valid instances)
		for i := range each {
			args := g.Args()
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
			if err != nil || sch.Validate(v) != nil || !bytes.HasPrefix(args, []byte("{")) {
				continue
			}
			out.valid++
			valids = append(valids, jsonnode.ParseValid(args))
			unchangedBy(args)
			if lax == nil || i >= sentAsModel {
				continue
			}
			sent, text, digits := asModelSends(args, rng, i%2 == 1)
			if valid(sch, sent) {
				unchangedBy(sent) // (a form the strict schema takes as it is)
			}
			norm, _, err := n.NormalizeJSON("t", sent)
			if err != nil {
				continue // refused by name (a misnamed key): not a schema's verdict
			}
			out.sent++
			// (the classes FuzzDeriveEquivalentShapes allows: JSON text
			// that parses but holds no valid value, a number's text held
			// to no bound)
			taken, admitted := valid(sch, norm), valid(lax, sent)
			if taken && !admitted || admitted && !taken && !text && !(digits && bounded) {
				out.unequal++
				if out.unequalExample == "" {
					out.unequalExample = fmt.Sprintf("%s (normalized %s): the rewrite admits it: %v, the strict schema takes it normalized: %v", sent, norm, admitted, taken)
				}
			}
		}
		for i, a := range valids {
			for j, b := range valids {
				if i == j {
					continue
				}
				crossed, ok := crossTexts(a, b)
				if !ok || !valid(sch, crossed) {
					continue
				}
				out.crossed++
				unchangedBy(crossed)
			}
		}
	}
	if out.valid == 0 {
		out.skipped = "no strict-valid instance generated"
	}
	return out
}

// crossTexts returns a with each string that stands where b holds an
// array or object (the same keys and indexes from the arguments down)
// replaced by the JSON text of b's value there, its numbers and
// booleans written as their text (as a model might send them, for a
// rule to read), and whether one was: a string the strict schema takes
// as it is that a rule path for another branch's array or object there
// would read as JSON text (a key one branch of a union holds to a string
// and another to an array), which the generator's strings, random text,
// never are.
func crossTexts(a, b *jsonnode.Node) ([]byte, bool) {
	x := a.Clone()
	if !crossNode(x, b) {
		return nil, false
	}
	return x.Marshal(), true
}

// crossNode is crossTexts in place, for x and y at one place.
func crossNode(x, y *jsonnode.Node) bool {
	changed := false
	at := func(i int, v *jsonnode.Node) { // x's i-th value, beside y's v
		switch e := x.Vals[i]; {
		case v == nil:
		case e.Kind == '"' && (v.Kind == '[' || v.Kind == '{'):
			x.Vals[i] = jsonnode.String(string(scalarsAsText(v).Marshal()))
			changed = true
		case crossNode(e, v):
			changed = true
		}
	}
	switch {
	case x.Kind == '{' && y.Kind == '{':
		for i, k := range x.Keys {
			at(i, y.Get(k))
		}
	case x.Kind == '[' && y.Kind == '[':
		for i := range min(len(x.Vals), len(y.Vals)) {
			at(i, y.Vals[i])
		}
	}
	return changed
}

// scalarsAsText returns a copy of v with each number and boolean in it
// a string of its text.
func scalarsAsText(v *jsonnode.Node) *jsonnode.Node {
	switch v.Kind {
	case '0', 't':
		return jsonnode.String(v.Text())
	case '{', '[':
		c := v.Shallow()
		c.Vals = slices.Clone(c.Vals)
		for i, e := range c.Vals {
			c.Vals[i] = scalarsAsText(e)
		}
		return c
	}
	return v
}

// TestUnchangedNamesDeclaredElsewhere: the instances an open object gets
// hold, now and then, a key another schema of the document declares (the
// then of an if, another branch of a union), as a string: schemas where
// a rule for that key was read where the strict schema takes it as it is
// ({"kind":"b","x":"5"} beside a then of kind "a" that declares x an
// integer) fail the check of the corpus.
func TestUnchangedNamesDeclaredElsewhere(t *testing.T) {
	for _, schema := range []string{
		`{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]}},"required":["kind"],"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"x":{"type":"integer"}}},"else":{"properties":{"y":{"type":"integer"}}}}`,
	} {
		seeds := make([]uint64, 64)
		for i := range seeds {
			seeds[i] = uint64(i)
		}
		r := checkSeeds([]byte(schema), seeds, 8, false)
		if r.failed > 0 || r.skipped != "" {
			t.Errorf("%d of %d strict-valid instances changed (%s): %s\nschema: %s", r.failed, r.valid, r.skipped, r.example, schema)
		}
	}
}
