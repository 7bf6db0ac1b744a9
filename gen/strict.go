package gen

import (
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
)

// strictSchema returns the tool's schema in the openai-strict profile, or
// nil with the fields that profile cannot express
// (schemabuild.StrictGapError): the tool then has no schema in that profile,
// which strictWarnings says. It is built once per tool: Load's warnings
// and Render read the same schema (a tool's model is not changed after
// Load).
func strictSchema(t *Tool) ([]byte, []schemabuild.StrictGap, error) {
	s := &t.strict
	s.once.Do(func() { s.js, s.gaps, s.err = buildStrictSchema(t) })
	return s.js, s.gaps, s.err
}

func buildStrictSchema(t *Tool) ([]byte, []schemabuild.StrictGap, error) {
	all, err := ToolSchemas(t, lenient.ProfileOpenAIStrict)
	var gaps *schemabuild.StrictGapError
	if errors.As(err, &gaps) {
		return nil, gaps.Gaps, nil
	}
	if err != nil {
		return nil, nil, err
	}
	// OpenAI's documented limits, which a schema of any fields can pass:
	// the tool's gap, at the field where it goes past them (lint's
	// strict-limit findings)
	findings, err := lint.SchemaFindings(all[0], []lint.Host{lint.HostOpenAIStrict})
	if err != nil {
		return nil, nil, err
	}
	var limits []schemabuild.StrictGap
	for _, f := range findings {
		if f.Kind == lint.KindStrictLimit {
			var path []string
			for _, name := range strings.Split(strings.ReplaceAll(f.Path, "[]", ""), ".") {
				if name != "" {
					path = append(path, name)
				}
			}
			limits = append(limits, schemabuild.StrictGap{Path: path, Why: f.Message})
		}
	}
	if len(limits) > 0 {
		return nil, limits, nil
	}
	return all[0], nil, nil
}

// strictWarnings warns, at each field the openai-strict profile cannot
// express, that its tool has no schema in that profile: its tools/list
// schema there is its portable InputSchema (lenient.Tool.SchemaFor),
// which strict mode refuses, so a client must send the tool with strict:
// false. Where the package says //normgen:quiet=openai-strict (at quiet,
// valid), it warns once, there, with their count and the tools' names.
func strictWarnings(m *Package, quiet token.Position) []Diagnostic {
	gapsOf := make([][]schemabuild.StrictGap, len(m.Tools))
	parallel(len(m.Tools), func(i int) {
		// An error is reported where the schema is rendered.
		_, gapsOf[i], _ = strictSchema(m.Tools[i])
	})
	var out []Diagnostic
	var tools []string
	for i, t := range m.Tools {
		if len(gapsOf[i]) > 0 {
			tools = append(tools, t.Name)
		}
		for _, gap := range gapsOf[i] {
			d := Diagnostic{Pos: t.Pos, Warning: true}
			s := t.Input
			for _, name := range gap.Path {
				f := fieldNamed(s, name)
				if f == nil {
					break // inside a struct of another package
				}
				d.Pos, d.Field = f.Pos, s.Name+"."+strings.Join(f.GoName, ".")
				if s = structOf(f.Type); s == nil {
					break
				}
			}
			d.Msg = fmt.Sprintf("the %s profile cannot express %s of tool %s: %s; the tool is served in %s in that profile (lenient.Tool.SchemaFor, normgen catalog -profile %s), which OpenAI's strict mode refuses: a client must send it with strict: false",
				lenient.ProfileOpenAIStrict, strings.Join(gap.Path, "."), t.Name, gap.Why, lenient.ProfilePortable, lenient.ProfileOpenAIStrict)
			out = append(out, d)
		}
	}
	if !quiet.IsValid() || len(out) == 0 {
		return out
	}
	// (a field several tools reach, once)
	fields := map[string]bool{}
	for _, d := range out {
		fields[d.Pos.String()+" "+d.Field] = true
	}
	// (a name several input types are registered under, as mcp-grafana's
	// grafana_api_request is, once)
	slices.Sort(tools)
	tools = slices.Compact(tools)
	served, them := "they are", "them"
	if len(tools) == 1 {
		served, them = "it is", "it"
	}
	return []Diagnostic{{Pos: quiet, Warning: true, Msg: fmt.Sprintf("the %s profile cannot express %s of %s (%s): in that profile %s served in %s (lenient.Tool.SchemaFor), which OpenAI's strict mode refuses, so a client must send %s with strict: false; //normgen:quiet=%s says this once: without it, each field is warned of where it is declared",
		lenient.ProfileOpenAIStrict, counted(len(fields), "field"), counted(len(tools), "tool"), strings.Join(tools, ", "), served, lenient.ProfilePortable, them, quietStrict)}}
}

// counted spells n of a noun: "1 field", "3 fields".
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// fieldNamed returns the field of s whose wire name is name, or nil.
func fieldNamed(s *Struct, name string) *Field {
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// structOf returns the struct a value of type t holds, through slices and
// maps, or nil.
func structOf(t *TypeRef) *Struct {
	for t.Elem != nil {
		t = t.Elem
	}
	return t.Struct
}
