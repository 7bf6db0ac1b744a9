package cli

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// CatalogCheck checks normalized arguments against a tool's strict
// schema, as a server validates them (normgen normalize -catalog).
type CatalogCheck struct {
	schema *jsonschema.Schema
	d      *derive.Derivation
}

// ToolCheck finds tool in the catalog c derived from file and compiles its
// strict input schema: the check of its normalized arguments, and the
// rules derived for it. An error says the catalog has no such tool (with
// an input schema) or that its schema does not compile.
func ToolCheck(c *derive.CatalogDerivation, file, tool string) (*CatalogCheck, []lenient.Rule, error) {
	strict, d, ok := c.Tool(tool)
	if !ok {
		return nil, nil, fmt.Errorf("%s: no tool %q with an input schema", file, tool)
	}
	check, err := newCatalogCheck(tool, strict, d)
	if err != nil {
		return nil, nil, err
	}
	return check, d.Rules, nil
}

// newCatalogCheck compiles strict, the input schema of tool, whose
// derivation d explains what it refuses; an error says it does not
// compile.
func newCatalogCheck(tool string, strict *derive.Node, d *derive.Derivation) (*CatalogCheck, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(strict.Marshal()))
	if err == nil {
		c := jsonschema.NewCompiler()
		loc := "mem://normgen/" + url.PathEscape(tool) + ".json"
		if err = c.AddResource(loc, doc); err == nil {
			var s *jsonschema.Schema
			if s, err = c.Compile(loc); err == nil {
				return &CatalogCheck{schema: s, d: d}, nil
			}
		}
	}
	return nil, fmt.Errorf("the input schema of %s does not compile: %v", tool, err)
}

// Refusal returns the problems of arguments the strict schema refuses
// (nil when it takes them): Derivation.Explain's, in the decoders' words,
// or else the validator's message as one problem.
func (c *CatalogCheck) Refusal(args []byte) []lenient.Problem {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err == nil {
		err = c.schema.Validate(inst)
	}
	if err == nil {
		return nil
	}
	var le *lenient.Error
	if errors.As(c.d.Explain(args), &le) {
		return le.Problems
	}
	return []lenient.Problem{{Msg: err.Error(), Kind: lenient.KindRefused}}
}

// ToolCoverage says when no rule names tool: "" when one does. Such a
// tool's arguments pass unchanged, or with only the "*" rules applied: a
// catalog's derived rules name only the tools with something to fix.
func ToolCoverage(rules []lenient.Rule, tool string) string {
	var names []string
	seen := map[string]bool{}
	wildcard := false
	for _, r := range rules {
		for _, t := range r.Tools {
			switch {
			case t == tool:
				return ""
			case t == "*":
				wildcard = true
			case !seen[t]:
				seen[t] = true
				names = append(names, t)
			}
		}
	}
	sort.Strings(names)
	named := "the rules name: " + strings.Join(names, ", ")
	if len(names) == 0 {
		named = "the rules file has no rule"
		if len(rules) > 0 {
			named = `the rules are all "*" rules`
		}
	}
	msg := fmt.Sprintf("no rule names tool %q (%s)", tool, named)
	if wildcard {
		return msg + `; only the "*" rules apply`
	}
	return msg + "; its arguments pass unchanged"
}

// NormalizeOutput is what normgen normalize prints: {"args": ...,
// "applied": [...]} and, when the strict schema refuses the arguments,
// "problems". args is JSON text, written as it is; nil applied is [].
func NormalizeOutput(args []byte, applied []normalize.Applied, problems []lenient.Problem) ([]byte, error) {
	if applied == nil {
		applied = []normalize.Applied{}
	}
	return gen.MarshalJSON(struct {
		Args     rawJSON             `json:"args"`
		Applied  []normalize.Applied `json:"applied"`
		Problems []lenient.Problem   `json:"problems,omitempty"`
	}{rawJSON(args), applied, problems})
}

// CallProblems returns what refuses a call normalize.NormalizeJSON gave
// out and err for, and who does: a rule's refusal (err a *lenient.Error:
// a misnamed_key rule, a near spelling of a field the call left out),
// else, with check, the problems of the strict schema that out still
// has. An error that is no refusal (JSON that does not parse) is
// returned as it is.
func CallProblems(out []byte, err error, check *CatalogCheck) (problems []lenient.Problem, who string, _ error) {
	var refused *lenient.Error
	switch {
	case errors.As(err, &refused):
		return refused.Problems, "the rules refuse the arguments", nil
	case err != nil:
		return nil, "", err
	case check != nil:
		return check.Refusal(out), "the schema refuses the arguments", nil
	}
	return nil, "", nil
}

// rawJSON embeds JSON text as is.
type rawJSON []byte

// MarshalJSON returns the text itself.
func (r rawJSON) MarshalJSON() ([]byte, error) { return r, nil }
