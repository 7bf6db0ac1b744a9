package gen

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/normgen/normgen/lint"
)

// secondToolLine reports a //normgen:tool line c on a type that an
// earlier line (first, naming tool) already made a tool: one type is one
// tool, and two would be two declarations of its generated code.
func (l *loader) secondToolLine(c *ast.Comment, typeName, tool string, first token.Pos, name string) {
	if name == "" {
		name = "another name"
	}
	l.errorf(c.Pos(), "", "a second //normgen:tool line on %s, which is %s (line %d): a type is one tool; for %s declare a type of its own (type %s %s) and mark it",
		typeName, toolOrDerived(tool, typeName), l.pkg.Fset.Position(first).Line, name, exportedName(name), typeName)
}

func toolOrDerived(tool, typeName string) string {
	if tool == "" {
		return ToolName(typeName)
	}
	return tool
}

// exportedName is a type name for a tool name: bar_baz is BarBazInput.
func exportedName(tool string) string {
	var b strings.Builder
	up := true
	for _, r := range tool {
		switch {
		case r == '_' || r == '-' || r == ' ':
			up = true
		case up:
			b.WriteString(strings.ToUpper(string(r)))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String() + "Input"
}

// checkToolName reports a tool name some host refuses, at the
// //normgen:tool line that gives it, or at the type when the name comes
// from the type's name (at is then the type's position).
func (l *loader) checkToolName(name string, at token.Pos, derived bool) {
	why := lint.ToolNameProblem(name)
	if why == "" {
		return
	}
	from, next := "", ""
	if derived {
		from, next = " (from the type's name)", ": add a //normgen:tool NAME line"
	}
	l.errorf(at, "", "tool name %q%s: hosts refuse it (%s); name the tool with letters, digits, _ and -, a letter or _ first, at most 64%s", name, from, why, next)
}

// genericTool reports a tool type with type parameters, which has no
// decoder to generate until it is instantiated; it returns false then.
func (l *loader) genericTool(obj *types.TypeName, at token.Pos) bool {
	named, ok := obj.Type().(*types.Named)
	if !ok || named.TypeParams().Len() == 0 {
		return true
	}
	suggest := strings.TrimSuffix(obj.Name(), "Input") + "Input"
	if suggest == obj.Name() {
		suggest = obj.Name() + "Int"
	}
	l.errorf(at, "", "type %s has type parameters: a tool input must be a concrete type; declare one from it, such as type %s %s[int], and mark that", obj.Name(), suggest, obj.Name())
	return false
}

// strayDirectives reports //normgen: lines outside every type's doc
// comment (docs are the doc comments build read): above a func, a var, a
// const, a struct field, or in a comment of their own, where they mark
// nothing (a package directive, //normgen:required= or //normgen:quiet=,
// is told to move into the package doc comment). In the package's doc
// comment only //normgen:tool is reported: other words there are package
// directives. A directive written in a block comment, anywhere, is
// reported too (blockDirectives).
func (l *loader) strayDirectives(docs map[*ast.CommentGroup]bool) {
	for _, f := range l.pkg.Syntax {
		above := map[*ast.CommentGroup]string{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncDecl:
				above[x.Doc] = "a func (" + x.Name.Name + ")"
			case *ast.GenDecl:
				if x.Tok != token.TYPE && len(x.Specs) > 0 {
					above[x.Doc] = "a " + x.Tok.String() + " (" + specName(x.Specs[0]) + ")"
				}
			case *ast.ValueSpec:
				above[x.Doc] = "a var or const (" + specName(x) + ")"
			case *ast.Field:
				if len(x.Names) > 0 {
					above[x.Doc] = "a struct field (" + x.Names[0].Name + ")"
				} else {
					above[x.Doc] = "a struct field"
				}
			}
			return true
		})
		for _, g := range f.Comments {
			for _, c := range g.List {
				l.blockDirectives(c)
			}
			if docs[g] {
				continue
			}
			for _, c := range g.List {
				if !strings.HasPrefix(c.Text, "//normgen:") || g == f.Doc && !toolDirective.MatchString(c.Text) {
					continue
				}
				text := strings.TrimSpace(c.Text)
				where, not := "in a comment of its own (a blank line ends a doc comment)", "a type's doc comment"
				if g == f.Doc {
					where, not = "in the package's doc comment", "a type's"
				} else if what, ok := above[g]; ok {
					where, not = "above "+what, "a type"
				}
				if what := packageDirective(c.Text); what != "" {
					l.errorf(c.Pos(), "", "%s is %s, not the package's doc comment: it %s: move it into the package doc comment (above the package clause)", text, where, what)
				} else {
					l.errorf(c.Pos(), "", "%s is %s, not %s: a directive marks the struct type whose doc comment holds it", text, where, not)
				}
			}
		}
	}
}

// packageDirective says what the package directive line does
// (//normgen:required=, //normgen:quiet=), "" for any other line: its
// place is the package doc comment.
func packageDirective(line string) string {
	switch {
	case requiredDirective.MatchString(line):
		return "chooses the model of required fields for the whole package"
	case quietDirective.MatchString(line):
		return "quiets warnings for the whole package"
	}
	return ""
}

// blockDirectives reports the lines of the block comment c (/* */)
// that are written as normgen directives: Go reads directives from line
// comments alone (//go:generate, //normgen:tool), so such a line marks
// nothing, and it is reported rather than skipped in silence. A line is
// one where, past spaces, a leading * and an optional //, it starts
// with normgen: (prose that names a directive inside a sentence is not).
func (l *loader) blockDirectives(c *ast.Comment) {
	if !strings.HasPrefix(c.Text, "/*") {
		return
	}
	body := strings.TrimSuffix(c.Text[2:], "*/")
	off := 2
	for _, line := range strings.SplitAfter(body, "\n") {
		at := len(line) - len(strings.TrimLeft(line, " \t*"))
		if rest := line[at:]; strings.HasPrefix(strings.TrimPrefix(rest, "//"), "normgen:") {
			text := strings.TrimSpace(rest)
			l.errorf(c.Pos()+token.Pos(off+at), "", "%s is in a block comment, which Go and normgen do not read as a directive: a directive is a line comment; write //%s", text, strings.TrimPrefix(text, "//"))
		}
		off += len(line)
	}
}

// specName is the first name a var, const or import spec declares.
func specName(s ast.Spec) string {
	switch x := s.(type) {
	case *ast.ValueSpec:
		return x.Names[0].Name
	case *ast.ImportSpec:
		return x.Path.Value
	}
	return ""
}
