package lint

import (
	"encoding/json"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/leniency"
	"github.com/normgen/normgen/internal/schemaprofile"
)

// catalogOf wraps one field schema into a catalog.
func catalogOf(field string) []byte {
	return []byte(`[{"name":"t","inputSchema":{"type":"object","properties":{"f":` + field + `}}}]`)
}

func kinds(t *testing.T, data []byte) []string {
	t.Helper()
	fs, err := CheckCatalog(data)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.Kind)
	}
	return out
}

func TestCheckFindings(t *testing.T) {
	for _, tc := range []struct {
		kind, bad, good string
	}{
		{KindIntegerNoString, `{"type":"integer"}`, `{"type":["integer","string"],"pattern":"^-?[0-9]+$"}`},
		{KindIntegerNoString, `{"type":["null","integer"]}`, `{"type":["null","integer","string"],"pattern":"^-?[0-9]+$"}`},
		{KindNumberNoString, `{"type":"number"}`, `{"type":["number","string"],"pattern":"^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"}`},
		{KindBooleanNoString, `{"type":"boolean"}`, `{"type":["boolean","string"],"pattern":"^(true|false)$"}`},
		{KindStringFormNoPattern, `{"type":["integer","string"]}`, `{"type":["integer","string"],"pattern":"^[0-9]+$"}`},
		{KindPatternTooLoose, `{"type":["integer","string"],"pattern":"^-?[0-9.]+$"}`, `{"type":["integer","string"],"pattern":"^-?[0-9]+$"}`},
		{KindPatternTooStrict, `{"type":["boolean","string"],"pattern":"^true$"}`, `{"type":["boolean","string"],"pattern":"^(true|false)$"}`},
		{KindPatternNotPortable, `{"type":["boolean","string"],"pattern":"(?i)^(true|false)$"}`, `{"type":["boolean","string"],"pattern":"^([Tt]rue|[Ff]alse)$"}`},
		{KindArrayNoText, `{"type":"array","items":{"type":"string"}}`, `{"type":["array","string"],"items":{"type":"string"}}`},
		{KindArrayNoItems, `{"type":["array","string"]}`, `{"type":["array","string"],"items":{}}`},
		{KindObjectNoText, `{"type":"object","properties":{}}`, `{"type":["object","string"],"properties":{}}`},
		{KindEnumNotStrings, `{"type":"string","enum":["a",1]}`, `{"type":"string","enum":["a","1"]}`},
		{KindIntegerNoString, `{"type":["array","string"],"items":{"type":"integer"}}`, `{"type":["array","string"],"items":{"type":["integer","string"],"pattern":"^-?[0-9]+$"}}`},
		{KindIntegerNoString, `{"$ref":"#/$defs/n"}`, `{"type":"string"}`},
	} {
		bad := catalogOf(tc.bad)
		if tc.bad == `{"$ref":"#/$defs/n"}` {
			bad = []byte(`{"tools":[{"name":"t","inputSchema":{"type":"object","$defs":{"n":{"type":"integer"}},"properties":{"f":{"$ref":"#/$defs/n"}}}}]}`)
		}
		if got := kinds(t, bad); !contains(got, tc.kind) {
			t.Errorf("%s: findings %v lack %s", tc.bad, got, tc.kind)
		}
		if got := kinds(t, catalogOf(tc.good)); len(got) != 0 {
			t.Errorf("%s: findings %v, want none", tc.good, got)
		}
	}
	root := kinds(t, []byte(`[{"name":"t","inputSchema":{"anyOf":[{"type":"object"}]}}]`))
	if !contains(root, KindRootNotObject) || !contains(root, KindRootCombinator) {
		t.Errorf("root findings: %v", root)
	}
}

// anyFields are the golden cases' any and json.RawMessage fields, and
// those of types decoded by their own UnmarshalJSON without a
// JSONSchema() (normgen warns about each).
var anyFields = map[string]bool{
	"kinds.any": true, "kinds.raw": true,
	"reflected.any": true, "reflected.raw": true,
	"render.model": true, "render.fallback": true, "render.opaque": true,
	"render.color": true,
	// (a struct of another package's: a type met again inside itself, a
	// json.Number; types embedding a time.Time)
	"sync_folder.folder.folders[]": true, "sync_folder.folder.size": true,
	"list_events.since": true, "list_events.until": true,
	"list_events.at": true,
}

// TestGeneratedCatalogsAreClean checks every catalog the golden cases
// expect normgen to generate, for leniency and for every host's rules.
func TestGeneratedCatalogsAreClean(t *testing.T) {
	checked := 0
	for path, data := range goldenCatalogs(t) {
		fs, err := CheckCatalog(data)
		if err != nil {
			t.Fatal(err)
		}
		hs, err := CheckHosts(data, Hosts())
		if err != nil {
			t.Fatal(err)
		}
		for _, finding := range append(fs, hs...) {
			if finding.Note {
				continue // a warning about an undocumented limit, not a broken rule
			}
			// normgen spells any and json.RawMessage as {} (it must
			// accept anything), and a type decoded by its own
			// UnmarshalJSON it cannot see into; Gemini wants a type
			// there. The README says so, and the gemini profile
			// spells it as an object (any, json.RawMessage) or as
			// its Go type (a type with its own decoder).
			if finding.Kind == KindMissingType && anyFields[finding.Tool+"."+finding.Path] {
				continue
			}
			// A recursive struct is a $ref in the portable profile;
			// the gemini profile, for Gemini and Zed's Gemini path,
			// unrolls it (the README says so).
			if finding.Kind == KindRef && strings.HasSuffix(path, "recursive.txtar") && (finding.Host == string(HostGemini) || finding.Host == string(HostZed)) {
				continue
			}
			t.Errorf("%s: %s", path, finding)
		}
		checked++
	}
	if checked < 2 {
		t.Fatalf("checked %d generated catalogs", checked)
	}
}

// TestSDKInferredCatalogIsFlagged checks the catalog the official MCP Go
// SDK infers for ordinary tool structs (see testdata/catalogs/README.md).
func TestSDKInferredCatalogIsFlagged(t *testing.T) {
	data, err := os.ReadFile("../testdata/catalogs/go-sdk-inferred.json")
	if err != nil {
		t.Fatal(err)
	}
	got := kinds(t, data)
	for _, want := range []string{KindIntegerNoString, KindBooleanNoString, KindArrayNoText, KindObjectNoText} {
		if !contains(got, want) {
			t.Errorf("SDK-inferred catalog: findings %v lack %s", got, want)
		}
	}
}

func TestCheckCatalogErrors(t *testing.T) {
	for _, in := range []string{`{`, `{"x":1}`, `[1]`} {
		if _, err := CheckCatalog([]byte(in)); err == nil || strings.TrimSpace(err.Error()) == "" {
			t.Errorf("%s: no error", in)
		}
	}
}

// TestCheckPortableForm checks that the leniency checks read a field's
// forms across the portable form's anyOf branches.
func TestCheckPortableForm(t *testing.T) {
	for _, tc := range []struct {
		prop string
		want []string // finding kinds
	}{
		{`{"anyOf":[{"type":"integer","description":"n"},{"type":"string","pattern":"^-?[0-9]+$"}]}`, nil},
		{`{"anyOf":[{"type":"integer"},{"type":"string"}]}`, []string{KindStringFormNoPattern}},
		{`{"anyOf":[{"type":"integer"},{"type":"null"}]}`, []string{KindIntegerNoString}},
		{`{"anyOf":[{"type":"array","items":{"type":"string"}},{"type":"string"}]}`, nil},
		{`{"anyOf":[{"type":"array"},{"type":"string"}]}`, []string{KindArrayNoItems}},
		{`{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"null"}]}},{"type":"string"}]}`, []string{KindIntegerNoString}},
		{`{"anyOf":[{"type":"object","properties":{"n":{"type":"boolean"}}},{"type":"string"}]}`, []string{KindBooleanNoString}},
		{`{"anyOf":[{"type":"integer","$comment":"` + leniency.StrictComment + `"},{"type":"null"}]}`, nil},
		{`{"anyOf":[{"type":"string","enum":["a",1]},{"type":"null"}]}`, []string{KindEnumNotStrings}},
	} {
		cat := `[{"name":"t","inputSchema":{"type":"object","properties":{"f":` + tc.prop + `}}}]`
		fs, err := CheckCatalog([]byte(cat))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range fs {
			got = append(got, f.Kind)
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: findings %v, want %v", tc.prop, fs, tc.want)
		}
	}
}

// TestCheckNonPortablePatterns: a pattern AJV cannot compile, or reads
// differently, is reported on any field, string fields included.
func TestCheckNonPortablePatterns(t *testing.T) {
	for _, prop := range []string{
		`{"type":"string","pattern":"(?i)^x$"}`,
		`{"anyOf":[{"type":"string","pattern":"^a.b$"},{"type":"null"}]}`,
		`{"anyOf":[{"type":"integer"},{"type":"string","pattern":"(?i)^[0-9]+$"}]}`,
	} {
		fs, err := CheckCatalog([]byte(`[{"name":"t","inputSchema":{"type":"object","properties":{"f":` + prop + `}}}]`))
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != 1 || fs[0].Kind != KindPatternNotPortable {
			t.Errorf("%s: findings %v, want one %s", prop, fs, KindPatternNotPortable)
		}
	}
}

// TestCheckWrapForms: a scalar beside an array of it (norm:"wrap", as the
// generator writes it) shares the array's string form, its JSON text,
// which no pattern spells: nothing is reported; a scalar beside an array
// with no string form at all is, and so is a scalar with an open string
// form beside an object or an array of another type.
func TestCheckWrapForms(t *testing.T) {
	for _, tc := range []struct{ prop, want string }{
		{`{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^-?[0-9]+$"}]}},{"type":"string"},{"type":"integer"}]}`, ``},
		{`{"anyOf":[{"type":"array","items":{"type":"boolean"}},{"type":"string"},{"type":"boolean"}]}`, `v[]:boolean-no-string-form`},
		{`{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"integer"}]}`, `v:array-no-json-text-form,v:integer-no-string-form,v[]:integer-no-string-form`},
		// (a union written by hand: the boolean beside an array of
		// objects is no wrapped element, and its string form is open)
		{`{"type":["object","string","boolean"]}`, `v:string-form-no-pattern`},
		{`{"anyOf":[{"type":"array","items":{"type":"string"}},{"type":"string"},{"type":"integer"}]}`, `v:string-form-no-pattern`},
	} {
		fs, err := CheckCatalog([]byte(`[{"name":"t","inputSchema":{"type":"object","properties":{"v":` + tc.prop + `}}}]`))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range fs {
			got = append(got, f.Path+":"+f.Kind)
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%s: findings %q, want %q", tc.prop, got, tc.want)
		}
	}
}

// TestCheckNonPortableNamePatterns: a pattern of patternProperties that
// AJV cannot compile, or may read differently, is reported at its
// pattern step, at the root and below; one both read alike is not, a
// pattern every name matches (".*") among them.
func TestCheckNonPortableNamePatterns(t *testing.T) {
	for _, tc := range []struct{ schema, want string }{
		{`{"type":"object","patternProperties":{"^.+$":{"type":"string"}}}`, `{"^.+$"}`},
		{`{"type":"object","properties":{"f":{"type":"object","patternProperties":{"^[a-z]+$":{"type":"string"},"^x\\s":{"type":"string"}}}}}`, `f{"^x\\s"}`},
		{`{"type":"object","patternProperties":{"^[^\\n]+$":{"type":"string"}}}`, ``},
		{`{"type":"object","patternProperties":{".*":{"type":"string"}}}`, ``},
	} {
		fs, err := CheckCatalog([]byte(`[{"name":"t","inputSchema":` + tc.schema + `}]`))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range fs {
			if f.Kind == KindPatternNotPortable {
				got = append(got, f.Path)
			}
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%s: pattern findings at %q, want %q (all: %v)", tc.schema, got, tc.want, fs)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestTypeArrayCatalogsAreClean checks that normgen check takes the
// typearray profile of every golden catalog: an integer enum's run and
// its texts are one enum there, which it reported as "hosts require
// enums of strings" (found by a newcomer's trial: catalog -profile
// typearray | normgen check exited 1 on normgen's own output).
func TestTypeArrayCatalogsAreClean(t *testing.T) {
	checked := 0
	for path, data := range goldenCatalogs(t) {
		var tools []map[string]json.RawMessage
		if err := json.Unmarshal(data, &tools); err != nil {
			t.Fatal(err)
		}
		for _, tool := range tools {
			root, err := schemaprofile.ParseRoot(tool["inputSchema"])
			if err != nil {
				t.Fatal(err)
			}
			tool["inputSchema"] = root.TypeArray()
		}
		typed, _ := json.Marshal(tools)
		fs, err := CheckCatalog(typed)
		if err != nil {
			t.Fatal(err)
		}
		for _, finding := range fs {
			if !finding.Note {
				t.Errorf("%s [typearray]: %s", path, finding)
			}
		}
		checked++
	}
	if checked < 2 {
		t.Fatalf("checked %d generated catalogs", checked)
	}
}

// goldenCatalogs yields each golden archive's path and its catalog
// (want/catalog.json).
func goldenCatalogs(t *testing.T) iter.Seq2[string, []byte] {
	return func(yield func(string, []byte) bool) {
		archives, _ := filepath.Glob("../golden/*.txtar")
		for _, path := range archives {
			ar, err := parseTxtarFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range ar.Files {
				if f.Name == "want/catalog.json" && !yield(path, f.Data) {
					return
				}
			}
		}
	}
}
