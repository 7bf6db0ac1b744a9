package lint

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
)

// TestSchemaFindingsUncapped: SchemaFindings returns every finding of
// one schema, so a host whose only finding sorts past
// MaxFindingsPerTool others is seen (CheckHosts caps a tool's).
func TestSchemaFindingsUncapped(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range MaxFindingsPerTool + 10 {
		fmt.Fprintf(&b, `"a%03d":{"type":["string","null"]},`, i)
	}
	b.WriteString(`"zz":{"type":"object","if":{"required":["q"]},"then":{"required":["r"]}}}}`)
	schema := b.String()
	hosts := []Host{HostCursor, HostZed}
	all, err := SchemaFindings([]byte(schema), hosts)
	if err != nil {
		t.Fatal(err)
	}
	capped, err := CheckHosts([]byte(`{"tools":[{"name":"t","inputSchema":`+schema+`}]}`), hosts)
	if err != nil {
		t.Fatal(err)
	}
	has := func(fs []Finding, h Host) bool {
		return slices.ContainsFunc(fs, func(f Finding) bool { return f.Host == string(h) && !f.Note })
	}
	if has(capped, HostZed) {
		t.Fatalf("the capped findings hold zed's: the test no longer shows the cap")
	}
	if !has(all, HostZed) || !has(all, HostCursor) {
		t.Errorf("SchemaFindings: zed %v, cursor %v, want both", has(all, HostZed), has(all, HostCursor))
	}
	if n := len(all); n <= MaxFindingsPerTool {
		t.Errorf("%d findings, want every one", n)
	}
	for _, f := range all {
		if f.Kind == KindMore || f.Kind == KindToolName {
			t.Errorf("a finding of a tool in a schema's: %v", f)
		}
	}
}

// TestHasTypeFan: Gemini's typed rule judges each schema once: a
// union of references to unions of references, 4^20 paths deep, is
// linted at once (judged once per path, it would not end).
func TestHasTypeFan(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{"x":{"$ref":"#/$defs/d0"}},"$defs":{`)
	for i := range 20 {
		ref := fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, i+1)
		fmt.Fprintf(&b, `"d%d":{"anyOf":[%s,%s,%s,%s]},`, i, ref, ref, ref, ref)
	}
	b.WriteString(`"d20":{"description":"no type"}}}`)
	findings, err := SchemaFindings([]byte(b.String()), []Host{HostGemini})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(findings, func(f Finding) bool { return f.Path == "x" && f.Kind == KindMissingType }) {
		t.Errorf("x: no missing-type finding: %v", findings)
	}
}

// TestHasTypeCycle: a schema judged while a cycle through it is open
// is not kept typed for it: B refers to A, which refers back to B and
// has an untyped branch, so neither is typed, nor C, whichever is met
// first (found by review).
func TestHasTypeCycle(t *testing.T) {
	defs := `"$defs":{"A":{"anyOf":[{"$ref":"#/$defs/B"},{"description":"x"}]},"B":{"$ref":"#/$defs/A"},"C":{"anyOf":[{"$ref":"#/$defs/B"},{"type":"string"}]}}`
	for _, order := range []string{`"a":{"$ref":"#/$defs/A"},"c":{"$ref":"#/$defs/C"}`, `"c":{"$ref":"#/$defs/C"},"a":{"$ref":"#/$defs/A"}`} {
		schema := `{"type":"object","properties":{` + order + `},` + defs + `}`
		findings, err := SchemaFindings([]byte(schema), []Host{HostGemini})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"a", "c"} {
			if !slices.ContainsFunc(findings, func(f Finding) bool { return f.Path == p && f.Kind == KindMissingType }) {
				t.Errorf("%s: %s: no missing-type finding: %v", order, p, findings)
			}
		}
	}
}

// TestSchemaNodeFindings: a schema already parsed gets the findings its
// JSON text gets, and is left as it was: every input schema of the host
// reports' catalogs and of GitHub's MCP server's, for every host.
func TestSchemaNodeFindings(t *testing.T) {
	files, err := filepath.Glob("../testdata/catalogs/hosts/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var catalogs [][]byte
	for _, file := range files {
		ar, err := parseTxtarFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".json") {
				catalogs = append(catalogs, f.Data)
			}
		}
	}
	github, err := os.ReadFile("../testdata/catalogs/github-mcp-server.json")
	if err != nil {
		t.Fatal(err)
	}
	catalogs = append(catalogs, github)
	hosts := append(Hosts(), HostOpenAIStrict)
	schemas := 0
	for _, c := range catalogs {
		root, err := jsonnode.ParseLastKeyWins(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range root.Get("tools").Items() {
			schema := tool.Get("inputSchema")
			if schema == nil {
				continue
			}
			schemas++
			text := schema.Marshal()
			want, err := SchemaFindings(text, hosts)
			if err != nil {
				t.Fatal(err)
			}
			got := SchemaNodeFindings(schema, hosts)
			if !slices.Equal(got, want) {
				t.Errorf("%s: from the node\n%v\nfrom its text\n%v", text, got, want)
			}
			checkRefusesRef(t, schema)
			if after := schema.Marshal(); !bytes.Equal(after, text) {
				t.Errorf("the node changed: %s, was %s", after, text)
			}
		}
	}
	if schemas < 100 {
		t.Errorf("%d schemas linted, want GitHub's catalog's and the reports'", schemas)
	}
}

// checkRefusesRef: RefusesRef, which stops at the first $ref a host
// refuses, says so exactly where SchemaNodeFindings, which walks all of
// schema, finds one for that host.
func checkRefusesRef(t *testing.T, schema *jsonnode.Node) {
	t.Helper()
	for _, h := range RefHosts() {
		want := slices.ContainsFunc(SchemaNodeFindings(schema, []Host{h}), func(f Finding) bool { return f.Kind == KindRef && !f.Note })
		if got := RefusesRef(schema, h); got != want {
			t.Errorf("RefusesRef(%s) = %v, SchemaNodeFindings finds a $ref it refuses: %v, in\n%s", h, got, want, schema.Marshal())
		}
	}
}
