package gen

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/schema"
)

// The interfaces encoding/json decodes with, and invopop/jsonschema's
// hooks.
var (
	byteSlice   = types.NewSlice(types.Typ[types.Byte])
	errorType   = types.Universe.Lookup("error").Type()
	unmarshaler = types.NewInterfaceType([]*types.Func{
		types.NewFunc(token.NoPos, nil, "UnmarshalJSON", types.NewSignatureType(nil, nil, nil,
			types.NewTuple(types.NewVar(token.NoPos, nil, "data", byteSlice)),
			types.NewTuple(types.NewVar(token.NoPos, nil, "", errorType)), false)),
	}, nil).Complete()
	textUnmarshaler = types.NewInterfaceType([]*types.Func{
		types.NewFunc(token.NoPos, nil, "UnmarshalText", types.NewSignatureType(nil, nil, nil,
			types.NewTuple(types.NewVar(token.NoPos, nil, "text", byteSlice)),
			types.NewTuple(types.NewVar(token.NoPos, nil, "", errorType)), false)),
	}, nil).Complete()
	// invopopHooks are the methods invopop/jsonschema's reflector calls to
	// change a type's reflected schema, which normgen does not run.
	invopopHooks = []string{"JSONSchemaExtend", "JSONSchemaAlias", "JSONSchemaProperty", "GetFieldDocString"}
)

const invopopPath = "github.com/invopop/jsonschema"

// ownDecoding reports whether encoding/json decodes values of t with a
// method of theirs (declared or promoted): UnmarshalJSON first, as
// encoding/json looks for it first, then UnmarshalText. The method is
// returned for its position.
func ownDecoding(t types.Type) (schema.Decoding, *types.Func) {
	p := types.NewPointer(t)
	switch {
	case types.Implements(p, unmarshaler):
		return schema.OwnJSON, method(p, "UnmarshalJSON")
	case types.Implements(p, textUnmarshaler):
		return schema.OwnText, method(p, "UnmarshalText")
	}
	return 0, nil
}

// method returns the exported method name of t's method set, or nil.
func method(t types.Type, name string) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, _ := obj.(*types.Func)
	return fn
}

func isNamed(n *types.Named, pkg, name string) bool {
	obj := n.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == pkg && obj.Name() == name
}

// embedsNumber reports whether the struct t embeds a json.Number, or a
// pointer to one, directly or through the structs it embeds: the methods
// Go 1.27 declares on json.Number (UnmarshalJSONFrom) are then t's, and
// encoding/json reads t as a number there, where Go 1.26 reads an
// object (schema's embedsNumber, on reflection's types).
func embedsNumber(t types.Type, seen map[types.Type]bool) bool {
	return embeds(t, "encoding/json", "Number", seen)
}

// embeds reports whether t is the type name of package pkg, a pointer to
// it, or a struct that embeds one, directly or through the structs it
// embeds: its methods are then t's, promoted (schema's embeds, on
// reflection's types).
func embeds(t types.Type, pkg, name string, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok && isNamed(n, pkg, name) {
		return true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || seen[t] {
		return false
	}
	if seen == nil {
		seen = map[types.Type]bool{}
	}
	seen[t] = true
	for f := range st.Fields() {
		if f.Embedded() && embeds(f.Type(), pkg, name, seen) {
			return true
		}
	}
	return false
}

// throughPointer returns the type of the embedded pointer field the
// method name of the named type n is promoted through (*time.Time for
// struct{ *time.Time }'s UnmarshalJSON), "" where it is n's own or
// promoted through values alone.
func throughPointer(n *types.Named, name string) string {
	obj, index, _ := types.LookupFieldOrMethod(n, true, n.Obj().Pkg(), name)
	if obj == nil || len(index) < 2 {
		return ""
	}
	t := types.Type(n)
	for _, i := range index[:len(index)-1] {
		st, ok := t.Underlying().(*types.Struct)
		if p, isPtr := t.Underlying().(*types.Pointer); isPtr {
			st, ok = p.Elem().Underlying().(*types.Struct)
		}
		if !ok || i >= st.NumFields() {
			return ""
		}
		f := st.Field(i)
		if _, isPtr := f.Type().Underlying().(*types.Pointer); isPtr {
			return types.TypeString(f.Type(), func(p *types.Package) string { return p.Name() })
		}
		t = f.Type()
	}
	return ""
}

// ownRef is the model of a named type encoding/json decodes with a method
// of its own, or nil when it has none: decoded by that method, with the
// schema its JSONSchema() method gives (read from its source), else, for
// UnmarshalText, a string, and for UnmarshalJSON {} (any value), with a
// warning, since normgen cannot see what the method takes.
func (l *loader) ownRef(n *types.Named, pos token.Pos, fieldID string) *TypeRef {
	dec, m := ownDecoding(n)
	if dec == 0 {
		return nil
	}
	r := &TypeRef{Kind: schema.Custom, Decoding: dec, Named: n.Obj().Name()}
	if n.Obj().Pkg() != l.pkg.Types {
		r.NamedPkg = n.Obj().Pkg().Path()
	}
	raw, has, why, at := l.methodSchema(n)
	unfit := ""
	if has && why == "" {
		unfit = ownSchemaUnfit(raw)
	}
	key := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	name := typeName(n, l.pkg.Types)
	if via := throughPointer(n, m.Name()); via != "" {
		l.warnOnce(key+" nil", pos, fieldID, nil, "%s's %s is promoted from its embedded pointer %s, which is nil in %s being decoded: the method dereferences it and panics where it would set a value, in encoding/json too (the decoder reports the panic as a refusal of the call); embed %s rather than a pointer, or give %s an %s of its own", name, m.Name(), via, article(name), strings.TrimPrefix(via, "*"), name, m.Name())
	}
	var related []Related
	if at.IsValid() {
		related = append(related, Related{Pos: l.pkg.Fset.Position(at), Msg: "what normgen cannot read in " + name + "'s JSONSchema()"})
	}
	switch {
	case has && why == "" && unfit == "":
		r.Own = &schema.Type{Kind: schema.Custom, Schema: raw}
	case dec == schema.OwnText:
		r.Own = &schema.Type{Kind: schema.String, Strict: true, Foreign: true, Nullable: true}
		if has {
			l.warnOnce(key, pos, fieldID, related, "%s is decoded by its own UnmarshalText; its JSONSchema() is not read (%s), so its schema is a string", name, cmp.Or(why, unfit))
		}
	default:
		r.Own = &schema.Type{Kind: schema.Custom, Shape: shapeOf(n)}
		what := "has no JSONSchema() method (invopop/jsonschema's interface) to say what it takes"
		switch {
		case has && why != "":
			what = "has a JSONSchema() method normgen cannot read (" + why + ")"
		case has:
			what = "its JSONSchema() gives a schema that validators would not read alike (" + unfit + ")"
		}
		if m.Pos().IsValid() {
			related = append([]Related{{Pos: l.pkg.Fset.Position(m.Pos()), Msg: name + "'s UnmarshalJSON"}}, related...)
		}
		gemini := ""
		if sh := r.Own.Shape; sh != nil {
			gemini = " (the gemini profile, which needs one type, says " + schema.ShapeName(sh) + ": what encoding/json writes for its Go type)"
		}
		l.warnOnce(key, pos, fieldID, related, "%s is decoded by its own UnmarshalJSON, which normgen cannot see into, and %s: its schema is {}, any value%s", name, what, gemini)
	}
	return r
}

// stdRef is the model of a struct of another package without a decoding
// method of its own: decoded by encoding/json, strictly, with a warning;
// its schema is reflected from its fields' types and tags, as what
// encoding/json takes.
func (l *loader) stdRef(n *types.Named, pos token.Pos, fieldID string) *TypeRef {
	key := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	own := stdType(n, map[*types.Named]bool{})
	says := "its schema says what encoding/json takes"
	if parts := schema.LooseParts(own); len(parts) > 0 {
		says += ", but at these places, where it takes values encoding/json refuses (which the server then refuses) or leaves a member out: " + strings.Join(parts, "; ")
	}
	l.warnOnce(key, pos, fieldID, nil, "%s, a struct of another package, has no generated decoder: its values are decoded by encoding/json, strictly (no string forms, no JSON text; keys matched as encoding/json matches them), and %s; declare a struct in package %s for lenient decoding", typeName(n, l.pkg.Types), says, l.pkg.Name)
	return &TypeRef{Kind: schema.Custom, Decoding: schema.StdJSON, Named: n.Obj().Name(), NamedPkg: n.Obj().Pkg().Path(), Own: own}
}

// unusedHooks warns about the methods of a struct normgen generates the
// decoder of that invopop/jsonschema's reflector would call to make its
// schema: normgen makes the schema from the fields and tags, as the
// decoder reads them, so that the two agree.
func (l *loader) unusedHooks(obj *types.TypeName) {
	p := types.NewPointer(obj.Type())
	var names []string
	if fn := method(p, "JSONSchema"); fn != nil {
		if sig := fn.Type().(*types.Signature); sig.Params().Len() == 0 && sig.Results().Len() == 1 && isSchemaPtr(sig.Results().At(0).Type()) {
			names = append(names, "JSONSchema")
		}
	}
	for _, h := range invopopHooks {
		if method(p, h) != nil {
			names = append(names, h)
		}
	}
	if len(names) > 0 {
		l.warnf(obj.Pos(), "", "%s's %s (invopop/jsonschema's) is not used: normgen generates %s's decoder, and its schema from the fields and tags the decoder reads, so that the two agree", obj.Name(), strings.Join(names, ", "), obj.Name())
	}
}

// warnOnce warns about a type once, at its first use.
func (l *loader) warnOnce(key string, pos token.Pos, fieldID string, related []Related, format string, args ...any) {
	if l.warned == nil {
		l.warned = map[string]bool{}
	}
	if l.warned[key] {
		return
	}
	l.warned[key] = true
	l.warnf(pos, fieldID, format, args...)
	l.warns[len(l.warns)-1].Related = related
}

// typeName is t as written in package pkg.
func typeName(t types.Type, pkg *types.Package) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	})
}

// stdType describes what encoding/json takes for a value of type t in a
// struct of another package: each type strictly (no string forms, no JSON
// text), null everywhere (encoding/json leaves the value alone, or sets
// nil), no required fields, unknown keys allowed. What a schema cannot
// say is {} (a type with its own UnmarshalJSON, a recursive type, a kind
// encoding/json fails on).
func stdType(t types.Type, seen map[*types.Named]bool) *schema.Type {
	st := stdType1(t, seen)
	if st.Kind != schema.Any {
		st.Strict, st.Foreign, st.Nullable = true, true, true
	}
	return st
}

func stdType1(t types.Type, seen map[*types.Named]bool) *schema.Type {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		return stdType1(p.Elem(), seen)
	}
	any := &schema.Type{Kind: schema.Any}
	if n, ok := t.(*types.Named); ok && isNamed(n, "time", "Time") {
		return &schema.Type{Kind: schema.Time}
	}
	// (a method of its own, or one an unnamed struct promotes from what
	// it embeds: struct{ time.Time } reads RFC 3339 text)
	if n, ok := t.(*types.Named); ok {
		switch {
		case isRawMessage(n.Obj()):
			return any
		case isNamed(n, "encoding/json", "Number"):
			// (a number, or text that is one, to encoding/json: no
			// one type says both, and a string would refuse 12.5)
			return schema.AnyLoose(schema.LooseNumber)
		}
	}
	if embedsNumber(t, nil) {
		// (Go 1.27 reads it by the UnmarshalJSONFrom it promotes from
		// json.Number, before any method of its own, Go 1.26 as an
		// object or by that method)
		return schema.AnyLoose(schema.LooseVersions)
	}
	switch dec, _ := ownDecoding(t); dec {
	case schema.OwnJSON:
		return schema.AnyLoose(schema.LooseOwn)
	case schema.OwnText:
		return &schema.Type{Kind: schema.String}
	}
	if n, ok := t.(*types.Named); ok {
		if seen[n] {
			return schema.AnyLoose(schema.LooseRecursion)
		}
		seen[n] = true
		defer delete(seen, n)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.Uintptr {
			return &schema.Type{Kind: schema.Uint, Bits: 64}
		}
		if r := basicRef(u); r != nil {
			bits := r.Bits
			if bits == 0 && (r.Kind == schema.Int || r.Kind == schema.Uint) {
				bits = 64
			}
			return &schema.Type{Kind: r.Kind, Bits: bits}
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			bytes := &schema.Type{Kind: schema.String, Base64: true}
			if dec, _ := ownDecoding(u.Elem()); dec != 0 {
				// (an array's elements are read by their own method)
				bytes.Elem = stdType(u.Elem(), seen)
			}
			return bytes
		}
		return &schema.Type{Kind: schema.Array, Elem: stdType(u.Elem(), seen)}
	case *types.Array:
		return &schema.Type{Kind: schema.Array, Elem: &schema.Type{Kind: schema.Any}, Loose: schema.LooseFixed}
	case *types.Map:
		m := &schema.Type{Kind: schema.Map, Elem: stdType(u.Elem(), seen)}
		b, _ := u.Key().Underlying().(*types.Basic)
		m.Loose = schema.KeysLoose(b != nil && b.Info()&types.IsString != 0, b != nil && b.Info()&types.IsInteger != 0, types.Implements(types.NewPointer(u.Key()), textUnmarshaler))
		return m
	case *types.Interface:
		if u.NumMethods() > 0 {
			return schema.AnyLoose(schema.LooseMethods)
		}
		return any
	case *types.Struct:
		fields, unset := stdFields(u, seen)
		return &schema.Type{Kind: schema.Object, Fields: fields, Unset: unset}
	case *types.Pointer:
		// (a named pointer type: Go 1.26 reads its element by kind, not
		// by a method of its own, nor as a time.Time; Go 1.27 by those)
		// (time.Time's UnmarshalJSON among them)
		e := types.Unalias(u.Elem())
		if dec, _ := ownDecoding(e); dec != 0 {
			return schema.AnyLoose(schema.LooseVersions)
		}
		return stdType1(e, seen)
	}
	return schema.AnyLoose(schema.LooseKind)
}

// stdFields are the members encoding/json reads into a struct: exported
// fields by their json names, embedded structs' promoted
// (schema.Promoted), with the names of those it cannot set.
func stdFields(st *types.Struct, seen map[*types.Named]bool) (fields []schema.Field, unset []string) {
	var cands []schema.Member
	// (unset: st is reached through an embedded pointer to a struct of
	// an unexported type, which encoding/json cannot set)
	var walk func(st *types.Struct, depth int, unset bool)
	walk = func(st *types.Struct, depth int, unset bool) {
		for i := 0; i < st.NumFields(); i++ {
			v := st.Field(i)
			tag := reflect.StructTag(st.Tag(i))
			jsonTag := tag.Get("json")
			if jsonTag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(jsonTag, ",")
			if v.Embedded() && name == "" {
				et := types.Unalias(v.Type())
				p, pointer := et.(*types.Pointer)
				if pointer {
					et = types.Unalias(p.Elem())
				}
				if inner, ok := et.Underlying().(*types.Struct); ok {
					n, named := et.(*types.Named)
					if !named || !seen[n] {
						if named {
							seen[n] = true
						}
						walk(inner, depth+1, unset || pointer && !v.Exported())
						if named {
							delete(seen, n)
						}
					}
					continue
				}
			}
			if !v.Exported() {
				continue
			}
			m := schema.Member{Depth: depth, Tagged: name != "", Unset: unset}
			if name == "" {
				name = v.Name()
			}
			m.Field = schema.StdField(name, stdType(v.Type(), seen), quoted(v.Type()), opts, tag.Get("jsonschema"))
			cands = append(cands, m)
		}
	}
	walk(st, 0, false)
	return schema.Promoted(cands)
}

// quoted is schema.Quoted of a go/types type: how encoding/json reads a
// field of type t tagged with the json option string.
func quoted(t types.Type) schema.Quoting {
	t = types.Unalias(t)
	_, named := t.(*types.Named)
	p, pointer := t.Underlying().(*types.Pointer)
	if pointer {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok && isNamed(n, "encoding/json", "Number") && !(pointer && named) {
		return schema.QuotedNumber
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) == 0 || b.Info()&types.IsUntyped != 0 {
		return schema.QuotedNot
	}
	if dec, _ := ownDecoding(t); dec != 0 {
		return schema.QuotedNot
	}
	if pointer && named {
		return schema.QuotedAny
	}
	return schema.QuotedKind
}

// methodSchema reads the schema n's JSONSchema() method (invopop's
// interface: func() *jsonschema.Schema) returns, from its source: a body
// that is one return of a jsonschema.Schema literal made of constants.
// has reports whether n has such a method; why, when it is not "", says
// why normgen cannot read it, and at, when valid, where.
func (l *loader) methodSchema(n *types.Named) (raw json.RawMessage, has bool, why string, at token.Pos) {
	fn := method(types.NewPointer(n), "JSONSchema")
	if fn == nil {
		return nil, false, "", token.NoPos
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isSchemaPtr(sig.Results().At(0).Type()) {
		return nil, false, "", token.NoPos
	}
	if fn.Pkg() != l.pkg.Types {
		return nil, true, "it is in package " + fn.Pkg().Path() + ", whose source normgen does not read", token.NoPos
	}
	var decl *ast.FuncDecl
	for _, f := range l.pkg.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() {
				decl = fd
			}
		}
	}
	if decl == nil || decl.Body == nil {
		return nil, true, "its source is not in the package's files", token.NoPos
	}
	if len(decl.Body.List) != 1 {
		return nil, true, "its body is not one return statement", decl.Pos()
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, true, "its body is not one return statement", decl.Pos()
	}
	v, err := (&schemaLit{info: l.pkg.TypesInfo}).value(ret.Results[0])
	if err != nil {
		return nil, true, err.msg, err.pos
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, true, "it returns no schema object", decl.Pos()
	}
	b, _ := json.Marshal(v)
	return b, true, "", token.NoPos
}

// isSchemaPtr reports whether t is *jsonschema.Schema (invopop's).
func isSchemaPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && isNamed(n, invopopPath, "Schema")
}

// schemaLit evaluates a Go expression made of constants and composite
// literals of invopop's jsonschema.Schema (and slices and maps of them, or
// of constants) into the JSON value encoding/json would marshal it to.
type schemaLit struct {
	info *types.Info
}

type litError struct {
	pos token.Pos
	msg string
}

func (l *schemaLit) fail(e ast.Expr, format string, args ...any) (any, *litError) {
	return nil, &litError{pos: e.Pos(), msg: fmt.Sprintf(format, args...)}
}

func (l *schemaLit) value(e ast.Expr) (any, *litError) {
	tv := l.info.Types[e]
	if tv.Value != nil {
		return constValue(tv)
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return l.value(x.X)
	case *ast.Ident:
		if x.Name == "nil" && tv.IsNil() {
			return nil, nil
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			if lit, ok := x.X.(*ast.CompositeLit); ok {
				return l.composite(lit)
			}
		}
	case *ast.CompositeLit:
		return l.composite(x)
	case *ast.CallExpr:
		// A conversion of a constant: json.Number("1").
		if ft := l.info.Types[x.Fun]; ft.IsType() && len(x.Args) == 1 {
			if at := l.info.Types[x.Args[0]]; at.Value != nil {
				return constValue(types.TypeAndValue{Type: ft.Type, Value: at.Value})
			}
		}
	}
	return l.fail(e, "normgen reads constants and composite literals only, not %s", types.ExprString(e))
}

// constValue is a constant's JSON value; a json.Number is a number.
func constValue(tv types.TypeAndValue) (any, *litError) {
	v := tv.Value
	switch v.Kind() {
	case constant.String:
		s := constant.StringVal(v)
		if n, ok := types.Unalias(tv.Type).(*types.Named); ok && isNamed(n, "encoding/json", "Number") {
			return json.Number(s), nil
		}
		return s, nil
	case constant.Bool:
		return constant.BoolVal(v), nil
	case constant.Int:
		return json.Number(v.ExactString()), nil
	case constant.Float:
		f, _ := constant.Float64Val(v)
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
	}
	return nil, &litError{msg: "a constant of kind " + v.Kind().String()}
}

func (l *schemaLit) composite(lit *ast.CompositeLit) (any, *litError) {
	t := types.Unalias(l.info.Types[lit].Type)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		n, ok := t.(*types.Named)
		if !ok || !isNamed(n, invopopPath, "Schema") {
			return l.fail(lit, "normgen reads literals of jsonschema.Schema only, not %s", types.TypeString(t, nil))
		}
		return l.schema(lit, u)
	case *types.Slice:
		out := []any{}
		for _, e := range lit.Elts {
			v, err := l.value(e)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case *types.Map:
		out := map[string]any{}
		for _, e := range lit.Elts {
			kv := e.(*ast.KeyValueExpr)
			k := l.info.Types[kv.Key]
			if k.Value == nil || k.Value.Kind() != constant.String {
				return l.fail(kv.Key, "a map key normgen reads is a string constant")
			}
			v, err := l.value(kv.Value)
			if err != nil {
				return nil, err
			}
			out[constant.StringVal(k.Value)] = v
		}
		return out, nil
	}
	return l.fail(lit, "normgen cannot read a literal of %s", types.TypeString(t, nil))
}

// schema evaluates a jsonschema.Schema literal as invopop marshals it:
// each field under its json name, zero values left out (every field is
// omitempty), Extras merged in.
func (l *schemaLit) schema(lit *ast.CompositeLit, st *types.Struct) (any, *litError) {
	out := map[string]any{}
	var extras map[string]any
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return l.fail(e, "normgen reads keyed jsonschema.Schema literals only")
		}
		name := kv.Key.(*ast.Ident).Name
		var tag string
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == name {
				tag = reflect.StructTag(st.Tag(i)).Get("json")
			}
		}
		v, err := l.value(kv.Value)
		if err != nil {
			return nil, err
		}
		if name == "Extras" {
			extras, _ = v.(map[string]any)
			continue
		}
		key, _, _ := strings.Cut(tag, ",")
		if key == "" || key == "-" {
			return l.fail(kv.Key, "normgen cannot read jsonschema.Schema's %s", name)
		}
		if !zero(v) {
			out[key] = v
		}
	}
	for k, v := range extras {
		out[k] = v
	}
	return out, nil
}

// zero reports whether v is what omitempty leaves out.
func zero(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case bool:
		return !x
	case json.Number:
		return false // a json.Number is a string: only "" is empty
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// shapeOf is the schema.Type.Shape of a Go type: its kind as
// encoding/json writes its values, and a slice's element's shape (an
// array, its elements unsaid, where the slice holds itself: type L []L);
// nil for an interface, a channel or a function.
func shapeOf(t types.Type) *schema.Type { return shapeIn(t, map[*types.Named]bool{}) }

func shapeIn(t types.Type, seen map[*types.Named]bool) *schema.Type {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if seen[n] {
			if _, ok := n.Underlying().(*types.Pointer); ok {
				return nil
			}
			return &schema.Type{Kind: schema.Array} // (only slices and arrays hold themselves here)
		}
		seen[n] = true
		defer delete(seen, n)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return &schema.Type{Kind: schema.String}
		case u.Info()&types.IsBoolean != 0:
			return &schema.Type{Kind: schema.Bool}
		case u.Info()&types.IsUnsigned != 0:
			return &schema.Type{Kind: schema.Uint}
		case u.Info()&types.IsInteger != 0:
			return &schema.Type{Kind: schema.Int}
		case u.Info()&types.IsFloat != 0:
			return &schema.Type{Kind: schema.Float}
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return &schema.Type{Kind: schema.String} // base64 text
		}
		return &schema.Type{Kind: schema.Array, Elem: shapeIn(u.Elem(), seen)}
	case *types.Array:
		return &schema.Type{Kind: schema.Array, Elem: shapeIn(u.Elem(), seen)}
	case *types.Map:
		return &schema.Type{Kind: schema.Map}
	case *types.Struct:
		if embeds(t, "time", "Time", nil) {
			// (a time.Time, and what embeds one, directly or through
			// the structs it embeds, is written as its text, by the
			// MarshalJSON it promotes or one of its own alike)
			return &schema.Type{Kind: schema.String}
		}
		return &schema.Type{Kind: schema.Object}
	case *types.Pointer:
		return shapeIn(u.Elem(), seen)
	}
	return nil
}

// ownSchemaUnfit says why the schema a type's JSONSchema() gives cannot
// be served as it is, "" where it can: it is not a schema of JSON Schema
// 2020-12 (a $ref to nothing, a keyword of the wrong kind), or a pattern
// in it is one Go's regexp and ECMAScript's do not read alike
// (lint.PortablePattern, which a tag's pattern is held to: an inline
// flag, a lookaround), which would make a host refuse the tool or
// disagree with the server.
func ownSchemaUnfit(raw json.RawMessage) string {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err.Error()
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem://own.json", doc); err != nil {
		return err.Error()
	}
	if _, err := c.Compile("mem://own.json"); err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return strings.ReplaceAll(msg, "mem://own.json", "the schema")
	}
	unfit := ""
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if p, ok := v["pattern"].(string); ok && unfit == "" {
				if err := lint.PortablePattern(p); err != nil {
					unfit = err.Error()
				}
			}
			if pp, ok := v["patternProperties"].(map[string]any); ok {
				for _, p := range slices.Sorted(maps.Keys(pp)) {
					if err := lint.PortablePattern(p); err != nil && unfit == "" {
						unfit = err.Error()
					}
				}
			}
			for _, k := range slices.Sorted(maps.Keys(v)) { // (the first in one order)
				walk(v[k])
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	return unfit
}

// article is the name with "a" or "an" before it, by its first letter
// (a Stamp, an Addr).
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
