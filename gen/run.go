package gen

import (
	"context"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
)

// LoadRun loads the packages cfgs name (one Config each, as Load takes)
// in one run, where the packages share their registrations: a package
// that registers a struct type of another package of the run as a tool
// (grafana/mcp-grafana's tools package registers the input types of its
// tools/sql package, mcpgrafana.MustTool("query_sql", ..., sql.QuerySQL))
// makes that type a tool of the other package where that package has no
// //normgen:tool line and no -type, and names it there as registered; the
// registering package then does not warn of it. Each package is
// otherwise loaded as Load loads it alone: its model (nil where it could
// not be loaded or has errors) and its diagnostics, by index, and its
// warnings to its Config's OnWarning.
func LoadRun(ctx context.Context, cfgs []Config) ([]*Package, [][]Diagnostic) {
	models := make([]*Package, len(cfgs))
	diags := make([][]Diagnostic, len(cfgs))
	loaders := make([]*loader, len(cfgs))
	byPath := map[string]int{}
	for i, cfg := range cfgs {
		p, abs, d := loadPackage(ctx, cfg)
		if p == nil {
			diags[i] = d
			continue
		}
		loaders[i] = newLoader(p, abs)
		byPath[p.PkgPath] = i
	}
	for i, l := range loaders {
		if l == nil {
			continue
		}
		l.inRun = map[string]bool{}
		for path, j := range byPath {
			if j != i {
				l.inRun[path] = true
			}
		}
		_, elsewhere := l.registrations()
		for _, e := range elsewhere {
			obj := e.input.Obj()
			j, ok := byPath[obj.Pkg().Path()]
			if !ok || j == i || !runStruct(e.input) {
				continue
			}
			r := e.registration
			r.by, r.pos, r.at = l.pkg.PkgPath, l.pkg.Fset.Position(r.at), token.NoPos
			other := loaders[j]
			if other.imported == nil {
				other.imported = map[string][]registration{}
			}
			other.imported[obj.Name()] = append(other.imported[obj.Name()], r)
		}
	}
	for i, l := range loaders {
		if l != nil {
			models[i], diags[i] = l.model(cfgs[i])
		}
	}
	return models, diags
}

// runStruct reports whether a registered input of another package is one
// that package generates: a struct type, not an instance of a generic
// one.
func runStruct(n *types.Named) bool {
	_, ok := n.Underlying().(*types.Struct)
	return ok && n.TypeArgs().Len() == 0 && n.Obj().Pkg() != nil
}

// importersHint is what the error of a package with no tool adds where
// packages of its module import it and are not in the run: a package
// whose types another registers (mcp-grafana's tools/sql, whose types its
// tools package registers) has its tools named there, so it is generated
// in one run with that package. "" where none does.
func (l *loader) importersHint(tags string) string {
	root, modPath := moduleOf(l.dir)
	if root == "" {
		return ""
	}
	var importers []string
	for _, rel := range l.importersOutsideRun(root, modPath, tags) {
		importers = append(importers, dotSlash(rel))
	}
	if len(importers) == 0 {
		return ""
	}
	own, err := filepath.Rel(root, l.dir)
	if err != nil {
		return ""
	}
	slices.Sort(importers)
	which := "package " + importers[0] + " imports"
	if len(importers) > 1 {
		which = "packages " + strings.Join(importers, ", ") + " import"
	}
	return "; " + which + " this one: where a package registers this one's types as tools (mcp-grafana's tools registers tools/sql's), generate both in one run, which takes the tools and their names from there (normgen " + importers[0] + " " + dotSlash(own) + ", from the module root)"
}

// importersOutsideRun is the directories, relative to root (the module
// modPath's), of the packages of that module that import l's package
// (importerDirs) and are not in the run.
func (l *loader) importersOutsideRun(root, modPath, tags string) []string {
	var out []string
	for _, dir := range importerDirs(root, l.pkg.PkgPath, tags) {
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			continue
		}
		path := modPath
		if rel != "." {
			path += "/" + filepath.ToSlash(rel)
		}
		if !l.inRun[path] {
			out = append(out, rel)
		}
	}
	return out
}

// importerDirs is the directories of the packages of the module at root
// (not its nested modules, testdata, vendor, or directories starting with
// . or _) whose non-test Go files for these build tags import path.
func importerDirs(root, path, tags string) []string {
	ctx := build.Default
	if tags != "" {
		ctx.BuildTags = strings.Split(tags, ",")
	}
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if p != root {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		dir, name := filepath.Split(p)
		dir = filepath.Clean(dir)
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || slices.Contains(out, dir) {
			return nil
		}
		if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return nil
		}
		for _, imp := range f.Imports {
			if q, _ := strconv.Unquote(imp.Path.Value); q == path {
				out = append(out, dir)
				break
			}
		}
		return nil
	})
	return out
}

// noToolsMsg begins the error of a package with no tool.
const noToolsMsg = "no tool types found"

// NoTools reports whether diags is the error of a package with no tool
// alone (no //normgen:tool line, no -type, no registration): what a
// package matched by a ./... pattern that serves no tool gives.
func NoTools(diags []Diagnostic) bool {
	return len(diags) == 1 && strings.HasPrefix(diags[0].Msg, noToolsMsg)
}

// CatalogRun is Catalog of the packages of one run (LoadRun) together:
// every tool of each, sorted by name (a package's tools of one name in its
// order), as a server that serves them all lists them.
func CatalogRun(ms []*Package, p lenient.Profile) ([]byte, error) {
	all := &Package{}
	for _, m := range ms {
		if m != nil {
			all.Tools = append(all.Tools, m.Tools...)
		}
	}
	slices.SortStableFunc(all.Tools, func(a, b *Tool) int { return strings.Compare(a.Name, b.Name) })
	return Catalog(all, p)
}

// unseenRegistrations warns where a package of the module that is not in
// the run registers one of the package's tools under a name other than
// the one the package gives it (its line's or its type's): run alone,
// normgen ./tools/sql names a tool from its type, where ./tools registers
// it otherwise. The importers are read without type-checking them (their
// files that import the package, parsed): a call whose first constant
// string argument is a tool name (or a NewTool call or a tool literal's
// Name among its arguments) and whose arguments (or those of a call among
// them) name a function of the package whose last parameter is the tool's
// input, or a function literal taking it.
func (l *loader) unseenRegistrations(m *Package, tags string) {
	byInput := map[string]*Tool{}
	for _, t := range m.Tools {
		if t.NameFrom != NameRegistered {
			byInput[t.Input.Name] = t
		}
	}
	if len(byInput) == 0 {
		return
	}
	root, modPath := moduleOf(l.dir)
	if root == "" {
		return
	}
	own, err := filepath.Rel(root, l.dir)
	if err != nil {
		return
	}
	// The package's functions by the tool input they take last.
	funcs := map[string]string{}
	for _, name := range l.pkg.Types.Scope().Names() {
		fn, ok := l.pkg.Types.Scope().Lookup(name).(*types.Func)
		if !ok {
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		if params.Len() == 0 {
			continue
		}
		if n, ok := derefNamed(params.At(params.Len() - 1).Type()); ok && n.Obj().Pkg() == l.pkg.Types && byInput[n.Obj().Name()] != nil {
			funcs[name] = n.Obj().Name()
		}
	}
	warned := map[string]bool{}
	for _, rel := range l.importersOutsideRun(root, modPath, tags) {
		dir := filepath.Join(root, rel)
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
			if err != nil {
				continue
			}
			local := ""
			for _, imp := range f.Imports {
				if q, _ := strconv.Unquote(imp.Path.Value); q == l.pkg.PkgPath {
					local = l.pkg.Name
					if imp.Name != nil {
						local = imp.Name.Name
					}
				}
			}
			if local == "" || local == "_" || local == "." {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name, at := literalToolName(call)
				if name == "" {
					return true
				}
				input := ""
				for _, a := range call.Args {
					if in := inputOf(a, local, funcs, byInput, 0); in != "" {
						input = in
						break
					}
				}
				t := byInput[input]
				if t == nil || t.Name == name || warned[input] {
					return true
				}
				warned[input] = true
				l.warnAt(fset.Position(at), "package %s registers %s as %q here (read without type-checking it: it is not in the run), but the run names the tool %q %s: generate both in one run (normgen %s %s, from the module root) to take the name the server serves", dotSlash(rel), input, name, t.Name, map[NameSource]string{NameDirective: "from its //normgen:tool line", NameType: "from its type's name"}[t.NameFrom], dotSlash(rel), dotSlash(own))
				l.relateWarningAt(t.NameAt, "tool "+t.Name)
				return true
			})
		}
	}
}

// literalToolName is the tool name a call registers, read from its
// syntax alone: its first string literal argument when that is a valid
// tool name, else a NewTool call's or a Tool literal's Name among its
// arguments.
func literalToolName(call *ast.CallExpr) (string, token.Pos) {
	lit := func(e ast.Expr) (string, token.Pos) {
		if b, ok := ast.Unparen(e).(*ast.BasicLit); ok && b.Kind == token.STRING {
			if s, err := strconv.Unquote(b.Value); err == nil && lint.ToolNameProblem(s) == "" {
				return s, b.Pos()
			}
		}
		return "", token.NoPos
	}
	for _, a := range call.Args {
		if s, at := lit(a); s != "" {
			return s, at
		}
	}
	for _, a := range call.Args {
		a = ast.Unparen(a)
		if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
			a = ast.Unparen(u.X)
		}
		switch a := a.(type) {
		case *ast.CallExpr:
			if calleeName(a.Fun) == "NewTool" && len(a.Args) > 0 {
				if s, at := lit(a.Args[0]); s != "" {
					return s, at
				}
			}
		case *ast.CompositeLit:
			for _, elt := range a.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
						if s, at := lit(kv.Value); s != "" {
							return s, at
						}
					}
				}
			}
		}
	}
	return "", token.NoPos
}

// inputOf is the tool input (a type name of the package imported as
// local) a handler expression takes: local.F for a function F of funcs,
// a function literal whose last parameter is local.T (or *local.T), or
// either among the arguments of a call (depth < 2).
func inputOf(e ast.Expr, local string, funcs map[string]string, byInput map[string]*Tool, depth int) string {
	sel := func(e ast.Expr) (string, bool) {
		if st, ok := e.(*ast.StarExpr); ok {
			e = st.X
		}
		if s, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			if x, ok := s.X.(*ast.Ident); ok && x.Name == local {
				return s.Sel.Name, true
			}
		}
		return "", false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if name, ok := sel(e); ok {
			return funcs[name]
		}
	case *ast.FuncLit:
		if ps := e.Type.Params.List; len(ps) > 0 {
			if name, ok := sel(ps[len(ps)-1].Type); ok && byInput[name] != nil {
				return name
			}
		}
	case *ast.CallExpr:
		if depth < 2 {
			for _, a := range e.Args {
				if in := inputOf(a, local, funcs, byInput, depth+1); in != "" {
					return in
				}
			}
		}
	}
	return ""
}
