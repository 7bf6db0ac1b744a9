package gen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/schema"
)

// TestCycles: the steps by which a recursive struct reaches itself again,
// through slices, maps, pointers and other structs, a field whose name a
// rule path quotes as a quoted step, and each group a rule path that
// loads; a struct that reaches itself again inside another's cycle is an
// error naming the route.
func TestCycles(t *testing.T) {
	str := &TypeRef{Kind: schema.String}
	ref := func(s *Struct) *TypeRef { return &TypeRef{Kind: schema.Object, Struct: s} }
	ptr := func(s *Struct) *TypeRef { return &TypeRef{Kind: schema.Object, Struct: s, Pointer: true} }
	slice := func(e *TypeRef) *TypeRef { return &TypeRef{Kind: schema.Array, Elem: e} }
	dict := func(e *TypeRef) *TypeRef { return &TypeRef{Kind: schema.Map, Elem: e} }
	field := func(name string, t *TypeRef) *Field { return &Field{Name: name, Type: t} }

	filter := &Struct{Name: "Filter"}
	filter.Fields = []*Field{
		field("name", str),
		field("and", slice(ref(filter))),
		field("not", ptr(filter)),
		field("x.y", slice(ref(filter))),
		field("a|b", dict(ref(filter))),
		field("f(x)", ptr(filter)),
	}
	expr, body := &Struct{Name: "Expr"}, &Struct{Name: "Body"}
	expr.Fields = []*Field{field("body", ref(body)), field("op", str)}
	body.Fields = []*Field{field("args", slice(ref(expr)))}

	for _, tc := range []struct {
		s    *Struct
		want []string
	}{
		{filter, []string{".and[]", ".not", `["x.y"][]`, `["a|b"]{}`, `["f(x)"]`}},
		{expr, []string{".body.args[]"}},
	} {
		got, err := Cycles(tc.s)
		if err != nil {
			t.Fatalf("%s: %v", tc.s.Name, err)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.s.Name, diff)
		}
		path := "root(" + strings.Join(got, "|") + ")*.op"
		r := lenient.Rule{ID: "x", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, Path: path, CoerceTo: "int"}
		if err := normalize.ValidateRules([]lenient.Rule{r}, nil); err != nil {
			t.Errorf("%s: the group does not load: %v", path, err)
		}
	}

	outer, inner := &Struct{Name: "Outer"}, &Struct{Name: "Inner"}
	outer.Fields = []*Field{field("in", ref(inner))}
	inner.Fields = []*Field{field("self", slice(ref(inner))), field("back", ptr(outer))}
	_, err := Cycles(outer)
	want := "Inner reaches itself again inside the cycle of Outer (Outer.in -> Inner.self)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Outer: got %v, want an error containing %q", err, want)
	}
}
