package schemabuild

import (
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"sync"

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

// ForOptions is For in schema profile p, with the choices o. Where the
// schema of a struct of another package among the type's fields takes
// values encoding/json refuses, or leaves out members it cannot set
// (LooseParts), it warns of them: to o.OnWarning on each call, or to
// log/slog's default logger once for the type in the process.
func ForOptions(v any, p lenient.Profile, o Options) (*jsonschema.Schema, error) {
	rt := reflect.TypeOf(v)
	t, err := DescribeWith(rt, o)
	if err != nil {
		return nil, err
	}
	if parts := LooseParts(t); len(parts) > 0 {
		msg := fmt.Sprintf("%v: the schema of a struct of another package, decoded by encoding/json, says what encoding/json takes, but at these places, where it takes values encoding/json refuses (which the server then refuses) or leaves a member out: %s", rt, strings.Join(parts, "; "))
		if o.OnWarning != nil {
			o.OnWarning(msg)
		} else if _, said := warned.LoadOrStore(rt, true); !said {
			slog.Warn(msg, "component", "normgen schemabuild")
		}
	}
	return RootProfile(t, p)
}

// warned holds the types ForOptions warned of on log/slog.
var warned sync.Map // reflect.Type -> bool
