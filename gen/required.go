package gen

import (
	"go/token"
	"regexp"
	"sort"
	"strings"

	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// requiredDirective is the package doc comment line that chooses the
// model of required fields.
var requiredDirective = regexp.MustCompile(`^//normgen:required=(\S*)\s*$`)

// chooseRequired says how to choose the model of required fields.
const chooseRequired = `pass -required=jsonschema or write //normgen:required=jsonschema in the package doc comment (only tagged fields are required), or -required=json / //normgen:required=json (fields without omitempty are too)`

// quietDirective is the package doc comment line that quiets a class
// of warnings; quietStrict is the one class it takes.
var quietDirective = regexp.MustCompile(`^//normgen:quiet=(\S*)\s*$`)

// quietStrict is the class of warnings //normgen:quiet= takes: the
// fields the openai-strict profile cannot express (strictWarnings).
const quietStrict = "openai-strict"

// packageDirectives reads the normgen directives of the package doc
// comments: //normgen:required=json|jsonschema, once or alike in every
// file that has it; //normgen:variants=off and
// //normgen:quiet=openai-strict (l.noVariants, l.quietStrict). It returns the model (schema.RequiredAuto without one)
// and the directive's position.
func (l *loader) packageDirectives() (schema.Required, token.Pos) {
	model, at := schema.RequiredAuto, token.NoPos
	for _, f := range l.pkg.Syntax {
		if f.Doc == nil {
			continue
		}
		l.misspelledDirectives(f.Doc)
		for _, c := range f.Doc.List {
			if !strings.HasPrefix(c.Text, "//normgen:") {
				continue
			}
			if strings.TrimSpace(c.Text) == "//normgen:variants=off" {
				l.noVariants = true
				continue
			}
			if mm := quietDirective.FindStringSubmatch(c.Text); mm != nil {
				if mm[1] != quietStrict {
					l.errorf(c.Pos(), "", "%s: write //normgen:quiet=%s (the one warning it quiets)", strings.TrimSpace(c.Text), quietStrict)
				} else if !l.quietStrict.IsValid() {
					l.quietStrict = c.Pos()
				}
				continue
			}
			mm := requiredDirective.FindStringSubmatch(c.Text)
			if mm == nil {
				l.errorf(c.Pos(), "", "unknown package directive %q; known: //normgen:required=json, //normgen:required=jsonschema, //normgen:variants=off, //normgen:quiet=openai-strict (//normgen:tool and //normgen:unknown=error go in a type's doc comment)", c.Text)
				continue
			}
			r, err := schema.ParseRequired(mm[1])
			if err != nil || mm[1] == "" {
				l.errorf(c.Pos(), "", "%s: write //normgen:required=json or //normgen:required=jsonschema", strings.TrimSpace(c.Text))
				continue
			}
			if model != schema.RequiredAuto && r != model {
				l.errorf(c.Pos(), "", "//normgen:required=%s here, //normgen:required=%s in another place: say it once", r, model)
				l.relate(at, "//normgen:required="+model.String())
				continue
			}
			model, at = r, c.Pos()
		}
	}
	return model, at
}

// resolveRequired decides the model of required fields: the -required
// flag and the package directive (which must agree), else
// schema.RequiredAuto's reading of the fields the tools reach, which is
// an error on the first field the two models disagree on. It then sets
// each field's Required and checks that no required field has a default.
func (l *loader) resolveRequired(m *Package, flag, directive schema.Required, at token.Pos) {
	model := flag
	switch {
	case directive != schema.RequiredAuto && flag != schema.RequiredAuto && directive != flag:
		l.errorf(at, "", "//normgen:required=%s, but -required=%s: drop one", directive, flag)
		return
	case directive != schema.RequiredAuto:
		model = directive
	}
	var fields []*Field
	var ids []string
	for _, s := range l.order {
		for _, f := range s.Fields {
			fields = append(fields, f)
			ids = append(ids, s.Name+"."+strings.Join(f.GoName, "."))
		}
	}
	if model == schema.RequiredAuto {
		order := make([]int, len(fields))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return posLess(fields[order[a]].Pos, fields[order[b]].Pos) })
		seen := make([]schema.RequiredField, len(order))
		for i, k := range order {
			seen[i] = schema.RequiredField{Omit: fields[k].omit, Tagged: fields[k].tagged}
		}
		r, conflict, tagged, ok := schema.ResolveRequired(seen)
		if !ok {
			c, t := order[conflict], order[tagged]
			l.diags = append(l.diags, Diagnostic{Pos: fields[c].Pos, Field: ids[c], Msg: schema.RequiredConflict(ids[t], chooseRequired),
				Related: []Related{{Pos: fields[t].Pos, Msg: "field " + ids[t] + `, tagged jsonschema:"required"`}}})
			return
		}
		model = r
	}
	m.Required = model
	for i, f := range fields {
		f.Required = model.IsRequired(f.omit, f.tagged)
		if f.Required && f.Keywords.HasDefault {
			fix := "add omitempty to its json tag"
			if f.tagged {
				fix = "drop required from its jsonschema tag"
				if model == schema.RequiredJSON && !f.omit {
					fix += " and add omitempty to its json tag"
				}
			}
			l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: ids[i], Msg: "a field with a default must be optional: " + fix})
		}
		if f.EmptyError && f.withEmpty().Absent()&lenientimpl.AbsentEmpty == 0 {
			l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: ids[i], Msg: schema.EmptyErrorRefused})
		}
		if f.EnumStrict && !schema.EnumStrictApplies(SchemaType(f.Type, f.Mode), f.Keywords.Enum) {
			l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: ids[i], Msg: schema.EnumStrictRefused})
		}
	}
}

// withEmpty is f without empty=error.
func (f *Field) withEmpty() *Field {
	c := *f
	c.EmptyError = false
	return &c
}
