package gen

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
	"golang.org/x/tools/go/packages"
)

// loadMode is the narrow go/packages mode normgen needs.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo

// generatedNames are identifiers normgen itself generates: type errors that
// only involve them are expected before the first generation.
var generatedNames = []string{"UnmarshalJSONReport", "decodeNormgen", "NormgenTools"}

// Load loads the package in cfg.Dir and builds its model. Diagnostics are
// sorted; the model is nil when the package could not be loaded.
func Load(ctx context.Context, cfg Config) (*Package, []Diagnostic) {
	p, abs, diags := loadPackage(ctx, cfg)
	if p == nil {
		return nil, diags
	}
	return buildModel(p, abs, cfg)
}

// loadPackage is Load's go/packages part: the package in cfg.Dir, parsed
// and type-checked, and its absolute directory; nil with the diagnostics
// when it cannot be loaded. loadFromSource loads it, else go/packages
// alone (loadWithPackages).
func loadPackage(ctx context.Context, cfg Config) (*packages.Package, string, []Diagnostic) {
	dir := cfg.Dir
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, "", []Diagnostic{{Msg: err.Error()}}
	}
	pcfg, cleanup := loadConfig(ctx, abs, cfg)
	defer cleanup()
	if p := loadFromSource(pcfg, cfg.Tags); p != nil {
		return checked(p, dir, abs)
	}
	return loadWithPackages(pcfg, dir, abs)
}

// loadWithPackages is loadPackage with go/packages alone (and its go
// command's build of the package, for export data normgen does not read):
// where loadFromSource cannot load the package, and for its errors.
func loadWithPackages(pcfg *packages.Config, dir, abs string) (*packages.Package, string, []Diagnostic) {
	pkgs, err := packages.Load(pcfg, ".")
	if err != nil {
		return nil, "", []Diagnostic{{Msg: "loading " + dir + ": " + err.Error()}}
	}
	if len(pkgs) == 0 && !inModule(abs) {
		return nil, "", []Diagnostic{{Msg: fmt.Sprintf("%s: not inside a Go module (no go.mod in it or above); normgen loads packages with the go command: run go mod init", dir)}}
	}
	if len(pkgs) != 1 {
		return nil, "", []Diagnostic{{Msg: fmt.Sprintf("%s: expected one package, found %d", dir, len(pkgs))}}
	}
	return checked(pkgs[0], dir, abs)
}

// checked is the loaded package p, or nil with its errors as diagnostics
// (but for those normgen expects).
func checked(p *packages.Package, dir, abs string) (*packages.Package, string, []Diagnostic) {
	var diags []Diagnostic
	for _, e := range p.Errors {
		if e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# "+p.PkgPath+"\n") {
			// The go command's build of the package itself, for export
			// data normgen does not use (it type-checks the package
			// from source, without the previous output): stale output
			// fails that build, and the package's own errors come again
			// as type errors.
			continue
		}
		if mentionsGenerated(e.Msg) {
			continue
		}
		diags = append(diags, Diagnostic{Pos: parsePos(e.Pos), Msg: e.Msg + " (normgen needs the package to type-check)"})
	}
	if len(diags) > 0 || p.Types == nil {
		if len(diags) == 0 {
			diags = append(diags, Diagnostic{Msg: dir + ": no Go package here"})
		}
		return nil, "", sortDiags(diags, abs)
	}
	return p, abs, nil
}

// loadFromSource loads the package as go/packages does with loadMode,
// but without the go command's build of the package itself: go/packages
// asks the go command for export data, which builds every package it
// lists, the package too, though normgen type-checks the package from
// source and reads the export data of its imports alone. After an edit of
// a large package, that build is most of a run (grafana/mcp-grafana's
// tools package: the compiler's 30 s and 600 MB, for export data never
// read). So the package's files are listed first (no build), parsed with
// pcfg.ParseFile, their imports loaded from export data (built once, then
// cached while they do not change), and the package type-checked as
// go/packages type-checks a package from source. It returns nil where
// anything is not as expected (a list, parse or import error, cgo), and
// the caller then loads with go/packages, whose diagnostics it has always
// given; type errors are the package's own errors, in p.Errors as
// go/packages gives them.
func loadFromSource(pcfg *packages.Config, tags string) *packages.Package {
	list := *pcfg
	list.Mode = packages.NeedName | packages.NeedFiles | packages.NeedModule
	list.BuildFlags = nil // no build: no -overlay for it
	if tags != "" {
		list.BuildFlags = []string{"-tags=" + tags}
	}
	roots, err := packages.Load(&list, ".")
	if err != nil || len(roots) != 1 || len(roots[0].Errors) > 0 || len(roots[0].GoFiles) == 0 || roots[0].Module == nil {
		return nil
	}
	p := roots[0]
	fset := token.NewFileSet()
	files := make([]*ast.File, len(p.GoFiles))
	errs := make([]error, len(p.GoFiles))
	parallel(len(p.GoFiles), func(i int) {
		src, err := os.ReadFile(p.GoFiles[i])
		if err == nil {
			files[i], err = pcfg.ParseFile(fset, p.GoFiles[i], src)
		}
		errs[i] = err
	})
	seen := map[string]bool{"unsafe": true}
	var imports []string
	for i, f := range files {
		if errs[i] != nil || f == nil {
			return nil
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil || path == "C" {
				return nil // cgo: go/packages runs it
			}
			if !seen[path] {
				seen[path] = true
				imports = append(imports, path)
			}
		}
	}
	byPath := map[string]*packages.Package{}
	var sizes types.Sizes
	if len(imports) > 0 {
		exp := list
		exp.Mode = packages.NeedName | packages.NeedTypes | packages.NeedTypesSizes
		exp.Fset = fset // one file set: the imports' positions are the package's
		deps, err := packages.Load(&exp, imports...)
		if err != nil {
			return nil
		}
		for _, d := range deps {
			if len(d.Errors) > 0 || d.Types == nil || !d.Types.Complete() {
				return nil
			}
			byPath[d.PkgPath] = d
			sizes = d.TypesSizes
		}
	}
	if sizes == nil {
		sizes = types.SizesFor("gc", runtime.GOARCH)
	}
	pkg := &packages.Package{
		ID: p.ID, Name: p.Name, PkgPath: p.PkgPath, GoFiles: p.GoFiles, CompiledGoFiles: p.GoFiles,
		Module: p.Module, Fset: fset, Syntax: files, TypesSizes: sizes,
		Types: types.NewPackage(p.PkgPath, p.Name),
		TypesInfo: &types.Info{
			Types:        map[ast.Expr]types.TypeAndValue{},
			Defs:         map[*ast.Ident]types.Object{},
			Uses:         map[*ast.Ident]types.Object{},
			Implicits:    map[ast.Node]types.Object{},
			Instances:    map[*ast.Ident]types.Instance{},
			Scopes:       map[ast.Node]*types.Scope{},
			Selections:   map[*ast.SelectorExpr]*types.Selection{},
			FileVersions: map[*ast.File]string{},
		},
	}
	missing := false
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if d := byPath[path]; d != nil {
				return d.Types, nil
			}
			missing = true
			return nil, fmt.Errorf("no metadata for %s", path)
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				pkg.Errors = append(pkg.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
			}
		},
		Sizes: sizes,
	}
	if p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	if err := types.NewChecker(tc, fset, pkg.Types, pkg.TypesInfo).Files(files); err != nil && len(pkg.Errors) == 0 || missing {
		return nil
	}
	pkg.IllTyped = len(pkg.Errors) > 0
	return pkg
}

// importerFunc is a types.Importer.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// buildModel is Load's own part: the model of the loaded package p, whose
// directory is abs.
func buildModel(p *packages.Package, abs string, cfg Config) (*Package, []Diagnostic) {
	return newLoader(p, abs).model(cfg)
}

// newLoader is the loader of the loaded package p, whose directory is abs.
func newLoader(p *packages.Package, abs string) *loader {
	return &loader{pkg: p, dir: abs, structs: map[*types.TypeName]*Struct{}, fieldDocs: map[token.Pos]*ast.Field{}}
}

// model is buildModel with the loader l.
func (l *loader) model(cfg Config) (*Package, []Diagnostic) {
	abs := l.dir
	m := l.build(cfg)
	l.markSecretHolders(m)
	if m != nil && len(l.diags) == 0 {
		l.warns = append(l.warns, strictWarnings(m, l.pkg.Fset.Position(l.quietStrict))...)
	}
	warn := cfg.OnWarning
	if warn == nil {
		warn = func(d Diagnostic) { slog.Warn("normgen: " + d.String()) }
	}
	for _, w := range sortDiags(l.warns, abs) {
		warn(w)
	}
	return m, sortDiags(l.diags, abs)
}

// loadConfig is the go/packages configuration that loads the package in
// the directory abs, and what removes the files it needs once loaded. The
// previous output is left out of the load, so that stale generated code
// does not stop a run and normgen's own output (a megabyte in a large
// package) is neither type-checked nor compiled again: the type-checker
// parses it as its package clause alone (ParseFile), and the go command,
// which builds the package for export data go/packages asks for, is given
// that clause in an -overlay build flag. Not with Config.Overlay: given
// one, go/packages takes the export data of every dependency for stale and
// type-checks them all from source (grafana/mcp-grafana's tools package,
// its output present: 48 s and 1.2 GB every run, against 3 to 8 s and
// 100 MB, and once after an edit 35 s and 610 MB, the go command building
// the package; loadFromSource, which uses the configuration's ParseFile,
// needs no build of the package at all).
func loadConfig(ctx context.Context, abs string, cfg Config) (*packages.Config, func()) {
	pcfg := &packages.Config{Context: ctx, Mode: loadMode, Dir: abs, Tests: false}
	if cfg.Tags != "" {
		pcfg.BuildFlags = []string{"-tags=" + cfg.Tags}
	}
	out := outputPath(abs, cfg.Output, "")
	outInfo, _ := os.Stat(out)
	isOut := func(filename string) bool {
		if filename == out {
			return true
		}
		if outInfo == nil || filepath.Base(filename) != filepath.Base(out) {
			return false
		}
		info, err := os.Stat(filename) // the same file by another path (a symbolic link)
		return err == nil && os.SameFile(info, outInfo)
	}
	pcfg.ParseFile = func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
		if isOut(filename) {
			return parser.ParseFile(fset, filename, src, parser.PackageClauseOnly)
		}
		// go/packages' own default.
		return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	}
	cleanup := func() {}
	if f, err := parser.ParseFile(token.NewFileSet(), out, nil, parser.PackageClauseOnly); err == nil {
		if flag, tmp, err := clauseOverlay(out, f.Name.Name); err == nil {
			pcfg.BuildFlags = append(pcfg.BuildFlags, flag)
			cleanup = func() { os.RemoveAll(tmp) }
		}
	}
	return pcfg, cleanup
}

// clauseOverlay writes a go command overlay that replaces the file path
// with its package clause alone, in a temporary directory, and returns the
// build flag that names it.
func clauseOverlay(path, pkgName string) (flag, dir string, err error) {
	dir, err = os.MkdirTemp("", "normgen-overlay-")
	if err != nil {
		return "", "", err
	}
	clause := filepath.Join(dir, "clause.go")
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {path: clause}})
	if err = os.WriteFile(clause, []byte("package "+pkgName+"\n"), 0o644); err == nil {
		err = os.WriteFile(filepath.Join(dir, "overlay.json"), overlay, 0o644)
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", "", err
	}
	return "-overlay=" + filepath.Join(dir, "overlay.json"), dir, nil
}

// inModule reports whether dir or a folder above it has a go.mod.
func inModule(dir string) bool {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

func mentionsGenerated(msg string) bool {
	for _, n := range generatedNames {
		if strings.Contains(msg, n) {
			return true
		}
	}
	return false
}

func parsePos(s string) token.Position {
	// file:line:col
	parts := strings.Split(s, ":")
	if len(parts) < 3 {
		return token.Position{Filename: s}
	}
	line, _ := strconv.Atoi(parts[len(parts)-2])
	col, _ := strconv.Atoi(parts[len(parts)-1])
	return token.Position{Filename: strings.Join(parts[:len(parts)-2], ":"), Line: line, Column: col}
}

type loader struct {
	pkg       *packages.Package
	dir       string
	diags     []Diagnostic
	warns     []Diagnostic
	warned    map[string]bool // types warned about (warnOnce)
	structs   map[*types.TypeName]*Struct
	order     []*Struct
	building  map[*types.TypeName]*Struct // structs whose fields are being read
	fieldDocs map[token.Pos]*ast.Field
	typeDocs  map[string]*ast.CommentGroup
	// noVariants is the package directive //normgen:variants=off.
	noVariants bool
	// quietStrict is where the package directive
	// //normgen:quiet=openai-strict stands (token.NoPos without one).
	quietStrict token.Pos
	// indexed are the fields with an {{index}} default, checked once every
	// struct is known (a struct may be reached through a slice later).
	indexed []indexedField
	// inRun are the import paths of the other packages of the run
	// (LoadRun), and imported the registrations they make of this
	// package's types, by type name.
	inRun    map[string]bool
	imported map[string][]registration
	// regs and elsewhere are registrations' results, once read.
	regs      map[*types.TypeName][]registration
	elsewhere []registeredElsewhere
	regsRead  bool
}

type indexedField struct {
	s  *Struct
	f  *Field
	id string
}

// pkgPos is the position of the package: its first file's package clause.
func (l *loader) pkgPos() token.Pos {
	var first *ast.File
	for _, f := range l.pkg.Syntax {
		if first == nil || l.pkg.Fset.Position(f.Package).Filename < l.pkg.Fset.Position(first.Package).Filename {
			first = f
		}
	}
	if first == nil {
		return token.NoPos
	}
	return first.Package
}

// structTypes says which struct types the package declares, for a -type
// that names none of them.
func (l *loader) structTypes() string {
	var names []string
	scope := l.pkg.Types.Scope()
	for _, n := range scope.Names() {
		if tn, ok := scope.Lookup(n).(*types.TypeName); ok && !tn.IsAlias() {
			if _, ok := tn.Type().Underlying().(*types.Struct); ok {
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return "it declares no struct type"
	}
	return "its struct types: " + strings.Join(names, ", ")
}

func (l *loader) errorf(pos token.Pos, field, format string, args ...any) {
	l.diags = append(l.diags, Diagnostic{Pos: l.pkg.Fset.Position(pos), Field: field, Msg: fmt.Sprintf(format, args...)})
}

// generatedFile returns the name of the file that holds pos where
// normgen generated it (its first comment is Header): output written
// under another name than this run's (-output), which the load reads as
// any other file; "" otherwise.
func (l *loader) generatedFile(pos token.Pos) string {
	file := l.pkg.Fset.File(pos)
	if file == nil {
		return ""
	}
	for _, f := range l.pkg.Syntax {
		if l.pkg.Fset.File(f.Pos()) != file {
			continue
		}
		if len(f.Comments) > 0 && f.Comments[0].Pos() < f.Package && strings.TrimSpace(f.Comments[0].Text()) == Header {
			return file.Name()
		}
		return ""
	}
	return ""
}

// relate adds the place pos, where msg is, to the last error.
func (l *loader) relate(pos token.Pos, msg string) {
	d := &l.diags[len(l.diags)-1]
	d.Related = append(d.Related, Related{Pos: l.pkg.Fset.Position(pos), Msg: msg})
}

func (l *loader) warnf(pos token.Pos, field, format string, args ...any) {
	l.warns = append(l.warns, Diagnostic{Pos: l.pkg.Fset.Position(pos), Field: field, Msg: fmt.Sprintf(format, args...), Warning: true})
}

// relateWarning adds the place pos, where msg is, to the last warning.
func (l *loader) relateWarning(pos token.Pos, msg string) {
	l.relateWarningAt(l.pkg.Fset.Position(pos), msg)
}

// warnAt is warnf at a position (in another package of the run, whose
// file set is not this package's).
func (l *loader) warnAt(pos token.Position, format string, args ...any) {
	l.warns = append(l.warns, Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Warning: true})
}

// relateWarningAt is relateWarning at a position.
func (l *loader) relateWarningAt(pos token.Position, msg string) {
	d := &l.warns[len(l.warns)-1]
	d.Related = append(d.Related, Related{Pos: pos, Msg: msg})
}

// toolDirective is the doc comment line that marks a tool type; the
// name is all the rest (a name with a space is reported as a name, not
// as an unknown directive).
var toolDirective = regexp.MustCompile(`^//normgen:tool(?:\s+(.*?))?\s*$`)

// spacedDirective is a normgen directive written with a space after //:
// Go reads it as comment text (part of the description), not as a
// directive, so it is reported rather than skipped in silence.
var spacedDirective = regexp.MustCompile(`^//\s+(normgen:.*?)\s*$`)

// anyDirective is a doc comment line meant as a normgen directive, spaced
// or not.
var anyDirective = regexp.MustCompile(`^//\s*normgen:`)

// misspelledDirectives reports the doc lines of doc that are normgen
// directives with a space after //.
func (l *loader) misspelledDirectives(doc *ast.CommentGroup) {
	if doc == nil {
		return
	}
	for _, c := range doc.List {
		if mm := spacedDirective.FindStringSubmatch(c.Text); mm != nil {
			l.errorf(c.Pos(), "", "%q is not read as a directive: a directive has no space after //; write //%s", c.Text, mm[1])
		}
	}
}

// groupDirectives reports normgen directives in the doc comment of a
// type ( ... ) group of several types, which names none of them.
func (l *loader) groupDirectives(gd *ast.GenDecl) {
	if gd.Doc == nil || len(gd.Specs) == 1 {
		return
	}
	for _, c := range gd.Doc.List {
		if anyDirective.MatchString(c.Text) {
			first := gd.Specs[0].(*ast.TypeSpec).Name.Name
			l.errorf(c.Pos(), "", "%s is above a group of %d types and marks none of them: move it into the group, into the doc comment of the type it is for (such as %s)", strings.TrimSpace(c.Text), len(gd.Specs), first)
		}
	}
}

func (l *loader) build(cfg Config) *Package {
	m := &Package{Name: l.pkg.Name, Path: l.pkg.PkgPath, Dir: l.dir}
	l.building = map[*types.TypeName]*Struct{}
	l.typeDocs = map[string]*ast.CommentGroup{}
	type candidate struct {
		name, tool string
		pos        token.Pos
		at         token.Pos // the //normgen:tool line (NoPos for none)
		registered bool      // a tool because the package registers it
	}
	var found []candidate
	named := map[string]string{} // type name -> its //normgen:tool name
	directive, directiveAt := l.packageDirectives()
	namedAt := map[string]token.Pos{}
	docs := map[*ast.CommentGroup]bool{} // the doc comments read for directives
	for _, f := range l.pkg.Syntax {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			l.groupDirectives(gd)
			docs[gd.Doc] = true
			if len(gd.Specs) == 1 {
				l.misspelledDirectives(gd.Doc)
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				docs[ts.Doc] = true
				if ts.Doc != nil {
					l.misspelledDirectives(ts.Doc)
				}
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				l.typeDocs[ts.Name.Name] = doc
				if st, ok := ts.Type.(*ast.StructType); ok {
					for _, fld := range st.Fields.List {
						if len(fld.Names) == 0 {
							l.fieldDocs[fld.Type.Pos()] = fld
						}
						for _, n := range fld.Names {
							l.fieldDocs[n.Pos()] = fld
						}
					}
				}
				// Directive lines: the type's doc, and the doc of a
				// parenthesized group of this one type.
				var lines []*ast.Comment
				if ts.Doc != nil {
					lines = append(lines, ts.Doc.List...)
				}
				if len(gd.Specs) == 1 && gd.Doc != nil {
					lines = append(lines, gd.Doc.List...)
				}
				for _, c := range lines {
					if mm := toolDirective.FindStringSubmatch(c.Text); mm != nil {
						if first, dup := namedAt[ts.Name.Name]; dup {
							l.secondToolLine(c, ts.Name.Name, named[ts.Name.Name], first, mm[1])
							continue
						}
						found = append(found, candidate{ts.Name.Name, mm[1], ts.Pos(), c.Pos(), false})
						named[ts.Name.Name], namedAt[ts.Name.Name] = mm[1], c.Pos()
					} else if what := packageDirective(c.Text); what != "" {
						l.errorf(c.Pos(), "", "%s %s: move it into the package doc comment (above the package clause)", strings.TrimSpace(c.Text), what)
					} else if strings.HasPrefix(c.Text, "//normgen:") && strings.TrimSpace(c.Text) != "//normgen:unknown=error" && strings.TrimSpace(c.Text) != "//normgen:variants=off" {
						l.errorf(c.Pos(), "", "unknown directive %q; known: //normgen:tool NAME, //normgen:unknown=error, //normgen:variants=off", c.Text)
					}
				}
			}
		}
	}
	l.strayDirectives(docs)
	// -type names more tools: the marked types stay tools, since the
	// package's one generated file holds every tool's decoders and
	// NormgenTools, and generating some would drop the others' decoders
	// while the package still builds.
	for _, name := range cfg.Types {
		obj := l.pkg.Types.Scope().Lookup(name)
		if obj == nil {
			l.errorf(l.pkgPos(), "", "-type %s: no such type in package %s (%s); %s", name, l.pkg.Name, l.pkg.PkgPath, l.structTypes())
			continue
		}
		if _, marked := namedAt[name]; !marked {
			found = append(found, candidate{name, "", obj.Pos(), token.NoPos, false})
			namedAt[name] = token.NoPos
		}
	}
	regs, elsewhere := l.registrations()
	regs = l.withImported(regs)
	switch {
	case len(found) == 0 && len(cfg.Types) == 0 && len(l.diags) == 0: // else a directive error says why
		// No line and no -type: the package's registrations make its
		// tools.
		for _, obj := range l.registeredTools(regs, elsewhere) {
			found = append(found, candidate{obj.Name(), "", obj.Pos(), token.NoPos, true})
		}
		if len(found) == 0 {
			l.diags = append(l.diags, Diagnostic{Pos: token.Position{Filename: l.dir}, Msg: noToolsMsg + ": add a //normgen:tool NAME line to a struct type's doc comment, or pass -type (the package registers no tool whose input is a struct type of its own: mcp.AddTool(s, &mcp.Tool{Name: \"x\"}, h), s.AddTool(mcp.NewTool(\"x\"), mcp.NewTypedToolHandler(h)))" + l.importersHint(cfg.Tags)})
		}
	case len(found) > 0:
		l.unmarkedRegistrations(regs, namedAt)
	}
	names := map[string]*Tool{}
	for _, c := range found {
		obj, _ := l.pkg.Types.Scope().Lookup(c.name).(*types.TypeName)
		if obj == nil {
			continue
		}
		if _, ok := obj.Type().Underlying().(*types.Struct); !ok {
			l.errorf(c.pos, "", "type %s is not a struct; a tool input must be a struct type", c.name)
			continue
		}
		if dec, m := ownDecoding(obj.Type()); dec != 0 && c.registered {
			r := regs[obj][0]
			if old := l.generatedFile(m.Pos()); old != "" {
				l.warnAt(l.position(r), "%s registers %s as %q here, but %s has an %s in %s, a file normgen generated and now writes to %s: delete %s and generate again", registrar(r), c.name, r.name, c.name, m.Name(), filepath.Base(old), filepath.Base(outputPath(l.dir, cfg.Output, l.pkg.Name)), filepath.Base(old))
			} else {
				l.warnAt(l.position(r), "%s registers %s as %q here, but %s has an %s of its own, with which encoding/json decodes it: normgen generates no decoder for it, and the tool is not in NormgenTools; remove the method to have one generated", registrar(r), c.name, r.name, c.name, m.Name())
			}
			l.relateWarning(m.Pos(), c.name+"'s "+m.Name())
			continue
		} else if dec != 0 {
			if old := l.generatedFile(m.Pos()); old != "" {
				l.errorf(c.pos, "", "type %s has an %s in %s, a file normgen generated and now writes to %s (another -output): delete %s and generate again", c.name, m.Name(), filepath.Base(old), filepath.Base(outputPath(l.dir, cfg.Output, l.pkg.Name)), filepath.Base(old))
			} else {
				l.errorf(c.pos, "", "type %s has an %s of its own, with which encoding/json decodes it: normgen generates a tool input's decoder; remove the method, or take %s out of the tools", c.name, m.Name(), c.name)
			}
			l.relate(m.Pos(), c.name+"'s "+m.Name())
			continue
		}
		if !l.genericTool(obj, c.pos) {
			continue
		}
		s := l.structOf(obj, false)
		if s == nil {
			continue
		}
		name, from, at, by := l.nameTool(obj, regs, c.tool, c.at, c.pos)
		s.Input = true
		t := &Tool{Name: name, Description: s.Doc, Input: s, Pos: l.pkg.Fset.Position(c.pos), NameFrom: from, NameAt: at, RegisteredBy: by}
		if prev, dup := names[name]; dup && from == NameRegistered && prev.NameFrom == NameRegistered {
			// Alternatives the server registers under one name (one of
			// them served at a time).
			m.Tools = append(m.Tools, t)
			continue
		}
		if prev, dup := names[name]; dup {
			l.errorf(c.pos, "", "tool name %q is also used by %s; give one of them another //normgen:tool name", name, prev.Input.Name)
			l.diags[len(l.diags)-1].Related = []Related{{Pos: prev.Pos, Msg: "tool " + name + " of " + prev.Input.Name}}
			continue
		}
		names[name] = t
		m.Tools = append(m.Tools, t)
	}
	l.unseenRegistrations(m, cfg.Tags)
	directive, m.RequiredFrom, m.RequiredAt = l.requiredFacts(cfg, directive, directiveAt)
	l.resolveRequired(m, cfg.Required, directive, directiveAt)
	for _, x := range l.indexed {
		switch {
		case !x.s.InSlice:
			l.diags = append(l.diags, Diagnostic{Pos: x.f.Pos, Field: x.id, Msg: fmt.Sprintf("a {{index}} default needs the struct to be an element of a slice; %s is not reached through a slice", x.s.Name)})
		case x.s.OutsideSlice:
			l.diags = append(l.diags, Diagnostic{Pos: x.f.Pos, Field: x.id, Msg: fmt.Sprintf("a {{index}} default needs the struct to be an element of a slice; %s is also reached through no slice, where {{index}} has no value: use a struct of its own there, or a default without {{index}}", x.s.Name)})
		}
	}
	for _, s := range l.order {
		if s.Recursive {
			if _, err := Cycles(s); err != nil {
				l.diags = append(l.diags, Diagnostic{Pos: s.Pos, Msg: "type " + s.Name + ": " + err.Error() + "; give the inner type's cycle a struct of its own outside this one"})
			}
		}
	}
	l.promotedDecoders()
	sort.Slice(m.Tools, func(i, j int) bool {
		a, b := m.Tools[i], m.Tools[j]
		return a.Name < b.Name || a.Name == b.Name && a.Input.Name < b.Input.Name
	})
	m.Structs = l.order
	sort.SliceStable(m.Structs, func(i, j int) bool { return posLess(m.Structs[i].Pos, m.Structs[j].Pos) })
	for _, t := range m.Tools {
		if _, err := schemabuild.Root(SchemaType(&TypeRef{Kind: schema.Object, Struct: t.Input}, 0)); err != nil && !l.hasFieldErrors() {
			l.diags = append(l.diags, Diagnostic{Pos: t.Pos, Msg: "tool " + t.Name + ": " + err.Error()})
		}
	}
	return m
}

func (l *loader) hasFieldErrors() bool { return len(l.diags) > 0 }

func posLess(a, b token.Position) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	return a.Offset < b.Offset
}

// ToolName derives a tool name from a type name: snake_case without an
// Input, Args, Params or Request suffix.
func ToolName(typeName string) string {
	for _, suf := range []string{"Input", "Args", "Params", "Request"} {
		if len(typeName) > len(suf) && strings.HasSuffix(typeName, suf) {
			typeName = strings.TrimSuffix(typeName, suf)
			break
		}
	}
	var b strings.Builder
	rs := []rune(typeName)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			if i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// typeDirective reports whether a type's doc comment holds the
// //normgen: option line.
func (l *loader) typeDirective(name, line string) bool {
	doc := l.typeDocs[name]
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if strings.TrimSpace(c.Text) == line {
			return true
		}
	}
	return false
}

// structOf returns the model of a named struct type of this package.
func (l *loader) structOf(obj *types.TypeName, inSlice bool) *Struct {
	if s, ok := l.structs[obj]; ok {
		reach(s, inSlice)
		return s
	}
	if s := l.building[obj]; s != nil {
		// Reached again inside itself, through a pointer, slice or map
		// (Go has no other recursive struct): a recursive type.
		s.Recursive = true
		reach(s, inSlice)
		return s
	}
	st := obj.Type().Underlying().(*types.Struct)
	s := &Struct{Name: obj.Name(), Pos: l.pkg.Fset.Position(obj.Pos()), InSlice: inSlice, OutsideSlice: !inSlice, RejectUnknown: l.typeDirective(obj.Name(), "//normgen:unknown=error"), NoVariants: l.noVariants || l.typeDirective(obj.Name(), "//normgen:variants=off")}
	l.building[obj] = s
	defer delete(l.building, obj)
	if doc := l.typeDocs[obj.Name()]; doc != nil {
		s.Doc = strings.TrimSpace(doc.Text())
	}
	s.Fields = l.fields(s, st, nil, nil, 0)
	// Where it was reached again while its fields were read (in a slice,
	// say), what its fields hold is reached there too.
	in, out := s.InSlice, s.OutsideSlice
	s.InSlice, s.OutsideSlice = false, false
	if in {
		reach(s, true)
	}
	if out {
		reach(s, false)
	}
	l.checkNames(s)
	l.implicitAliases(s)
	l.unusedHooks(obj)
	l.structs[obj] = s
	l.order = append(l.order, s)
	return s
}

// closesCycle reports whether a field of type t is where a struct being
// read is reached again: its type holds (through pointers, slices and
// maps) a struct whose fields are being read.
func (l *loader) closesCycle(t *TypeRef) bool {
	for t.Elem != nil {
		t = t.Elem
	}
	if t.Struct == nil {
		return false
	}
	for _, s := range l.building {
		if s == t.Struct {
			return true
		}
	}
	return false
}

// reach marks s as reached inside a slice (inSlice) or through none, and
// with it the structs of its fields (their elements, for slices, inside
// one), when that is new: a struct met again somewhere else passes the
// place on to what it holds.
func reach(s *Struct, inSlice bool) {
	if inSlice && s.InSlice || !inSlice && s.OutsideSlice {
		return
	}
	if inSlice {
		s.InSlice = true
	} else {
		s.OutsideSlice = true
	}
	for _, f := range s.Fields {
		in := inSlice
		for r := f.Type; r != nil; r = r.Elem {
			if r.Struct != nil {
				reach(r.Struct, in)
				break
			}
			if r.Kind == schema.Array {
				in = true
			}
		}
	}
}

// fields collects the wire fields of st, flattening embedded structs as
// encoding/json does: a shallower field wins; two at the same depth are an
// error (encoding/json would silently drop both).
func (l *loader) fields(s *Struct, st *types.Struct, prefix []string, allocs []Embedded, depth int) []*Field {
	type entry struct {
		f     *Field
		depth int
	}
	var out []*Field
	byName := map[string]entry{}
	add := func(f *Field, d int) {
		if prev, ok := byName[f.Name]; ok {
			if prev.depth < d {
				return
			}
			if prev.depth == d {
				l.errorf(token.NoPos, "", "")
				l.diags = l.diags[:len(l.diags)-1]
				l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: s.Name + "." + strings.Join(f.GoName, "."), Msg: fmt.Sprintf("wire name %q is also used by field %s; rename one with a json tag", f.Name, strings.Join(prev.f.GoName, "."))})
				return
			}
			for i, o := range out {
				if o == prev.f {
					out = append(out[:i], out[i+1:]...)
					break
				}
			}
		}
		byName[f.Name] = entry{f, d}
		out = append(out, f)
	}
	for i := 0; i < st.NumFields(); i++ {
		v := st.Field(i)
		if !l.tagParses(v, st.Tag(i), s.Name+"."+strings.Join(append(append([]string(nil), prefix...), v.Name()), ".")) {
			continue
		}
		tag := reflect.StructTag(st.Tag(i))
		jsonTag, hasJSON := tag.Lookup("json")
		name, opts, _ := strings.Cut(jsonTag, ",")
		goName := append(append([]string(nil), prefix...), v.Name())
		fieldID := s.Name + "." + strings.Join(goName, ".")
		if jsonTag == "-" {
			l.skippedTagged(v, tag, fieldID)
			continue
		}
		if v.Name() == "_" {
			// A blank field carries type-level options:
			// `norm:"unknown=error"`, `norm:"variants=off"`.
			norm, err := schema.ParseNorm(tag.Get("norm"))
			switch {
			case err != nil:
				l.errorf(v.Pos(), fieldID, "%v", err)
			case (norm.RejectUnknown || norm.NoVariants) && depth == 0 && typeOptionsOnly(tag.Get("norm")):
				s.RejectUnknown = s.RejectUnknown || norm.RejectUnknown
				s.NoVariants = s.NoVariants || norm.NoVariants
			case tag.Get("norm") != "":
				l.errorf(v.Pos(), fieldID, "a blank field takes only norm:\"unknown=error\" and norm:\"variants=off\"")
			}
			continue
		}
		if v.Embedded() && name == "" && schema.EmbeddedTagged(tag) && embedsStruct(v.Type()) {
			l.errorf(v.Pos(), fieldID, "%s", schema.EmbeddedTagsRefused)
			continue
		}
		if v.Embedded() && name == "" {
			t := types.Unalias(v.Type())
			sub := allocs
			if ptr, ok := t.(*types.Pointer); ok {
				if named, ok := types.Unalias(ptr.Elem()).(*types.Named); ok {
					if _, isStruct := named.Underlying().(*types.Struct); isStruct {
						// Promoted as encoding/json promotes it: the
						// pointer is allocated when one of its fields is
						// set.
						if !named.Obj().Exported() {
							l.errorf(v.Pos(), fieldID, "%s", schema.EmbeddedUnexportedPointerRefused)
							continue
						}
						e := Embedded{Path: goName, Named: named.Obj().Name()}
						if named.Obj().Pkg() != l.pkg.Types {
							e.NamedPkg = named.Obj().Pkg().Path()
						}
						sub = append(append([]Embedded(nil), allocs...), e)
						t = named
					}
				}
			}
			if named, ok := t.(*types.Named); ok {
				if inner, ok := named.Underlying().(*types.Struct); ok {
					before := len(l.diags)
					for _, f := range l.fields(s, inner, goName, sub, depth+1) {
						add(f, depth+1+fieldDepth(f, goName))
					}
					if named.Obj().Pkg() != l.pkg.Types {
						l.foreignEmbedded(l.diags[before:], v, named)
					}
					continue
				}
			}
		}
		if !v.Exported() {
			l.unexportedTagged(v, tag, fieldID)
			continue
		}
		if name == "" {
			name = v.Name()
		}
		_ = hasJSON
		if prototypeNames[name] {
			l.warnf(v.Pos(), fieldID, "the property %q is a member of JavaScript's Object.prototype: AJV with its default options (ownProperties: false), as JavaScript hosts run it, reads the inherited one where a call leaves the property out, and refuses the call (a required one it takes as given); name it otherwise in its json tag", name)
		}
		f := &Field{GoName: goName, Name: name, Alloc: allocs, Pos: l.pkg.Fset.Position(v.Pos())}
		f.omit = hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero")
		warns, err := schema.JSONOptions(opts, name)
		for _, w := range warns {
			l.warnf(v.Pos(), fieldID, "%s", w)
		}
		if err != nil {
			l.errorf(v.Pos(), fieldID, "%v", err)
		}
		if hasOpt(opts, "string") {
			l.errorf(v.Pos(), fieldID, "%s", schema.StringOptionRefused)
		}
		norm, err := schema.ParseNorm(tag.Get("norm"))
		if err != nil {
			l.errorf(v.Pos(), fieldID, "%v", err)
		}
		f.Aliases = norm.Aliases
		f.EmptyError = norm.EmptyError
		f.EnumStrict = norm.EnumStrict
		f.NoVariants = norm.NoVariants
		if norm.RejectUnknown {
			l.errorf(v.Pos(), fieldID, "unknown=error is a type option: add a blank field _ struct{} `norm:\"unknown=error\"` to %s, or //normgen:unknown=error to its doc comment", s.Name)
		}
		f.Mode = modeOf(norm)
		f.Secret = norm.Secret
		kw, err := schema.ParseTag(tag.Get("jsonschema"))
		if err != nil {
			l.errorf(v.Pos(), fieldID, "%v", err)
		}
		f.Keywords = kw
		if f.Mode&lenientimpl.Wrap != 0 && kw.MinItems != nil && *kw.MinItems > 0 {
			f.Mode |= lenientimpl.Filled // (no "[] for none" in its errors)
		}
		f.tagged = kw.Required
		if doc := l.fieldDocs[v.Pos()]; doc != nil && doc.Doc != nil {
			f.Description = strings.TrimSpace(doc.Doc.Text())
		}
		if kw.Description != "" {
			f.Description = kw.Description
		}
		f.Type = l.typeRef(v.Type(), v.Pos(), fieldID, s.InSlice)
		if f.Type == nil {
			continue
		}
		l.valueAliases(f, fieldID, norm.ValueAliases)
		elemEnum(f)
		if norm.Depth > 0 {
			if l.closesCycle(f.Type) {
				f.Depth = norm.Depth
			} else {
				l.errorf(v.Pos(), fieldID, "norm depth=%d applies to a field through which a recursive type reaches itself (such as And []Filter in Filter); %s is not one", norm.Depth, strings.Join(goName, "."))
			}
		}
		l.checkField(s, f, fieldID, norm)
		add(f, depth)
	}
	return out
}

// embedsStruct reports whether t, an embedded field's type, is a struct
// or a pointer to one, whose fields encoding/json promotes.
func embedsStruct(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// typeOptionsOnly reports whether a blank field's norm tag holds only
// type-level options.
func typeOptionsOnly(tag string) bool {
	for _, o := range strings.Split(tag, ",") {
		switch strings.TrimSpace(o) {
		case "", "unknown=error", "variants=off":
		default:
			return false
		}
	}
	return true
}

// fieldDepth is how much deeper than the embedding a flattened field sits.
func fieldDepth(f *Field, prefix []string) int { return len(f.GoName) - len(prefix) - 1 }

func hasOpt(opts, want string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

func modeOf(n schema.Norm) lenientimpl.Mode {
	var m lenientimpl.Mode
	if n.Strict {
		m |= lenientimpl.Strict
	}
	if n.StrictBool {
		m |= lenientimpl.StrictBool
	}
	if n.Wrap {
		m |= lenientimpl.Wrap
	}
	if n.Unescape {
		m |= lenientimpl.Unescape
	}
	if n.Secret {
		m |= lenientimpl.Secret
	}
	return m
}

const supported = "supported: string, bool, int, int8..int64, uint, uint8..uint64, float32, float64, slices, maps with string keys, structs, time.Time, time.Duration, types with their own UnmarshalJSON or UnmarshalText, pointers to these, json.RawMessage, any (not json.Number)"

// show writes t as the package's own code would: its own types by name,
// others by package name (json.Number, other.Point).
func (l *loader) show(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == l.pkg.Types {
			return ""
		}
		return p.Name()
	})
}

// typeRef maps a Go type to the model, reporting unsupported types.
func (l *loader) typeRef(t types.Type, pos token.Pos, fieldID string, inSlice bool) *TypeRef {
	return l.typeRefAs(t, t, pos, fieldID, inSlice)
}

// typeRefAs is typeRef of t, reported as shown: the type as declared, a
// pointer to t where t is what it points to.
func (l *loader) typeRefAs(t, shown types.Type, pos token.Pos, fieldID string, inSlice bool) *TypeRef {
	t = types.Unalias(t)
	if ptr, ok := t.(*types.Pointer); ok {
		if _, ok := types.Unalias(ptr.Elem()).(*types.Pointer); ok {
			l.errorf(pos, fieldID, "unsupported type %s: pointer to pointer; %s", l.show(shown), supported)
			return nil
		}
		r := l.typeRefAs(ptr.Elem(), shown, pos, fieldID, inSlice)
		if r != nil {
			r.Pointer = true
		}
		return r
	}
	var named *types.Named
	if n, ok := t.(*types.Named); ok {
		named = n
		obj := n.Obj()
		switch {
		case isRawMessage(obj):
			return &TypeRef{Kind: schema.Any, Raw: true, Named: "RawMessage", NamedPkg: "encoding/json"}
		case isNamed(n, "time", "Time"):
			return &TypeRef{Kind: schema.Time, Named: "Time", NamedPkg: "time"}
		case isNamed(n, "time", "Duration"):
			return &TypeRef{Kind: schema.Duration, Named: "Duration", NamedPkg: "time", Basic: "int64", Bits: 64}
		case isNamed(n, "encoding/json", "Number"):
			// (a string type to go/types, which normgen would read as
			// text: it would refuse 12.5, which encoding/json takes, and
			// take "abc", which it refuses)
			l.errorf(pos, fieldID, "unsupported type %s: encoding/json reads a json.Number from a number, or from text that is one, which normgen does not read as it does; use float64 or int64 (normgen reads their text too), or string", l.show(shown))
			return nil
		}
		// A type with an UnmarshalJSON or UnmarshalText of its own is
		// decoded by it, as encoding/json decodes it.
		if r := l.ownRef(n, pos, fieldID); r != nil {
			return r
		}
		if holdsItself(n) {
			l.errorf(pos, fieldID, "unsupported type %s: %s", l.show(shown), schema.SelfHeldRefused)
			return nil
		}
		if _, ok := n.Underlying().(*types.Struct); ok {
			if obj.Pkg() != l.pkg.Types {
				return l.stdRef(n, pos, fieldID)
			}
			if n.TypeArgs().Len() > 0 {
				l.errorf(pos, fieldID, "unsupported type %s: generic structs are not supported; declare a type for the instance (such as type My%s %s) and use it", l.show(shown), obj.Name(), l.show(n))
				return nil
			}
			s := l.structOf(obj, inSlice)
			if s == nil {
				return nil
			}
			return &TypeRef{Kind: schema.Object, Struct: s, Named: obj.Name()}
		}
	}
	var r *TypeRef
	switch u := t.Underlying().(type) {
	case *types.Basic:
		r = basicRef(u)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			l.errorf(pos, fieldID, "unsupported type %s: encoding/json reads []byte as base64 text; use string, or []int for numbers", l.show(shown))
			return nil
		}
		elem := l.typeRef(u.Elem(), pos, fieldID, true)
		if elem == nil {
			return nil
		}
		r = &TypeRef{Kind: schema.Array, Elem: elem}
	case *types.Map:
		if k, ok := u.Key().Underlying().(*types.Basic); !ok || k.Kind() != types.String {
			l.errorf(pos, fieldID, "unsupported type %s: map keys must be strings; %s", l.show(shown), supported)
			return nil
		}
		if _, ok := types.Unalias(u.Key()).(*types.Named); ok {
			l.errorf(pos, fieldID, "unsupported type %s: map keys must be plain string (encoding/json reads a key of a named type through its UnmarshalText, which normgen does not); use map[string]%s", l.show(shown), l.show(u.Elem()))
			return nil
		}
		elem := l.typeRef(u.Elem(), pos, fieldID, inSlice)
		if elem == nil {
			return nil
		}
		r = &TypeRef{Kind: schema.Map, Elem: elem}
	case *types.Interface:
		if u.Empty() {
			r = &TypeRef{Kind: schema.Any}
		}
	case *types.Struct:
		l.errorf(pos, fieldID, "unsupported type %s: declare a named struct type for it", l.show(shown))
		return nil
	case *types.Array:
		// (encoding/json drops the elements past the length, and zeroes
		// those a call leaves out: a value normgen would not read alike)
		l.errorf(pos, fieldID, "unsupported type %s: encoding/json drops the elements of a longer array and zeroes those a shorter one leaves out; use a slice ([]%s) with jsonschema:\"minItems=%d,maxItems=%d\"", l.show(shown), l.show(u.Elem()), u.Len(), u.Len())
		return nil
	}
	if r == nil {
		l.errorf(pos, fieldID, "unsupported type %s; %s", l.show(shown), supported)
		return nil
	}
	if named != nil {
		r.Named = named.Obj().Name()
		if named.Obj().Pkg() != l.pkg.Types {
			r.NamedPkg = named.Obj().Pkg().Path()
		}
	}
	return r
}

// holdsItself reports whether n, a named slice, array or map type, holds
// itself through slices, arrays, maps and pointers alone: no struct and
// no type decoded by a method of its own between (type List []List; type
// A []B with type B map[string]A), which schema.SelfHeldRefused refuses.
func holdsItself(n *types.Named) bool {
	if _, ok := n.Underlying().(*types.Pointer); ok {
		return false
	}
	seen := map[types.Type]bool{}
	for t := heldBy(n); t != nil; t = heldBy(t) {
		t = types.Unalias(t)
		if types.Identical(t, n) {
			return true
		}
		if m, ok := t.(*types.Named); ok {
			if dec, _ := ownDecoding(m); dec != 0 || seen[m] {
				return false
			}
			seen[m] = true
		}
	}
	return false
}

// heldBy is the type of what a slice, an array, a map or a pointer holds,
// nil for any other type.
func heldBy(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	case *types.Pointer:
		return u.Elem()
	}
	return nil
}

// unexportedTagged warns of an unexported field v with a json,
// jsonschema or norm tag: encoding/json never sets it, so its tags are
// not honoured, which would otherwise go without a word.
func (l *loader) unexportedTagged(v *types.Var, tag reflect.StructTag, fieldID string) {
	what, n := tagsOf(tag, "json", "jsonschema", "norm")
	if n == 0 {
		return
	}
	them := "tag"
	if n > 1 {
		them = "tags"
	}
	r, size := utf8.DecodeRuneInString(v.Name())
	exported := string(unicode.ToUpper(r)) + v.Name()[size:]
	l.warnf(v.Pos(), fieldID, "unexported field with %s: encoding/json never sets it, so it is not a parameter of the tool (not in its schema, rules or decoder); export it (%s) to make it one, or remove the %s", what, exported, them)
}

// tagsOf says which of keys tag holds, in words ("a norm tag", "json,
// jsonschema and norm tags"), and how many.
func tagsOf(tag reflect.StructTag, keys ...string) (string, int) {
	var tags []string
	for _, k := range keys {
		if _, ok := tag.Lookup(k); ok {
			tags = append(tags, k)
		}
	}
	switch len(tags) {
	case 0:
		return "", 0
	case 1:
		return "a " + tags[0] + " tag", 1
	}
	return strings.Join(tags[:len(tags)-1], ", ") + " and " + tags[len(tags)-1] + " tags", len(tags)
}

// foreignEmbedded rewrites problems found in the fields of a struct of
// another package that field v embeds, whose fields are promoted into the
// decoder as this package's own: they are reported at v, where the user
// can act (the field's own place, in the other package, comes after as
// Related), saying what to do instead of changing that package.
func (l *loader) foreignEmbedded(diags []Diagnostic, v *types.Var, named *types.Named) {
	at := l.pkg.Fset.Position(v.Pos())
	for i := range diags {
		d := &diags[i]
		if d.Pos.Filename == at.Filename {
			continue
		}
		d.Related = append([]Related{{Pos: d.Pos, Msg: "the field, in package " + named.Obj().Pkg().Path()}}, d.Related...)
		d.Pos = at
		d.Msg += fmt.Sprintf("; it is promoted from the embedded %s, whose fields normgen reads as this package's own: give the embedded field a json tag (%s `json:\"%s\"`) for encoding/json to decode it as one value, or declare a struct of this package", l.show(named), l.show(named), strings.ToLower(named.Obj().Name()))
	}
}

// skippedTagged warns of a field tagged json:"-" with a jsonschema or
// norm tag: encoding/json never sets it, so those tags are not honoured,
// which would otherwise go without a word.
func (l *loader) skippedTagged(v *types.Var, tag reflect.StructTag, fieldID string) {
	what, n := tagsOf(tag, "jsonschema", "norm")
	if n == 0 {
		return
	}
	them := "it"
	if n > 1 {
		them = "them"
	}
	l.warnf(v.Pos(), fieldID, `field tagged json:"-" with %s: encoding/json never sets it, so it is not a parameter of the tool (not in its schema, rules or decoder); give it a json name to make it one, or remove %s`, what, them)
}

// isRawMessage reports whether obj, a defined type, is json.RawMessage:
// the type encoding/json declares up to Go 1.26, encoding/json/jsontext's
// Value from Go 1.27 (and under GOEXPERIMENT=jsonv2), where RawMessage is
// an alias of it. Generated code spells either json.RawMessage, so that it
// is the same whichever Go runs the generator.
func isRawMessage(obj *types.TypeName) bool {
	if obj.Pkg() == nil {
		return false
	}
	switch obj.Pkg().Path() + "." + obj.Name() {
	case "encoding/json.RawMessage", "encoding/json/jsontext.Value":
		return true
	}
	return false
}

func basicRef(b *types.Basic) *TypeRef {
	switch b.Kind() {
	case types.String:
		return &TypeRef{Kind: schema.String, Basic: "string"}
	case types.Bool:
		return &TypeRef{Kind: schema.Bool, Basic: "bool"}
	case types.Int:
		return &TypeRef{Kind: schema.Int, Basic: "int", Bits: 0}
	case types.Int8, types.Int16, types.Int32, types.Int64:
		return &TypeRef{Kind: schema.Int, Basic: b.Name(), Bits: bitsOf(b.Kind())}
	case types.Uint:
		return &TypeRef{Kind: schema.Uint, Basic: "uint", Bits: 0}
	case types.Uint8, types.Uint16, types.Uint32, types.Uint64:
		return &TypeRef{Kind: schema.Uint, Basic: b.Name(), Bits: bitsOf(b.Kind())}
	case types.Float32:
		return &TypeRef{Kind: schema.Float, Basic: "float32", Bits: 32}
	case types.Float64:
		return &TypeRef{Kind: schema.Float, Basic: "float64", Bits: 64}
	}
	return nil
}

func bitsOf(k types.BasicKind) int {
	switch k {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 64
}

// checkField validates options and keywords against the field's type.
func (l *loader) checkField(s *Struct, f *Field, fieldID string, n schema.Norm) {
	pos := f.Pos
	fail := func(format string, args ...any) {
		l.diags = append(l.diags, Diagnostic{Pos: pos, Field: fieldID, Msg: fmt.Sprintf(format, args...)})
	}
	base := f.Type
	if base.Kind == schema.Array {
		base = base.Elem
	}
	if n.Wrap && (f.Type.Kind != schema.Array || !isScalar(f.Type.Elem.Kind)) {
		fail("norm wrap applies to slices of strings, numbers or booleans")
	}
	if n.Split != "" {
		if f.Type.Kind != schema.Array || f.Type.Elem.Kind != schema.String || n.Strict {
			fail("%s", schema.SplitRefused)
		} else {
			f.Type.Split = n.Split
		}
	}
	if n.Unescape && f.Type.Kind != schema.String {
		fail("norm unescape applies to string fields")
	}
	if n.Unescape {
		if keys := schema.UnescapeConflicts(f.Keywords); len(keys) > 0 {
			fail("norm unescape cannot be combined with %s: the schema checks the text as sent and the decoder the text after unescaping, so a host and the server would disagree; drop unescape, or drop %s and check the unescaped text in the handler", strings.Join(keys, ", "), strings.Join(keys, ", "))
		}
	}
	if n.StrictBool && base.Kind != schema.Bool {
		fail("norm bool=strict applies to bool fields")
	}
	if !l.checkTime(f, n, fail) {
		return
	}
	if k := f.Type.Kind; k == schema.Custom {
		what := map[schema.Decoding]string{schema.OwnJSON: "its own UnmarshalJSON", schema.OwnText: "its own UnmarshalText", schema.StdJSON: "encoding/json"}[f.Type.Decoding]
		if keys := schema.ValueKeywords(f.Keywords); len(keys) > 0 {
			fail("jsonschema %s: the field is decoded by %s, which normgen does not see into: it can neither check nor apply them, so the schema must not promise them; drop them (a type of its own can say them in its JSONSchema() method)", strings.Join(keys, ", "), what)
			return
		}
		if n.Strict || n.Wrap || n.Unescape || len(n.ValueAliases) > 0 || n.StrictBool {
			fail("norm options do not apply: the field is decoded by %s, with no coercion", what)
			return
		}
	}
	if _, err := schemabuild.FieldSchema(&schema.Field{Name: f.Name, Type: SchemaType(f.Type, f.Mode), Keywords: f.Keywords}); err != nil {
		fail("%v", err)
		return
	}
	k := f.Keywords
	if k.Pattern != "" {
		if _, err := regexp.Compile(k.Pattern); err != nil {
			fail("pattern %q does not compile in Go (RE2): %v; write a pattern RE2 and ECMAScript read alike", k.Pattern, err)
		}
	}
	errs, warns := unmet(f)
	for _, msg := range warns {
		l.warns = append(l.warns, Diagnostic{Pos: pos, Field: fieldID, Msg: msg, Warning: true})
	}
	if len(errs) > 0 {
		for _, msg := range errs {
			fail("%s", msg)
		}
		return
	}
	for _, msg := range looseBounds(f) {
		l.warns = append(l.warns, Diagnostic{Pos: pos, Field: fieldID, Msg: msg, Warning: true})
	}
	if isNumeric(f.Type.Kind) {
		// (ParseFloat, which the bounds' check reads them with, takes
		// "010"; JSON, where the schema writes them, does not)
		if k.HasDefault && !jsonNumber(k.Default) && !strings.Contains(k.Default, "{{index}}") {
			fail("default %q is not a JSON number (no leading zero, no sign but -, digits on both sides of a point): write it as JSON writes it", k.Default)
			return
		}
		for _, e := range k.Examples {
			if !jsonNumber(e) {
				fail("examples %q is not a JSON number (no leading zero, no sign but -, digits on both sides of a point): write it as JSON writes it", e)
				return
			}
		}
	}
	if base.Kind == schema.String && len(k.Enum) == 0 {
		// (without an enum, the schema says a value alias in the
		// description alone: it holds the alias to the field's string
		// keywords, where the decoder reads it as its value)
		for _, a := range n.ValueAliases {
			if msg := stringFits(k, a.From); msg != "" {
				fail("value alias %q %s: the schema would refuse it where the decoder reads it as %q; drop the alias, or the keyword it fails", a.From, msg, a.To)
				return
			}
		}
	}
	if k.HasDefault {
		if strings.Contains(k.Default, "{{index}}") {
			if f.Type.Kind != schema.String {
				fail("a {{index}} default applies to string fields only")
			} else {
				l.indexed = append(l.indexed, indexedField{s, f, fieldID})
			}
		} else {
			if msg := checkDefault(f); msg != "" {
				fail("default %q %s", k.Default, msg)
			}
		}
	}
}

func isScalar(k schema.Kind) bool {
	switch k {
	case schema.String, schema.Bool, schema.Int, schema.Uint, schema.Float:
		return true
	}
	return false
}

// checkDefault checks a default against enum and bounds.
func checkDefault(f *Field) string {
	k := f.Keywords
	if len(k.Enum) > 0 {
		ok := false
		for _, e := range k.Enum {
			ok = ok || e == k.Default
		}
		if !ok {
			return "is not one of the enum values " + strings.Join(k.Enum, ", ")
		}
	}
	if isNumeric(f.Type.Kind) {
		v, _ := strconv.ParseFloat(k.Default, 64)
		check := func(bound string, bad func(v, b float64) bool, what string) string {
			if bound == "" {
				return ""
			}
			b, _ := strconv.ParseFloat(bound, 64)
			if bad(v, b) {
				return "is outside the bounds (" + what + " " + bound + ")"
			}
			return ""
		}
		for _, msg := range []string{
			check(k.Minimum, func(v, b float64) bool { return v < b }, "minimum"),
			check(k.Maximum, func(v, b float64) bool { return v > b }, "maximum"),
			check(k.ExclusiveMinimum, func(v, b float64) bool { return v <= b }, "exclusiveMinimum"),
			check(k.ExclusiveMaximum, func(v, b float64) bool { return v >= b }, "exclusiveMaximum"),
		} {
			if msg != "" {
				return msg
			}
		}
	}
	if f.Type.Kind == schema.String {
		return stringFits(k, k.Default)
	}
	return ""
}

// stringFits says how the string s fails the string keywords of k
// (minLength, maxLength, pattern), "" where it fits them.
func stringFits(k schema.Keywords, s string) string {
	n := uint64(len([]rune(s)))
	if k.MinLength != nil && n < *k.MinLength || k.MaxLength != nil && n > *k.MaxLength {
		return "is outside minLength/maxLength"
	}
	if k.Pattern != "" {
		if re, err := regexp.Compile(k.Pattern); err == nil && !re.MatchString(s) {
			return "does not match the pattern " + k.Pattern
		}
	}
	return ""
}

func isNumeric(k schema.Kind) bool { return k == schema.Int || k == schema.Uint || k == schema.Float }

// jsonNumberRE is JSON's number grammar (RFC 8259, section 6).
var jsonNumberRE = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$`)

// jsonNumber reports whether s is a number as JSON writes one.
func jsonNumber(s string) bool { return jsonNumberRE.MatchString(s) }

// checkNames rejects aliases that collide with a field's name or alias.
func (l *loader) checkNames(s *Struct) {
	owner := map[string]*Field{}
	for _, f := range s.Fields {
		owner[f.Name] = f
	}
	for _, f := range s.Fields {
		for _, a := range f.Aliases {
			id := s.Name + "." + strings.Join(f.GoName, ".")
			if prev, ok := owner[a]; ok {
				what := "the name"
				if prev.Name != a {
					what = "an alias"
				}
				switch {
				case prev == f && prev.Name == a:
					l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: id, Msg: schema.AliasOwnName(a)})
				case prev == f:
					l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: id, Msg: schema.AliasTwice(a)})
				default:
					l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: id, Msg: fmt.Sprintf("alias %q is already %s of field %s; remove or rename one", a, what, strings.Join(prev.GoName, "."))})
				}
				continue
			}
			owner[a] = f
		}
	}
	// An alias that is another field's key in another letter case
	// (schema.AliasFolds).
	names := make([]string, len(s.Fields))
	aliases := make([][]string, len(s.Fields))
	for i, f := range s.Fields {
		names[i], aliases[i] = f.Name, f.Aliases
	}
	for i, f := range s.Fields {
		for _, a := range f.Aliases {
			if j, k := schema.AliasFolds(names, aliases, i, a); j >= 0 {
				l.diags = append(l.diags, Diagnostic{Pos: f.Pos, Field: s.Name + "." + strings.Join(f.GoName, "."), Msg: schema.AliasFoldsRefused(a, k, strings.Join(s.Fields[j].GoName, "."))})
			}
		}
	}
}

// implicitAliases adds to s's fields the spelling-style variants of
// their names and declared aliases that read as them
// (schema.ImplicitAliases), after the declared aliases, unless the type,
// its package or the field turns them off.
func (l *loader) implicitAliases(s *Struct) {
	if s.NoVariants {
		return
	}
	names := make([]string, len(s.Fields))
	aliases := make([][]string, len(s.Fields))
	off := make([]bool, len(s.Fields))
	for i, f := range s.Fields {
		names[i], aliases[i], off[i] = f.Name, f.Aliases, f.NoVariants
	}
	for i, implicit := range schema.ImplicitAliases(names, aliases, off) {
		f := s.Fields[i]
		f.Implicit = implicit
		f.Aliases = append(slices.Clip(f.Aliases), implicit...)
	}
}

// outputPath is where the generated file goes.
func outputPath(dir, output, pkgName string) string {
	if output != "" {
		if filepath.IsAbs(output) {
			return output
		}
		return filepath.Join(dir, output)
	}
	if pkgName == "" {
		// Before loading the name is unknown: find an existing output.
		matches, _ := filepath.Glob(filepath.Join(dir, "*_normgen.go"))
		if len(matches) == 1 {
			return matches[0]
		}
		return filepath.Join(dir, "normgen_normgen.go")
	}
	return filepath.Join(dir, pkgName+"_normgen.go")
}

// promotedDecoders warns of each struct type of the package that gets no
// decoder of its own but embeds one that does: Go promotes the generated
// UnmarshalJSON to it, so encoding/json would decode the whole of it
// through the embedded struct's, and its other fields would be dropped
// without a word (found by review: a stored record embedding a tool's
// nested struct lost its own fields once normgen ran).
func (l *loader) promotedDecoders() {
	scope := l.pkg.Types.Scope()
	for _, name := range scope.Names() {
		obj, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || obj.IsAlias() {
			continue
		}
		n, ok := obj.Type().(*types.Named)
		if !ok || l.structs[obj] != nil || declares(n, "UnmarshalJSON") {
			continue
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		if from, at := l.promotedFrom(st); from != nil {
			l.warnf(obj.Pos(), "", "type %s embeds %s, whose UnmarshalJSON normgen generates: Go promotes it to %s, so encoding/json would decode a whole %s with it and drop its other fields; give %s an UnmarshalJSON of its own, or embed a type declared from %s instead (type %sFields %s), which has no methods", name, from.Obj().Name(), name, name, name, from.Obj().Name(), from.Obj().Name(), from.Obj().Name())
			l.relateWarning(at, "the embedded "+from.Obj().Name())
		}
	}
}

// promotedFrom returns the struct type whose generated UnmarshalJSON the
// struct st would get promoted (and where it is embedded), as Go promotes
// a method: the one of the shallowest embedded types that has one, where
// no other at that depth has one too. nil where none is (no such type, or
// the method promoted is one the program declares).
func (l *loader) promotedFrom(st *types.Struct) (*types.Named, token.Pos) {
	level, seen := []*types.Struct{st}, map[*types.Named]bool{}
	for len(level) > 0 {
		var found []*types.Named
		var at token.Pos
		var next []*types.Struct
		for _, s := range level {
			for i := 0; i < s.NumFields(); i++ {
				f := s.Field(i)
				if !f.Embedded() {
					continue
				}
				t := types.Unalias(f.Type())
				if p, ok := t.(*types.Pointer); ok {
					t = types.Unalias(p.Elem())
				}
				n, ok := t.(*types.Named)
				if !ok || seen[n] {
					continue
				}
				seen[n] = true
				if l.structs[n.Obj()] != nil || declares(n, "UnmarshalJSON") {
					found, at = append(found, n), f.Pos()
					continue
				}
				if u, ok := n.Underlying().(*types.Struct); ok {
					next = append(next, u)
				}
			}
		}
		if len(found) == 1 && l.structs[found[0].Obj()] != nil {
			return found[0], at
		}
		if len(found) > 0 {
			return nil, token.NoPos // (two cancel out; or the program's own)
		}
		level = next
	}
	return nil, token.NoPos
}

// declares reports whether n has a method named name of its own (on n
// or *n), not one promoted from a type it embeds. (For a struct normgen
// decodes, a generated one from an earlier run: callers ask l.structs
// first.)
func declares(n *types.Named, name string) bool {
	for i := range n.NumMethods() {
		if n.Method(i).Name() == name {
			return true
		}
	}
	return false
}

// prototypeNames are the members of JavaScript's Object.prototype, which
// every object inherits: AJV, without its ownProperties option, reads
// data[name] for a property of that name, and finds these where a call
// leaves the property out.
var prototypeNames = map[string]bool{
	"constructor": true, "hasOwnProperty": true, "isPrototypeOf": true,
	"propertyIsEnumerable": true, "toLocaleString": true, "toString": true,
	"valueOf": true, "__proto__": true, "__defineGetter__": true,
	"__defineSetter__": true, "__lookupGetter__": true, "__lookupSetter__": true,
}
