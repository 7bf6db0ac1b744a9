package suggest

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Apply writes the edits that are resolved (Edit.Resolved) into the norm
// tags of their fields' source files, merging into an alias= or
// value_alias= option the tag has, keeping the tag's other keys byte for
// byte, and gofmt-formats each file it changes. It returns how many edits
// it applied; the package then needs regenerating.
func Apply(edits []*Edit) (int, error) {
	byFile := map[string][]*Edit{}
	for _, e := range edits {
		if !e.Resolved() {
			continue
		}
		byFile[e.Field.Pos.Filename] = append(byFile[e.Field.Pos.Filename], e)
	}
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	applied := 0
	for _, name := range files {
		n, err := applyFile(name, byFile[name])
		applied += n
		if err != nil {
			return applied, err
		}
	}
	return applied, nil
}

// applyFile writes edits, all of fields of the file name, into it.
func applyFile(name string, edits []*Edit) (int, error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return 0, err
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return 0, err
	}
	applied := 0
	for _, e := range edits {
		field := fieldNode(fset, file, e.Field.Pos)
		if field == nil || field.Tag == nil {
			return applied, fmt.Errorf("%s: no tagged struct field here (the file changed since it was loaded?)", e.Position())
		}
		tag, err := strconv.Unquote(field.Tag.Value)
		if err != nil {
			return applied, fmt.Errorf("%s: %v", e.Position(), err)
		}
		tag, err = addNormOption(tag, string(e.Kind), e.Option())
		if err != nil {
			return applied, fmt.Errorf("%s: %v", e.Position(), err)
		}
		if strings.ContainsRune(tag, '`') {
			field.Tag.Value = strconv.Quote(tag)
		} else {
			field.Tag.Value = "`" + tag + "`"
		}
		applied++
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, file); err != nil {
		return applied, err
	}
	return applied, os.WriteFile(name, buf.Bytes(), 0o644)
}

// fieldNode finds the struct field whose name is at pos.
func fieldNode(fset *token.FileSet, file *ast.File, pos token.Position) *ast.Field {
	var found *ast.Field
	ast.Inspect(file, func(n ast.Node) bool {
		f, ok := n.(*ast.Field)
		if !ok || found != nil {
			return found == nil
		}
		for _, id := range f.Names {
			p := fset.Position(id.Pos())
			if p.Line == pos.Line && p.Column == pos.Column {
				found = f
			}
		}
		return found == nil
	})
	return found
}

// addNormOption adds an alias=K or value_alias=V:C option to a struct
// tag's norm key, merging into an option of the same kind, keeping the
// other keys byte for byte.
func addNormOption(tag, kind, option string) (string, error) {
	type pair struct{ key, raw string }
	var pairs []pair
	rest := strings.TrimSpace(tag)
	for rest != "" {
		i := strings.Index(rest, ":\"")
		if i <= 0 || strings.ContainsAny(rest[:i], " \t\"") {
			return "", errors.New("the struct tag is not key:\"value\" pairs")
		}
		key := rest[:i]
		j := i + 2
		for j < len(rest) && rest[j] != '"' {
			if rest[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(rest) {
			return "", errors.New("the struct tag has an unterminated value")
		}
		pairs = append(pairs, pair{key, rest[i+1 : j+1]})
		rest = strings.TrimLeft(rest[j+1:], " \t")
	}
	value := strings.TrimPrefix(option, kind+"=")
	done := false
	for i, p := range pairs {
		if p.key != "norm" {
			continue
		}
		norm, err := strconv.Unquote(p.raw)
		if err != nil {
			return "", err
		}
		opts := strings.Split(norm, ",")
		merged := false
		for k, o := range opts {
			if strings.HasPrefix(strings.TrimSpace(o), kind+"=") {
				opts[k] = o + "|" + value
				merged = true
				break
			}
		}
		if !merged {
			if strings.TrimSpace(norm) == "" {
				opts = []string{option}
			} else {
				opts = append(opts, option)
			}
		}
		pairs[i].raw = strconv.Quote(strings.Join(opts, ","))
		done = true
	}
	if !done {
		pairs = append(pairs, pair{"norm", strconv.Quote(option)})
	}
	parts := make([]string, len(pairs))
	for i, p := range pairs {
		parts[i] = p.key + ":" + p.raw
	}
	return strings.Join(parts, " "), nil
}
