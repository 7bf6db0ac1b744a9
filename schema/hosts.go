package schema

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Host names a family of LLM hosts whose documented (or widely reported)
// rules for tool input schemas CheckHosts knows. A schema a host rejects
// usually breaks every request of that host, not only calls of the tool.
type Host string

// The hosts CheckHosts knows; the README's Hosts table gives the sources.
const (
	// HostClaude is the Claude API, Claude Code and Claude Desktop.
	HostClaude Host = "claude"
	// HostOpenAI is OpenAI function calling (chat completions, responses).
	HostOpenAI Host = "openai"
	// HostGemini is Gemini function declarations (an OpenAPI 3.0 subset),
	// on the Gemini API, Vertex AI and the OpenAI-compatible endpoint.
	HostGemini Host = "gemini"
	// HostCursor is the Cursor editor's MCP client.
	HostCursor Host = "cursor"
	// HostCopilot is GitHub Copilot in VS Code.
	HostCopilot Host = "copilot"
)

// Hosts returns every known host, in a stable order.
func Hosts() []Host {
	return []Host{HostClaude, HostOpenAI, HostGemini, HostCursor, HostCopilot}
}

// ParseHosts reads a -host value: a comma-separated list of host names,
// where "all" stands for every host; a name given twice counts once. An
// unknown or empty name is an error that lists the known ones.
func ParseHosts(s string) ([]Host, error) {
	var known []string
	for _, h := range Hosts() {
		known = append(known, string(h))
	}
	seen := map[Host]bool{}
	var out []Host
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		var hs []Host
		if name == "all" {
			hs = Hosts()
		}
		for _, h := range Hosts() {
			if string(h) == name {
				hs = []Host{h}
			}
		}
		if hs == nil {
			what := fmt.Sprintf("unknown host %q", name)
			if name == "" {
				what = "an empty host name"
			}
			return nil, fmt.Errorf("%s; known hosts: %s, all", what, strings.Join(known, ", "))
		}
		for _, h := range hs {
			if !seen[h] {
				seen[h] = true
				out = append(out, h)
			}
		}
	}
	return out, nil
}

// The kinds of finding CheckHosts reports (besides KindRootNotObject,
// KindRootCombinator, KindArrayNoItems and KindEnumNotStrings).
const (
	KindToolName         = "tool-name"
	KindTypeArray        = "type-array"
	KindUnionItems       = "union-items"
	KindBooleanSchema    = "boolean-schema"
	KindRef              = "ref"
	KindAnyOfSiblings    = "anyof-siblings"
	KindBranchNoType     = "anyof-branch-no-type"
	KindRequiredNotArray = "required-not-array"
	KindTupleItems       = "tuple-items"
	KindDraft4Exclusive  = "draft4-exclusive-bound"
	KindUnsupportedKey   = "unsupported-key"
	KindMissingType      = "missing-type"
	KindRequiredNotDef   = "required-not-defined"
)

// geminiRejects are JSON Schema keys Gemini's function declarations
// (the OpenAPI subset of its parameters field) answer with "Unknown name
// ... Cannot find field"; normgen never writes them. Keys normgen writes
// when a field declares them (examples, exclusive bounds, deprecated,
// readOnly, writeOnly), $comment on strict fields and additionalProperties
// for unknown=error are rejected on that path too, but clients that send
// parametersJsonSchema (Gemini CLI) take them; they are not reported, the
// README says so, and the gemini profile drops them.
var geminiRejects = []string{
	"$schema", "$id", "$anchor", "$dynamicRef", "const", "oneOf", "allOf", "not", "if", "then", "else",
	"patternProperties", "propertyNames", "dependentSchemas", "dependentRequired",
	"unevaluatedProperties", "unevaluatedItems", "prefixItems", "contains",
	"multipleOf", "uniqueItems",
}

// hostRules is what each host rejects. Each rule is checked on every
// subschema of a tool's inputSchema.
type hostRules struct {
	toolName          *regexp.Regexp // nil: no rule
	toolNameRule      string
	rootObject        bool // root must be "type": "object"
	noRootCombinator  bool // no top-level oneOf/anyOf/allOf
	rootNoEnumNot     bool // no top-level enum, not or const
	arrayItems        bool // every array schema has items
	noTypeArrays      bool // "type" is one string
	singleItemType    bool // items has one type (no union)
	noBooleanSchemas  bool // no true/false as a subschema
	noRef             bool // no $ref
	stringEnums       bool // enums of strings only
	anyOfAlone        bool // anyOf is the only key of its schema
	anyOfBranchTyped  bool // each anyOf branch has one type
	requiredArray     bool // required is an array of strings
	draft2020         bool // no draft-04/07 forms 2020-12 rejects
	typed             bool // every subschema has a type, or typed branches
	requiredDefined   bool // every required name is a property
	rejectKeys        []string
	noTypeArrayReason string
}

var rulesOf = map[Host]hostRules{
	HostClaude: {
		toolName: regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`), toolNameRule: `^[a-zA-Z0-9_-]{1,64}$`,
		rootObject: true, noRootCombinator: true, requiredArray: true, draft2020: true,
	},
	HostOpenAI: {
		toolName: regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`), toolNameRule: `^[a-zA-Z0-9_-]{1,64}$`,
		rootObject: true, noRootCombinator: true, rootNoEnumNot: true, arrayItems: true, requiredArray: true,
	},
	HostGemini: {
		toolName: regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$`), toolNameRule: "a letter or _ first, then letters, digits, _ . -, at most 64",
		rootObject: true, noRootCombinator: true, arrayItems: true, noTypeArrays: true, singleItemType: true,
		noBooleanSchemas: true, noRef: true, stringEnums: true, anyOfAlone: true, anyOfBranchTyped: true, requiredArray: true,
		rejectKeys: geminiRejects, typed: true, requiredDefined: true,
		noTypeArrayReason: "Gemini function declarations take one type per schema and reject the whole request (Proto field is not repeating)",
	},
	HostCursor: {
		rootObject: true, noTypeArrays: true, requiredArray: true,
		noTypeArrayReason: `Cursor's MCP client misreads type arrays when it validates a call ("must be of type null,string, got string")`,
	},
	HostCopilot: {
		toolName: regexp.MustCompile(`^[a-zA-Z0-9_-]{1,128}$`), toolNameRule: `^[a-zA-Z0-9_-]{1,128}$`,
		rootObject: true, arrayItems: true, requiredArray: true, noBooleanSchemas: true,
	},
}

// CheckHosts lints a tools/list catalog (the forms CheckCatalog reads)
// for the rules of each of hosts: one finding per tool, field path, host
// and kind, sorted, each naming the host and what to do. Cost is linear in
// the catalog's size: each $ref target is walked once per tool, and $ref
// cycles end the walk.
func CheckHosts(data []byte, hosts []Host) ([]Finding, error) {
	tools, err := catalogTools(data)
	if err != nil {
		return nil, err
	}
	var out []Finding
	for i, tool := range tools {
		label, name := toolLabel(tool, i)
		for _, h := range hosts {
			out = append(out, checkHost(h, label, name, tool["inputSchema"])...)
		}
	}
	return capFindings(sortFindings(out)), nil
}

// hostWalker walks one tool's schema for one host.
type hostWalker struct {
	host     Host
	rules    hostRules
	tool     string
	root     map[string]any
	walked   map[string]bool // $refs walked or being walked
	findings []Finding
	seenKind map[string]bool // path + kind already reported
}

func checkHost(h Host, label, name string, schema any) []Finding {
	w := &hostWalker{host: h, rules: rulesOf[h], tool: label, walked: map[string]bool{}, seenKind: map[string]bool{}}
	r := w.rules
	if r.toolName != nil && !r.toolName.MatchString(name) {
		w.add("", KindToolName, "tool name %q does not match %s; rename the tool", name, r.toolNameRule)
	}
	root, ok := schema.(map[string]any)
	if !ok {
		w.add("", KindRootNotObject, `inputSchema is missing or not an object; give {"type": "object", "properties": {...}}`)
		return w.out()
	}
	w.root = root
	if t, _ := root["type"].(string); r.rootObject && t != "object" {
		w.add("", KindRootNotObject, `the root schema's type is %s; give "type": "object"`, describe(root["type"]))
	}
	if r.noRootCombinator {
		for _, k := range []string{"oneOf", "anyOf", "allOf"} {
			if _, ok := root[k]; ok {
				w.add("", KindRootCombinator, "a top-level %s is rejected; move the alternatives into the properties", k)
			}
		}
	}
	if r.rootNoEnumNot {
		for _, k := range []string{"enum", "not", "const"} {
			if _, ok := root[k]; ok {
				w.add("", KindRootCombinator, "a top-level %s is rejected; constrain the properties instead", k)
			}
		}
	}
	w.walk("", root, true, true)
	return w.out()
}

func (w *hostWalker) out() []Finding {
	return w.findings
}

func (w *hostWalker) add(path, kind, format string, args ...any) {
	key := path + "\x00" + kind
	if w.seenKind[key] {
		return
	}
	w.seenKind[key] = true
	w.findings = append(w.findings, Finding{Tool: w.tool, Path: path, Kind: kind, Host: string(w.host), Message: fmt.Sprintf(format, args...)})
}

// walk checks one subschema at path and its children. Children keep the
// CheckCatalog path convention: properties "a.b", items "a[]", map values
// "a.*"; anyOf/oneOf/allOf branches keep their schema's path. read says
// whether the host reads the subschema as a schema of its own, which then
// needs a type: a property, items, or an anyOf branch does; a map's value
// schema and oneOf/allOf branches do not (Gemini's Schema has none of these
// keys: the key itself is what it refuses).
func (w *hostWalker) walk(path string, v any, isRoot, read bool) {
	r := w.rules
	s, ok := v.(map[string]any)
	if !ok {
		if _, isBool := v.(bool); isBool && r.noBooleanSchemas {
			w.add(path, KindBooleanSchema, "a boolean schema (true/false) is rejected; write {} for any value")
		}
		return
	}
	if ref, ok := s["$ref"].(string); ok {
		if r.noRef {
			w.add(path, KindRef, "$ref %s is rejected; inline the referenced schema", ref)
		}
		target, resolved := resolveRef(w.root, ref)
		if !resolved || w.walked[ref] {
			return // unresolvable, a cycle, or already walked once
		}
		w.walked[ref] = true
		w.walk(path, target, false, read)
		return
	}
	if f, ok := s["format"].(string); ok && r.rejectKeys != nil && f != "enum" && f != "date-time" {
		w.add(path, KindUnsupportedKey, `format %q: Gemini takes only "enum" and "date-time" on strings; leave it out (normgen's decoder could not check it either)`, f)
	}
	for _, k := range r.rejectKeys {
		if _, has := s[k]; has {
			w.add(path, KindUnsupportedKey, "%q is not a field of Gemini's function-declaration schema, which rejects the tool (Unknown name); leave it out", k)
		}
	}
	types := schemaTypes(s)
	if r.typed && read && !isRoot && !w.hasType(s, 0) {
		w.add(path, KindMissingType, "no type: Vertex AI refuses the request (\"schema didn't specify the schema type field\"), and Gemini CLI from August to September 2025 skipped the whole tool (\"missing types in its parameter schema\"); give a type (normgen's gemini profile spells any value as an object)")
	}
	if req, ok := s["required"].([]any); ok && r.requiredDefined && read {
		props, _ := s["properties"].(map[string]any)
		for _, name := range req {
			if n, isString := name.(string); isString {
				if _, has := props[n]; !has {
					w.add(path, KindRequiredNotDef, "required names %q, which is not in properties (\"property is not defined\"); list it in properties or drop it from required", n)
				}
			}
		}
	}
	if _, isList := s["type"].([]any); isList && r.noTypeArrays {
		w.add(path, KindTypeArray, "type array %s: %s; use anyOf of single-typed branches (normgen's portable profile)", describe(s["type"]), r.noTypeArrayReason)
	}
	if r.requiredArray {
		if req, has := s["required"]; has {
			if !isStringList(req) {
				w.add(path, KindRequiredNotArray, `"required" is %s; it must be an array of property names (or absent)`, describe(req))
			}
		}
	}
	if r.draft2020 {
		if _, tuple := s["items"].([]any); tuple {
			w.add(path, KindTupleItems, `"items" is an array (draft-07 tuples); JSON Schema 2020-12 wants "prefixItems" and a schema in "items"`)
		}
		for _, k := range []string{"exclusiveMinimum", "exclusiveMaximum"} {
			if _, isBool := s[k].(bool); isBool {
				w.add(path, KindDraft4Exclusive, "%s is a boolean (draft-04); in 2020-12 it is the bound itself", k)
			}
		}
	}
	if types["array"] && r.arrayItems {
		if _, has := s["items"]; !has {
			w.add(path, KindArrayNoItems, `array without "items" is rejected; give the element schema ({} for any)`)
		}
	}
	if items, ok := s["items"].(map[string]any); ok && r.singleItemType {
		for seen := map[string]bool{}; items != nil; {
			ref, isRef := items["$ref"].(string)
			if !isRef || seen[ref] {
				break
			}
			seen[ref] = true
			target, _ := resolveRef(w.root, ref)
			items, _ = target.(map[string]any)
		}
		if _, isList := items["type"].([]any); isList {
			w.add(path+"[]", KindUnionItems, "the array's items have the union type %s; give items one type", describe(items["type"]))
		}
	}
	if enum, ok := s["enum"].([]any); ok && r.stringEnums {
		for _, e := range enum {
			if _, isString := e.(string); !isString {
				w.add(path, KindEnumNotStrings, "enum value %s is not a string; use string enums", describe(e))
				break
			}
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		branches, ok := s[k].([]any)
		if !ok {
			continue
		}
		if r.anyOfAlone && !isRoot {
			var others []string
			for key := range s {
				if key != k {
					others = append(others, key)
				}
			}
			if len(others) > 0 {
				sort.Strings(others)
				w.add(path, KindAnyOfSiblings, "%s has sibling keys (%s); Gemini on Vertex wants %s to be the only key: move them into the branches", k, strings.Join(others, ", "), k)
			}
		}
		for _, b := range branches {
			if bs, ok := b.(map[string]any); ok && r.anyOfBranchTyped {
				if _, isRef := bs["$ref"]; !isRef {
					if _, one := bs["type"].(string); !one {
						w.add(path, KindBranchNoType, "an %s branch has no single type (%s); give each branch one type", k, describe(bs["type"]))
					}
				}
			}
			w.walk(path, b, false, k == "anyOf")
		}
	}
	if all, ok := s["allOf"].([]any); ok {
		for _, b := range all {
			w.walk(path, b, false, false)
		}
	}
	if props, ok := s["properties"].(map[string]any); ok {
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			w.walk(join(path, n), props[n], false, true)
		}
	}
	if items, has := s["items"]; has {
		if list, isList := items.([]any); isList {
			for _, it := range list {
				w.walk(path+"[]", it, false, true)
			}
		} else {
			w.walk(path+"[]", items, false, true)
		}
	}
	if ap, ok := s["additionalProperties"].(map[string]any); ok {
		w.walk(join(path, "*"), ap, false, false)
	}
}

// hasType reports whether a schema has a type, or is a $ref or an
// anyOf/oneOf/allOf whose branches all have one (Gemini CLI's rule).
func (w *hostWalker) hasType(s map[string]any, depth int) bool {
	if _, ok := s["type"]; ok {
		return true
	}
	if ref, ok := s["$ref"].(string); ok {
		if depth > 32 {
			return true // a cycle: the walk reports it elsewhere
		}
		target, ok := resolveRef(w.root, ref)
		m, isMap := target.(map[string]any)
		return ok && isMap && w.hasType(m, depth+1)
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if branches, ok := s[k].([]any); ok && len(branches) > 0 {
			for _, b := range branches {
				bs, ok := b.(map[string]any)
				if !ok || !w.hasType(bs, depth+1) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// schemaTypes returns the types a schema names in "type" (a string or an
// array of strings).
func schemaTypes(s map[string]any) map[string]bool {
	set := map[string]bool{}
	switch t := s["type"].(type) {
	case string:
		set[t] = true
	case []any:
		for _, x := range t {
			if str, ok := x.(string); ok {
				set[str] = true
			}
		}
	}
	return set
}

func isStringList(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, x := range list {
		if _, ok := x.(string); !ok {
			return false
		}
	}
	return true
}

// resolveRef follows a local JSON pointer $ref ("#/$defs/a") in root.
func resolveRef(root map[string]any, ref string) (any, bool) {
	if ref == "#" {
		return root, true
	}
	if !strings.HasPrefix(ref, "#/") {
		return nil, false
	}
	var cur any = root
	for _, part := range strings.Split(ref[2:], "/") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		cur, ok = m[strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")]
		if !ok {
			return nil, false
		}
	}
	return cur, true
}
