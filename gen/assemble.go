package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

// newPart returns an empty part of the generated file of package name: a
// jennifer file whose declarations are rendered apart (renderFile) and
// joined to the other parts' into one file.
func newPart(name string) *jen.File {
	f := jen.NewFile(name)
	f.ImportName(lenientPkg, "lenient")
	f.ImportName(implPkg, "lenientimpl")
	f.NoFormat = true
	return f
}

// renderedPart is a part's declarations as jennifer writes them,
// unformatted, and the imports they use (path to name, "" when the
// import needs no name).
type renderedPart struct {
	body    []byte
	imports map[string]string
}

// renderPart renders a part (newPart) apart from the others.
func renderPart(f *jen.File) (renderedPart, error) {
	var b bytes.Buffer
	if err := f.Render(&b); err != nil {
		return renderedPart{}, err
	}
	// jennifer writes the package clause, its import block and the
	// declarations: the imports are read back with go/parser, which
	// stops after them.
	src := b.Bytes()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ImportsOnly)
	if err != nil {
		return renderedPart{}, fmt.Errorf("reading the imports of a part: %v", err)
	}
	end := file.Name.End()
	imports := map[string]string{}
	for _, d := range file.Decls {
		end = d.End()
	}
	for _, spec := range file.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return renderedPart{}, err
		}
		imports[path] = ""
		if spec.Name != nil {
			imports[path] = spec.Name.Name
		}
	}
	off := fset.Position(end).Offset
	if !bytes.HasPrefix(src[off:], []byte("\n\n")) {
		return renderedPart{}, fmt.Errorf("a part's declarations do not start after its imports: %q", src[off:min(len(src), off+40)])
	}
	return renderedPart{body: src[off+2:], imports: imports}, nil
}

// renderFile builds each part of a file of package name (on a part of
// its own, newPart), renders it apart from the others, spread over the
// CPUs, and joins the parts in order (assemble): one go/format.Source
// call formats the file. The last part is built first: in a generated
// file it is the registry, the longest to build. When two parts name one
// import differently, or two imports alike (jennifer settles such a clash
// only in a file it renders whole), the parts are built again into one
// file.
func renderFile(name string, build []func(*jen.File) error) ([]byte, error) {
	n := len(build)
	rendered := make([]renderedPart, n)
	errs := make([]error, n)
	parallel(n, func(j int) {
		i := (j + n - 1) % n
		f := newPart(name)
		if errs[i] = build[i](f); errs[i] == nil {
			rendered[i], errs[i] = renderPart(f)
		}
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	imports, ok := joinImports(rendered)
	if !ok {
		whole := newPart(name)
		for _, b := range build {
			if err := b(whole); err != nil {
				return nil, err
			}
		}
		one, err := renderPart(whole)
		if err != nil {
			return nil, err
		}
		rendered, imports = []renderedPart{one}, one.imports
	}
	return assemble(name, imports, rendered)
}

// joinImports returns the imports of every part, false when two parts
// name one import differently or two imports alike.
func joinImports(parts []renderedPart) (map[string]string, bool) {
	imports := map[string]string{}
	for _, p := range parts {
		for path, n := range p.imports {
			if prev, ok := imports[path]; ok && prev != n {
				return nil, false
			}
			imports[path] = n
		}
	}
	names := map[string]bool{}
	for path, n := range imports {
		if n == "" {
			n = packageName(path)
		}
		if names[n] {
			return nil, false
		}
		names[n] = true
	}
	return imports, true
}

// packageName is the name of an import that jennifer writes without one
// (lenient, and the standard library's): its path's last element, or
// the one before a major version's.
func packageName(path string) string {
	elems := strings.Split(path, "/")
	n := elems[len(elems)-1]
	if len(elems) > 1 && len(n) > 1 && n[0] == 'v' && strings.Trim(n[1:], "0123456789") == "" {
		n = elems[len(elems)-2]
	}
	return n
}

// assemble writes the file of package name: the header comment, one
// import block (the standard library's imports, a blank line, then the
// others, as goimports groups them), the parts' declarations in order,
// and formats it with one go/format.Source call.
func assemble(name string, imports map[string]string, parts []renderedPart) ([]byte, error) {
	var std, other []string
	for _, path := range slices.Sorted(maps.Keys(imports)) {
		line := strconv.Quote(path)
		if n := imports[path]; n != "" {
			line = n + " " + line
		}
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	size := 0
	for _, p := range parts {
		size += len(p.body)
	}
	src := bytes.NewBuffer(make([]byte, 0, size+1024))
	fmt.Fprintf(src, "// %s\n\npackage %s\n\n", Header, name)
	if len(imports) > 0 {
		src.WriteString("import (\n")
		src.WriteString(strings.Join(std, "\n"))
		if len(std) > 0 && len(other) > 0 {
			src.WriteString("\n\n")
		}
		src.WriteString(strings.Join(other, "\n"))
		src.WriteString("\n)\n\n")
	}
	for _, p := range parts {
		src.Write(p.body)
	}
	out, err := format.Source(src.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the generated source: %v", err)
	}
	return out, nil
}
