package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/lint"
	"github.com/normgen/normgen/schema"
)

// The server's own facts: what the package (or its module) already says
// about its tools, read so that a server generates as it serves, with no
// flag: the name it registers each tool under, and the model of required
// fields its schema reflector uses.

// NameSource says where a tool's name was taken from.
type NameSource string

const (
	// NameRegistered is a name the package registers the tool under:
	// go-sdk's mcp.AddTool(s, &mcp.Tool{Name: "x"}, h), mcp-go's
	// s.AddTool(mcp.NewTool("x", ...), mcp.NewTypedToolHandler(h)), or a
	// helper of the server's own whose first string argument is the name
	// and whose handler takes the input type (mcp-grafana's
	// MustTool("x", "description", h)).
	NameRegistered NameSource = "registration"
	// NameDirective is the //normgen:tool NAME line of the type.
	NameDirective NameSource = "directive"
	// NameType is the type's name in snake_case (ToolName).
	NameType NameSource = "type name"
)

// RequiredSource says where the model of required fields was taken from.
type RequiredSource string

const (
	// RequiredFromFlag is Config.Required (the -required flag).
	RequiredFromFlag RequiredSource = "-required flag"
	// RequiredFromDirective is the package's //normgen:required= line.
	RequiredFromDirective RequiredSource = "directive"
	// RequiredFromModule is the module's own invopop/jsonschema
	// Reflector, which sets RequiredFromJSONSchemaTags.
	RequiredFromModule RequiredSource = "module"
	// RequiredFromFields is the reading of the fields' tags
	// (schema.RequiredAuto), where nothing else says.
	RequiredFromFields RequiredSource = "fields"
)

// registration is a place where the package registers a tool under a
// literal name.
type registration struct {
	name string
	at   token.Pos // the name
	// sure marks a registration that can be nothing else: the name is a
	// tool literal's or a NewTool call's, or the input is a type argument
	// of the registering call or of a call in its arguments
	// (mcpgrafana.MustTool[T, R], mcp.NewTypedToolHandler[T]). Only such
	// registrations make a type a tool (registeredTools).
	sure bool
	// by is the import path of the package that registers the tool where
	// it is another package of the run (LoadRun), whose file set is not
	// this package's: pos is then where, and at is NoPos.
	by  string
	pos token.Position
}

// position is where r is.
func (l *loader) position(r registration) token.Position {
	if r.by != "" {
		return r.pos
	}
	return l.pkg.Fset.Position(r.at)
}

// registrar is who registers r: "the package", or the other package of
// the run.
func registrar(r registration) string {
	if r.by != "" {
		return "package " + r.by
	}
	return "the package"
}

// registeredElsewhere is a registration whose input normgen cannot
// generate in this package: a type of another package, an instance of a
// generic type, a named type that is not a struct.
type registeredElsewhere struct {
	registration
	input *types.Named
}

// registrations finds where the package registers tools under a literal
// name, by the tool's input type (a struct type of the package): every
// call (or keyed composite literal, such as mcp-go's server.ServerTool)
// with a name, given as a tool literal (&mcp.Tool{Name: "x"}), a NewTool
// call (mcp.NewTool("x", ...)) or else its first constant string argument
// when that is a valid tool name, and a handler: one argument that is a
// function (or a call wrapping one, such as mcp.NewTypedToolHandler(h))
// whose last parameter of a struct type of the package is the input. A
// tool literal or NewTool call kept in a variable is followed. It also
// returns the sure registrations whose input (the handler's last
// parameter) is a type it cannot generate here, each type once.
func (l *loader) registrations() (map[*types.TypeName][]registration, []registeredElsewhere) {
	if !l.regsRead {
		l.regs, l.elsewhere = l.readRegistrations()
		l.regsRead = true
	}
	return l.regs, l.elsewhere
}

// readRegistrations is registrations, read.
func (l *loader) readRegistrations() (map[*types.TypeName][]registration, []registeredElsewhere) {
	info := l.pkg.TypesInfo
	// Variables set once from an expression, to follow a tool kept in
	// one: read once a variable of a Tool type is met.
	var defs map[types.Object]ast.Expr
	defOf := func(id *ast.Ident) ast.Expr {
		if defs == nil {
			defs = map[types.Object]ast.Expr{}
			for _, f := range l.pkg.Syntax {
				ast.Inspect(f, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.AssignStmt:
						if len(n.Lhs) == len(n.Rhs) {
							for i, lhs := range n.Lhs {
								if id, ok := lhs.(*ast.Ident); ok {
									if obj := info.ObjectOf(id); obj != nil {
										defs[obj] = n.Rhs[i]
									}
								}
							}
						}
					case *ast.ValueSpec:
						if len(n.Names) == len(n.Values) {
							for i, id := range n.Names {
								if obj := info.ObjectOf(id); obj != nil {
									defs[obj] = n.Values[i]
								}
							}
						}
					}
					return true
				})
			}
		}
		return defs[info.ObjectOf(id)]
	}
	isTool := func(t types.Type) bool {
		n, ok := derefNamed(t)
		return ok && n.Obj().Name() == "Tool"
	}
	constString := func(e ast.Expr) (string, bool) {
		if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value), true
		}
		return "", false
	}
	// toolName is the name in a tool literal or a NewTool call.
	var toolName func(e ast.Expr, depth int) (string, token.Pos, bool)
	toolName = func(e ast.Expr, depth int) (string, token.Pos, bool) {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch e := e.(type) {
		case *ast.CompositeLit:
			if !isTool(info.TypeOf(e)) {
				return "", token.NoPos, false
			}
			for _, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
						if s, ok := constString(kv.Value); ok {
							return s, kv.Value.Pos(), true
						}
					}
				}
			}
		case *ast.CallExpr:
			if calleeName(e.Fun) == "NewTool" && len(e.Args) > 0 {
				if s, ok := constString(e.Args[0]); ok {
					return s, e.Args[0].Pos(), true
				}
			}
		case *ast.Ident:
			if depth < 2 && isTool(info.TypeOf(e)) {
				if def := defOf(e); def != nil {
					return toolName(def, depth+1)
				}
			}
		}
		return "", token.NoPos, false
	}
	// input is the tool input type a handler takes, and whether it is a
	// type argument of a call that wraps the handler; else, as other, the
	// handler's last parameter where it is a named type normgen cannot
	// generate here (not an SDK's CallToolRequest).
	type handlerInput struct {
		in    *types.TypeName
		other *types.Named
		typed bool
	}
	var input func(e ast.Expr, depth int) handlerInput
	input = func(e ast.Expr, depth int) handlerInput {
		if t := info.TypeOf(e); t != nil {
			if sig, ok := t.Underlying().(*types.Signature); ok {
				for i := sig.Params().Len() - 1; i >= 0; i-- {
					if n, ok := derefNamed(sig.Params().At(i).Type()); ok && n.Obj().Pkg() == l.pkg.Types {
						if _, ok := n.Underlying().(*types.Struct); ok && n.TypeArgs().Len() == 0 {
							return handlerInput{in: n.Obj()}
						}
					}
				}
				if n := sig.Params().Len(); n > 0 {
					if t, ok := derefNamed(sig.Params().At(n - 1).Type()); ok && t.Obj().Name() != "CallToolRequest" && t.Obj().Pkg() != nil {
						if _, isStruct := t.Underlying().(*types.Struct); t.Obj().Pkg() == l.pkg.Types || isStruct {
							return handlerInput{other: t}
						}
					}
				}
			}
		}
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && depth < 2 {
			var found handlerInput
			for _, a := range call.Args {
				if in := input(a, depth+1); in.in != nil || in.other != nil {
					if found.in != nil && found.in != in.in || found.other != nil && found.other != in.other {
						return handlerInput{}
					}
					found = in
				}
			}
			found.typed = found.typed || typeArg(info, call, found.in, found.other)
			return found
		}
		return handlerInput{}
	}
	regs := map[*types.TypeName][]registration{}
	var elsewhere []registeredElsewhere
	for _, f := range l.pkg.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			var parts []ast.Expr
			var call *ast.CallExpr
			switch n := n.(type) {
			case *ast.CallExpr:
				parts, call = n.Args, n
			case *ast.CompositeLit:
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						parts = append(parts, kv.Value)
					}
				}
			default:
				return true
			}
			// The name first (cheap), then the handler's input.
			var reg registration
			named := -1
			for i, p := range parts {
				if name, at, ok := toolName(p, 0); ok {
					reg, named = registration{name: name, at: at, sure: true}, i
					break
				}
			}
			if named < 0 {
				for i, p := range parts {
					if s, ok := constString(p); ok {
						reg, named = registration{name: s, at: p.Pos()}, i
						break
					}
				}
			}
			if named < 0 || lint.ToolNameProblem(reg.name) != "" {
				return true
			}
			// The input: one struct type of the package among the
			// arguments, else one type normgen cannot generate here.
			var in, other handlerInput
			twoOthers := false
			for i, p := range parts {
				if i == named {
					continue
				}
				switch t := input(p, 0); {
				case t.in != nil:
					if in.in != nil && in.in != t.in {
						return true // two inputs: not one tool's registration
					}
					in.in, in.typed = t.in, in.typed || t.typed
				case t.other != nil && (t.typed || call != nil && typeArg(info, call, nil, t.other)):
					// Only a type argument: a function of another
					// package's struct (a tool option, func(*mcp.Tool))
					// is no handler.
					t.typed = true
					twoOthers = twoOthers || other.other != nil && !types.Identical(other.other, t.other)
					other.other, other.typed = t.other, other.typed || t.typed
				}
			}
			if in.in == nil && !twoOthers {
				in = other
			}
			reg.sure = reg.sure || in.typed || call != nil && typeArg(info, call, in.in, in.other)
			switch {
			case in.in != nil:
				if i := slices.IndexFunc(regs[in.in], func(r registration) bool { return r.name == reg.name }); i < 0 {
					regs[in.in] = append(regs[in.in], reg)
				} else if reg.sure {
					regs[in.in][i].sure = true
				}
			case in.other != nil && reg.sure:
				if !slices.ContainsFunc(elsewhere, func(e registeredElsewhere) bool { return types.Identical(e.input, in.other) }) {
					elsewhere = append(elsewhere, registeredElsewhere{reg, in.other})
				}
			}
			return true
		})
	}
	return regs, elsewhere
}

// typeArg reports whether the function call calls is an instance of a
// generic function with the named type in (or other) as a type argument,
// or a pointer to it (mcpgrafana.MustTool[T, R] with T the input).
func typeArg(info *types.Info, call *ast.CallExpr, in *types.TypeName, other *types.Named) bool {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.IndexExpr:
		id, _ = ast.Unparen(f.X).(*ast.Ident)
		if sel, ok := ast.Unparen(f.X).(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
	case *ast.IndexListExpr:
		id, _ = ast.Unparen(f.X).(*ast.Ident)
		if sel, ok := ast.Unparen(f.X).(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
	}
	if id == nil {
		return false
	}
	inst, ok := info.Instances[id]
	if !ok || inst.TypeArgs == nil {
		return false
	}
	for i := range inst.TypeArgs.Len() {
		if n, ok := derefNamed(inst.TypeArgs.At(i)); ok && (in != nil && n.Obj() == in || other != nil && types.Identical(n, other)) {
			return true
		}
	}
	return false
}

// registeredTools is the tools of a package that has no //normgen:tool
// line and no -type: the input types of its sure registrations, in the
// order of their first registration (the package's own first, then those
// of other packages of the run). It warns, at the registration, of each
// sure registration whose input it cannot generate here, but for a type
// of another package of the run, which that package generates.
func (l *loader) registeredTools(regs map[*types.TypeName][]registration, elsewhere []registeredElsewhere) []*types.TypeName {
	var out []*types.TypeName
	first := map[*types.TypeName]registration{}
	for obj, rs := range regs {
		for _, r := range rs {
			if r.sure {
				if f, ok := first[obj]; !ok || l.regLess(r, f) {
					first[obj] = r
				}
			}
		}
		if _, ok := first[obj]; ok {
			out = append(out, obj)
		}
	}
	slices.SortFunc(out, func(a, b *types.TypeName) int {
		switch {
		case l.regLess(first[a], first[b]):
			return -1
		case l.regLess(first[b], first[a]):
			return 1
		}
		return strings.Compare(a.Name(), b.Name())
	})
	for _, e := range elsewhere {
		n := e.input
		shown := types.TypeString(n, func(p *types.Package) string {
			if p == l.pkg.Types {
				return ""
			}
			return p.Name()
		})
		switch {
		case n.TypeArgs().Len() > 0:
			concrete := strings.TrimSuffix(n.Obj().Name(), "Input") + "Input"
			l.warnf(e.at, "", "the package registers %s as %q here, an instance of a generic type: normgen generates concrete types, so the tool is not generated; declare one (type %s %s) and take it in the handler", shown, e.name, concrete, shown)
		case n.Obj().Pkg() != l.pkg.Types && l.inRun[n.Obj().Pkg().Path()] && runStruct(n):
			continue // generated there, named as registered here
		case n.Obj().Pkg() != l.pkg.Types:
			l.warnf(e.at, "", "the package registers %s as %q here, a type of package %s: normgen generates a type in its own package, so the tool is generated there, not here; give both packages to one run (%s), which names it %q as registered here", shown, e.name, n.Obj().Pkg().Path(), l.runCommand(n.Obj().Pkg().Path()), e.name)
		default:
			l.warnf(e.at, "", "the package registers %s as %q here, which is not a struct: a tool input normgen generates is a struct type, so the tool is not generated", shown, e.name)
		}
		l.relateWarning(n.Obj().Pos(), "type "+n.Obj().Name())
	}
	return out
}

// regLess orders registrations: the package's own by position, before
// those of other packages of the run, by file and offset.
func (l *loader) regLess(a, b registration) bool {
	switch {
	case a.by == "" && b.by == "":
		return a.at < b.at
	case a.by == "" || b.by == "":
		return a.by == ""
	}
	return a.pos.Filename < b.pos.Filename || a.pos.Filename == b.pos.Filename && a.pos.Offset < b.pos.Offset
}

// runCommand is the command that generates this package and the package
// other together (normgen ./tools ./tools/sql), their directories from
// the module root, where both are in the module; else a description.
func (l *loader) runCommand(other string) string {
	root, modPath := moduleOf(l.dir)
	if root != "" {
		if rest, ok := strings.CutPrefix(other, modPath); ok && (rest == "" || strings.HasPrefix(rest, "/")) {
			if own, err := filepath.Rel(root, l.dir); err == nil && !strings.HasPrefix(own, "..") {
				return fmt.Sprintf("normgen %s .%s, from the module root", dotSlash(own), rest)
			}
		}
	}
	return "normgen with this package's directory and " + other + "'s"
}

// dotSlash is a relative directory as the go command takes it: ./d, or
// "." for the directory itself.
func dotSlash(rel string) string {
	rel = filepath.ToSlash(rel)
	if rel == "." {
		return "."
	}
	return "./" + rel
}

// withImported is regs with the registrations other packages of the run
// make of this package's struct types (l.imported), after the package's
// own.
func (l *loader) withImported(regs map[*types.TypeName][]registration) map[*types.TypeName][]registration {
	if len(l.imported) == 0 {
		return regs
	}
	out := make(map[*types.TypeName][]registration, len(regs))
	for obj, rs := range regs {
		out[obj] = rs
	}
	for name, rs := range l.imported {
		obj, ok := l.pkg.Types.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		for _, r := range rs {
			if !slices.ContainsFunc(out[obj], func(o registration) bool { return o.name == r.name }) {
				out[obj] = append(slices.Clip(out[obj]), r)
			}
		}
	}
	return out
}

// unmarkedRegistrations warns, once, where a package with //normgen:tool
// lines or -type registers tools whose inputs are neither (or another
// package of the run registers its types so): those lines and -type
// choose the package's tools, so these are not generated.
func (l *loader) unmarkedRegistrations(regs map[*types.TypeName][]registration, tools map[string]token.Pos) {
	var unmarked []registration
	var names []string
	for obj, rs := range regs {
		if _, ok := tools[obj.Name()]; ok || !slices.ContainsFunc(rs, func(r registration) bool { return r.sure }) {
			continue
		}
		r := rs[slices.IndexFunc(rs, func(r registration) bool { return r.sure })]
		unmarked = append(unmarked, r)
		names = append(names, obj.Name())
	}
	if len(unmarked) == 0 {
		return
	}
	idx := make([]int, len(unmarked))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		switch {
		case l.regLess(unmarked[a], unmarked[b]):
			return -1
		case l.regLess(unmarked[b], unmarked[a]):
			return 1
		}
		return strings.Compare(names[a], names[b])
	})
	r := unmarked[idx[0]]
	const why = "where a package has //normgen:tool lines or -type, those alone choose its tools"
	if len(unmarked) == 1 {
		l.warnAt(l.position(r), "%s registers %s as %q here, but %s is no tool: %s; give it a bare //normgen:tool line to generate it, or drop the lines and -type to generate every tool the package registers", registrar(r), names[0], r.name, names[0], why)
		return
	}
	l.warnAt(l.position(r), "%s registers %d input types that are no tools (%s), %s as %q here: %s; give them a bare //normgen:tool line to generate them, or drop the lines and -type to generate every tool the package registers", registrar(r), len(unmarked), strings.Join(sortedCopy(names), ", "), names[idx[0]], r.name, why)
	for _, i := range idx[1:] {
		l.relateWarningAt(l.position(unmarked[i]), fmt.Sprintf("%s registered as %q", names[i], unmarked[i].name))
	}
}

// sortedCopy is a sorted copy of ss.
func sortedCopy(ss []string) []string {
	out := slices.Clone(ss)
	slices.Sort(out)
	return out
}

// derefNamed is t, or what t points to, as a named type.
func derefNamed(t types.Type) (*types.Named, bool) {
	if t == nil {
		return nil, false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return n, ok
}

// calleeName is the name of the function a call expression calls
// (NewTool for mcp.NewTool and for mcp.NewTool[T]).
func calleeName(fun ast.Expr) string {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr:
		return calleeName(f.X)
	case *ast.IndexListExpr:
		return calleeName(f.X)
	}
	return ""
}

// nameTool chooses the name of the tool whose input is obj: its
// registration's (the package's own, else another package's of the run),
// else its directive's (directive, at the line at), else its type's; it
// warns where a directive disagrees with the registration, or the type is
// registered under several names. It returns the name, where it was taken
// from, where, and the other package of the run that registers it ("" for
// none).
func (l *loader) nameTool(obj *types.TypeName, regs map[*types.TypeName][]registration, directive string, at, typePos token.Pos) (string, NameSource, token.Position, string) {
	rs := regs[obj]
	if len(rs) == 0 {
		if directive != "" {
			l.checkToolName(directive, at, false)
			return directive, NameDirective, l.pkg.Fset.Position(at), ""
		}
		name := ToolName(obj.Name())
		l.checkToolName(name, typePos, true)
		return name, NameType, l.pkg.Fset.Position(typePos), ""
	}
	r := rs[0]
	for _, other := range rs[1:] {
		and := fmt.Sprintf("and as %q", r.name)
		if other.by != r.by {
			and = fmt.Sprintf("and %s registers it as %q", registrar(r), r.name)
		}
		l.warnAt(l.position(other), "%s also registers %s as %q here, %s: one type is one tool, named %q; declare a type of its own for the other (type %sOther %s)", registrar(other), obj.Name(), other.name, and, r.name, obj.Name(), obj.Name())
		l.relateWarningAt(l.position(r), fmt.Sprintf("%s registered as %q", obj.Name(), r.name))
	}
	if directive != "" && directive != r.name {
		l.warnf(at, "", "//normgen:tool %s, but %s registers %s as %q: the tool is named %q, as the server serves it; drop the line or make it say %s", directive, registrar(r), obj.Name(), r.name, r.name, r.name)
		l.relateWarningAt(l.position(r), fmt.Sprintf("%s registered as %q", obj.Name(), r.name))
	}
	return r.name, NameRegistered, l.position(r), r.by
}

// requiredFacts reads the module's own model of required fields where
// neither the flag nor the directive gives one: the settings of
// RequiredFromJSONSchemaTags on invopop/jsonschema's Reflector, in a
// composite literal (jsonschema.Reflector{RequiredFromJSONSchemaTags:
// true}) or an assignment (r.RequiredFromJSONSchemaTags = true), in the
// package's files, then in the module's other packages (their non-test
// Go files for these build tags, read without type-checking, and only
// those that name the option): the package's own settings when they
// agree, else the module's when they agree. It returns the model for
// resolveRequired in the directive's place (the directive when given),
// where the model was taken from and its position. Where a flag or
// directive is given and the module says otherwise, it warns.
func (l *loader) requiredFacts(cfg Config, directive schema.Required, directiveAt token.Pos) (schema.Required, RequiredSource, token.Position) {
	given, source, at := cfg.Required, RequiredFromFlag, token.Position{}
	if directive != schema.RequiredAuto {
		given, source, at = directive, RequiredFromDirective, l.pkg.Fset.Position(directiveAt)
	}
	settings := reflectorSettings(l.pkg.Fset, l.pkg.Syntax)
	if !agree(settings) {
		settings = nil
	}
	if len(settings) == 0 {
		settings = l.moduleSettings(cfg.Tags)
	}
	if !agree(settings) {
		settings = nil
	}
	if len(settings) == 0 {
		if given == schema.RequiredAuto {
			source = RequiredFromFields
		}
		return directive, source, at
	}
	s := settings[0]
	if given == schema.RequiredAuto {
		return s.model, RequiredFromModule, s.pos
	}
	if given != s.model {
		where := fmt.Sprintf("-required=%s", given)
		var related []Related
		if source == RequiredFromDirective {
			where = fmt.Sprintf("//normgen:required=%s", given)
			related = []Related{{Pos: at, Msg: where}}
		}
		l.warns = append(l.warns, Diagnostic{Pos: s.pos, Warning: true, Related: related, Msg: fmt.Sprintf("the module's jsonschema.Reflector sets RequiredFromJSONSchemaTags: %t here (the %s model of required fields), but %s chooses the %s model: normgen follows %s, and its schemas differ from the server's own where a field's tags read differently under the two", s.model == schema.RequiredJSONSchema, s.model, where, given, where)})
	}
	return directive, source, at
}

// reflectorSetting is one setting of RequiredFromJSONSchemaTags.
type reflectorSetting struct {
	model schema.Required
	pos   token.Position
}

// agree reports whether the settings choose one model.
func agree(ss []reflectorSetting) bool {
	for _, s := range ss {
		if s.model != ss[0].model {
			return false
		}
	}
	return true
}

// invopop is the import path of invopop/jsonschema.
const invopop = "github.com/invopop/jsonschema"

// reflectorSettings finds the settings of RequiredFromJSONSchemaTags in
// files that import invopop/jsonschema.
func reflectorSettings(fset *token.FileSet, files []*ast.File) []reflectorSetting {
	var out []reflectorSetting
	for _, f := range files {
		local := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == invopop {
				local = "jsonschema"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		if local == "" || local == "_" {
			continue
		}
		add := func(v ast.Expr) {
			id, ok := ast.Unparen(v).(*ast.Ident)
			if !ok || id.Name != "true" && id.Name != "false" {
				return
			}
			m := schema.RequiredJSON
			if id.Name == "true" {
				m = schema.RequiredJSONSchema
			}
			out = append(out, reflectorSetting{m, fset.Position(v.Pos())})
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				sel, ok := n.Type.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Reflector" {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != local {
					return true
				}
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "RequiredFromJSONSchemaTags" {
							add(kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, lhs := range n.Lhs {
						if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "RequiredFromJSONSchemaTags" {
							add(n.Rhs[i])
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// moduleSettings finds the settings of RequiredFromJSONSchemaTags in the
// module's packages the package imports, directly or through others of
// the module, and in the module's root package (where a server keeps its
// own library, as mcp-grafana does): their non-test Go files for these
// build tags, parsed without type-checking, in full only where they name
// the option.
func (l *loader) moduleSettings(tags string) []reflectorSetting {
	root, modPath := moduleOf(l.dir)
	if root == "" {
		return nil
	}
	ctx := build.Default
	if tags != "" {
		ctx.BuildTags = strings.Split(tags, ",")
	}
	fset := token.NewFileSet()
	var files []*ast.File
	seen := map[string]bool{l.dir: true}
	var queue []string
	visit := func(importPath string) {
		rest, ok := strings.CutPrefix(importPath, modPath)
		if !ok || rest != "" && !strings.HasPrefix(rest, "/") {
			return
		}
		dir := filepath.Join(root, filepath.FromSlash(rest))
		if !seen[dir] {
			seen[dir] = true
			queue = append(queue, dir)
		}
	}
	for _, f := range l.pkg.Syntax {
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			visit(p)
		}
	}
	visit(modPath)
	for len(queue) > 0 {
		dir := queue[0]
		queue = queue[1:]
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
				continue
			}
			path := filepath.Join(dir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				continue
			}
			if bytes.Contains(src, []byte("RequiredFromJSONSchemaTags")) {
				if f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution); err == nil {
					files = append(files, f)
				}
			}
			if f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly); err == nil {
				for _, imp := range f.Imports {
					p, _ := strconv.Unquote(imp.Path.Value)
					visit(p)
				}
			}
		}
	}
	return reflectorSettings(fset, files)
}

// moduleOf returns the root directory of the module dir is in, and the
// module's path, from its go.mod; "" outside a module.
func moduleOf(dir string) (root, path string) {
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
					rest = strings.TrimSpace(strings.SplitN(rest, "//", 2)[0])
					if p, err := strconv.Unquote(rest); err == nil {
						rest = p
					}
					return dir, rest
				}
			}
			return "", ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ""
		}
		dir = parent
	}
}

// Notes says where the package's facts were taken from: the model of
// required fields and each tool's name, one note each, at the place it
// was taken from (the type, for a name from the type's), its file
// relative to the package directory as a diagnostic's. `normgen catalog
// -v` prints them.
func Notes(m *Package) []Diagnostic {
	rel := func(p token.Position) token.Position {
		if r, err := filepath.Rel(m.Dir, p.Filename); err == nil && p.Filename != "" && !strings.HasPrefix(r, "..") {
			p.Filename = r
		}
		return p
	}
	var out []Diagnostic
	switch m.RequiredFrom {
	case RequiredFromModule:
		out = append(out, Diagnostic{Pos: rel(m.RequiredAt), Msg: fmt.Sprintf("note: required fields: the %s model, from the module's own jsonschema.Reflector (RequiredFromJSONSchemaTags)", m.Required)})
	case RequiredFromDirective:
		out = append(out, Diagnostic{Pos: rel(m.RequiredAt), Msg: fmt.Sprintf("note: required fields: the %s model, from the package's //normgen:required directive", m.Required)})
	case RequiredFromFlag:
		out = append(out, Diagnostic{Msg: fmt.Sprintf("note: required fields: the %s model, from the -required flag", m.Required)})
	default:
		out = append(out, Diagnostic{Msg: fmt.Sprintf("note: required fields: the %s model, read from the fields' tags (neither the package nor its module chooses one)", m.Required)})
	}
	for i, t := range m.Tools {
		what := map[NameSource]string{
			NameRegistered: "from where the package registers " + t.Input.Name,
			NameDirective:  "from the //normgen:tool directive of " + t.Input.Name,
			NameType:       "from its type's name, " + t.Input.Name,
		}[t.NameFrom]
		if t.NameFrom == NameRegistered && t.RegisteredBy != "" {
			what = "from where package " + t.RegisteredBy + " registers " + t.Input.Name + " (in the same run)"
		}
		if i > 0 && m.Tools[i-1].Name == t.Name || i+1 < len(m.Tools) && m.Tools[i+1].Name == t.Name {
			what += " (one of the types the package registers under this name, alternatives it serves one of)"
		}
		out = append(out, Diagnostic{Pos: rel(t.NameAt), Msg: fmt.Sprintf("note: tool %s: name %s", t.Name, what)})
	}
	return out
}

// sharedNames is an error naming the tools of m that share a name
// (alternatives the server registers under one name), which a rule table
// cannot tell apart.
func sharedNames(m *Package) error {
	var shared []string
	for i := 1; i < len(m.Tools); i++ {
		if a, b := m.Tools[i-1], m.Tools[i]; a.Name == b.Name {
			shared = append(shared, fmt.Sprintf("%s (%s and %s)", a.Name, a.Input.Name, b.Input.Name))
		}
	}
	if len(shared) == 0 {
		return nil
	}
	return fmt.Errorf("the package registers several input types under one tool name: %s; a rule table names tools, so it cannot hold both: give -type the types of the tools one server serves", strings.Join(shared, ", "))
}
