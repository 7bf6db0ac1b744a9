// Package profilecheck checks, for tests, that the typearray and gemini
// schemas a generated server derives when it starts
// (lenientimpl.DerivedSchemas) are the ones the generator writes
// (schemabuild.RootJSON), and that schemabuild.RootProfile's, in invopop's model
// (schemabuild.Convert reads the same derivation back into it), are written
// as those bytes. gen's tests run it on the golden cases and this
// repository's tool packages, genfuzz's on random ones. That the
// derivation gives what the generator wrote when it derived the profiles
// itself (rewrites on invopop's model) is
// checked against a test copy of that code, in package schema
// (TestDeriveRandom, TestDeriveTypes), and by the golden files.
package profilecheck

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/internal/schemaprofile"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
	"github.com/normgen/normgen/schema"
)

var profiles = []lenient.Profile{lenient.ProfilePortable, lenient.ProfileTypeArray, lenient.ProfileGemini}

// Tool checks the tool name whose input type is t: the three derivations
// give the same bytes (but for white space), and the gemini schema is
// derived from the portable one but for a recursive type ($defs), whose
// gemini schema the generator writes (it unrolls the type), and, where it
// differs, for a type holding one with its own decoder and no schema
// (spelled as its Go type's shape). It returns the problems found, and
// whether the generator writes the gemini schema.
func Tool(name string, t *schema.Type) (problems []string, geminiWritten bool) {
	fail := func(format string, args ...any) {
		problems = append(problems, name+": "+fmt.Sprintf(format, args...))
	}
	js, err := schemabuild.RootJSON(t, profiles...)
	if err != nil {
		fail("%v", err)
		return problems, false
	}
	for i, p := range profiles[1:] {
		s, err := schemabuild.RootProfile(t, p)
		if err != nil {
			fail("%s: %v", p, err)
			continue
		}
		if want, err := schemabuild.Marshal(s); err != nil {
			fail("%s: %v", p, err)
		} else if !bytes.Equal(js[i+1], want) {
			fail("%s: RootJSON (derived from the portable text) differs from RootProfile's, read back into invopop's model by schemabuild.Convert\n%s\n%s", p, js[i+1], want)
		}
	}
	root, err := schemaprofile.ParseRoot(js[0])
	if err != nil {
		fail("%v", err)
		return problems, false
	}
	gemini := root.Gemini()
	recursive := bytes.Contains(js[0], []byte(`"$defs"`))
	shaped := hasShape(t, map[*schema.Type]bool{})
	derived := bytes.Equal(gemini, compact(js[2]))
	if recursive && derived || !recursive && !shaped && !derived {
		fail("gemini schema derived from the portable one: %v; the type recursive: %v; holding a type with its own decoder and no schema: %v", derived, recursive, shaped)
	}
	written := ""
	if !derived {
		written = string(js[2])
	}
	got := lenientimpl.DerivedSchemas(string(js[0]), "", written)
	for i, p := range profiles[1:] {
		if have, want := compact(got[p]), compact(js[i+1]); !bytes.Equal(have, want) {
			fail("%s: lenientimpl.DerivedSchemas gives\n%s\nthe generator writes\n%s", p, have, want)
		}
	}
	return problems, !derived
}

// hasShape reports whether t holds a type with its own decoder and no
// schema, which the gemini profile spells as its Go type's shape
// (schema.Type.Shape), where the portable schema says {}.
func hasShape(t *schema.Type, seen map[*schema.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind == schema.Custom && t.Shape != nil && len(t.Schema) == 0 {
		return true
	}
	if hasShape(t.Elem, seen) || hasShape(t.Def, seen) {
		return true
	}
	for _, f := range t.Fields {
		if hasShape(f.Type, seen) {
			return true
		}
	}
	return false
}

func compact(js []byte) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, js); err != nil {
		return js
	}
	return b.Bytes()
}
