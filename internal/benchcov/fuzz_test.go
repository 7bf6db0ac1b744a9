package benchcov

import (
	"bytes"
	"hash/fnv"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/normalize"
)

// Bounds of one FuzzDeriveUnchanged input: the schema's size, and the
// candidate instances generated (fuzzSeeds generators, fuzzEach each).
const (
	fuzzMaxSchema = 4 << 10
	fuzzSeeds     = 3
	fuzzEach      = 4
)

// fuzzSchemas seed FuzzDeriveUnchanged with the shapes the deriver reads
// through unions, maps and references.
var fuzzSchemas = []string{
	// a root anyOf, and oneOf, of $ref branches without a root type
	`{"anyOf":[{"$ref":"#/definitions/A"},{"$ref":"#/definitions/B"}],` +
		`"definitions":{"A":{"type":"object","properties":{"n":{"type":"integer"},"a":{"type":"boolean"}},"required":["a"]},"B":{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"}},"required":["s"]}}}`,
	`{"oneOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/B"}],` +
		`"$defs":{"A":{"type":"object","properties":{"k":{"const":"a"},"v":{"type":"integer"}},"required":["k"],"additionalProperties":false},"B":{"type":"object","properties":{"k":{"const":"b"},"v":{"type":"array","items":{"type":"number"}}},"required":["k"],"additionalProperties":false}}}`,
	// maps through patternProperties: ".*", a closed "^[a-z]+$", declared
	// members equal to the pattern's schema
	`{"type":"object","properties":{"m":{"type":"object","patternProperties":{".*":{"type":"integer"}}},` +
		`"k":{"type":"object","patternProperties":{"^[a-z]+$":{"type":"array","items":{"type":"boolean"}}},"additionalProperties":false},` +
		`"d":{"type":"object","properties":{"ab":{"type":"integer"},"cd":{"type":"integer"}},"patternProperties":{"^[a-z]+$":{"type":"integer"}},"additionalProperties":false}}}`,
	// draft-07 $ref with siblings: the target's type, another type, an annotation
	`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"same":{"type":"object","$ref":"#/definitions/R"},` +
		`"other":{"type":"array","$ref":"#/definitions/R"},"more":{"type":"object","maxProperties":1,"$ref":"#/definitions/R"},"doc":{"x-taplo":{},"$ref":"#/definitions/R"}},` +
		`"definitions":{"R":{"type":"object","properties":{"n":{"type":"integer"},"b":{"type":"boolean"}}}}}`,
	// a union with a recursive $ref branch beside an object branch that
	// declares deeper keys (kept reference at a property of a branch)
	`{"type":"object","properties":{"x":{"$ref":"#/$defs/T"}},"$defs":{"T":{"anyOf":[` +
		`{"type":"object","properties":{"p":{"$ref":"#/$defs/T"},"name":{"type":"string"},"v":{"type":"string"}},"required":["name"],"additionalProperties":false},` +
		`{"type":"object","properties":{"p":{"type":"object","properties":{"v":{"type":"integer"}},"additionalProperties":false}},"additionalProperties":false}]}}}`,
	`{"type":"object","properties":{"t":{"$ref":"#/$defs/N"}},"$defs":{"N":{"oneOf":[` +
		`{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/N"}},"id":{"type":"integer"}},"required":["kids"]},` +
		`{"type":"object","properties":{"leaf":{"type":"boolean"},"id":{"type":"string"}},"required":["leaf"],"additionalProperties":false}]}}}`,
	// a reference that reaches itself through a union alone (schemagen
	// followed it without end)
	`{"oneOf":[{"$ref":"#"}],"$defs":{"A":{"type":"object","properties":{"k":{"const":"a"}}}}}`,
	// nested oneOf of closed objects
	`{"type":"object","properties":{"o":{"oneOf":[{"type":"object","properties":{"a":{"type":"integer"},` +
		`"in":{"oneOf":[{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false},{"type":"object","properties":{"y":{"type":"boolean"}},"required":["y"],"additionalProperties":false}]}},"required":["a"],"additionalProperties":false},` +
		`{"type":"object","properties":{"b":{"type":"number"}},"required":["b"],"additionalProperties":false}]}}}`,
}

// FuzzDeriveUnchanged: normalize changes nothing a strict schema takes.
// For a schema the Go validator compiles and whose derived rules load,
// the strict-valid instances schemagen makes (fuzzSeeds generators,
// fuzzEach candidates each) are normalized to the same bytes with no
// fix and no error (checkSeeds, as TestCoverage checks its corpus).
func FuzzDeriveUnchanged(f *testing.F) {
	for _, s := range fuzzSchemas {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, schema []byte) {
		// file: references would make the validator read this machine's
		// files (its default loader)
		if len(schema) > fuzzMaxSchema || bytes.Contains(schema, []byte("file:")) {
			t.Skip()
		}
		d, err := derive.Tool("t", schema)
		if err != nil {
			t.Skip()
		}
		if _, err := normalize.New(d.Rules); err != nil {
			t.Skip() // FuzzDeriveTool's finding, not this test's
		}
		h := fnv.New64a()
		h.Write(schema)
		seeds := make([]uint64, fuzzSeeds)
		for i := range seeds {
			seeds[i] = h.Sum64() + uint64(i)
		}
		if r := checkSeeds(schema, seeds, fuzzEach, false); r.failed > 0 {
			t.Fatalf("%d of %d strict-valid instances changed: %s\nschema: %s", r.failed, r.valid, r.example, schema)
		}
	})
}
