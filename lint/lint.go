// Package lint checks the input schemas of a tools/list catalog from any
// server, as normgen check does: CheckCatalog reports leniency gaps (a
// field whose schema refuses a form LLM clients are known to send, such as
// "100" for an integer), CheckHosts the rules each LLM host (Claude,
// OpenAI, Gemini, Cursor, Codex, ...) sets on tool schemas, as Findings;
// SchemaFindings those rules for one schema, every finding, and
// SchemaNodeFindings for one already parsed (the deriver asks it which
// hosts refuse a rewrite). PortablePattern and
// ToolNameProblem are host rules the generator applies to what it writes
// too.
//
// A catalog is read as one tree of jsonnode.Nodes, and each $ref is
// followed with jsonnode.Resolve (JSON Pointer, RFC 6901), the resolver
// the deriver uses: both read a schema alike.
package lint

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// node is a JSON value of a catalog.
type node = jsonnode.Node

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

// toolLabel returns how findings name the i-th tool of a catalog (its
// name, or #i when it has none) and its name.
func toolLabel(tool *node, i int) (label, name string) {
	name, _ = tool.Get("name").AsString()
	if name == "" {
		return fmt.Sprintf("#%d", i), name
	}
	return name, name
}

// catalogTools reads a catalog: one JSON value, an array of tool objects
// or an object with a "tools" array (a tools/list result, or a JSON-RPC
// response holding one). Anything after that value is an error. A key
// given twice counts once, with its last value, as encoding/json reads
// it.
func catalogTools(data []byte) ([]*node, error) {
	v, err := jsonnode.ParseLastKeyWins(data)
	if errors.Is(err, jsonnode.ErrTrailing) {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	if err != nil {
		return nil, fmt.Errorf("catalog is not JSON: %w", err)
	}
	if v.Kind == '{' {
		if tools := v.Get("tools"); tools != nil {
			v = tools
		} else if res := v.Get("result"); isObject(res) {
			v = res.Get("tools")
		}
	}
	if v == nil || v.Kind != '[' {
		return nil, fmt.Errorf(`catalog must be a JSON array of tools or an object with a "tools" array`)
	}
	for i, t := range v.Items() {
		if t.Kind != '{' {
			return nil, fmt.Errorf("tool %d is not an object", i)
		}
	}
	return v.Items(), nil
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

// describe spells a value in a message as encoding/json spells it (object
// keys sorted), or "missing" for an absent key or null.
func describe(v *node) string {
	if v == nil || v.Kind == 'n' {
		return "missing"
	}
	var x any
	dec := json.NewDecoder(strings.NewReader(string(v.Marshal())))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		panic(err) // Marshal writes valid JSON
	}
	b, _ := json.Marshal(x)
	return string(b)
}

// join appends a member name to a field path ("a" + "b" is "a.b").
func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// requiredSet returns the names an object schema lists in required.
func requiredSet(s *node) map[string]bool {
	set := map[string]bool{}
	for _, r := range s.Get("required").Items() {
		if name, ok := r.AsString(); ok {
			set[name] = true
		}
	}
	return set
}

// sortedKeys returns an object's keys in order: findings must not depend
// on the document's order. It returns none for a value that is not an
// object.
func sortedKeys(m *node) []string {
	if !isObject(m) {
		return nil
	}
	names := slices.Clone(m.Keys)
	sort.Strings(names)
	return names
}

// schemaTypes returns the types a schema names in "type" (a string or an
// array of strings).
func schemaTypes(s *node) map[string]bool {
	set := map[string]bool{}
	t := s.Get("type")
	if name, ok := t.AsString(); ok {
		set[name] = true
	}
	for _, x := range t.Items() {
		if name, ok := x.AsString(); ok {
			set[name] = true
		}
	}
	return set
}

// isStringList reports whether v is an array of strings.
func isStringList(v *node) bool {
	if v == nil || v.Kind != '[' {
		return false
	}
	for _, x := range v.Items() {
		if x.Kind != '"' {
			return false
		}
	}
	return true
}

// isObject reports whether v is a JSON object.
func isObject(v *node) bool { return v != nil && v.Kind == '{' }

// present reports whether v is given and not null.
func present(v *node) bool { return v != nil && v.Kind != 'n' }
