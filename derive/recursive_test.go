package derive

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/normalize"
)

// recursiveCases are recursive definitions read at every depth (a tree,
// a filter of filters, an array of arrays' elements), and ones that stay
// strict (a site in a union, a definition that may be null), with calls
// that reach below the depth a rule path without a group names.
// TestDeriveKeptRefStrict and TestDeriveEquivalence run them (the Go
// validator and AJV: the rewrite takes a call exactly where the rules,
// then the strict schema, do).
var recursiveCases = []keptRefCase{
	// a type reference that is a name or a structure (Tabris'
	// typeReference): a recursive union of objects beside every string,
	// read at every depth; a string, an object's JSON text among them,
	// is taken as it is
	{"recursive-union-strings", recursiveUnionStrings, []string{
		`{"t":"Foo"}`,
		`{"t":"{\"union\":[\"A\"]}"}`,
		`{"t":{"union":["A",{"union":["B",{"name":"x","size":"5"}]}]}}`,
		`{"t":{"union":["{\"name\":\"x\",\"size\":\"5\"}"]}}`,
		`{"t":{"union":[{"union":[{"name":"x","generics":["A",{"name":"y","size":"7"}],"size":"2"}],"opt":"true"}]}}`,
		`{"t":{"union":"[\"A\",{\"name\":\"y\",\"size\":\"7\"}]"}}`,
		`{"t":{"union":[{"name":"x","size":"x"}]}}`,
		`{"t":{"union":[{"name":"x","size":5,"opt":true}]},"n":"3"}`,
		`{"t":{"union":[{"union":[]},"{}"]}}`,
	}},
	// the same, its objects told apart by a tag (CWL's record and array
	// schemas), each read past its guard
	{"recursive-union-strings-tagged", `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{` +
		`"T":{"anyOf":[{"type":"string"},{"$ref":"#/$defs/Rec"},{"$ref":"#/$defs/Arr"}]},` +
		`"Rec":{"type":"object","properties":{"type":{"const":"record"},"fields":{"type":"array","items":{"$ref":"#/$defs/Field"}},"n":{"type":"integer"}},"required":["type"]},` +
		`"Field":{"type":"object","properties":{"name":{"type":"string"},"type":{"$ref":"#/$defs/T"},"pos":{"type":"integer"}},"required":["name","type"]},` +
		`"Arr":{"type":"object","properties":{"type":{"const":"array"},"items":{"$ref":"#/$defs/T"},"m":{"type":"integer"}},"required":["type"]}}}`, []string{
		`{"t":{"type":"record","fields":[{"name":"a","type":{"type":"array","items":{"type":"record","n":"4"}},"pos":"1"}]}}`,
		`{"t":{"type":"record","fields":[{"name":"a","type":"{\"type\":\"record\",\"n\":\"4\"}"}]}}`,
		`{"t":{"type":"array","items":{"type":"array","items":"int","m":"2"}}}`,
		`{"t":{"type":"other","n":"4","m":"2"}}`,
		`{"t":{"type":"array","items":{"type":"record","fields":[{"name":"b","type":"x","pos":"y"}]}}}`,
	}},
	// a union of objects beside strings it holds to an enum: an
	// object's JSON text is no value, which a rule would read at every
	// depth, and the union's sites stay strict
	{"recursive-union-enum-strings", `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"anyOf":[{"enum":["any","none"]},{"type":"object","properties":{"of":{"type":"array","items":{"$ref":"#/$defs/T"}},"n":{"type":"integer"}},"required":["of"],"additionalProperties":false}]}}}`, []string{
		`{"t":{"of":[{"of":["any"],"n":"2"}],"n":"1"}}`,
		`{"t":{"of":["{\"of\":[]}"]}}`,
		`{"t":"none"}`,
	}},
	{"recursive-tree", `{"type":"object","properties":{"tree":{"$ref":"#/$defs/Node"}},"$defs":{"Node":{"type":"object","properties":{"value":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"additionalProperties":false}}}`, []string{
		`{"tree":{"kids":[{"kids":[{"value":"5"}]}]}}`,
		`{"tree":{"kids":[{"value":"5","kids":"[{\"value\":\"6\"}]"}]}}`,
		`{"tree":{"kids":["{\"kids\":[{\"value\":7}]}"]}}`,
		`{"tree":{"kids":[{"kids":[{"value":"x"}]}]}}`,
		`{"tree":{"kids":[{"kids":[{"value":null,"kids":null}]}]}}`,
		`{"tree":{"kids":[{"kids":[{"Value":1}]}]}}`,
	}},
	{"recursive-filter", `{"type":"object","properties":{"f":{"$ref":"#/$defs/F","description":"the filter"}},"required":["f"],"$defs":{"F":{"type":"object","description":"a filter","properties":{"op":{"type":"string","enum":["eq","ne"]},"v":{"type":"number"},"and":{"type":"array","items":{"$ref":"#/$defs/F"}},"not":{"$ref":"#/$defs/F"}},"required":["op"]}}}`, []string{
		`{"f":{"op":"eq","and":[{"op":"NE","not":{"op":"eq","v":"2.5"}}]}}`,
		`{"f":{"op":"eq","not":{"op":"ne","not":{"op":"Eq","and":"[{\"op\":\"eq\"}]"}}}}`,
		`{"f":{"op":"eq","not":{"op":"ne","not":{"op":"lt"}}}}`,
		`{"f":{"op":"eq","not":{"op":"ne","not":{"v":1}}}}`,
	}},
	{"recursive-array", `{"type":"object","properties":{"rows":{"$ref":"#/definitions/Rows"}},"definitions":{"Rows":{"type":"array","items":{"type":"object","properties":{"n":{"type":"boolean"},"sub":{"$ref":"#/definitions/Rows"}}}}}}`, []string{
		`{"rows":[{"sub":[{"sub":[{"n":"yes"}]}]}]}`,
		`{"rows":[{"sub":"[{\"sub\":[{\"n\":\"true\"}]}]"}]}`,
		`{"rows":[{"sub":[{"sub":{"n":true}}]}]}`,
	}},
	{"recursive-union-site", `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"type":"object","properties":{"v":{"type":"string"},"n":{"type":"integer"},` +
		`"kids":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/T"},{"type":"object","properties":{"v":{"type":"integer"}},"additionalProperties":false}]}}}}}}`, []string{
		`{"t":{"kids":[{"v":"5","n":"1"}]}}`,
		`{"t":{"n":"1","kids":[{"v":5}]}}`,
		`{"t":{"kids":[{"kids":[{"n":"2"}]}]}}`,
	}},
	{"recursive-nullable", `{"type":"object","properties":{"l":{"$ref":"#/$defs/L"}},"$defs":{"L":{"type":["object","null"],"properties":{"n":{"type":"integer"},"next":{"$ref":"#/$defs/L"}}}}}`, []string{
		`{"l":{"n":"1","next":{"n":"2","next":null}}}`,
		`{"l":{"next":{"next":{"n":"3"}}}}`,
	}},
	// a definition that is a union of objects, one of which holds it
	// again (pydantic's recursive tagged union, a filter of filters):
	// its copy at f is the frame, the reference at an array's elements
	// its site, each branch's rules past its guard at every depth
	{"recursive-union-def", `{"type":"object","properties":{"f":{"$ref":"#/$defs/Node"},"limit":{"type":"integer"}},"required":["f"],"$defs":{` +
		`"Node":{"oneOf":[{"$ref":"#/$defs/And"},{"$ref":"#/$defs/Leaf"}]},` +
		`"And":{"type":"object","properties":{"op":{"const":"and"},"all":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["op","all"],"additionalProperties":false},` +
		`"Leaf":{"type":"object","properties":{"op":{"const":"eq"},"field":{"type":"string"},"value":{"type":"integer"},"negate":{"type":"boolean"}},"required":["op","field","value"],"additionalProperties":false}}}`, []string{
		`{"f":{"op":"and","all":[{"op":"and","all":[{"op":"eq","field":"a","value":"5"}]}]}}`,
		`{"f":{"op":"and","all":[{"op":"and","all":"[{\"op\":\"eq\",\"field\":\"a\",\"value\":\"6\",\"negate\":\"yes\"}]"}]}}`,
		`{"f":{"op":"and","all":["{\"op\":\"and\",\"all\":[{\"op\":\"eq\",\"field\":\"b\",\"value\":7}]}"]}}`,
		`{"f":{"op":"and","all":[{"op":"and","all":[{"op":"eq","field":"a","value":"x"}]}]}}`,
		`{"f":{"op":"and","all":[{"op":"or","all":[]}]}}`,
		`{"f":{"op":"and","all":[{"op":"and","all":[{"op":"eq","field":"a","value":1,"all":"[]"}]}]}}`,
		`{"f":"{\"op\":\"eq\",\"field\":\"a\",\"value\":\"8\"}"}`,
	}},
	// zod-to-json-schema's recursive union (z.lazy): the references name
	// the property that holds the union first, read from its first copy
	// at every depth
	{"recursive-union-zod", `{"type":"object","properties":{"filter":{"anyOf":[{"type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/properties/filter"}}},"required":["and"],"additionalProperties":false},` +
		`{"type":"object","properties":{"field":{"type":"string"},"value":{"type":"number"}},"required":["field","value"],"additionalProperties":false}]}},"required":["filter"],"additionalProperties":false}`, []string{
		`{"filter":{"and":[{"and":[{"and":[{"field":"a","value":"1.5"}]}]}]}}`,
		`{"filter":{"and":[{"and":"[{\"field\":\"a\",\"value\":\"2\"}]"}]}}`,
		`{"filter":{"and":[{"and":[{"field":"a","value":"two"}]}]}}`,
		`{"filter":{"and":[{"and":[{"field":"a","value":1,"and":[]}]}]}}`,
	}},
	// pydantic's recursive tagged union: written out again, with its
	// discriminator, at each field that holds it (the filter, And's
	// children's items); the one inside a copy of one of its branches is
	// read as a reference to where it stands, so as a union definition
	{"recursive-union-pydantic", `{"$defs":{"And":{"properties":{"kind":{"const":"and","title":"Kind","type":"string"},"children":{"items":{"discriminator":{"mapping":{"and":"#/$defs/And","eq":"#/$defs/Eq"},"propertyName":"kind"},"oneOf":[{"$ref":"#/$defs/And"},{"$ref":"#/$defs/Eq"}]},"title":"Children","type":"array"}},"required":["kind","children"],"title":"And","type":"object"},"Eq":{"properties":{"kind":{"const":"eq","title":"Kind","type":"string"},"field":{"title":"Field","type":"string"},"value":{"title":"Value","type":"integer"}},"required":["kind","field","value"],"title":"Eq","type":"object"}},"properties":{"filter":{"discriminator":{"mapping":{"and":"#/$defs/And","eq":"#/$defs/Eq"},"propertyName":"kind"},"oneOf":[{"$ref":"#/$defs/And"},{"$ref":"#/$defs/Eq"}],"title":"Filter"}},"required":["filter"],"type":"object"}`, pydanticFilterCalls},
	// ... and pydantic's plain Union of them, an anyOf
	{"recursive-union-pydantic-anyof", `{"$defs":{"And":{"properties":{"kind":{"const":"and","title":"Kind","type":"string"},"children":{"items":{"anyOf":[{"$ref":"#/$defs/And"},{"$ref":"#/$defs/Eq"}]},"title":"Children","type":"array"}},"required":["kind","children"],"title":"And","type":"object"},"Eq":{"properties":{"kind":{"const":"eq","title":"Kind","type":"string"},"field":{"title":"Field","type":"string"},"value":{"title":"Value","type":"integer"}},"required":["kind","field","value"],"title":"Eq","type":"object"}},"properties":{"filter":{"anyOf":[{"$ref":"#/$defs/And"},{"$ref":"#/$defs/Eq"}],"title":"Filter"}},"required":["filter"],"type":"object"}`, pydanticFilterCalls},
	// an object definition whose references to itself are branches of a
	// union of objects (JSONSchemaBench's Github_medium/o65012, a search
	// filter: a bool of filters, one of which is a bool): the inliner
	// copies it once more there, and the union, whose references in the
	// copy are elements of arrays, is read at every depth
	{"recursive-union-branch", `{"type":"object","properties":{"filter":{"$ref":"#/definitions/bool"}},"additionalProperties":false,"definitions":{` +
		`"allowed":{"oneOf":[{"$ref":"#/definitions/basic"},{"$ref":"#/definitions/bool"}]},` +
		`"basic":{"type":"object","properties":{"field":{"type":"string"},"value":{"type":"number"},"exact":{"type":"boolean"}},"required":["field","value"],"additionalProperties":false},` +
		`"bool":{"type":"object","properties":{"must":{"type":"array","items":{"$ref":"#/definitions/allowed"}},"should":{"type":"array","items":{"$ref":"#/definitions/allowed"}},"boost":{"type":"number"}},"additionalProperties":false}}}`, []string{
		`{"filter":{"must":[{"should":[{"must":[{"field":"a","value":"2.5","exact":"yes"}]}]}]}}`,
		`{"filter":{"must":[{"should":"[{\"field\":\"a\",\"value\":\"1\"}]","boost":"2"}]}}`,
		`{"filter":{"must":["{\"must\":[{\"field\":\"a\",\"value\":1}]}"]}}`,
		`{"filter":{"must":[{"must":[{"field":"a","value":"x"}]}]}}`,
		`{"filter":{"must":[{"must":[{"field":"a"}]}]}}`,
		`{"filter":{"must":[{"must":[{"field":"a","value":1,"must":[]}]}]}}`,
		`{"filter":{"must":[{"must":[{}]}]}}`,
		`{"filter":"{\"boost\":\"1\"}"}`,
	}},
	// (pydantic's optional recursive field: a union of the reference
	// and null, a default beside)
	{"recursive-optional", `{"type":"object","properties":{"root":{"$ref":"#/$defs/TreeNode"}},"required":["root"],"$defs":{"TreeNode":{"type":"object","properties":{"value":{"type":"integer"},` +
		`"left":{"anyOf":[{"$ref":"#/$defs/TreeNode"},{"type":"null"}],"default":null},"right":{"oneOf":[{"type":"null"},{"$ref":"#/$defs/TreeNode"}],"default":null}},"required":["value"]}}}`, []string{
		`{"root":{"value":"1","left":{"value":"2","left":null,"right":"{\"value\":\"3\"}"}}}`,
		`{"root":{"value":1,"left":null,"right":{"value":2,"left":{"value":"3"}}}}`,
		`{"root":{"value":1,"right":"null"}}`,
		`{"root":{"value":1,"left":""}}`,
		`{"root":{"value":"x"}}`,
	}},
	{"recursive-mutual", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"object","properties":{"n":{"type":"integer"},"b":{"$ref":"#/$defs/B"}}},"B":{"type":"object","properties":{"m":{"type":"integer"},"a":{"$ref":"#/$defs/A"},"bs":{"type":"array","items":{"$ref":"#/$defs/B"}}}}}}`, []string{
		`{"a":{"n":"1","b":{"m":"2","a":{"n":"3","b":{"m":"4"}}}}}`,
		`{"a":{"b":{"bs":[{"bs":[{"m":"5"}]}]}}}`,
		`{"a":{"b":{"a":{"b":{"bs":[{"m":"6","a":{"n":"7"}}]}}}}}`,
	}},
	{"recursive-entry-sibling", `{"type":"object","properties":{"id":{"type":"object","maxProperties":1,"$ref":"#/$defs/D0"}},"$defs":{"D0":{"type":"object","properties":{"n":{"type":"integer"},"next":{"$ref":"#/$defs/D0"}}}}}`, []string{
		`{"id":{"next":{"next":{"n":"1"},"x":1}}}`,
		`{"id":{"n":"1","next":{}}}`,
		`{"id":{"next":{"n":"2","next":{"n":3}}}}`,
	}},
	// a top-level reference the deriver copies (a recursive one, in a
	// root union's branch), whose value no rule reads as JSON text (the
	// other branch's a is an integer): its members' rules stood beside
	// the reference to the strict schema, which refused what they read
	// (found by FuzzDeriveEquivalentShapes)
	{"recursive-top-copy", `{"anyOf":[{"$ref":"#/$defs/D0"},{"type":"object","properties":{"a":{"type":"integer"}}}],"$defs":{"D0":{"type":"object","properties":{"a":{"$ref":"#/$defs/D0"},"b":{"type":"integer"}}}}}`, []string{
		`{"a":{"b":"25"},"b":50}`,
		`{"a":{"a":{"b":"25"}}}`,
		`{"a":5}`,
	}},
	{"recursive-root", `{"type":"object","properties":{"node":{"type":"object","properties":{"id":{"type":"integer"}}},"on":{"type":"boolean"},"children":{"type":"array","items":{"$ref":"#"}},"parent":{"$ref":"#","description":"the parent"}}}`, []string{
		`{"children":[{"children":[{"node":{"id":"5"},"on":"yes"}]}]}`,
		`{"children":"[{\"parent\":{\"on\":\"false\"}}]"}`,
		`{"parent":{"children":[{"parent":"{\"node\":{\"id\":\"7\"}}"}]}}`,
		`{"parent":{"children":[{"node":{"id":"x"}}]}}`,
		`{"children":[{"children":[{"node":null,"on":null}]}]}`,
	}},
	// a definition copied in one branch of a root union (id) and read
	// where it stands in the other (its rules at id, one depth): the
	// rules at every depth kept the IDs of the one-depth rules, so the
	// first of each ID, one depth, was kept (found by
	// FuzzDeriveEquivalentShapes)
	{"recursive-union-ids", `{"anyOf":[{"$ref":"#/$defs/D0"},{"type":"object","properties":{"id":{"$ref":"#/$defs/D0"}}}],` +
		`"$defs":{"D0":{"type":"object","properties":{"a":{"type":["integer","null"]},"id":{"$ref":"#/$defs/D0"}}}}}`, []string{
		`{"id":{"id":{"a":"2"}}}`,
		`{"id":{"a":"2","id":{"id":{"a":"3"}}}}`,
	}},
	// ... and where the other branch's reference below id is kept (it
	// names the strict schema: the one depth is read there alone), the
	// rules at every depth read, for a call only that branch takes,
	// values its rewrite refuses: the definition is read at one depth
	// (found by FuzzDeriveEquivalentShapes)
	{"recursive-union-kept", `{"anyOf":[{"$ref":"#/$defs/D0"},{"type":"object","properties":{"id":{"$ref":"#/$defs/D0"},"a":{"type":"integer"}}}],` +
		`"$defs":{"D0":{"type":"object","properties":{"a":{"type":["integer","null"]},"id":{"$ref":"#/$defs/D0"}}}}}`, []string{
		`{"a":null,"id":{"id":{"a":"24"}}}`,
		`{"a":null,"id":{"a":"2"}}`,
	}},
	// a reference to the arguments at a top-level key a rule path quotes
	// (each reference restates its target's type, as many generators
	// write it: the copy is the target's alone)
	{"recursive-restated", `{"type":"object","properties":{"tree":{"$ref":"#/$defs/Node","type":"object"}},"$defs":{"Node":{"type":"object","properties":{"value":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node","type":"object","description":"a kid"}}}}}}`, []string{
		`{"tree":{"kids":[{"value":"5","kids":"[{\"value\":\"6\"}]"}]}}`,
		`{"tree":{"kids":[{"kids":[{"kids":[{"value":"x"}]}]}]}}`,
	}},
	// (recursion through a type array, the references below its array
	// or object branch: pointed at the lenient form where they stand)
	{"recursive-typearray", `{"type":"object","properties":{"n":{"$ref":"#/$defs/N"},"r":{"type":"object","properties":{"kids":{"type":["array","string"],"items":{"$ref":"#"}},"port":{"type":"integer"}}}},` +
		`"$defs":{"N":{"type":"object","properties":{"port":{"type":"integer"},"kids":{"type":["array","string"],"items":{"$ref":"#/$defs/N"}},` +
		`"m":{"type":"object","patternProperties":{"^k":{"type":["object","string"],"properties":{"sub":{"$ref":"#/$defs/N"}}}}}}}}}`, []string{
		`{"n":{"kids":[{"kids":[{"port":"1"}]}]}}`,
		`{"n":{"kids":"[{\"port\":\"1\"}]"}}`,
		`{"n":{"m":{"k1":{"sub":{"m":{"k2":{"sub":{"port":"2"}}}}}}}}`,
		`{"n":{"m":{"k1":"{\"sub\":{\"port\":\"2\"}}"}}}`,
		`{"r":{"kids":[{"r":{"port":"3","kids":[{"n":{"port":"4"}}]}}]}}`,
		`{"r":{"kids":"[{\"r\":{\"port\":\"3\"}}]"}}`,
	}},
	// a reference to the arguments that cannot be read as them (its
	// sibling additionalProperties) beside ones that can: it stays strict (a strict copy of
	// the arguments) and the others are read at every depth, through
	// the group of their steps alone (renovate's schema: 100 managers
	// each "$ref": "#", and secrets beside them)
	{"recursive-root-unclean", `{"type":"object","properties":{"n":{"type":"integer"},"sub":{"$ref":"#","type":"object"},"bad":{"$ref":"#","type":"object","additionalProperties":{"type":"string"}}}}`, []string{
		`{"sub":{"sub":{"n":"5"}}}`,
		`{"bad":{"n":"5"}}`,
		`{"bad":{"sub":{"n":"5"}}}`,
		`{"sub":{"bad":{"sub":{"n":"5"}},"n":"6"}}`,
		`{"sub":{"bad":{"n":5}}}`,
		`{"sub":"{\"sub\":{\"n\":\"7\"}}"}`,
		`{"bad":"{\"n\":7}"}`,
	}},
	// a definition whose copy holds a reference to the arguments (an
	// enclosing recursion's site) is read at one depth: its own site is
	// put back as the strict schema has it, and the forms its JSON text
	// gave it ("" read as left out, "null" as null) go with it
	{"recursive-inner-root", `{"type":"object","properties":{"n":{"type":"integer"},"sub":{"$ref":"#"},"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"type":"object","properties":{"m":{"type":"integer"},"next":{"$ref":"#/$defs/T"},"up":{"$ref":"#"}}}}}`, []string{
		`{"t":{"next":""}}`,
		`{"t":{"next":null}}`,
		`{"t":{"next":"null"}}`,
		`{"t":{"next":"{\"m\":1}"}}`,
		`{"t":{"m":"1","next":{"m":"2"}}}`,
		`{"sub":{"t":{"m":"1","up":{"n":"2"}}}}`,
		`{"sub":""}`,
	}},
	// ... and a definition's: the site in a union stays strict, the
	// other is read at every depth
	{"recursive-def-unclean", `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"type":"object","properties":{"n":{"type":"integer"},"next":{"$ref":"#/$defs/T"},` +
		`"alt":{"anyOf":[{"$ref":"#/$defs/T"},{"type":"object","properties":{"n":{"type":"string"}},"required":["n"],"additionalProperties":false}]}}}}}`, []string{
		`{"t":{"next":{"next":{"n":"5"}}}}`,
		`{"t":{"alt":{"n":"5"}}}`,
		`{"t":{"next":{"alt":{"next":{"n":"5"}}}}}`,
		`{"t":{"alt":{"next":{"n":"5"}}}}`,
		`{"t":{"next":{"alt":{"n":5}}}}`,
	}},
	{"recursive-root-quoted", `{"type":"object","properties":{"a.b":{"$ref":"#"},"n":{"type":"integer"}}}`, []string{
		`{"a.b":{"a.b":{"n":"5"}}}`,
		`{"a.b":{"n":"5"},"n":"6"}`,
		`{"a":{"b":{"n":"5"}}}`,
	}},
}

func init() { keptRefs = append(keptRefs, recursiveCases...) }

// recursiveUnionStrings is a recursive union of objects beside every
// string, its objects' keys apart (Tabris' typeReference).
const recursiveUnionStrings = `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"},"n":{"type":"integer"}},"required":["t"],"$defs":{"T":{"anyOf":[{"type":"string"},` +
	`{"type":"object","properties":{"union":{"type":"array","items":{"$ref":"#/$defs/T"}},"opt":{"type":"boolean"}},"required":["union"],"additionalProperties":false},` +
	`{"type":"object","properties":{"name":{"type":"string"},"generics":{"type":"array","items":{"$ref":"#/$defs/T"}},"size":{"type":"integer"}},"required":["name"],"additionalProperties":false}]}}}`

// TestDeriveRecursive: a recursive definition whose references to itself
// are values a rule path names alone gets its rules at every depth (a
// group of its steps, repeated), and the rewrite points those references
// at its lenient form; a strict-valid call deep in it is left as it is,
// and a lenient one is read at every depth. Where a reference to it sits
// in a union, or it may be null, it stays strict with its warning.
func TestDeriveRecursive(t *testing.T) {
	for _, tc := range []struct {
		name      string
		rules     []string // type and path of rules that must be there
		in, out   string   // a call and what the rules make of it
		strictAt  []string // paths warned about as a recursive $ref
		lenientOf string   // the definition the rewrite holds a lenient form of
	}{
		{"recursive-tree", []string{"type_coerce tree(.kids[])*.value", "json_accept_both tree(.kids[])*.kids[]", "json_accept_both tree(.kids[])*.kids"},
			`{"tree":{"kids":[{"value":"5","kids":"[{\"value\":\"6\"}]"}]}}`, `{"tree":{"kids":[{"value":5,"kids":[{"value":6}]}]}}`, nil, "lenient.Node"},
		{"recursive-filter", []string{"type_coerce f(.and[]|.not)*.v", "enum_case f(.and[]|.not)*.op", "json_accept_both f(.and[]|.not)*.not", "misnamed_key f(.and[]|.not)*"},
			`{"f":{"op":"eq","and":[{"op":"NE","not":{"op":"eq","v":"2.5"}}]}}`, `{"f":{"op":"eq","and":[{"op":"ne","not":{"op":"eq","v":2.5}}]}}`, nil, "lenient.F"},
		{"recursive-array", []string{"type_coerce rows([].sub)*[].n", "json_accept_both rows([].sub)*[].sub"},
			`{"rows":[{"sub":[{"sub":[{"n":"yes"}]}]}]}`, `{"rows":[{"sub":[{"sub":[{"n":true}]}]}]}`, nil, "lenient.Rows"},
		{"recursive-root", []string{"type_coerce children[](.children[]|.parent)*.node.id", "type_coerce parent(.children[]|.parent)*.on", "json_accept_both children[](.children[]|.parent)*.children", "type_coerce on"},
			`{"children":[{"children":[{"node":{"id":"5"},"on":"yes"}]}]}`, `{"children":[{"children":[{"node":{"id":5},"on":true}]}]}`, nil, ""},
		{"recursive-restated", []string{"type_coerce tree(.kids[])*.value", "json_accept_both tree(.kids[])*.kids"},
			`{"tree":{"kids":[{"value":"5","kids":"[{\"value\":\"6\"}]"}]}}`, `{"tree":{"kids":[{"value":5,"kids":[{"value":6}]}]}}`, nil, "lenient.Node"},
		{"recursive-union-site", []string{"type_coerce t.n"},
			`{"t":{"kids":[{"v":"5","n":"1"}]}}`, `{"t":{"kids":[{"v":"5","n":"1"}]}}`, []string{"t.kids[]"}, ""},
		{"recursive-root-unclean", []string{"type_coerce n", "type_coerce sub(.sub)*.n", "json_accept_both sub(.sub)*.sub"},
			`{"sub":{"sub":{"n":"5"}},"bad":{"n":"5"}}`, `{"sub":{"sub":{"n":5}},"bad":{"n":"5"}}`, []string{"bad"}, ""},
		{"recursive-def-unclean", []string{"type_coerce t(.next)*.n", "json_accept_both t(.next)*.next"},
			`{"t":{"next":{"next":{"n":"5"}},"alt":{"next":{"n":"6"}}}}`, `{"t":{"next":{"next":{"n":5}},"alt":{"next":{"n":"6"}}}}`, []string{"t.alt"}, "lenient.T"},
		{"recursive-union-def", []string{`type_coerce f(<"op"="and">.all[])*<"op"="eq">.value`, `type_coerce f(<"op"="and">.all[])*<"op"="eq">.negate`, `json_accept_both f(<"op"="and">.all[])*<"op"="and">.all`, `json_accept_both f(<"op"="and">.all[])*<"op"="and">.all[]`},
			`{"f":{"op":"and","all":[{"op":"and","all":[{"op":"eq","field":"a","value":"5","negate":"no"}]}]}}`, `{"f":{"op":"and","all":[{"op":"and","all":[{"op":"eq","field":"a","value":5,"negate":false}]}]}}`, nil, "lenient.Node"},
		{"recursive-union-zod", []string{`type_coerce filter.and[](.and[])*.value`, `json_accept_both filter.and[](.and[])*.and[]`},
			`{"filter":{"and":[{"and":[{"and":[{"field":"a","value":"1.5"}]}]}]}}`, `{"filter":{"and":[{"and":[{"and":[{"field":"a","value":1.5}]}]}]}}`, nil, "lenient.properties.filter"},
		{"recursive-union-pydantic", []string{`type_coerce filter<"kind"="and">.children[](<"kind"="and">.children[])*<"kind"="eq">.value`, `json_accept_both filter<"kind"="and">.children[](<"kind"="and">.children[])*<"kind"="and">.children[]`, `type_coerce filter<"kind"="eq">.value`},
			`{"filter":{"kind":"and","children":[{"kind":"and","children":[{"kind":"eq","field":"a","value":"5"}]}]}}`, `{"filter":{"kind":"and","children":[{"kind":"and","children":[{"kind":"eq","field":"a","value":5}]}]}}`, nil, "lenient._defs.And.properties.children.items"},
		{"recursive-union-pydantic-anyof", []string{`type_coerce filter<"kind"="and">.children[](<"kind"="and">.children[])*<"kind"="eq">.value`},
			`{"filter":{"kind":"and","children":[{"kind":"and","children":[{"kind":"eq","field":"a","value":"5"}]}]}}`, `{"filter":{"kind":"and","children":[{"kind":"and","children":[{"kind":"eq","field":"a","value":5}]}]}}`, nil, "lenient._defs.And.properties.children.items"},
		{"recursive-union-branch", []string{`type_coerce filter.must[](.must[]|.should[])*.value`, `type_coerce filter.should[](.must[]|.should[])*.exact`, `type_coerce filter.must[](.must[]|.should[])*.boost`, `json_accept_both filter.must[](.must[]|.should[])*.must[]`, `type_coerce filter.boost`},
			`{"filter":{"must":[{"should":[{"must":[{"field":"a","value":"2.5","exact":"yes"}]}]}]}}`, `{"filter":{"must":[{"should":[{"must":[{"field":"a","value":2.5,"exact":true}]}]}]}}`, nil, "lenient.allowed"},
		{"recursive-optional", []string{"type_coerce root(.left|.right)*.value", "json_accept_both root(.left|.right)*.left", "json_accept_both root(.left|.right)*.right"},
			`{"root":{"value":"1","left":{"value":"2","right":"{\"value\":\"3\"}"}}}`, `{"root":{"value":1,"left":{"value":2,"right":{"value":3}}}}`, nil, "lenient.TreeNode"},
		{"recursive-union-strings", []string{`type_coerce ["t"]!(.union[]!|.generics[]!)*.size`, `type_coerce ["t"]!(.union[]!|.generics[]!)*.opt`, `json_accept_both ["t"]!(.union[]!|.generics[]!)*.union`, `json_accept_both ["t"]!(.union[]!|.generics[]!)*.generics`},
			`{"t":{"union":["{\"name\":\"x\"}",{"union":[{"name":"x","size":"5"}],"opt":"no"}]}}`, `{"t":{"union":["{\"name\":\"x\"}",{"union":[{"name":"x","size":5}],"opt":false}]}}`, nil, "lenient.T"},
		{"recursive-union-strings-tagged", []string{`type_coerce ["t"]!(<"type"="record">.fields[]["type"]!|<"type"="array">["items"]!)*<"type"="record">.fields[].pos`, `type_coerce ["t"]!(<"type"="record">.fields[]["type"]!|<"type"="array">["items"]!)*<"type"="array">.m`},
			`{"t":{"type":"array","items":{"type":"record","fields":[{"name":"a","type":"{}","pos":"3"}]}}}`, `{"t":{"type":"array","items":{"type":"record","fields":[{"name":"a","type":"{}","pos":3}]}}}`, nil, "lenient.T"},
		{"recursive-union-enum-strings", nil,
			`{"t":{"of":[{"of":["any"],"n":"2"}],"n":"1"}}`, `{"t":{"of":[{"of":["any"],"n":"2"}],"n":1}}`, []string{"t.of[]"}, ""},
		{"recursive-nullable", []string{"type_coerce l.n"},
			`{"l":{"next":{"n":"2"}}}`, `{"l":{"next":{"n":"2"}}}`, []string{"l.next"}, ""},
	} {
		i := slices.IndexFunc(recursiveCases, func(c keptRefCase) bool { return c.name == tc.name })
		d, err := Tool(tc.name, []byte(recursiveCases[i].schema))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range d.Rules {
			got = append(got, string(r.Type)+" "+r.From+r.Path)
		}
		for _, w := range tc.rules {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no rule %q; rules %q", tc.name, w, got)
			}
		}
		n, err := normalize.New(d.Rules)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if out, _, err := n.NormalizeJSON(tc.name, []byte(tc.in)); err != nil || string(out) != tc.out {
			t.Errorf("%s: %s became %s (%v), want %s", tc.name, tc.in, out, err, tc.out)
		}
		for _, p := range tc.strictAt {
			if !slices.ContainsFunc(d.Warnings, func(w Warning) bool { return w.Path == p && strings.Contains(w.Message, "recursive $ref") }) {
				t.Errorf("%s: no warning at %s: %v", tc.name, p, d.Warnings)
			}
		}
		if tc.strictAt == nil && len(d.Warnings) > 0 {
			t.Errorf("%s: warnings %v", tc.name, d.Warnings)
		}
		var defs []string
		for _, c := range []string{"$defs", "definitions"} {
			if v := d.Schema.Get(c); v != nil {
				defs = append(defs, v.Keys...)
			}
		}
		if tc.lenientOf != "" && !slices.Contains(defs, tc.lenientOf) {
			t.Errorf("%s: no %s in the rewrite's definitions %v:\n%s", tc.name, tc.lenientOf, defs, d.Schema.Marshal())
		}
		if tc.lenientOf == "" && slices.ContainsFunc(defs, func(n string) bool { return strings.HasPrefix(n, "lenient.") }) {
			t.Errorf("%s: a lenient form %v where none reads alike:\n%s", tc.name, defs, d.Schema.Marshal())
		}
	}
}

// TestDeriveRecursionInTypedUnion: a definition that is an object whose
// oneOf's branches declare its members, one of them holding the
// definition again (JSONSchemaBench's Github_hard/o68391, an experiment's
// blocks of blocks or pages). Respelling the union moves the holder's
// type into each branch; that copied the branch whole, so the recursive
// site the lenient form was to point at itself was the copy's original:
// the rules read "x":"true" two levels down, and the rewrite kept the
// strict definition there and refused it.
func TestDeriveRecursionInTypedUnion(t *testing.T) {
	tc := unionCase{
		name: "blocks",
		schema: `{"type":"object","properties":{"blocks":{"type":"array","items":{"$ref":"#/definitions/block"}}},"definitions":{"block":{"type":"object","oneOf":[` +
			`{"properties":{"id":{"type":"string"},"x":{"type":"boolean"}},"additionalProperties":false,"required":["id","x"]},` +
			`{"properties":{"id":{"type":"string"},"blocks":{"type":"array","items":{"$ref":"#/definitions/block"}}},"additionalProperties":false,"required":["id","blocks"]}]}}}`,
		calls: []string{
			`{"blocks":[{"id":"a","x":"true"}]}`,
			`{"blocks":[{"id":"a","blocks":[{"id":"b","x":"true"}]}]}`,
			`{"blocks":[{"id":"a","blocks":[{"id":"b","blocks":[{"id":"c","x":"true"}]}]}]}`,
			`{"blocks":[{"id":"a","blocks":[{"id":"b","x":"maybe"}]}]}`,
			`{"blocks":[{"id":"a","blocks":"[{\"id\":\"b\",\"x\":true}]"}]}`,
		},
	}
	unionSound(t, []unionCase{tc})
	ajvSound(t, []unionCase{tc})
}

// TestDeriveRecursionSitesRespelled: the site of a recursion is pointed at
// the lenient form by its node, after the walk; a respelling that copied
// it left the copy pointing at the strict definition, which the rules
// still read through. A union branch that is the site, its holder's
// description moved into it (respell writes each branch over its node),
// and an array's items below a type array with null (typeFirst, in a
// copy of its keys, not of its subtree) are read at every depth alike.
// Both found by review.
func TestDeriveRecursionSitesRespelled(t *testing.T) {
	cases := []unionCase{
		{name: "branch", schema: `{"type":"object","properties":{"x":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"object","properties":{"v":{"type":"integer"},"next":{"description":"d","anyOf":[{"$ref":"#/$defs/N"},{"type":"integer"}]}}}}}`,
			calls: []string{`{"x":{"next":{"v":"2"}}}`, `{"x":{"next":{"next":{"v":"2"}}}}`, `{"x":{"next":"3"}}`, `{"x":{"next":{"v":"two"}}}`}},
		{name: "nullable", schema: `{"type":"object","properties":{"x":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"items":{"$ref":"#/$defs/N"},"type":["array","null"]}}}}}`,
			calls: []string{`{"x":{"kids":[{"v":"2"}]}}`, `{"x":{"kids":[{"kids":[{"v":"2"}]}]}}`, `{"x":{"kids":null}}`, `{"x":{"kids":[{"v":"two"}]}}`}},
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveNullableTitles: a nullable union's own annotations (pydantic
// writes a title on every field) replace its branch's, as a reference's
// do, where they differ: {"anyOf": [{"type": "integer", "title": "N1"},
// {"type": "null"}], "title": "N"} and an optional recursive field titled
// apart from its model are read as any other (the thirteenth review's
// pydantic-shaped schemas; both were left strict before).
func TestDeriveNullableTitles(t *testing.T) {
	tree := `{"$defs":{"T":{"properties":{"v":{"title":"V","type":"integer"},"left":{"anyOf":[{"$ref":"#/$defs/T"},{"type":"null"}],"default":null,"title":"Left"}},"required":["v"],"title":"T","type":"object"}},` +
		`"properties":{"t":{"$ref":"#/$defs/T"}},"required":["t"],"title":"toolArguments","type":"object"}`
	plain := `{"properties":{"n":{"anyOf":[{"type":"integer","title":"N1"},{"type":"null"}],"title":"N"}},"title":"toolArguments","type":"object"}`
	for _, c := range []struct{ schema, in, out string }{
		{tree, `{"t":{"v":1,"left":"{\"v\":\"2\"}"}}`, `{"t":{"v":1,"left":{"v":2}}}`},
		{plain, `{"n":"5"}`, `{"n":5}`},
	} {
		_, n := deriveNormalizer(t, "titles", c.schema)
		if out, _, err := n.NormalizeJSON("titles", []byte(c.in)); err != nil || string(out) != c.out {
			t.Errorf("%s became %s (%v), want %s", c.in, out, err, c.out)
		}
	}
	unionSound(t, []unionCase{
		{"tree", tree, []string{`{"t":{"v":1,"left":"{\"v\":\"2\"}"}}`, `{"t":{"v":1,"left":null}}`, `{"t":{"v":1,"left":"null"}}`, `{"t":{"v":"1","left":{"v":2,"left":{"v":"3"}}}}`}},
		{"plain", plain, []string{`{"n":"5"}`, `{"n":null}`, `{"n":"null"}`, `{"n":5}`, `{"n":"x"}`}},
	})
}

// TestDeriveRecursiveDiscriminated: pydantic's recursive tagged union,
// read at every depth: the lenient form every depth names holds the
// discriminator beside its oneOf, as the filter's union does, each entry
// of its mapping repointed at the branch of the rewrite that holds its
// tag (the definitions it named are pruned). (AJV's discriminator option
// compiles no discriminator with a mapping; keptRefs runs the case with
// the Go validator and AJV without it.)
func TestDeriveRecursiveDiscriminated(t *testing.T) {
	i := slices.IndexFunc(recursiveCases, func(c keptRefCase) bool { return c.name == "recursive-union-pydantic" })
	d, err := Tool("pydantic", []byte(recursiveCases[i].schema))
	if err != nil {
		t.Fatal(err)
	}
	out := d.Schema.Marshal()
	for _, w := range d.Warnings {
		t.Errorf("warning: %s", w)
	}
	lenient := d.Schema.Get("$defs").Get("lenient._defs.And.properties.children.items")
	if lenient.Get("discriminator") == nil || lenient.Get("oneOf") == nil || strings.Count(string(out), `"discriminator"`) != 2 {
		t.Fatalf("the lenient form holds no discriminator beside its oneOf, or the rewrite holds another count of them than 2:\n%s", out)
	}
	for _, holder := range []*Node{lenient, d.Schema.Get("properties").Get("filter").Get("anyOf").Items()[0]} {
		m := holder.Get("discriminator").Get("mapping")
		for j, tag := range m.Keys {
			ref, _ := m.Vals[j].AsString()
			branch := pointer(d.Schema, ref)
			if c, _ := branch.Get("properties").Get("kind").Get("const").AsString(); c != tag {
				t.Errorf("mapping %q names %s, which holds kind %q:\n%s", tag, ref, c, out)
			}
		}
	}
}

// mutualUnions is a schema of m recursive definitions, each a oneOf of
// k objects told apart by a const op; each object holds an integer n
// and, for every union, a member u<t> that holds it (an array of it, or
// it alone where direct); the arguments name the unions alone. Each
// union's copy holds the others' copies, so the guards between a copy
// and its sites multiply with every union met on the way.
func mutualUnions(m, k int, direct, inline bool) string {
	var defs, props []string
	for i := range m {
		var branches []string
		for j := range k {
			members := []string{fmt.Sprintf(`"op":{"const":"t%d_%d"}`, i, j), `"n":{"type":"integer"}`}
			for u := range m {
				member := fmt.Sprintf(`{"type":"array","items":{"$ref":"#/$defs/U%d"}}`, u)
				if direct {
					member = fmt.Sprintf(`{"$ref":"#/$defs/U%d"}`, u)
				}
				members = append(members, fmt.Sprintf(`"u%d":%s`, u, member))
			}
			object := `{"type":"object","properties":{` + strings.Join(members, ",") + `},"required":["op"],"additionalProperties":false}`
			name := fmt.Sprintf("O%d_%d", i, j)
			defs = append(defs, `"`+name+`":`+object)
			branches = append(branches, `{"$ref":"#/$defs/`+name+`"}`)
			if inline {
				branches[j] = object
			}
		}
		defs = append(defs, fmt.Sprintf(`"U%d":{"oneOf":[%s]}`, i, strings.Join(branches, ",")))
		props = append(props, fmt.Sprintf(`"f%d":{"$ref":"#/$defs/U%d"}`, i, i))
	}
	return `{"type":"object","properties":{` + strings.Join(props, ",") + `},"$defs":{` + strings.Join(defs, ",") + `}}`
}

// TestDeriveRecursiveUnionsBounded: recursive unions of objects that
// hold one another give each rule below them a group of steps that
// grows with every union between a copy and its sites (3 unions of 5
// objects gave 50 MB of rules, paths of 15,754 bytes, 5 s to derive);
// past maxRecursionSteps or maxRecursionBytes a frame is given up, its
// sites strict with a warning that says why, and the depth it stands at
// is still read.
func TestDeriveRecursiveUnionsBounded(t *testing.T) {
	for _, tc := range []struct {
		m, k           int
		direct, inline bool
		givenUp        bool // a frame's warning names the bound
	}{
		{2, 3, false, false, false},
		{3, 5, false, false, true},
		{3, 5, true, false, true},
		{3, 5, false, true, false}, // (the inliner's size bound first)
		// (the branches beside a union's kept references, read past
		// their guards, which those references' targets refuse
		// (guardRefuses), bring the bound)
		{4, 5, false, false, true},
	} {
		name := fmt.Sprintf("m%d-k%d-direct%v-inline%v", tc.m, tc.k, tc.direct, tc.inline)
		d, n := deriveNormalizer(t, name, mutualUnions(tc.m, tc.k, tc.direct, tc.inline))
		paths := 0
		for _, r := range d.Rules {
			paths += len(r.Path)
			if group, _, ok := strings.Cut(r.Path, ")*"); ok {
				if steps := strings.Count(group[strings.Index(group, "(")+1:], "|") + 1; steps > maxRecursionSteps {
					t.Errorf("%s: a group of %d steps: %s", name, steps, r.Path)
				}
			}
		}
		if limit := 1<<20 + 64<<10; paths > limit {
			t.Errorf("%s: %d rules whose paths hold %d bytes, more than %d", name, len(d.Rules), paths, limit)
		}
		if got := strings.Contains(warnings(d), "steps, or 1024 KiB of such groups"); got != tc.givenUp {
			t.Errorf("%s: a warning names the bound: %v, want %v:\n%s", name, got, tc.givenUp, warnings(d))
		}
		out, _ := n.Normalize(name, map[string]any{"f0": map[string]any{"op": "t0_1", "n": "5"}})
		if got := out["f0"].(map[string]any)["n"]; tc.m < 4 && got != json.Number("5") {
			t.Errorf("%s: the entry's depth is not read: n = %#v (%T)", name, got, got)
		}
	}
}

// pydanticFilterCalls are the calls the pydantic filter cases send: tags
// and values at several depths, as objects and as JSON text, and a tag
// no branch holds.
var pydanticFilterCalls = []string{
	`{"filter":{"kind":"and","children":[{"kind":"and","children":[{"kind":"eq","field":"a","value":"5"}]}]}}`,
	`{"filter":{"kind":"and","children":[{"kind":"and","children":"[{\"kind\":\"eq\",\"field\":\"a\",\"value\":\"6\"}]"}]}}`,
	`{"filter":{"kind":"and","children":["{\"kind\":\"eq\",\"field\":\"b\",\"value\":\"7\"}"]}}`,
	`{"filter":{"kind":"and","children":[{"kind":"and","children":[{"kind":"eq","field":"a","value":"x"}]}]}}`,
	`{"filter":{"kind":"and","children":[{"kind":"or","children":[]}]}}`,
	`{"filter":{"kind":"and","children":[{"kind":"and","children":[{"kind":"eq","field":"a","value":1,"children":"[]"}]}]}}`,
	`{"filter":{"kind":"eq","field":"a","value":"8"}}`,
}

// TestDeriveRecursiveUnionStrings: a recursive union of objects beside
// every string leaves every string as it is, an object's JSON text among
// them, at every depth (no json_accept_both rule at its sites), and
// reads the objects' members at every depth. Judged by unionSound (a
// strict-valid call comes out as it went in) and AJV.
func TestDeriveRecursiveUnionStrings(t *testing.T) {
	var cases []unionCase
	for _, name := range []string{"recursive-union-strings", "recursive-union-strings-tagged", "recursive-union-enum-strings"} {
		i := slices.IndexFunc(recursiveCases, func(c keptRefCase) bool { return c.name == name })
		cases = append(cases, unionCase{name, recursiveCases[i].schema, recursiveCases[i].calls})
	}
	unionSound(t, cases)
	ajvSound(t, cases)
}

// TestDeriveRecursiveUnionStringsLastSite: a site of a recursive union of
// objects beside every string that adds no rule of its own (a member
// that holds the union: its strings stay as they are) and is the last
// value its branch reads is that branch's alone: the next branch's guard
// is not given its step too (branchMark counts the sites apart from the
// rules), so the rules below it are read at every depth. Found by
// review: the group's step held two guards no value meets, while the
// rewrite took the string form there. Judged by unionSound and AJV, and
// by a call read three levels down.
func TestDeriveRecursiveUnionStringsLastSite(t *testing.T) {
	tagged := `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"anyOf":[{"type":"string"},` +
		`{"type":"object","properties":{"kind":{"const":"a"},"k":{"type":"integer"},"inner":{"$ref":"#/$defs/T"}},"required":["kind"],"additionalProperties":false},` +
		`{"type":"object","properties":{"kind":{"const":"b"},"j":{"type":"integer"}},"required":["kind"],"additionalProperties":false}]}}}`
	filter := `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{` +
		`"T":{"anyOf":[{"type":"string"},{"type":"object","properties":{"filter":{"$ref":"#/$defs/F"},"n":{"type":"integer"}},"additionalProperties":false}]},` +
		`"F":{"oneOf":[{"type":"object","properties":{"op":{"const":"and"},"ty":{"$ref":"#/$defs/T"}},"required":["op"],"additionalProperties":false},` +
		`{"type":"object","properties":{"op":{"const":"eq"},"v":{"type":"integer"}},"required":["op","v"],"additionalProperties":false}]}}}`
	keys := `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"$defs":{"T":{"anyOf":[{"type":"string"},` +
		`{"type":"object","properties":{"union":{"type":"array","items":{"$ref":"#/$defs/T"}},"inner":{"$ref":"#/$defs/T"}},"required":["union"]},` +
		`{"type":"object","properties":{"name":{"type":"string"},"size":{"type":"integer"}},"required":["name"],"additionalProperties":false}]}}}`
	cases := []unionCase{
		{"tagged-last", tagged, []string{`{"t":{"kind":"a","inner":{"kind":"b","j":"1"}}}`, `{"t":{"kind":"a","inner":{"kind":"a","k":"2"}}}`,
			`{"t":{"kind":"a","inner":{"kind":"a","inner":{"kind":"b","j":"3"}}}}`, `{"t":{"kind":"a","inner":"{\"kind\":\"b\",\"j\":\"1\"}"}}`}},
		{"nested-filter", filter, []string{`{"t":{"filter":{"op":"and","ty":{"n":"4"}}}}`, `{"t":{"filter":{"op":"and","ty":{"filter":{"op":"eq","v":"5"}}}}}`}},
		{"key-guards", keys, []string{`{"t":{"union":[],"inner":{"name":"x","size":"1"}}}`, `{"t":{"union":[],"inner":{"union":[{"name":"x","size":"2"}]}}}`}},
	}
	unionSound(t, cases)
	_, n := deriveNormalizer(t, "tagged-last", tagged)
	in, want := `{"t":{"kind":"a","inner":{"kind":"a","inner":{"kind":"b","j":"3"}}}}`, `{"t":{"kind":"a","inner":{"kind":"a","inner":{"kind":"b","j":3}}}}`
	if out, _, err := n.NormalizeJSON("tagged-last", []byte(in)); err != nil || string(out) != want {
		t.Errorf("tagged-last: %s became %s (%v), want %s", in, out, err, want)
	}
	ajvSound(t, cases)
}

// TestDeriveRecursionSiteGuardLeft: a recursion site read past a branch's
// guard (id[]<!"a">.next, its rule's ID respelled with the guard) whose
// frame is then left unread (its copy read beside a draft-07 $ref's
// sibling) has its rule taken back with it: the rewrite keeps the site
// strict, and a rule that parsed its JSON text stayed ({"next":
// "{...}"} refused by the rewrite, taken after the rules; found by
// FuzzDeriveEquivalentShapes). The Go validator judges it alone (AJV's
// 2020-12 build does not hold draft-07, whose $ref siblings it would
// apply).
func TestDeriveRecursionSiteGuardLeft(t *testing.T) {
	cases := []unionCase{{"guarded-site", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"id":{"type":"array","items":{"type":"object","$ref":"#/definitions/D0"}}},` +
		`"definitions":{"D0":{"anyOf":[{"type":"object","properties":{"ab":{"type":"integer","enum":[1,2,10]},"a.b":{"type":"string"},"next":{"$ref":"#/definitions/D0"}},"required":["ab","a.b"],"additionalProperties":false},` +
		`{"type":"object","properties":{"ab":{"type":"string","format":"email"},"a":{"type":"integer","minimum":0,"maximum":100}},"required":["ab","a"]}]}}}`,
		[]string{`{"id":[{"a.b":"x","ab":2,"next":"{\"a\":100,\"ab\":\"a@example.com\"}"}]}`, `{"id":[{"a.b":"x","ab":2,"next":{"a":100,"ab":"a@example.com"}}]}`,
			`{"id":[{"ab":"a@example.com","a":"5"}]}`, `{"id":"[{\"ab\":\"a@example.com\",\"a\":5}]"}`}}}
	unionSound(t, cases)
	d, err := Tool("t", []byte(cases[0].schema))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range d.Rules {
		if strings.HasSuffix(r.Path, ".next") {
			t.Errorf("a rule at %s, which the rewrite keeps strict: %s", r.Path, warnings(d))
		}
	}
}

// cwlTypes is CWL's parameter types in small (the Github_hard CWL
// schemas of JSONSchemaBench): a type is a name, a record, whose fields
// hold a type again, or an enum, told apart by their "type" member. The
// record, met again inside its own copy, is a recursive $ref kept as it
// is, a branch beside the enum's copy.
const cwlTypes = `{"type":"object","properties":{"inputs":{"type":"array","items":{"$ref":"#/definitions/Param"}}},"definitions":{` +
	`"Param":{"type":"object","properties":{"id":{"type":"string"},"type":{"$ref":"#/definitions/Type"}}},` +
	`"Type":{"anyOf":[{"type":"string","enum":["int","File"]},{"$ref":"#/definitions/Rec"},{"$ref":"#/definitions/Enum"},{"type":"string"}]},` +
	`"Rec":{"type":"object","properties":{"type":{"type":"string","enum":["record"]},"fields":{"type":"array","items":{"$ref":"#/definitions/Field"}},"n":{"type":"integer"}},"required":["type"]},` +
	`"Field":{"type":"object","properties":{"name":{"type":"string"},"type":{"anyOf":[{"type":"string","enum":["int","File"]},{"$ref":"#/definitions/Rec"},{"$ref":"#/definitions/Enum"},{"type":"string"}]}},"required":["name","type"]},` +
	`"Enum":{"type":"object","properties":{"type":{"type":"string","enum":["enum"]},"symbols":{"type":"array","items":{"type":"string"}},"on":{"type":"boolean"}},"required":["type","symbols"]}}}`

// TestDeriveGuardPastKeptRef: in a union whose object branches a
// member's strings tell apart, a branch read past its guard is read
// though another branch is a recursive $ref kept as it is, where that
// reference's target refuses the guard's strings (CWL's record requires
// "type" to be "record"; the enum branch is read past <"type"="enum">):
// a call the kept reference takes never passes the guard. The guard's
// own member gets no form past it (the guard would read only the
// values it holds already, while the rewrite advertised more). Before,
// every value below such a union was left strict ("above it, a $ref
// kept as it is may hold this value otherwise"). Judged by unionSound
// and AJV.
func TestDeriveGuardPastKeptRef(t *testing.T) {
	field := func(typ string) string {
		return `{"inputs":[{"type":{"type":"record","fields":[{"name":"a","type":` + typ + `}]}}]}`
	}
	calls := []string{
		field(`{"type":"enum","symbols":"[\"x\"]","on":"true"}`),
		field(`{"type":"enum","symbols":["x"],"on":true}`),
		field(`{"type":"record","on":"true","symbols":"[1]"}`), // (the kept record takes any other member)
		field(`{"type":"ENUM","symbols":["x"]}`),
		field(`{"type":"Enum","symbols":["x"],"on":"yes"}`),
		field(`{"type":"record","fields":[{"name":"b","type":{"type":"enum","symbols":["y"],"on":"no"}}]}`),
		field(`"{\"type\":\"enum\",\"symbols\":[],\"on\":\"1\"}"`),
		field(`"int"`),
	}
	cases := []unionCase{{"cwl-types", cwlTypes, calls}}
	unionSound(t, cases)
	ajvSound(t, cases)
	d, n := deriveNormalizer(t, "cwl-types", cwlTypes)
	in := field(`{"type":"enum","symbols":"[\"x\"]","on":"true"}`)
	want := field(`{"type":"enum","symbols":["x"],"on":true}`)
	if out, _, err := n.NormalizeJSON("cwl-types", []byte(in)); err != nil || string(out) != want {
		t.Errorf("%s became %s (%v), want %s\n%s", in, out, err, want, warnings(d))
	}
	for _, r := range d.Rules {
		if strings.HasSuffix(r.Path, `<"type"="enum">.type`) {
			t.Errorf("a rule reads the guard's own member past the guard: %s %s", r.Type, r.Path)
		}
	}
}
