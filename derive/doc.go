// Package derive derives normalizer rules and a lenient schema from any
// tool's strict input schema: the bridge for servers that cannot
// regenerate (hand-written schemas, mcp-go builders, SDK-inferred schemas,
// a gateway's upstream tools). The adapters (adapters/gosdk,
// adapters/mcpgo) and `normgen normalize -catalog` build on it.
//
// The deriver reads the schema as JSON (every key it does not know is
// kept), never a value's look: a field is coerced only when its schema
// says integer, number or boolean, and parsed from JSON text only when it
// says array or object. A string field is never loosened.
//
// The two outputs agree: normalizing arguments with the derived rules and
// then validating them against the ORIGINAL strict schema accepts exactly
// what the rewritten schema accepts, but for two classes the rewritten
// schema lets through and the strict schema still rejects after
// normalization (classes (a) and (b) of docs/semantics.md): a digit
// string whose number is outside the field's bounds or int64/uint64
// range, and JSON text that does not hold a value of the field's schema.
// And one class the other way, by design (class (f)): a key the rules
// read as an alias or a spelling-style variant of a property is not
// declared, and the property stays required, so that each parameter is
// shown once; the rewritten schema refuses it where the strict schema
// did. Derivation.Explain says why the strict schema refuses such a call, in
// the words of generated decoders.
//
// Rules reach values at any depth through their path ("window.from",
// "items[].id", "labels[]", "env{}", `env{"^[A-Z_]+$"}.port`): nested
// objects, arrays of objects, maps (rulespec.PatternMap: one pattern
// every key of a valid object matches, read as additionalProperties) and
// the values of patternProperties (by their pattern) are made lenient
// like top-level arguments, and so are the arguments' own map values
// ("{}", `{"^x_"}.port`), where no declared member, condition or
// dependency of the object reads a member the path reads (a pattern
// every name matches beside declared members is written as two, the
// declared names' and every other name's, rulespec.AllNamesBut, whose
// values are read: splitEveryName). Below a value that may be a string the
// strict schema takes as it is (a union with a string branch, a schema
// with no type), a rule's path marks that step "!" (`["u"]!.port`): the
// normalizer, which reads JSON text along a rule's path, leaves such a
// string as it is. A value stays strict,
// with a warning naming it, where a path cannot name it alike: under a
// member name holding ".", "[", "]", "{", "}", "(", ")" or "|", in the
// branches of a union that give one path different types, behind a
// recursive $ref that cannot be read alike at every depth (see below) or
// below a union with such a branch, or named by a pattern of
// patternProperties beside its declaration; under patternProperties
// where the pattern's values cannot be read alone (a declared property
// or another pattern may hold a name it matches otherwise, another
// object schema sits at the place that takes such a name (a union's
// closed branch whose own patterns are apart from it does not), Go and
// ECMAScript would read the
// pattern otherwise: rulespec.CompilePattern), tuples and the like; and
// where no one coercion
// suits it: a union of a number or boolean with another type and no
// string branch, or beside strings that may be its string form's texts.
// An anyOf, oneOf or allOf of one branch ({"oneOf": [{"type":
// "integer"}]}, beside annotations) is read as that branch, as one of a
// $ref is, beside a type too that names every type the $ref's target
// takes (the type then holds nothing the target does not). A union of one scalar type beside strings that its texts never are (an
// enum of other words, a pattern that rules them out) reads its string
// form as a lone scalar does, and a union of arrays or objects beside
// strings that are never their JSON text reads that text as a union of
// arrays and objects alone does (advertised as a string held to what
// such a text starts with, not any string). A union's branch that names
// no type counts with the types its allOf, a union inside it or its
// $ref's target allow (takenKinds): an allOf of a reference to an object
// and what it adds is an object. A local $ref that is not recursive ("#/$defs/Point",
// used at any depth, as go-sdk and invopop/jsonschema write shared types,
// and a root "$ref" as invopop writes it, its target's own definitions
// left where they are) is read as its target, inlined
// at each use in the rewrite, and so is an allOf, anyOf or oneOf of that
// one $ref beside annotations alone (pydantic's {"allOf": [{"$ref":
// ...}], "description": ...}; in draft-07 or earlier not beside format,
// which its validators may assert; at the root, beside its $schema,
// identifier and definitions too), within a size bound (adding at most twice
// the strict schema's objects and arrays, at least 4096, and up to 6144
// within eight times a smaller schema's); a reference past the bound is left strict
// with a warning, but where the same definition is copied at the same
// place elsewhere (another branch of a union) and neither reference has
// a sibling but annotations: both then name the copy's lenient form,
// written once in the rewrite's $defs ("lenient.Config"), and the values
// below it get their rules. A recursive definition (a tree's node, a filter of
// filters) is read at every depth through each of its references to
// itself that is a property, an array's or a map's elements, or the one
// object branch of a union whose other branches are of other types than
// object and string, with no sibling but annotations, where it may not
// be null, and through a union of such a reference and null alone
// (pydantic's optional recursive field): its rules' paths repeat those
// references' steps as a group
// ("tree(.kids[])*.value"), and those references point at its lenient
// form, written once in the rewrite's $defs ("lenient.Node"). A
// definition that is a union of objects alone (a filter that is an and
// or a comparison; the property zod-to-json-schema's z.lazy names), or
// an anyOf of objects beside a string branch that takes every string (a
// type reference that is a name or a structure, Tabris' typeReference:
// a string, an object's JSON text among them, is taken as it is at
// every depth), is read so too, as one object, each branch's rules past
// its guard and the guards in the group
// (`f(<"op"="and">.all[])*<"op"="eq">.value`); an
// object definition whose reference to itself is a branch of such a
// union (a bool of filters, one of which is a bool) is copied once more
// there, so that the union's references in the copy are the sites it is
// read through; and a union of references to objects met again inside
// a copy of one of its branches' targets (pydantic writes a recursive
// union out at each field that holds it) is read as a reference to where
// it stands, so as such a definition. A discriminator beside such a
// union goes into its lenient form, its mapping repointed at the form's
// branches. Another reference to a recursive definition (in a union
// beside an object or a string, with a sibling that constrains) is kept
// as any other. Where the group of steps a definition's rules would
// repeat passes 32 steps, or a tool's groups 1 MiB (unions of objects
// that hold one another multiply their guards), it is read at the depth
// it stands at alone, with a warning. In draft-07 or earlier, a
// reference whose siblings hold its value's shape alone (type, a length,
// pattern, format: {"$ref": "#/definitions/links", "maxItems": 1}),
// which those drafts ignore and AJV applies, keeps them beside a
// reference to its target's lenient form ("lenient.links"): the members
// and elements below read alike either way. A reference left in the
// rewrite (a recursive one read otherwise, one past the bound) that names a value the rewrite changed, or passes
// through one, names a strict copy of its target instead, kept once in
// the rewrite's $defs ("strict.properties.tree", in the portable form,
// without the names it holds): below the depth its rules name, a value is
// taken exactly as the strict schema takes it. Where no copy can stand in
// (the target holds a name a reference may use, a dynamic reference
// names it), the value it reaches is kept whole, with a warning.
//
// A schema of 256 bytes or more that the rewrite repeats as a member's,
// an element's or a definition's value (a definition inlined at several
// places) is written once in its definitions ("shared.config", named for
// the member it first stands at, or the document's own definition of
// that schema) and each place names it,
// where each host refusing a $ref (lint.RefHosts) refuses one in the
// rewrite already, no JSON Pointer runs into or through the place, every
// $ref is a fragment, and no schema below the root sets a base URI, an
// anchor or a dialect other than the root's (WashingtonPost's
// definitions each name the root's own), or follows a dynamic
// reference: a rule path still names each place.
//
// A value whose schema holds an identifier ("$id",
// draft-04's "id") or definitions of its own is read like any other,
// its identifier kept once, on the branch that holds its schema, where
// no reference can reach into or through it (a reference by URI, one
// left in the rewrite whose pointer passes through it, one inside it
// resolved against its identifier); else it is kept whole, with a
// warning. The arguments are always an object: a root without a
// type but with properties (or with an anyOf, oneOf or allOf a branch
// of which declares them), or whose type array holds "object", is read
// (and advertised) as {"type": "object", ...}, without the branches of
// its anyOf or oneOf that take no object (by their type, holding no
// name); the branches of a root
// allOf, anyOf or oneOf that declare properties (or patternProperties)
// are read as the root's
// (but for a key one branch declares and another takes as it is, and, in
// a oneOf whose branches one call may match two of, one two branches
// hold to other schemas), and so are the then and
// else of a root if that tests the arguments' keys alone, those keys
// left as they are (but for a key one of the alternatives inside the
// root, a then or an else, a branch of a union in its allOf, declares
// and another takes as it is). A root not is read as such an if whose
// then is false: the keys whose values it tests are left as they are,
// and those it requires (or its allOf, anyOf or oneOf do) keep their
// presence (no absent rule, no variant spelling), their values read.
//
// Below the root too, a key that one branch of an anyOf or oneOf
// declares and another may take as it is (undeclared, its object open)
// gets no rule, at any depth: rules are keyed by path, not by the branch
// a call matches, and a rule there would change a value of a call the
// server takes through the other branch ("5" for a key the open branch
// takes as a string). Branches are compared by all that holds an object
// at their place: their references' targets, their allOf's branches,
// the union's holder, and each branch of a union inside them. Where a
// required member holding strings (a discriminator) tells a union's
// object branches apart, nothing is left strict: each branch's rules go
// on past its guard (`x<"kind"="a">.n`, rulespec.ParsePath); in a oneOf
// a branch may leave that member optional, and its rewrite takes its
// lenient forms only where the member is given (valueGuards). Where
// each open object branch of a oneOf requires a member no other branch
// declares, each branch's rules go on past absent guards, the other
// branches' members absent (`spec<!"layers">.width`), and its rewrite
// takes its lenient forms only there (presenceGuards): also the input
// schema's own anyOf or oneOf, whose branches' rules start with their
// guards (`<!"layers">.width`; a member every branch holds alike is read
// past none), and an anyOf where no host refuses the rewrite with the
// not it gains but one that refuses it without (lint.CheckHosts). So do the
// rules of the then of an if that tests one required member for some
// strings, beside the object's own (an else beside it stays as it is).
//
// A derivation is made once per process, for a tool's name, its strict
// schema and the rules that apply to it, and each caller gets a copy of
// its own (CacheSize and CacheBytes bound what is kept): an adapter built per request
// finds its catalog derived.
//
// The package links the standard library, normgen's runtime (lenient,
// runtime/lenientimpl and internal packages; not the normalizer) and
// package lint (the hosts' rules, itself linking no more) only: no JSON
// Schema generator, YAML or ordered-map package, which package schema
// (the generator's Go type to schema path) brings.
package derive
