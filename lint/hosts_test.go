package lint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func hostKinds(t *testing.T, host Host, catalog string) []string {
	t.Helper()
	fs, err := CheckHosts([]byte(catalog), []Host{host})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range fs {
		if f.Host != string(host) {
			t.Errorf("finding for host %q from a %s check: %v", f.Host, host, f)
		}
		out = append(out, f.Path+":"+f.Kind)
	}
	return out
}

func tool(name, schema string) string {
	return `[{"name":"` + name + `","inputSchema":` + schema + `}]`
}

// TestHostRules has, per host, schemas the host rejects (with the findings
// expected) and schemas it takes.
func TestHostRules(t *testing.T) {
	portable := `{"type":"object","properties":{
		"n":{"anyOf":[{"type":"integer","description":"d","default":1},{"type":"string","pattern":"^-?[0-9]+$"},{"type":"null"}]},
		"l":{"anyOf":[{"type":"array","items":{"type":"string"}},{"type":"string"}]},
		"a":{"anyOf":[{"type":"object"},{"type":"string"}]}},"required":["n"],"additionalProperties":false}`
	for _, tc := range []struct {
		host   Host
		schema string
		name   string
		want   []string
	}{
		{HostGemini, portable, "t", nil},
		{HostGemini, `{"type":"object","properties":{"n":{"type":["integer","string"]}}}`, "t", []string{"n:type-array"}},
		{HostGemini, `{"type":"object","properties":{"l":{"type":"array"}}}`, "t", []string{"l:array-no-items"}},
		{HostGemini, `{"type":"object","properties":{"l":{"type":"array","items":{"type":["object","null"]}}}}`, "t", []string{"l[]:type-array", "l[]:union-items"}},
		{HostGemini, `{"type":"object","properties":{"v":true}}`, "t", []string{"v:boolean-schema"}},
		{HostGemini, `{"type":"object","$defs":{"d":{"type":"string"}},"properties":{"v":{"$ref":"#/$defs/d"}}}`, "t", []string{"v:ref"}},
		{HostGemini, `{"type":"object","properties":{"v":{"type":"integer","enum":[1,2]}}}`, "t", []string{"v:enum-not-strings"}},
		{HostGemini, `{"type":"string"}`, "t", []string{":root-not-object"}},
		{HostGemini, `{"type":"object","properties":{"v":{"description":"x","anyOf":[{"type":"string"},{"type":"null"}]}}}`, "t", []string{"v:anyof-siblings"}},
		{HostGemini, `{"type":"object","properties":{"v":{"anyOf":[{"properties":{}},{"type":"null"}]}}}`, "t", []string{"v:anyof-branch-no-type", "v:missing-type"}},
		{HostGemini, `{"type":"object","properties":{"v":{},"w":{"type":"array","items":{"description":"x"}}},"required":["v","x"]}`, "t", []string{":required-not-defined", "v:missing-type", "w[]:missing-type"}},
		{HostCopilot, `{"type":"object","properties":{"v":true}}`, "t", []string{"v:boolean-schema"}},
		// Gemini reads no schema in additionalProperties or in allOf/oneOf
		// branches (it refuses those keys themselves, where it reads them at
		// all), so a branch or map value without a type is no missing-type.
		{HostGemini, `{"type":"object","properties":{"m":{"anyOf":[{"type":"object","additionalProperties":{}},{"type":"string"}]}}}`, "t", nil},
		{HostGemini, `{"type":"object","properties":{"a":{"type":"string"}},"allOf":[{"if":{"properties":{"a":{"const":"x"}}},"then":{"required":["a"]}}]}`, "t", []string{":root-combinator", ":unsupported-key"}},
		{HostGemini, `{"type":"object","properties":{"v":{"type":"object","allOf":[{"required":["x"]},{"not":{"required":["y"]}}],"properties":{"x":{"type":"string"},"y":{"type":"string"}}}}}`, "t", []string{"v:unsupported-key"}},
		// An untyped schema is still one whose branches must all be typed
		// (Gemini CLI's rule).
		{HostGemini, `{"type":"object","properties":{"v":{"oneOf":[{"type":"string"},{"description":"untyped"}]}}}`, "t", []string{"v:anyof-branch-no-type", "v:missing-type", "v:unsupported-key"}},
		{HostGemini, portable, "9lives", []string{":tool-name"}},
		{HostGemini, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"v":{"type":"string","const":"x"}}}`, "t", []string{":unsupported-key", "v:unsupported-key"}},
		{HostClaude, portable, "t", nil},
		{HostClaude, `{"type":"object","anyOf":[{"required":["a"]}]}`, "t", []string{":root-combinator"}},
		{HostClaude, `{"type":"object","properties":{"v":{"type":"array","items":[{"type":"string"}]}}}`, "t", []string{"v:tuple-items"}},
		{HostClaude, `{"type":"object","properties":{"v":{"type":"integer","minimum":0,"exclusiveMinimum":true}}}`, "t", []string{"v:draft4-exclusive-bound"}},
		{HostClaude, portable, "ns/tool.get", []string{":tool-name"}},
		{HostOpenAI, portable, "t", nil},
		{HostOpenAI, `{"type":"object","properties":{"targets":{"type":"array"}}}`, "t", []string{"targets:array-no-items"}},
		{HostOpenAI, `{"type":"object","enum":[{}]}`, "t", []string{":object-no-properties", ":root-combinator"}},
		{HostGemini, `{"type":"object","properties":{"n":{"type":"integer","multipleOf":2},"u":{"type":"string","format":"uri"},"d":{"type":"string","format":"date-time"}}}`, "t", []string{"n:unsupported-key", "u:unsupported-key"}},
		{HostCursor, portable, "t", nil},
		{HostCursor, `{"type":"object","properties":{"s":{"type":["null","string"]}}}`, "t", []string{"s:type-array"}},
		{HostCursor, `{"type":"object","properties":{},"required":null}`, "t", []string{":required-not-array"}},
		{HostCopilot, portable, "t", nil},
		{HostCopilot, `{"type":"object","properties":{"ids":{"type":"array","description":"x"}}}`, "t", []string{"ids:array-no-items"}},
		{HostCopilot, `{}`, "t", []string{":root-not-object"}},
		// OpenAI: a root object needs properties (strict or not).
		{HostOpenAI, `{"type":"object"}`, "t", []string{":object-no-properties"}},
		{HostOpenAI, `{"type":"object","properties":{}}`, "t", nil},
		// OpenAI strict mode: every object closed and fully required, only
		// its formats, no oneOf/allOf/not/if.
		{HostOpenAIStrict, `{"type":"object","properties":{"a":{"type":"string"},"b":{"anyOf":[{"type":"integer"},{"type":"null"}]}},"required":["a","b"],"additionalProperties":false}`, "t", nil},
		{HostOpenAIStrict, portable, "t", []string{":strict-required", "a:strict-additional-properties"}},
		{HostOpenAIStrict, `{"type":"object","properties":{"u":{"type":"string","format":"uri"},"d":{"type":"string","format":"date-time"},"o":{"oneOf":[{"type":"string"},{"type":"integer"}]}},"required":["u","d","o"],"additionalProperties":false}`, "t", []string{"o:unsupported-key", "u:unsupported-key"}},
		{HostOpenAIStrict, `{"type":"object","properties":{"x":{"type":"object","properties":{"y":{"type":"string"}}}},"required":["x"],"additionalProperties":false}`, "t", []string{"x:strict-additional-properties", "x:strict-required"}},
		// Claude Code drops a tool whose root has a condition.
		{HostClaude, `{"type":"object","properties":{"a":{"type":"string"}},"if":{"properties":{"a":{"const":"x"}}},"then":{"required":["a"]}}`, "t", []string{":root-combinator"}},
		// Cursor: non-string enums and tuple items fail the whole request.
		{HostCursor, `{"type":"object","properties":{"n":{"type":"integer","enum":[1,2]},"p":{"type":"array","items":[{"type":"number"},{"type":"number"}]}}}`, "t", []string{"n:enum-not-strings", "p:tuple-items"}},
		{HostWindsurf, `{"type":"object","properties":{"e":{"type":"array"}}}`, "t", []string{"e:array-no-items"}},
		{HostWindsurf, portable, "t", nil},
		// Zed drops a tool with $ref (other than #/$defs/NAME since
		// zed#60165) or if/then/else, anywhere.
		{HostZed, `{"type":"object","$defs":{"d":{"type":"string"}},"properties":{"v":{"$ref":"#/$defs/d"},"w":{"$ref":"#/properties/v"},"c":{"type":"object","if":{"required":["x"]},"then":{"required":["y"]}}}}`, "t", []string{"c:unsupported-key", "v:ref", "w:ref"}},
		{HostZed, portable, "t", nil},
		// Codex CLI: a schema with no type it can infer reaches the model as
		// a string; 0.111 and earlier do the same to anyOf; 0.42 and
		// earlier drop a tool with a schema-valued additionalProperties.
		{HostCodex, portable, "t", nil},
		{HostCodex, `{"type":"object","properties":{"a":{},"b":{"description":"x"},"c":{"oneOf":[{"type":"string"},{"type":"integer"}]},"d":{"oneOf":[{"type":"string"}]},"e":{"enum":["x"]},"m":{"type":"object","additionalProperties":{}}}}`, "t", []string{"a:missing-type", "b:missing-type", "c:union-as-string", "m.*:missing-type"}},
		// Codex unwraps a one-branch union through a $ref to what it names
		// (FuzzCheckCatalog: the same findings as with the $ref inlined).
		{HostCodex, `{"type":"object","$defs":{"d":{"description":"d","oneOf":[{}]},"s":{"oneOf":[{"type":"string"}]},"e":{"oneOf":[{"$ref":"#/$defs/e"}]}},"properties":{"a":{"oneOf":[{"$ref":"#/$defs/d"}]},"b":{"anyOf":[{"$ref":"#/$defs/s"}]},"c":{"oneOf":[{"$ref":"#/$defs/none"}]},"e":{"oneOf":[{"$ref":"#/$defs/e"}]}}}`, "t", []string{"a:missing-type", "e:union-as-string"}},
		// A definition reached first as a union's branch (judged with its
		// union) is judged again where a property names it.
		{HostCodex, `{"type":"object","$defs":{"d":{}},"properties":{"a":{"oneOf":[{"$ref":"#/$defs/d"},{"type":"string"}]},"b":{"type":"object","properties":{"a":{"$ref":"#/$defs/d"}}}}}`, "t", []string{"a:union-as-string", "b.a:missing-type"}},
		{Host("codex@0.111"), portable, "t", []string{"a:union-as-string", "l:union-as-string", "n:union-as-string"}},
		{Host("codex@0.111"), `{"type":"object","properties":{"n":{"type":["integer","string"],"description":"d"},"m":{"type":"object","additionalProperties":{"type":"string"}}}}`, "t", nil},
		{Host("codex@0.42"), `{"type":"object","properties":{"n":{"type":["integer","string"],"description":"d"},"m":{"type":"object","additionalProperties":{"type":"string"}}}}`, "t", []string{"m:additional-properties-schema"}},
		{Host("codex@0.42"), `{"type":"object","properties":{"m":{"type":"object"},"f":{"type":"object","additionalProperties":false}}}`, "t", nil},
	} {
		got := hostKinds(t, tc.host, tool(tc.name, tc.schema))
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s %s %s: findings %v, want %v", tc.host, tc.name, tc.schema, got, tc.want)
		}
	}
}

func TestParseHosts(t *testing.T) {
	if hs, err := ParseHosts("all"); err != nil || len(hs) != len(Hosts()) {
		t.Errorf("all: %v %v", hs, err)
	}
	if hs, err := ParseHosts("gemini,claude"); err != nil || len(hs) != 2 {
		t.Errorf("gemini,claude: %v %v", hs, err)
	}
	if _, err := ParseHosts("bard"); err == nil || !strings.Contains(err.Error(), "known hosts: claude, openai, gemini, cursor, copilot, windsurf, zed, codex, all (every one of these), openai-strict (named only)") {
		t.Errorf("bard: %v", err)
	}
	if hs, err := ParseHosts("gemini,gemini,all"); err != nil || len(hs) != len(Hosts()) || hs[0] != HostGemini {
		t.Errorf("gemini,gemini,all: %v %v", hs, err)
	}
	if _, err := ParseHosts("gemini,"); err == nil || !strings.Contains(err.Error(), "an empty host name") {
		t.Errorf("gemini,: %v", err)
	}
	if hs, err := ParseHosts("all"); err != nil || slices.Contains(hs, HostOpenAIStrict) {
		t.Errorf("all holds openai-strict, a mode to name: %v %v", hs, err)
	}
	if hs, err := ParseHosts("openai-strict,codex@0.111,codex@0.111.0"); err != nil || len(hs) != 3 || hs[1].Name() != HostCodex || hs[1].Version() != "0.111" {
		t.Errorf("openai-strict,codex@0.111,codex@0.111.0: %v %v", hs, err)
	}
	for in, want := range map[string]string{
		"gemini@2.5": `host "gemini@2.5": gemini takes no @VERSION`,
		"codex@new":  `host "codex@new": "new" is not a release number`,
		"codex@":     `host "codex@": "" is not a release number`,
	} {
		if _, err := ParseHosts(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	for _, tc := range []struct {
		v, limit string
		want     bool
	}{{"0.42", "0.42", true}, {"0.42.1", "0.42", false}, {"0.111", "0.42", false}, {"0.31", "0.42", true}, {"0.9", "0.111", true}, {"1", "0.111", false}} {
		if got := atMost(tc.v, tc.limit); got != tc.want {
			t.Errorf("atMost(%s, %s) = %v", tc.v, tc.limit, got)
		}
	}
}

// hostileCatalogs are the catalogs of issue 14: a $ref cycle through
// anyOf, a mutual cycle, and definitions whose two properties both point
// to the next one (2^n paths).
func hostileCatalogs() map[string]string {
	var defs []string
	const n = 40
	for i := 0; i < n; i++ {
		defs = append(defs, fmt.Sprintf(`"d%d":{"type":"object","properties":{"a":{"$ref":"#/$defs/d%d"},"b":{"$ref":"#/$defs/d%d"},"n":{"type":"integer"}}}`, i, i+1, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"d%d":{"type":"integer"}`, n))
	// The same through anyOf branches, as normgen's portable profile
	// spells a recursive struct's fields.
	var branchDefs []string
	for i := 0; i < n; i++ {
		branchDefs = append(branchDefs, fmt.Sprintf(`"d%d":{"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/d%d"},{"type":"string"}]},"b":{"anyOf":[{"$ref":"#/$defs/d%d"},{"type":"string"},{"type":"null"}]}}}`, i, i+1, i+1))
	}
	branchDefs = append(branchDefs, fmt.Sprintf(`"d%d":{"type":"object"}`, n))
	return map[string]string{
		"branch-self":     `[{"name":"t","inputSchema":{"type":"object","$defs":{"F":{"type":"object","properties":{"and":{"anyOf":[{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/F"},{"type":"string"}]}},{"type":"string"}]},"not":{"anyOf":[{"$ref":"#/$defs/F"},{"type":"string"},{"type":"null"}]}}}},"properties":{"f":{"anyOf":[{"$ref":"#/$defs/F"},{"type":"string"}]}}}}]`,
		"branch-doubling": `[{"name":"t","inputSchema":{"type":"object","$defs":{` + strings.Join(branchDefs, ",") + `},"properties":{"root":{"anyOf":[{"$ref":"#/$defs/d0"},{"type":"string"}]}}}}]`,
		"self":            `[{"name":"t","inputSchema":{"type":"object","$defs":{"a":{"anyOf":[{"$ref":"#/$defs/a"}]}},"properties":{"x":{"$ref":"#/$defs/a"}}}}]`,
		"mutual":          `[{"name":"t","inputSchema":{"type":"object","$defs":{"a":{"oneOf":[{"$ref":"#/$defs/b"}]},"b":{"anyOf":[{"$ref":"#/$defs/a"},{"type":"array","items":{"$ref":"#/$defs/a"}}]}},"properties":{"x":{"$ref":"#/$defs/a"}}}}]`,
		"doubling":        `[{"name":"t","inputSchema":{"type":"object","$defs":{` + strings.Join(defs, ",") + `},"properties":{"root":{"$ref":"#/$defs/d0"}}}}]`,
		"root-ref":        `[{"name":"t","inputSchema":{"type":"object","properties":{"self":{"$ref":"#"}}}}]`,
	}
}

// TestHostileCatalogs: cycles end and shared definitions are walked once,
// so both checks finish at once on the catalogs that used to overflow the
// stack or take exponential time; findings stay bounded per tool.
func TestHostileCatalogs(t *testing.T) {
	for name, cat := range hostileCatalogs() {
		done := make(chan struct{})
		var leniency, hosts []Finding
		var err1, err2 error
		go func() {
			defer close(done)
			leniency, err1 = CheckCatalog([]byte(cat))
			hosts, err2 = CheckHosts([]byte(cat), Hosts())
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second): // a hang guard, not a speed target (see BenchmarkHostileCatalogs)
			t.Fatalf("%s: check did not finish", name)
		}
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", name, err1, err2)
		}
		if len(leniency) > MaxFindingsPerTool+1 || len(hosts) > MaxFindingsPerTool+1 {
			t.Errorf("%s: %d and %d findings, more than the cap", name, len(leniency), len(hosts))
		}
	}
	fs, _ := CheckCatalog([]byte(hostileCatalogs()["doubling"]))
	ints := 0
	for _, f := range fs {
		if f.Kind == KindIntegerNoString {
			ints++
		}
	}
	if ints == 0 || fs[len(fs)-1].Kind != KindMore {
		t.Errorf("doubling: findings %v, want integer fields without a string form, capped", fs)
	}
}

func BenchmarkHostileCatalogs(b *testing.B) {
	cat := []byte(hostileCatalogs()["doubling"])
	for b.Loop() {
		CheckCatalog(cat)
		CheckHosts(cat, Hosts())
	}
}

// TestTrailingContent: a catalog is one JSON value.
func TestTrailingContent(t *testing.T) {
	for _, cat := range []string{`[] garbage`, `[] [{"name":"t","inputSchema":{"type":"string"}}]`, `{"tools":[]}{}`} {
		if _, err := CheckCatalog([]byte(cat)); err == nil || !strings.Contains(err.Error(), "catalog: 1:4: unexpected content after the JSON value") && !strings.Contains(err.Error(), "catalog: 1:13: unexpected content") {
			t.Errorf("%s: %v", cat, err)
		}
		if _, err := CheckHosts([]byte(cat), Hosts()); err == nil {
			t.Errorf("%s: CheckHosts took it", cat)
		}
	}
	if _, err := CheckCatalog([]byte("[]\n  \n")); err != nil {
		t.Errorf("trailing white space: %v", err)
	}
}

// TestFindingsCap: a tool with many gaps reports MaxFindingsPerTool of
// them and counts the rest.
func TestFindingsCap(t *testing.T) {
	var props []string
	for i := 0; i < 120; i++ {
		props = append(props, fmt.Sprintf(`"f%03d":{"type":"integer"}`, i))
	}
	fs, err := CheckCatalog([]byte(tool("t", `{"type":"object","properties":{`+strings.Join(props, ",")+`}}`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != MaxFindingsPerTool+1 || fs[len(fs)-1].Kind != KindMore || !strings.Contains(fs[len(fs)-1].Message, "70 more findings") {
		t.Errorf("%d findings, last %v", len(fs), fs[len(fs)-1])
	}
}

// TestStrictLimits checks that check -host openai-strict reports a
// schema past OpenAI strict mode's documented limits: 12 levels of
// nested objects passed, and strict mode refuses the request (found by a
// review).
func TestStrictLimits(t *testing.T) {
	nest := func(levels int) string {
		s := `{"type":"integer"}`
		for i := range levels {
			s = fmt.Sprintf(`{"type":"object","properties":{"n%d":%s},"required":["n%d"],"additionalProperties":false}`, i, s, i)
		}
		return s
	}
	props := func(n int) string {
		var ps, req []string
		for i := range n {
			ps = append(ps, fmt.Sprintf(`"p%d":{"type":"string","enum":["a","b"]}`, i))
			req = append(req, fmt.Sprintf(`"p%d"`, i))
		}
		return `{"type":"object","properties":{` + strings.Join(ps, ",") + `},"required":[` + strings.Join(req, ",") + `],"additionalProperties":false}`
	}
	for _, c := range []struct{ schema, want string }{
		{nest(10), ""},
		{nest(11), `n10.n9.n8.n7.n6.n5.n4.n3.n2.n1: objects nest 11 levels deep here, past the 10 OpenAI strict mode takes`},
		{props(500), ""},
		{props(501), `: the schema has 1002 enum values in all, past the 1000 OpenAI strict mode takes`},
	} {
		fs, err := SchemaFindings([]byte(c.schema), []Host{HostOpenAIStrict})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, f := range fs {
			if f.Kind == KindStrictLimit {
				got += f.Path + ": " + f.Message + "\n"
			}
		}
		if c.want == "" && got != "" || c.want != "" && !strings.HasPrefix(got, c.want) || strings.Count(got, "\n") > 1 {
			t.Errorf("%.60s: %q, want %q", c.schema, got, c.want)
		}
	}
}
