package schemabuild

import (
	"reflect"

	"github.com/invopop/jsonschema"

	"github.com/normgen/normgen/lenient"
	. "github.com/normgen/normgen/schema"
)

// For returns the lenient root schema of the Go value v's type (a struct or
// a pointer to one), for types normgen never generated code for. It reads
// the same tags the generator reads (json, jsonschema, norm) through
// reflection into the same type description, so For and the generator
// give the same schema for the same type. (Reflection cannot see doc
// comments: descriptions come from the jsonschema tag only.)
//
// invopop's own Reflector is not used for the structure: its output no
// longer says whether an integer was an int8 or a uint64, or a field a
// pointer, which the lenient schema needs.
func For(v any) (*jsonschema.Schema, error) {
	return ForProfile(v, lenient.ProfilePortable)
}

// ForProfile is For in schema profile p.
func ForProfile(v any, p lenient.Profile) (*jsonschema.Schema, error) {
	return ForOptions(v, p, Options{})
}

// ForOptions is For in schema profile p, with the choices o.
func ForOptions(v any, p lenient.Profile, o Options) (*jsonschema.Schema, error) {
	t, err := DescribeWith(reflect.TypeOf(v), o)
	if err != nil {
		return nil, err
	}
	return RootProfile(t, p)
}
