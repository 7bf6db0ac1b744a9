package invariant

import (
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// advertisedOnce reports whether a call the decoder took (with fixes) and
// the schema sch refused is DESIGN.md's class (f): each parameter is
// advertised once, under its field's name, so a key the decoder reads as
// an alias or a spelling-style variant of a field is not declared (nor
// does it fill the field's place in required), and a validating host
// refuses it, as it did without normgen. It holds only where the decoder
// read such a key (an alias fix) and the call with the tool's rules
// applied (each such key under its field's name) is valid: then the
// schema refused the spelling of a key, never a value the server takes.
func advertisedOnce(tool lenient.Tool, args []byte, fixes []lenient.Fix, sch *jsonschema.Schema) bool {
	if !slices.ContainsFunc(fixes, func(f lenient.Fix) bool { return f.Kind == lenient.FixAlias }) {
		return false
	}
	name, _, _ := strings.Cut(tool.Name, " [") // "tool [profile]" names the tool's rules' tool
	n, err := normalize.New(tool.Rules)
	if err != nil {
		return false
	}
	out, _, err := n.NormalizeJSON(name, args)
	if err != nil {
		return false
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(out)))
	return err == nil && sch.Validate(inst) == nil
}
