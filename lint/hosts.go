package lint

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// Host names a family of LLM hosts whose documented (or widely reported)
// rules for tool input schemas CheckHosts knows. A schema a host rejects
// usually breaks every request of that host, not only calls of the tool.
//
// A host whose rules changed between releases may name one: "codex@0.111"
// checks the rules of that release (see ParseHosts); a bare name checks
// the newest release normgen knows.
type Host string

// The hosts CheckHosts knows; the README's Hosts table gives the sources.
const (
	// HostClaude is the Claude API, Claude Code and Claude Desktop.
	HostClaude Host = "claude"
	// HostOpenAI is OpenAI function calling (chat completions, responses)
	// with strict: false.
	HostOpenAI Host = "openai"
	// HostOpenAIStrict is OpenAI function calling with strict: true (the
	// structured-outputs subset of JSON Schema), which the Responses API
	// applies to function tools unless a client sets strict: false. It
	// is a mode a client chooses, so "all" leaves it out: name it.
	HostOpenAIStrict Host = "openai-strict"
	// HostGemini is Gemini function declarations (an OpenAPI 3.0 subset),
	// on the Gemini API, Vertex AI and the OpenAI-compatible endpoint.
	HostGemini Host = "gemini"
	// HostCursor is the Cursor editor's MCP client (and cursor-agent).
	HostCursor Host = "cursor"
	// HostCopilot is GitHub Copilot in VS Code.
	HostCopilot Host = "copilot"
	// HostWindsurf is the Windsurf editor's agent (Cascade).
	HostWindsurf Host = "windsurf"
	// HostZed is the Zed editor's agent with the providers Zed sends a
	// JSON Schema subset to (Gemini, xAI, OpenAI-compatible ones).
	HostZed Host = "zed"
	// HostCodex is OpenAI's Codex CLI, which converts each MCP tool's
	// schema into its own JSON Schema subset before the model sees it.
	HostCodex Host = "codex"
)

// Hosts returns the hosts "all" stands for, in a stable order: every host
// in its newest release and its default mode (HostOpenAIStrict is not
// among them).
func Hosts() []Host {
	return []Host{HostClaude, HostOpenAI, HostGemini, HostCursor, HostCopilot, HostWindsurf, HostZed, HostCodex}
}

// RefHosts returns the hosts of Hosts whose rules refuse a $ref (every
// one, or some forms of it, or in some releases): a schema holding one
// where such a host reads it gets a KindRef finding for it.
func RefHosts() []Host {
	var out []Host
	for _, h := range Hosts() {
		if r := rulesOf[h]; r.noRef || r.zedRefs {
			out = append(out, h)
		}
	}
	return out
}

// namedHosts are the hosts ParseHosts takes by name: Hosts and the modes
// that must be named.
func namedHosts() []Host {
	return append(Hosts(), HostOpenAIStrict)
}

// versioned are the hosts with rules that hold for older releases only,
// and so take a @VERSION.
var versioned = map[Host]bool{HostCodex: true}

// Name returns the host without its @VERSION.
func (h Host) Name() Host {
	name, _, _ := strings.Cut(string(h), "@")
	return Host(name)
}

// Version returns the release named after @, or "" for the newest.
func (h Host) Version() string {
	_, v, _ := strings.Cut(string(h), "@")
	return v
}

var versionRE = regexp.MustCompile(`^[0-9]+(\.[0-9]+)*$`)

// ParseHosts reads a -host value: a comma-separated list of host names,
// where "all" stands for Hosts(); a name given twice counts once. A host
// whose rules differ by release may carry one (codex@0.111: that release's
// rules; without, the newest release). An unknown or empty name, or a
// version for a host that has none, is an error that lists the known ones.
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
		h := Host(name)
		for _, k := range namedHosts() {
			if h.Name() == k {
				hs = []Host{h}
			}
		}
		if hs == nil {
			what := fmt.Sprintf("unknown host %q", name)
			if name == "" {
				what = "an empty host name"
			}
			return nil, fmt.Errorf("%s; known hosts: %s, all (every one of these), %s (named only); %s", what, strings.Join(known, ", "), HostOpenAIStrict, versionNote)
		}
		if v := h.Version(); strings.Contains(name, "@") && (!versioned[h.Name()] || !versionRE.MatchString(v)) {
			if !versioned[h.Name()] {
				return nil, fmt.Errorf("host %q: %s takes no @VERSION; %s", name, h.Name(), versionNote)
			}
			return nil, fmt.Errorf("host %q: %q is not a release number (such as 0.111); %s", name, v, versionNote)
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

const versionNote = "codex takes @VERSION (codex@0.111) for an older release's rules"

// atMost reports whether release v is at most limit (dotted numbers, so
// 0.111 > 0.42).
func atMost(v, limit string) bool {
	a, b := strings.Split(v, "."), strings.Split(limit, ".")
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y int
		if i < len(a) {
			x, _ = strconv.Atoi(a[i])
		}
		if i < len(b) {
			y, _ = strconv.Atoi(b[i])
		}
		if x != y {
			return x < y
		}
	}
	return true
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
	// KindObjectNoProperties: an object schema without "properties".
	KindObjectNoProperties = "object-no-properties"
	// KindStrictAdditional: an object without additionalProperties: false
	// (OpenAI strict mode).
	KindStrictAdditional = "strict-additional-properties"
	// KindStrictRequired: properties missing from required (OpenAI strict
	// mode).
	KindStrictRequired = "strict-required"
	// KindUnionAsString: a union without a type of its own, which an older
	// Codex CLI shows the model as a plain string.
	KindUnionAsString = "union-as-string"
	// KindAdditionalSchema: additionalProperties given as a schema, which
	// an older Codex CLI cannot convert.
	KindAdditionalSchema = "additional-properties-schema"
	// KindStrictGrammar is a note (Finding.Note): the optional properties
	// that count against Claude's strict-tool grammar limit.
	KindStrictGrammar = "strict-grammar-size"
	// KindStrictLimit: a schema past OpenAI strict mode's documented
	// limits (10 levels of nesting, 5,000 properties, 1,000 enum values),
	// which refuses the request.
	KindStrictLimit = "strict-limit"
)

// geminiRejects are JSON Schema keys Gemini's function declarations
// (the OpenAPI subset of its parameters field) answer with "Unknown name
// ... Cannot find field"; normgen never writes them. Keys normgen writes
// when a field declares them (examples, exclusive bounds, deprecated,
// readOnly, writeOnly), $comment on strict fields and additionalProperties
// for unknown=error are rejected on that path too, but clients that send
// parametersJsonSchema (Gemini CLI) take them; they are not reported, the
// README says so, and the gemini profile drops them, saying in the
// description what they held a value to (as it does for any key of a
// type's own JSONSchema outside Gemini's Schema object).
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
	rootNoConditional bool // no top-level not, if, then or else
	rootCombinatorWhy string
	rootProperties    bool // the root object has "properties"
	arrayItems        bool // every array schema has items
	noTypeArrays      bool // "type" is one string
	singleItemType    bool // items has one type (no union)
	noBooleanSchemas  bool // no true/false as a subschema
	noRef             bool // no $ref
	zedRefs           bool // $ref only as #/$defs/NAME, and not before zed#60165
	stringEnums       bool // enums of strings only
	enumWhy           string
	anyOfAlone        bool     // anyOf is the only key of its schema
	anyOfBranchTyped  bool     // each anyOf branch has one type
	requiredArray     bool     // required is an array of strings
	draft2020         bool     // no draft-04/07 forms 2020-12 rejects
	tupleItems        bool     // no items array (tuples)
	typed             bool     // every subschema has a type, or typed branches
	requiredDefined   bool     // every required name is a property
	strictObjects     bool     // additionalProperties: false and every property required
	strictLimits      bool     // OpenAI strict mode's nesting, property and enum limits
	codex             bool     // Codex CLI's schema conversion (versioned rules)
	strictGrammar     bool     // note optional properties past Claude's grammar limit
	formats           []string // the only string formats taken (nil: any)
	formatWhy         string
	rejectKeys        []string
	rejectWhy         string // what the host does; {key} stands for the key
	noTypeArrayReason string
}

// strictFormats are the string formats OpenAI strict mode takes.
var strictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

// openAIRules are OpenAI function calling's rules, strict or not.
func openAIRules() hostRules {
	return hostRules{
		toolName: regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`), toolNameRule: `^[a-zA-Z0-9_-]{1,64}$`,
		rootObject: true, noRootCombinator: true, rootNoEnumNot: true, arrayItems: true, requiredArray: true,
		rootProperties:    true,
		rootCombinatorWhy: "OpenAI refuses the request (\"schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level\")",
	}
}

var rulesOf = map[Host]hostRules{
	HostClaude: {
		toolName: regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`), toolNameRule: `^[a-zA-Z0-9_-]{1,64}$`,
		rootObject: true, noRootCombinator: true, rootNoConditional: true, requiredArray: true, draft2020: true,
		rootCombinatorWhy: "the Claude API refuses the request (\"input_schema does not support oneOf, allOf, or anyOf at the top level\") and Claude Code drops the tool without a word (anthropics/claude-code#95504, which names not and if/then/else too)",
		strictGrammar:     true,
	},
	HostOpenAI: openAIRules(),
	HostOpenAIStrict: func() hostRules {
		r := openAIRules()
		r.strictObjects = true
		r.strictLimits = true
		r.formats, r.formatWhy = strictFormats, "OpenAI strict mode refuses the request (\"'uri' is not a valid format\")"
		r.rejectKeys = []string{"oneOf", "allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"}
		r.rejectWhy = "OpenAI strict mode refuses the request (\"'{key}' is not permitted\")"
		return r
	}(),
	HostGemini: {
		toolName: regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$`), toolNameRule: "a letter or _ first, then letters, digits, _ . -, at most 64",
		rootObject: true, noRootCombinator: true, arrayItems: true, noTypeArrays: true, singleItemType: true,
		noBooleanSchemas: true, noRef: true, stringEnums: true, anyOfAlone: true, anyOfBranchTyped: true, requiredArray: true,
		rejectKeys: geminiRejects, typed: true, requiredDefined: true,
		rootCombinatorWhy: "Gemini's function declarations take an object of properties at the root",
		rejectWhy:         "it is not a field of Gemini's function-declaration schema, which rejects the tool (Unknown name)",
		formats:           []string{"enum", "date-time"},
		formatWhy:         "Gemini takes only \"enum\" and \"date-time\" on strings (and normgen's decoder could not check it either)",
		noTypeArrayReason: "Gemini function declarations take one type per schema and reject the whole request (Proto field is not repeating)",
	},
	HostCursor: {
		rootObject: true, noTypeArrays: true, requiredArray: true, stringEnums: true, tupleItems: true,
		enumWhy:           "Cursor's model provider refuses the whole request (get-bb/bb#2222)",
		noTypeArrayReason: `Cursor's MCP client misreads type arrays when it validates a call ("must be of type null,string, got string")`,
	},
	HostCopilot: {
		toolName: regexp.MustCompile(`^[a-zA-Z0-9_-]{1,128}$`), toolNameRule: `^[a-zA-Z0-9_-]{1,128}$`,
		rootObject: true, arrayItems: true, requiredArray: true, noBooleanSchemas: true,
	},
	HostWindsurf: {arrayItems: true},
	HostZed: {
		zedRefs: true, rejectKeys: []string{"if", "then", "else"},
		rejectWhy: "Zed drops the tool for Gemini, xAI and OpenAI-compatible providers (\"Schema cannot be made compatible\"; zed-industries/zed#60165)",
	},
	HostCodex: {codex: true},
}

// CheckHosts lints a tools/list catalog (the forms CheckCatalog reads)
// for the rules of each of hosts: one finding per tool, field path, host
// and kind, sorted, each naming the host and what to do. A finding with
// Note set is a warning about a limit the host does not document, not a
// rule the schema breaks. Cost is linear in the catalog's size: each $ref
// target is walked once per tool for each of the few ways a schema is
// reached (a property, a union's branch, …), and $ref cycles end the walk.
func CheckHosts(data []byte, hosts []Host) ([]Finding, error) {
	tools, err := catalogTools(data)
	if err != nil {
		return nil, err
	}
	var out []Finding
	for i, tool := range tools {
		label, name := toolLabel(tool, i)
		for _, h := range hosts {
			out = append(out, checkHost(h, label, name, tool.Get("inputSchema"))...)
		}
	}
	for _, h := range hosts {
		if rulesOf[h.Name()].strictGrammar {
			out = append(out, grammarNote(h, tools)...)
		}
	}
	return capFindings(sortFindings(out)), nil
}

// SchemaFindings lints one tool's input schema for the rules of each of
// hosts, as CheckHosts lints a tool that holds it, but returns every
// finding, sorted: none is left out past MaxFindingsPerTool, so a host
// that refuses the schema has one whatever the others have: a program
// that decides whether a host takes a schema reads them all. Neither the
// tool's name nor the catalog is linted (the note on a catalog's
// optional properties is CheckHosts').
func SchemaFindings(schema []byte, hosts []Host) ([]Finding, error) {
	s, err := jsonnode.ParseLastKeyWins(schema)
	if err != nil {
		return nil, fmt.Errorf("input schema is not JSON: %w", err)
	}
	return SchemaNodeFindings(s, hosts), nil
}

// SchemaNodeFindings is SchemaFindings for a schema already parsed (a
// derive.Node, as derive.ParseNode gives it), which it reads and never
// changes: a program that holds schemas as nodes (the deriver, judging
// its rewrites) lints them without writing and reading their JSON.
func SchemaNodeFindings(schema *jsonnode.Node, hosts []Host) []Finding {
	var out []Finding
	for _, h := range hosts {
		for _, f := range checkHost(h, "", "", schema) {
			if f.Kind != KindToolName { // (no tool, no name)
				out = append(out, f)
			}
		}
	}
	return sortFindings(out)
}

// RefusesRef reports whether the host h refuses a $ref in schema (a
// KindRef finding of SchemaNodeFindings), where it reads one: a $ref
// more changes nothing for it. It walks schema no further than the
// first such $ref.
func RefusesRef(schema *jsonnode.Node, h Host) bool {
	if !isObject(schema) {
		return false
	}
	w := newHostWalker(h, "")
	w.root, w.stopAt = schema, KindRef
	w.walk("", schema, viaRoot)
	return w.stopped
}

// grammarLimit is about where Claude's strict tool use refuses a request
// for the optional properties of its strict tools, found by trial: the
// limit is not documented (anthropics/claude-code#55539, alphaXiv/agents#51).
const grammarLimit = 24

// grammarNote returns a note, on the tool with the most optional
// properties, when a catalog's tools have more than grammarLimit of them.
func grammarNote(h Host, tools []*node) []Finding {
	total, most, mostLabel := 0, -1, ""
	for i, tool := range tools {
		n := optionalProperties(tool.Get("inputSchema"))
		total += n
		if n > most {
			most = n
			mostLabel, _ = toolLabel(tool, i)
		}
	}
	if total <= grammarLimit {
		return nil
	}
	return []Finding{{Tool: mostLabel, Kind: KindStrictGrammar, Host: string(h), Note: true, Message: fmt.Sprintf(
		"%d optional properties in this catalog (%d in this tool): with strict tool use, Claude compiles the schemas of a request's strict tools into one grammar and refuses the request (\"The compiled grammar is too large\") past about %d optional properties, a limit it does not document; without strict: true nothing changes, with it list fields in required (nullable where they may be left out) or send this tool without strict",
		total, most, grammarLimit)}}
}

// optionalProperties counts the properties not listed in their object's
// required, in root and every schema below it (each $ref target once).
func optionalProperties(root *node) int {
	seen := map[string]bool{}
	var count func(s *node) int
	count = func(s *node) int {
		if !isObject(s) {
			return 0
		}
		if ref, ok := s.Get("$ref").AsString(); ok {
			if seen[ref] {
				return 0
			}
			seen[ref] = true
			target, _ := jsonnode.Resolve(root, ref)
			return count(target)
		}
		n := 0
		required := requiredSet(s)
		if props := s.Get("properties"); isObject(props) {
			for i, name := range props.Keys {
				if !required[name] {
					n++
				}
				n += count(props.Vals[i])
			}
		}
		for _, b := range s.Branches() {
			n += count(b)
		}
		return n + count(s.Get("items")) + count(s.Get("additionalProperties"))
	}
	return count(root)
}

// hostWalker walks one tool's schema for one host.
type hostWalker struct {
	host     Host
	version  string // the release checked, "" for the newest
	rules    hostRules
	tool     string
	root     *node
	walked   map[refVia]bool // $refs walked or being walked, by how they were reached
	findings []Finding
	seenKind map[string]bool // path + kind already reported
	typed    map[*node]bool  // hasType's answers
	// stopAt, when set, ends the walk at the first finding of its kind
	// (stopped): RefusesRef asks no more than whether there is one.
	stopAt  string
	stopped bool
}

// upTo reports whether the release checked is limit or older.
func (w *hostWalker) upTo(limit string) bool {
	return w.version != "" && atMost(w.version, limit)
}

// newHostWalker returns a walker of h's rules for the tool labelled
// label.
func newHostWalker(h Host, label string) *hostWalker {
	return &hostWalker{host: h, version: h.Version(), rules: rulesOf[h.Name()], tool: label, walked: map[refVia]bool{}, seenKind: map[string]bool{}, typed: map[*node]bool{}}
}

func checkHost(h Host, label, name string, root *node) []Finding {
	w := newHostWalker(h, label)
	r := w.rules
	if r.toolName != nil && !r.toolName.MatchString(name) {
		w.add("", KindToolName, "tool name %q does not match %s; rename the tool", name, r.toolNameRule)
	}
	if !isObject(root) {
		w.add("", KindRootNotObject, `inputSchema is missing or not an object; give {"type": "object", "properties": {...}}`)
		return w.out()
	}
	w.root = root
	if t, _ := root.Get("type").AsString(); r.rootObject && t != "object" {
		w.add("", KindRootNotObject, `the root schema's type is %s; give "type": "object"`, describe(root.Get("type")))
	}
	var rootKeys []string
	if r.noRootCombinator {
		rootKeys = append(rootKeys, jsonnode.Combinators...)
	}
	if r.rootNoEnumNot {
		rootKeys = append(rootKeys, "enum", "not", "const")
	}
	if r.rootNoConditional {
		rootKeys = append(rootKeys, "not", "if", "then", "else")
	}
	for _, k := range rootKeys {
		if root.Get(k) != nil {
			w.add("", KindRootCombinator, "a top-level %s: %s; move the alternatives or conditions into the properties (or their descriptions)", k, r.rootCombinatorWhy)
		}
	}
	if r.rootProperties && root.Get("properties") == nil {
		w.add("", KindObjectNoProperties, "the root object has no \"properties\": OpenAI refuses the request (\"object schema missing properties\"); give \"properties\": {} for a tool without arguments")
	}
	w.walk("", root, viaRoot)
	if r.strictLimits {
		w.strictLimits(root)
	}
	return w.out()
}

// OpenAI strict mode's documented limits on a schema (Structured
// Outputs, "Supported schemas"): past them it refuses the request.
const (
	strictMaxDepth      = 10
	strictMaxProperties = 5000
	strictMaxEnum       = 1000
)

// strictLimits reports where root goes past strict mode's limits: its
// objects nested more than 10 deep (the root the first; an array's items
// count as the level they hold), more than 5,000 properties in all, or
// more than 1,000 enum values in all. $refs are not followed (strict mode
// reads a recursive one as the level it names).
func (w *hostWalker) strictLimits(root *node) {
	props, enums := 0, 0
	deepest, deepAt := 0, ""
	var walk func(path string, s *node, depth int)
	walk = func(path string, s *node, depth int) {
		if !isObject(s) {
			return
		}
		enums += len(s.Get("enum").Items())
		if p := s.Get("properties"); isObject(p) {
			depth++
			if depth > deepest {
				deepest, deepAt = depth, path
			}
			props += len(p.Keys)
			for i, k := range p.Keys {
				walk(join(path, k), p.Vals[i], depth)
			}
		}
		walk(path+"[]", s.Get("items"), depth)
		for _, b := range s.Get("anyOf").Items() {
			walk(path, b, depth)
		}
		if defs := s.Get("$defs"); isObject(defs) {
			for _, d := range defs.Vals {
				walk(path, d, 0)
			}
		}
	}
	walk("", root, 0)
	if deepest > strictMaxDepth {
		w.add(deepAt, KindStrictLimit, "objects nest %d levels deep here, past the %d OpenAI strict mode takes (it refuses the request)", deepest, strictMaxDepth)
	}
	if props > strictMaxProperties {
		w.add("", KindStrictLimit, "the schema has %d properties in all, past the %d OpenAI strict mode takes (it refuses the request)", props, strictMaxProperties)
	}
	if enums > strictMaxEnum {
		w.add("", KindStrictLimit, "the schema has %d enum values in all, past the %d OpenAI strict mode takes (it refuses the request)", enums, strictMaxEnum)
	}
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
	w.stopped = w.stopped || kind == w.stopAt
	w.findings = append(w.findings, Finding{Tool: w.tool, Path: path, Kind: kind, Host: string(w.host), Message: fmt.Sprintf(format, args...)})
}

// refVia is a $ref and how the walk reached it.
type refVia struct {
	ref string
	how via
}

// via says how the walk reached a subschema: whether a host reads it as a
// schema of its own depends on it.
type via int

const (
	viaRoot       via = iota
	viaProperty       // a value of properties, or items
	viaAnyOf          // an anyOf branch
	viaBranch         // a oneOf or allOf branch
	viaAdditional     // the schema of additionalProperties
)

// walk checks one subschema at path and its children. Children keep the
// CheckCatalog path convention: properties "a.b", items "a[]", map values
// "a.*"; anyOf/oneOf/allOf branches keep their schema's path.
func (w *hostWalker) walk(path string, s *node, how via) {
	if w.stopped {
		return
	}
	r := w.rules
	isRoot := how == viaRoot
	// Gemini reads a property, items or an anyOf branch as a schema of its
	// own, which then needs a type; it reads no schema in additionalProperties
	// or in oneOf/allOf branches (it refuses those keys themselves).
	read := how != viaBranch && how != viaAdditional
	if !isObject(s) {
		if s != nil && s.Kind == 't' && r.noBooleanSchemas {
			w.add(path, KindBooleanSchema, "a boolean schema (true/false) is rejected; write {} for any value")
		}
		return
	}
	if r.codex {
		w.codex(path, s, how)
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		if r.noRef {
			w.add(path, KindRef, "$ref %s is rejected; inline the referenced schema", ref)
		}
		if r.zedRefs {
			if zedDefRef.MatchString(ref) {
				w.add(path, KindRef, "$ref %s: Zed releases before zed-industries/zed#60165 (merged 2026-06-30) drop the tool for Gemini, xAI and OpenAI-compatible providers (\"Schema cannot be made compatible because it contains \\\"$ref\\\"\"); inline the referenced schema", ref)
			} else {
				w.add(path, KindRef, "$ref %s: Zed resolves only #/$defs/NAME and #/definitions/NAME and drops the tool otherwise, for Gemini, xAI and OpenAI-compatible providers; inline the referenced schema", ref)
			}
		}
		target, err := jsonnode.Resolve(w.root, ref)
		// A target's findings depend on how the walk reached it (a branch
		// is judged with its union, a property on its own): each target is
		// walked once for each way it is reached.
		key := refVia{ref, how}
		if err != nil || w.walked[key] {
			return // unresolvable, a cycle, or already walked this way
		}
		w.walked[key] = true
		w.walk(path, target, how)
		return
	}
	if f, ok := s.Get("format").AsString(); ok && r.formats != nil && !slices.Contains(r.formats, f) {
		w.add(path, KindUnsupportedKey, "format %q: %s; leave it out (or use one of %s)", f, r.formatWhy, strings.Join(r.formats, ", "))
	}
	for _, k := range r.rejectKeys {
		if s.Get(k) != nil {
			w.add(path, KindUnsupportedKey, "%q: %s; leave it out", k, strings.ReplaceAll(r.rejectWhy, "{key}", k))
		}
	}
	types := schemaTypes(s)
	if r.typed && read && !isRoot && !w.hasType(s) {
		w.add(path, KindMissingType, "no type: Vertex AI refuses the request (\"schema didn't specify the schema type field\"), and Gemini CLI from August to September 2025 skipped the whole tool (\"missing types in its parameter schema\"); give the type of the values the server takes (an object is not one every server takes: normgen's gemini profile spells an any or json.RawMessage field, which takes every value, as an object, and a type with its own decoder as its Go type, a string for a named string type)")
	}
	if req := s.Get("required"); req != nil && req.Kind == '[' && r.requiredDefined && read {
		props := s.Get("properties")
		for _, name := range req.Items() {
			if n, isString := name.AsString(); isString {
				if !isObject(props) || props.Get(n) == nil {
					w.add(path, KindRequiredNotDef, "required names %q, which is not in properties (\"property is not defined\"); list it in properties or drop it from required", n)
				}
			}
		}
	}
	if r.strictObjects && (types["object"] || present(s.Get("properties"))) {
		w.strict(path, s)
	}
	if t := s.Get("type"); t != nil && t.Kind == '[' && r.noTypeArrays {
		w.add(path, KindTypeArray, "type array %s: %s; use anyOf of single-typed branches (normgen's portable profile)", describe(t), r.noTypeArrayReason)
	}
	if r.requiredArray {
		if req := s.Get("required"); req != nil {
			if !isStringList(req) {
				w.add(path, KindRequiredNotArray, `"required" is %s; it must be an array of property names (or absent)`, describe(req))
			}
		}
	}
	if it := s.Get("items"); it != nil && it.Kind == '[' {
		if r.draft2020 {
			w.add(path, KindTupleItems, `"items" is an array (draft-07 tuples); JSON Schema 2020-12 wants "prefixItems" and a schema in "items"`)
		}
		if r.tupleItems {
			w.add(path, KindTupleItems, `"items" is an array (a tuple): Cursor's model provider refuses the whole request (get-bb/bb#2222); give one schema in "items"`)
		}
	}
	if r.draft2020 {
		for _, k := range []string{"exclusiveMinimum", "exclusiveMaximum"} {
			if b := s.Get(k); b != nil && b.Kind == 't' {
				w.add(path, KindDraft4Exclusive, "%s is a boolean (draft-04); in 2020-12 it is the bound itself", k)
			}
		}
	}
	if types["array"] && r.arrayItems {
		if s.Get("items") == nil {
			w.add(path, KindArrayNoItems, `array without "items" is rejected ("array schema missing items"; VS Code: "tool parameters array type must have items"); give the element schema`)
		}
	}
	if items := s.Get("items"); isObject(items) && r.singleItemType {
		for seen := map[string]bool{}; items != nil; {
			ref, isRef := items.Get("$ref").AsString()
			if !isRef || seen[ref] {
				break
			}
			seen[ref] = true
			if items, _ = jsonnode.Resolve(w.root, ref); !isObject(items) {
				items = nil
			}
		}
		if t := items.Get("type"); t != nil && t.Kind == '[' {
			w.add(path+"[]", KindUnionItems, "the array's items have the union type %s; give items one type", describe(t))
		}
	}
	if enum := s.Get("enum"); enum != nil && enum.Kind == '[' && r.stringEnums {
		for _, e := range enum.Items() {
			if e.Kind != '"' {
				why := r.enumWhy
				if why == "" {
					why = "it is refused"
				}
				w.add(path, KindEnumNotStrings, "enum value %s is not a string: %s; use string enums", describe(e), why)
				break
			}
		}
	}
	for _, k := range jsonnode.Alternatives {
		branches := s.Get(k)
		if branches == nil || branches.Kind != '[' {
			continue
		}
		if r.anyOfAlone && !isRoot {
			var others []string
			for _, key := range s.Keys {
				if key != k {
					others = append(others, key)
				}
			}
			if len(others) > 0 {
				sort.Strings(others)
				w.add(path, KindAnyOfSiblings, "%s has sibling keys (%s); Gemini on Vertex wants %s to be the only key: move them into the branches", k, strings.Join(others, ", "), k)
			}
		}
		how := viaBranch
		if k == "anyOf" {
			how = viaAnyOf
		}
		for _, b := range branches.Items() {
			if isObject(b) && r.anyOfBranchTyped {
				if b.Get("$ref") == nil {
					if _, one := b.Get("type").AsString(); !one {
						w.add(path, KindBranchNoType, "an %s branch has no single type (%s); give each branch one type", k, describe(b.Get("type")))
					}
				}
			}
			w.walk(path, b, how)
		}
	}
	if all := s.Get("allOf"); all != nil && all.Kind == '[' {
		for _, b := range all.Items() {
			w.walk(path, b, viaBranch)
		}
	}
	if props := s.Get("properties"); isObject(props) {
		for _, n := range sortedKeys(props) {
			w.walk(join(path, n), props.Get(n), viaProperty)
		}
	}
	if items := s.Get("items"); items != nil {
		if items.Kind == '[' {
			for _, it := range items.Items() {
				w.walk(path+"[]", it, viaProperty)
			}
		} else {
			w.walk(path+"[]", items, viaProperty)
		}
	}
	if ap := s.Get("additionalProperties"); isObject(ap) {
		w.walk(join(path, "*"), ap, viaAdditional)
	}
}

// zedDefRef is the form of $ref Zed resolves since zed-industries/zed#60165.
var zedDefRef = regexp.MustCompile(`^#/(\$defs|definitions)/[^/]+$`)

// strict checks an object schema for OpenAI strict mode: additionalProperties
// false, and every property in required.
func (w *hostWalker) strict(path string, s *node) {
	if ap := s.Get("additionalProperties"); ap == nil || ap.Kind != 't' || ap.Text() == "true" {
		w.add(path, KindStrictAdditional, "additionalProperties is %s: OpenAI strict mode refuses the request (\"'additionalProperties' is required to be supplied and to be false\"); give false on every object (a map, an object of any keys, has no strict spelling)", describe(ap))
	}
	required := requiredSet(s)
	var missing []string
	for _, name := range sortedKeys(s.Get("properties")) {
		if !required[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		w.add(path, KindStrictRequired, "%s not in required: OpenAI strict mode refuses the request (\"'required' is required to be supplied and to be an array including every key in properties\"); list every property in required, and spell one that may be left out as nullable (anyOf with {\"type\": \"null\"})", strings.Join(missing, ", "))
	}
}

// codexInfers are the keys from which Codex CLI infers a missing type
// (object, array, string or number); a schema with none of them, no type
// and no anyOf becomes a string.
var codexInfers = []string{"properties", "required", "additionalProperties", "items", "prefixItems", "enum", "const", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}

// codex checks one subschema against Codex CLI's conversion of MCP tool
// schemas (openai/codex codex-rs/tools/src/json_schema.rs): a schema
// without a type it can infer is shown to the model as a string; releases
// up to 0.111 also turn anyOf (and any union without a type) into a string
// (openai/codex#13768), and releases up to 0.42 cannot convert a
// schema-valued additionalProperties and leave the tool out
// (openai/codex#4300).
func (w *hostWalker) codex(path string, s *node, how via) {
	if ap := s.Get("additionalProperties"); isObject(ap) && w.upTo("0.42") {
		w.add(path, KindAdditionalSchema, "additionalProperties is the schema %s: Codex CLI 0.42 and earlier fail to convert the tool and leave it out (\"invalid type: map, expected a boolean\"; openai/codex#4300, fixed by openai/codex#4454); write nothing where any value is meant (the default), and spell a map of typed values as an array of {key, value} objects (getsentry/XcodeBuildMCP#500)", describe(ap))
	}
	if how == viaRoot || how == viaBranch {
		return // the root is an object; a branch is judged with its union
	}
	old := w.upTo("0.111")
	for hops := 0; !old && hops < maxUnwrap; hops++ {
		// Newer releases unwrap a one-branch union and follow $refs. The walk
		// follows a $ref it meets, but judges a branch with its union, so
		// here a $ref inside the union is followed to the branch it names.
		one := false
		for _, k := range jsonnode.Combinators {
			if b := s.Get(k).Items(); len(b) == 1 {
				if t := w.follow(b[0]); isObject(t) {
					s, one = t, true
				}
			}
		}
		if !one {
			break
		}
	}
	if s.Get("type") != nil {
		return
	}
	if s.Get("$ref") != nil && !old {
		return // resolved; the walk checks its target
	}
	for _, k := range codexInfers {
		if s.Get(k) != nil {
			return
		}
	}
	for _, k := range codexUnions {
		if s.Get(k) == nil {
			continue
		}
		if k == "anyOf" && !old {
			return // kept as a union
		}
		if old {
			w.add(path, KindUnionAsString, "%s with no type of its own: Codex CLI 0.111 and earlier show the model a plain string here, losing the alternatives and every keyword in them, description included (openai/codex#13768); give the schema a type, or serve these releases normgen's typearray profile (one type array, of which Codex keeps the first type)", k)
		} else {
			w.add(path, KindUnionAsString, "%s with no type of its own: Codex CLI shows the model a plain string here (it keeps anyOf, not oneOf or allOf of several branches); use anyOf", k)
		}
		return
	}
	w.add(path, KindMissingType, "no type: Codex CLI shows the model a plain string here, so the model sends text for it (a schema without a type defaults to string); give a type")
}

// codexUnions are the keys of a schema Codex reads as a union (or a
// reference) when it has no type of its own, in the order codex reports
// the first present.
var codexUnions = slices.Concat(jsonnode.Combinators, []string{"$ref"})

// maxUnwrap bounds how many one-branch unions and $refs codex unwraps in
// turn; a cycle of them ends there, judged by where it stopped.
const maxUnwrap = 64

// follow returns s, or, for a $ref, the schema its chain of $refs ends
// at (jsonnode.Follow); where the chain breaks (a $ref that does not
// resolve, a cycle), the schema whose $ref it could not follow.
func (w *hostWalker) follow(s *node) *node {
	t, _ := jsonnode.Follow(w.root, s)
	return t
}

// hasType reports whether a schema has a type, or is a $ref or an
// anyOf/oneOf/allOf whose branches all have one (Gemini CLI's rule); a
// cycle of them counts as typed, as the walk reports the cycle
// elsewhere. It reads the schemas s leads to once each, not once per
// path (a union of references to unions of references has exponentially
// many): the untyped ones, and those that lead to one, are untyped.
func (w *hostWalker) hasType(s *node) bool {
	if typed, ok := w.typed[s]; ok {
		return typed
	}
	readers := map[*node][]*node{} // a schema -> those that read it
	var untyped []*node
	met := []*node{s}
	seen := map[*node]bool{s: true}
	for i := 0; i < len(met); i++ {
		n := met[i]
		next, decided, typed := w.typeReads(n)
		if decided {
			if !typed {
				untyped = append(untyped, n)
			}
			continue
		}
		for _, x := range next {
			if typed, ok := w.typed[x]; ok {
				if !typed {
					untyped = append(untyped, n)
				}
				continue
			}
			readers[x] = append(readers[x], n)
			if !seen[x] {
				seen[x] = true
				met = append(met, x)
			}
		}
	}
	bad := map[*node]bool{}
	for len(untyped) > 0 {
		n := untyped[len(untyped)-1]
		untyped = untyped[:len(untyped)-1]
		if !bad[n] {
			bad[n] = true
			untyped = append(untyped, readers[n]...)
		}
	}
	for _, n := range met {
		w.typed[n] = !bad[n]
	}
	return w.typed[s]
}

// typeReads returns what hasType reads of s: whether s decides alone
// (it has a type; or it is untyped: a $ref to no object, a union with a
// branch that is none, neither), and what it is typed, or else the
// schemas it is typed if all are (its $ref's target, its first union's
// branches).
func (w *hostWalker) typeReads(s *node) (next []*node, decided, typed bool) {
	if s.Get("type") != nil {
		return nil, true, true
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		target, err := jsonnode.Resolve(w.root, ref)
		if err != nil || !isObject(target) {
			return nil, true, false
		}
		return []*node{target}, false, false
	}
	for _, k := range jsonnode.Combinators {
		if branches := s.Get(k).Items(); len(branches) > 0 {
			for _, b := range branches {
				if !isObject(b) {
					return nil, true, false
				}
			}
			return branches, false, false
		}
	}
	return nil, true, false
}
