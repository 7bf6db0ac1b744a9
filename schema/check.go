package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
)

// Finding is one leniency gap or host-rule violation in a tool catalog.
type Finding struct {
	// Tool is the tool's name.
	Tool string `json:"tool"`
	// Path is the field's path in the arguments ("limit", "steps[].id"),
	// empty for the schema root.
	Path string `json:"path"`
	// Kind is a stable identifier of the finding (see the README).
	Kind string `json:"kind"`
	// Host names the host whose rule this is (CheckHosts); empty for the
	// leniency checks of CheckCatalog.
	Host string `json:"host,omitempty"`
	// Message says what a host would do and how to fix the schema.
	Message string `json:"message"`
	// Note marks a warning rather than a broken rule: a limit the host does
	// not document (CheckHosts). normgen check does not fail on notes.
	Note bool `json:"note,omitempty"`
}

// String formats a finding as one line: `tool: path: message [kind]`, or
// `tool: path: host: message [kind]` for a host rule, with "note: " before
// the message of a note.
func (f Finding) String() string {
	p := f.Path
	if p == "" {
		p = "(root)"
	}
	h := ""
	if f.Host != "" {
		h = f.Host + ": "
	}
	if f.Note {
		h += "note: "
	}
	return f.Tool + ": " + p + ": " + h + f.Message + " [" + f.Kind + "]"
}

// MaxFindingsPerTool caps the findings CheckCatalog and CheckHosts report
// for one tool; a last finding of kind KindMore counts the rest.
const MaxFindingsPerTool = 50

// KindMore is the kind of the finding that counts findings left out.
const KindMore = "more-findings"

// The kinds of finding CheckCatalog reports.
const (
	KindRootNotObject       = "root-not-object"
	KindRootCombinator      = "root-combinator"
	KindIntegerNoString     = "integer-no-string-form"
	KindNumberNoString      = "number-no-string-form"
	KindBooleanNoString     = "boolean-no-string-form"
	KindStringFormNoPattern = "string-form-no-pattern"
	KindPatternTooLoose     = "pattern-too-loose"
	KindPatternTooStrict    = "pattern-too-strict"
	KindPatternNotPortable  = "pattern-not-portable"
	KindArrayNoText         = "array-no-json-text-form"
	KindObjectNoText        = "object-no-json-text-form"
	KindArrayNoItems        = "array-no-items"
	KindEnumNotStrings      = "enum-not-strings"
)

// toolLabel returns how findings name the i-th tool of a catalog (its
// name, or #i when it has none) and its name.
func toolLabel(tool map[string]any, i int) (label, name string) {
	name, _ = tool["name"].(string)
	if name == "" {
		return fmt.Sprintf("#%d", i), name
	}
	return name, name
}

// CheckCatalog lints a tools/list catalog from any server: a JSON array of
// {name, description, inputSchema}, or an object with a "tools" array. It
// reports, per tool and field, each place where a host validator would
// reject a form LLM clients are known to send, and each host rule the
// schema breaks. Findings are sorted by tool, path and kind.
func CheckCatalog(data []byte) ([]Finding, error) {
	tools, err := catalogTools(data)
	if err != nil {
		return nil, err
	}
	var out []Finding
	for i, tool := range tools {
		name, _ := toolLabel(tool, i)
		root, ok := tool["inputSchema"].(map[string]any)
		if !ok {
			out = append(out, Finding{Tool: name, Kind: KindRootNotObject, Message: `inputSchema is missing or not an object; hosts need {"type": "object", ...}`})
			continue
		}
		c := &checker{tool: name, root: root, walked: map[string]bool{}}
		c.checkRoot(root)
		out = append(out, c.findings...)
	}
	return capFindings(sortFindings(out)), nil
}

// catalogTools reads a catalog: one JSON value, an array of tool objects
// or an object with a "tools" array (a tools/list result, or a JSON-RPC
// response holding one). Anything after that value is an error.
func catalogTools(data []byte) ([]map[string]any, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("catalog is not JSON: %v", err)
	}
	if off := dec.InputOffset(); len(bytes.TrimSpace(data[off:])) > 0 {
		rest := bytes.TrimLeft(data[off:], " \t\r\n")
		at := int(off) + len(data[off:]) - len(rest)
		return nil, fmt.Errorf("catalog: %w", positioned(data, int64(at), errors.New("unexpected content after the JSON value")))
	}
	if obj, ok := v.(map[string]any); ok {
		if tools, ok := obj["tools"]; ok {
			v = tools
		} else if res, ok := obj["result"].(map[string]any); ok {
			v = res["tools"]
		}
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf(`catalog must be a JSON array of tools or an object with a "tools" array`)
	}
	tools := make([]map[string]any, len(list))
	for i, t := range list {
		tool, ok := t.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("tool %d is not an object", i)
		}
		tools[i] = tool
	}
	return tools, nil
}

// sortFindings sorts by tool, path, host and kind, then caps each tool's
// findings at MaxFindingsPerTool.
func sortFindings(out []Finding) []Finding {
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Host != b.Host {
			return a.Host < b.Host
		}
		return a.Kind < b.Kind
	})
	return out
}

// capFindings keeps at most MaxFindingsPerTool findings per tool and adds
// one that counts the rest.
func capFindings(in []Finding) []Finding {
	var out []Finding
	for i := 0; i < len(in); {
		j := i
		for j < len(in) && in[j].Tool == in[i].Tool {
			j++
		}
		if n := j - i; n > MaxFindingsPerTool {
			out = append(out, in[i:i+MaxFindingsPerTool]...)
			out = append(out, Finding{Tool: in[i].Tool, Kind: KindMore, Message: fmt.Sprintf("%d more findings for this tool are not shown", n-MaxFindingsPerTool)})
		} else {
			out = append(out, in[i:j]...)
		}
		i = j
	}
	return out
}

type checker struct {
	tool     string
	root     map[string]any
	walked   map[string]bool // $refs walked or being walked: each once per tool
	refs     refTypes        // the types of each $ref, looked up once per tool
	findings []Finding
}

func (c *checker) add(path, kind, format string, args ...any) {
	c.findings = append(c.findings, Finding{Tool: c.tool, Path: path, Kind: kind, Message: fmt.Sprintf(format, args...)})
}

func (c *checker) checkRoot(s map[string]any) {
	if t, _ := s["type"].(string); t != "object" {
		c.add("", KindRootNotObject, `the root schema's type is %s; hosts (the Claude API among them) require "type": "object"`, describe(s["type"]))
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if _, ok := s[k]; ok {
			c.add("", KindRootCombinator, "the root schema has a top-level %s, which hosts reject; move the alternatives into the properties", k)
		}
	}
	c.properties("", s)
}

func describe(v any) string {
	if v == nil {
		return "missing"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// properties walks an object schema's members.
func (c *checker) properties(path string, s map[string]any) {
	if props, ok := s["properties"].(map[string]any); ok {
		// In name order: a shared $ref is reported at the first path that
		// reaches it, which must not depend on map order.
		names := make([]string, 0, len(props))
		for name := range props {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if ps, ok := props[name].(map[string]any); ok {
				c.field(join(path, name), ps)
			}
		}
	}
	if ap, ok := s["additionalProperties"].(map[string]any); ok {
		c.field(join(path, "*"), ap)
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// resolve follows a local $ref, and the $ref it leads to, until a schema
// that is not a $ref: it returns that schema and the last $ref followed
// (the key its walk is memoized under), or s and "" when a $ref does not
// resolve to an object or the chain comes back on itself.
func (c *checker) resolve(s map[string]any) (map[string]any, string) {
	cur, last := s, ""
	var seen map[string]bool
	for {
		ref, ok := cur["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#/") {
			return cur, last
		}
		if seen[ref] {
			return s, ""
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		seen[ref] = true
		target, found := resolveRef(c.root, ref)
		m, isMap := target.(map[string]any)
		if !found || !isMap {
			return s, ""
		}
		cur, last = m, ref
	}
}

// types returns the JSON types a schema accepts, looking into anyOf/oneOf
// branches (as SDKs write nullable fields) and the $refs they name, and
// the pattern on its string form.
func (c *checker) types(s map[string]any) (set map[string]bool, pattern string, hasPattern bool) {
	info := typeInfo{set: map[string]bool{}}
	c.collect(s, "", &info)
	return info.set, info.pattern, info.hasPattern
}

// typeInfo is what types reports about a schema.
type typeInfo struct {
	set        map[string]bool
	pattern    string
	hasPattern bool
}

// merge adds src's types to dst, and src's pattern when src has a string
// form.
func (dst *typeInfo) merge(src typeInfo) {
	for t := range src.set {
		dst.set[t] = true
	}
	if src.hasPattern && src.set["string"] {
		dst.pattern, dst.hasPattern = src.pattern, true
	}
}

// refTypes holds the look-ups of $ref targets for one tool: the types of
// each $ref are computed once (Tarjan's strongly connected components over
// the anyOf/oneOf $refs: the $refs of one cycle share one answer), so the
// cost of types over all fields is linear in the schema's size.
type refTypes struct {
	done       map[string]typeInfo
	index, low map[string]int
	onStack    map[string]bool
	stack      []string
	own        map[string]*typeInfo
	next       int
}

// collect adds the types of schema s, met while looking up the $ref from
// ("" at the top of a look-up), to info.
func (c *checker) collect(s map[string]any, from string, info *typeInfo) {
	switch t := s["type"].(type) {
	case string:
		info.set[t] = true
	case []any:
		for _, x := range t {
			if str, ok := x.(string); ok {
				info.set[str] = true
			}
		}
	}
	if p, ok := s["pattern"].(string); ok {
		info.pattern, info.hasPattern = p, true
	}
	g := &c.refs
	for _, k := range []string{"anyOf", "oneOf"} {
		branches, _ := s[k].([]any)
		for _, b := range branches {
			bs, ok := b.(map[string]any)
			if !ok {
				continue
			}
			bs, ref := c.resolve(bs)
			switch done, isDone := g.done[ref]; {
			case ref == "":
				sub := typeInfo{set: map[string]bool{}}
				c.collect(bs, from, &sub)
				info.merge(sub)
			case isDone:
				info.merge(done)
			case g.onStack[ref]:
				// A cycle: ref's types reach from's component when it
				// is complete.
				if from != "" {
					g.low[from] = min(g.low[from], g.index[ref])
				}
			default:
				info.merge(c.refInfo(ref, bs))
				if from != "" {
					g.low[from] = min(g.low[from], g.low[ref])
				}
			}
		}
	}
}

// refInfo returns the types of target, the schema $ref ref names. Inside
// a cycle the answer may still be partial; the cycle's first $ref gives
// every $ref of the cycle the whole answer once it is complete.
func (c *checker) refInfo(ref string, target map[string]any) typeInfo {
	g := &c.refs
	if g.done == nil {
		g.done, g.index, g.low = map[string]typeInfo{}, map[string]int{}, map[string]int{}
		g.onStack, g.own = map[string]bool{}, map[string]*typeInfo{}
	}
	g.index[ref], g.low[ref] = g.next, g.next
	g.next++
	g.stack = append(g.stack, ref)
	g.onStack[ref] = true
	own := &typeInfo{set: map[string]bool{}}
	g.own[ref] = own
	c.collect(target, ref, own)
	if g.low[ref] != g.index[ref] {
		return *own
	}
	all := typeInfo{set: map[string]bool{}}
	var members []string
	for {
		m := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		g.onStack[m] = false
		members = append(members, m)
		all.merge(*g.own[m])
		delete(g.own, m)
		if m == ref {
			break
		}
	}
	for _, m := range members {
		g.done[m] = all
	}
	return all
}

// Sample strings the pattern of each kind's string form must accept and
// reject.
var (
	intGood  = []string{"0", "100", "010"}
	intBad   = []string{"1.5", "1e3", "abc", "", " 1", "0x10", "NaN"}
	numGood  = []string{"0", "1.5", "-2", "1e3"}
	numBad   = []string{"abc", "", "NaN", "Infinity", " 1", "1,5"}
	boolGood = []string{"true", "false"}
	boolBad  = []string{"maybe", "", "2", "tru"}
)

func (c *checker) field(path string, s map[string]any) {
	s, ref := c.resolve(s)
	if ref != "" {
		// Each $ref target is walked once per tool (its findings are
		// reported at the first path that reaches it): cycles end, and
		// shared definitions cost nothing more.
		if c.walked[ref] {
			return
		}
		c.walked[ref] = true
	}
	set, pattern, hasPattern := c.types(s)
	bs, refs := c.branchRefs(s)
	// Per branch: a field declared norm:"strict" opts out of coercion on
	// purpose (the comment sits in the first branch of the portable form's
	// anyOf); a pattern a host cannot compile, or reads differently, is
	// reported on any field; enums must hold strings.
	strict, portable := false, true
	for _, b := range bs {
		comment, _ := b["$comment"].(string)
		if strings.HasPrefix(comment, ForeignComment) {
			return // decoded by encoding/json, as the generator warned
		}
		strict = strict || strings.HasPrefix(comment, StrictComment)
		if p, ok := b["pattern"].(string); ok {
			if err := PortablePattern(p); err != nil {
				c.add(path, KindPatternNotPortable, "%v; a host validating with ECMAScript (AJV) refuses the whole schema or reads the pattern differently", err)
				portable = false
			}
		}
		if enum, ok := b["enum"].([]any); ok {
			for _, e := range enum {
				if _, isString := e.(string); !isString && e != nil {
					c.add(path, KindEnumNotStrings, "enum has the non-string value %s; hosts require enums of strings", describe(e))
					break
				}
			}
		}
	}
	switch {
	case strict:
	case !portable && (set["integer"] || set["number"] || set["boolean"]) && set["string"]:
		// reported above
	case set["integer"]:
		c.scalar(path, set, pattern, hasPattern, "integer", KindIntegerNoString, `"100"`, `^-?[0-9]+$`, intGood, intBad)
	case set["number"]:
		c.scalar(path, set, pattern, hasPattern, "number", KindNumberNoString, `"1.5"`, `^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`, numGood, numBad)
	case set["boolean"]:
		c.scalar(path, set, pattern, hasPattern, "boolean", KindBooleanNoString, `"true"`, `^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0)$`, boolGood, boolBad)
	}
	if set["array"] {
		if !set["string"] && !strict {
			c.add(path, KindArrayNoText, `array field accepts no string form: hosts reject an array sent as JSON text ("[\"a\"]"); use {"anyOf": [{"type": "array", "items": {...}}, {"type": "string"}%s]} and parse the text in the decoder`, nullBranch(set))
		}
		arr := branchOf(bs, "array")
		items, ok := arr["items"].(map[string]any)
		if !ok {
			if _, isBool := arr["items"].(bool); !isBool {
				c.add(path, KindArrayNoItems, `array has no "items"; some hosts reject such schemas: give the element schema`)
			}
		} else {
			c.field(path+"[]", items)
		}
	}
	if set["object"] {
		if !set["string"] && !strict {
			c.add(path, KindObjectNoText, `object field accepts no string form: hosts reject an object sent as JSON text; use {"anyOf": [{"type": "object", "properties": {...}}, {"type": "string"}%s]} and parse the text in the decoder`, nullBranch(set))
		}
		obj := branchOf(bs, "object")
		// A branch that is a $ref (a recursive struct's, in the portable
		// form's anyOf) is walked once per tool, as a $ref field is.
		for i, b := range bs {
			if sameMap(b, obj) && refs[i] != "" {
				if c.walked[refs[i]] {
					return
				}
				c.walked[refs[i]] = true
			}
		}
		c.properties(path, obj)
	}
}

// sameMap reports whether a and b are one map.
func sameMap(a, b map[string]any) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// nullBranch is the null branch of the portable spelling a finding
// advises, for a field that takes null.
func nullBranch(set map[string]bool) string {
	if set["null"] {
		return `, {"type": "null"}`
	}
	return ""
}

// branchRefs returns a schema and the (resolved) branches of its anyOf
// and oneOf, where the portable form keeps each type's keywords, with,
// for each, the last $ref followed to it ("" for none).
func (c *checker) branchRefs(s map[string]any) ([]map[string]any, []string) {
	out, refs := []map[string]any{s}, []string{""}
	for _, k := range []string{"anyOf", "oneOf"} {
		list, _ := s[k].([]any)
		for _, b := range list {
			if bs, ok := b.(map[string]any); ok {
				bs, ref := c.resolve(bs)
				out, refs = append(out, bs), append(refs, ref)
			}
		}
	}
	return out, refs
}

// branchOf returns, of a schema's branches (as branchRefs returns them, the
// schema first), the one that carries type typ's keywords: the first whose
// type names typ, else the schema itself.
func branchOf(bs []map[string]any, typ string) map[string]any {
	for _, b := range bs {
		if schemaTypes(b)[typ] {
			return b
		}
	}
	return bs[0]
}

// scalar checks a number or boolean field's string form.
func (c *checker) scalar(path string, set map[string]bool, pattern string, hasPattern bool, typ, noString, example, want string, good, bad []string) {
	if !set["string"] {
		// The advice is the portable spelling (what normgen generates by
		// default), which every host takes; a type array is not.
		c.add(path, noString, "%s field accepts no string form: hosts reject %s; use {\"anyOf\": [{\"type\": %q}, {\"type\": \"string\", \"pattern\": %q}%s]}", typ, example, typ, want, nullBranch(set))
		return
	}
	if !hasPattern {
		c.add(path, KindStringFormNoPattern, "%s field accepts any string: a host lets \"abc\" through; add \"pattern\": %q", typ, want)
		return
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return // reported as not portable
	}
	for _, s := range bad {
		if s == "" && set["null"] {
			// A field that takes null, optional: "" for it is the field
			// left out, as normgen's decoders and rules (absent) read it.
			continue
		}
		if re.MatchString(s) {
			c.add(path, KindPatternTooLoose, "pattern %q lets %q through, which a %s cannot hold; use %q", pattern, s, typ, want)
			return
		}
	}
	for _, s := range good {
		if !re.MatchString(s) {
			c.add(path, KindPatternTooStrict, "pattern %q rejects %q, a valid %s; use %q", pattern, s, typ, want)
			return
		}
	}
}
