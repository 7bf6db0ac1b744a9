// Package gen is normgen's generator: it loads a Go package with
// golang.org/x/tools/go/packages, builds a model of its tool input structs
// (with source positions), validates it, and renders with dave/jennifer the
// lenient decoders, the static JSON Schemas, the normalizer rule tables and
// a registry of the package's tools.
//
// Generate returns formatted files and diagnostics in memory; only the
// command writes to disk.
package gen

import (
	"context"
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strings"

	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

// Config selects what to generate.
type Config struct {
	// Dir is the package directory ("." when empty).
	Dir string
	// Types names the tool types; empty means the types whose doc comment
	// has a //normgen:tool line.
	Types []string
	// Output is the generated file's path, relative to Dir; empty means
	// <package>_normgen.go.
	Output string
	// Tags are build tags, comma-separated.
	Tags string
	// Profile is the schema profile of each generated tool's InputSchema:
	// lenient.ProfilePortable (also when empty), the one profile for
	// validation; Render refuses the others, which are for tools/list
	// only. The generated code carries every profile's schema either way.
	Profile lenient.Profile
	// Required is the model of required fields (the -required flag); a
	// //normgen:required= line in the package doc comment chooses it too,
	// and the two must agree. schema.RequiredAuto reads the json model
	// unless the package tags fields jsonschema:"required" and the two
	// models disagree on a field, which is then an error asking for one.
	Required schema.Required
	// OnWarning receives each warning (sorted, once the package is
	// loaded): what normgen honours differently from what a reader might
	// expect, such as a field decoded by code normgen did not generate.
	// When nil, warnings go to log/slog's default logger.
	OnWarning func(Diagnostic)
}

// File is one generated file.
type File struct {
	// Path is the file's path (absolute).
	Path string
	// Content is the formatted source.
	Content []byte
}

// Diagnostic is a generator error, or a warning, with its source
// position.
type Diagnostic struct {
	Pos   token.Position // where; Filename relative to the package directory
	Field string         // "T.F" when the problem is a field's
	Msg   string         // what is wrong and what to do
	// Warning marks a warning (Config.OnWarning): generation goes on.
	Warning bool
	// Related are other places the message refers to (the method that
	// decodes a type, the other type of one tool name), each printed
	// after it on a line of its own, as the Go compiler prints "other
	// declaration of"; Filename relative to the package directory.
	Related []Related
}

// Related is a place a diagnostic refers to, and what is there.
type Related struct {
	Pos token.Position
	Msg string
}

// String formats the diagnostic compiler-style:
// `tools.go:12:2: field SearchInput.Limit: ...`, with "warning: " after
// the position for a warning.
func (d Diagnostic) String() string {
	var b strings.Builder
	if d.Pos.Filename != "" {
		b.WriteString(d.Pos.Filename)
		if d.Pos.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", d.Pos.Line, d.Pos.Column)
		}
		b.WriteString(": ")
	}
	if d.Warning {
		b.WriteString("warning: ")
	}
	if d.Field != "" {
		b.WriteString("field " + d.Field + ": ")
	}
	b.WriteString(d.Msg)
	for _, r := range d.Related {
		b.WriteString("\n\t" + r.Pos.String() + ": " + r.Msg)
	}
	return b.String()
}

func sortDiags(ds []Diagnostic, dir string) []Diagnostic {
	rel := func(p *token.Position) {
		if r, err := filepath.Rel(dir, p.Filename); err == nil && !strings.HasPrefix(r, "..") && p.Filename != "" {
			p.Filename = r
		}
	}
	for i := range ds {
		rel(&ds[i].Pos)
		for j := range ds[i].Related {
			rel(&ds[i].Related[j].Pos)
		}
	}
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if ds[i].Msg != ds[j].Msg {
			return ds[i].Msg < ds[j].Msg
		}
		return ds[i].String() < ds[j].String()
	})
	// Drop exact repeats (a struct reached twice reports once).
	out := ds[:0]
	for i, d := range ds {
		if i > 0 && d.Pos == ds[i-1].Pos && d.Warning == ds[i-1].Warning && d.String() == ds[i-1].String() {
			continue
		}
		out = append(out, d)
	}
	return out
}

// Generate loads the package in cfg.Dir and returns the generated file, or
// the diagnostics that stop generation.
func Generate(ctx context.Context, cfg Config) ([]File, []Diagnostic) {
	m, diags := Load(ctx, cfg)
	if len(diags) > 0 || m == nil {
		return nil, diags
	}
	f, err := Output(m, cfg)
	if err != nil {
		return nil, []Diagnostic{{Msg: "rendering: " + err.Error()}}
	}
	return []File{f}, nil
}

// Output renders the generated file of a loaded package model, at the
// path cfg.Output names (default <package>_normgen.go in the package).
func Output(m *Package, cfg Config) (File, error) {
	src, err := Render(m, cfg.Profile)
	if err != nil {
		return File{}, err
	}
	return File{Path: outputPath(m.Dir, cfg.Output, m.Name), Content: src}, nil
}

// SchemaType converts a model type to schema's type description. A
// struct reached again inside itself is a reference to its description
// (schema.Type.Def), which is marked Recursive.
func SchemaType(t *TypeRef, m lenientimpl.Mode) *schema.Type {
	c := typeConverter{building: map[*Struct]*schema.Type{}, done: map[*Struct]*schema.Type{}}
	return c.convert(t, m)
}

// typeConverter converts the types of one root, so that every occurrence
// of a recursive struct refers to one description.
type typeConverter struct {
	building, done map[*Struct]*schema.Type
}

func (c *typeConverter) convert(t *TypeRef, m lenientimpl.Mode) *schema.Type {
	if t.Kind == schema.Custom {
		// Decoded by its own code: the schema the loader read for it.
		own := *t.Own
		own.Nullable = own.Nullable || t.Pointer
		return &own
	}
	st := &schema.Type{
		Kind:       t.Kind,
		Bits:       t.Bits,
		Nullable:   t.Pointer,
		Strict:     m&lenientimpl.Strict != 0,
		StrictBool: m&lenientimpl.StrictBool != 0,
		Wrap:       m&lenientimpl.Wrap != 0 && t.Kind == schema.Array,
		Split:      t.Split,

		ValueAliases: t.ValueAliases,
		Enum:         t.Enum,
		EnumStrict:   t.EnumStrict,
		Unit:         t.Unit,
	}
	if st.Bits == 0 && (t.Kind == schema.Int || t.Kind == schema.Uint) {
		st.Bits = lenientimpl.IntBits
	}
	if t.Elem != nil {
		st.Elem = c.convert(t.Elem, m&^lenientimpl.Wrap)
	}
	if t.Struct == nil {
		return st
	}
	st.Name = t.Struct.Name
	if base := c.building[t.Struct]; base != nil {
		base.Recursive = true
		st.Def = base
		return st
	}
	if base := c.done[t.Struct]; base != nil {
		if base.Recursive {
			st.Def = base
		} else {
			st.Fields, st.RejectUnknown = base.Fields, base.RejectUnknown
		}
		return st
	}
	c.building[t.Struct] = st
	st.RejectUnknown = t.Struct.RejectUnknown
	for _, f := range t.Struct.Fields {
		st.Fields = append(st.Fields, schema.Field{
			Name:        f.Name,
			Aliases:     f.Aliases,
			Required:    f.Required && !f.Keywords.HasDefault,
			Description: f.Description,
			Type:        c.convert(f.Type, f.Mode),
			Keywords:    f.Keywords,
			Depth:       f.Depth,
			EmptyError:  f.EmptyError,
			EnumStrict:  f.EnumStrict,
			Promoted:    len(f.Alloc) > 0,
		})
	}
	delete(c.building, t.Struct)
	c.done[t.Struct] = st
	return st
}

// ToolSchema returns the tool's input schema in the portable profile as
// stable, indented JSON.
func ToolSchema(t *Tool) ([]byte, error) {
	return ToolSchemaProfile(t, lenient.ProfilePortable)
}

// ToolSchemaProfile returns the tool's input schema in profile p (the
// portable one when p is empty) as stable, indented JSON.
func ToolSchemaProfile(t *Tool, p lenient.Profile) ([]byte, error) {
	if p == "" {
		p = lenient.ProfilePortable
	}
	all, err := ToolSchemas(t, p)
	if err != nil {
		return nil, err
	}
	return all[0], nil
}

// ToolSchemas returns the tool's input schema in each of profiles, in
// order, as stable, indented JSON; the schema is built once and written in
// each profile.
func ToolSchemas(t *Tool, profiles ...lenient.Profile) ([][]byte, error) {
	return schemabuild.RootJSON(SchemaType(&TypeRef{Kind: schema.Object, Struct: t.Input}, 0), profiles...)
}
