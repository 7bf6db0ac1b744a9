// Package schemabuild builds the lenient JSON Schemas of tool inputs in
// invopop/jsonschema's model, from package schema's type description: what
// the generator writes into generated code and catalogs, and For, the same
// schema by reflection for types normgen never generated code for.
//
// It is the generator's (module github.com/normgen/normgen/gen), apart from
// package schema, whose type description the runtime's fallback decoder
// reads: a server that imports only the runtime and an adapter links
// neither invopop/jsonschema nor what it brings, and its module graph
// holds none of the generator's requirements.
package schemabuild

import . "github.com/normgen/normgen/schema"

// baseOf is the Type holding an Object's fields: Def, or t itself.
func baseOf(t *Type) *Type {
	if t.Def != nil {
		return t.Def
	}
	return t
}
