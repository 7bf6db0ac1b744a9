// Package proptest checks an SDK adapter's promise on whole catalogs:
// every call generated from the schemas the adapter advertises (the
// lenient rewrite of each tool's strict schema, adjusted to a rules file)
// is taken by a strict server behind the adapter. The SDK adapters' tests
// run it with their own strict servers (the SDK's own validation on).
package proptest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/normgen/normgen/lenient"

	"github.com/normgen/normgen/normalize"
)

// Tool is a tool as a strict server lists it.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// Catalog is a set of tools and the rules files they are tried with.
type Catalog struct {
	Name  string
	Tools []Tool
	// Rules are rules files to try besides none, by name.
	Rules map[string][]lenient.Rule
}

// testdata is the repository's testdata folder.
func testdata() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata")
}

// loadCatalog reads a {"tools": [...]} catalog of testdata/catalogs.
func loadCatalog(name string) ([]Tool, error) {
	data, err := os.ReadFile(filepath.Join(testdata(), "catalogs", name))
	if err != nil {
		return nil, err
	}
	var c struct{ Tools []Tool }
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return c.Tools, nil
}

// rules parses a rules file's text, validated as a server loads it.
func rules(text string) []lenient.Rule {
	r, err := normalize.LoadRules(stringsReader(text), nil)
	if err != nil {
		panic(err)
	}
	return r
}

// Catalogs returns the catalogs to check: GitHub's MCP server (117 tools,
// open schemas), the go-sdk-inferred one (closed, nested), and hand
// schemas with $ref, oneOf, nested and recursive objects, maps and arrays
// of objects. Each comes with a rules file modelled on
// mcp-filesystem-go-ultra's (wildcard coercions of fields the deriver
// coerces too, aliases, defaults, JSON text for a string field, value
// aliases, a wrap), so that its rules overlap derived ones.
func Catalogs() ([]Catalog, error) {
	github, err := loadCatalog("github-mcp-server.json")
	if err != nil {
		return nil, err
	}
	inferred, err := loadCatalog("go-sdk-inferred.json")
	if err != nil {
		return nil, err
	}
	return []Catalog{
		{Name: "github-mcp-server", Tools: github, Rules: map[string][]lenient.Rule{"overlapping": rules(githubRules)}},
		{Name: "go-sdk-inferred", Tools: inferred, Rules: map[string][]lenient.Rule{"overlapping": rules(inferredRules)}},
		{Name: "hand", Tools: handTools, Rules: map[string][]lenient.Rule{"overlapping": rules(handRules)}},
	}, nil
}

// githubRules overlap derived rules: draft (the same coercion), recursive
// (a narrower one), perPage (int where the schema says number); and add
// what a schema cannot say.
const githubRules = `[
  {"id": "draft-bool-coerce", "tools": ["*"], "type": "type_coerce", "from": "draft", "coerce_to": "bool"},
  {"id": "recursive-bool-coerce", "tools": ["*"], "type": "type_coerce", "from": "recursive", "coerce_to": "bool_strict"},
  {"id": "perPage-int-coerce", "tools": ["*"], "type": "type_coerce", "from": "perPage", "coerce_to": "int"},
  {"id": "issue-number-alias", "tools": ["*"], "type": "param_alias", "from": "number", "to": "issue_number"},
  {"id": "pull-number-alias", "tools": ["*"], "type": "param_alias", "from": "pr", "to": "pullNumber"},
  {"id": "owner-default", "tools": ["*"], "type": "param_default", "from": "owner", "value": "github"},
  {"id": "body-accept-both", "tools": ["*"], "type": "json_accept_both", "from": "body"},
  {"id": "state-values", "tools": ["*"], "type": "value_alias", "from": "state", "value": {"opened": "open", "shut": "closed"}},
  {"id": "labels-wrap", "tools": ["*"], "type": "wrap", "from": "labels"}
]`

// inferredRules overlap the derived coercions of count_only (the same)
// and score (int where the schema says number), alias a top-level and a
// nested key of closed objects, and default the required query.
const inferredRules = `[
  {"id": "count-bool-coerce", "tools": ["*"], "type": "type_coerce", "from": "count_only", "coerce_to": "bool"},
  {"id": "score-int-coerce", "tools": ["search"], "type": "type_coerce", "from": "score", "coerce_to": "int"},
  {"id": "q-alias", "tools": ["search"], "type": "param_alias", "from": "q", "to": "query"},
  {"id": "start-alias", "tools": ["*"], "type": "param_alias", "path": "window.start", "to": "from"},
  {"id": "query-default", "tools": ["search"], "type": "param_default", "from": "query", "value": "*"}
]`

// handTools have the shapes the catalogs lack: $ref (top level, nested,
// recursive), oneOf of closed objects, arrays of closed objects, maps,
// nullable enums, bounds.
var handTools = []Tool{{
	Name:        "deploy",
	Description: "Deploys.",
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "count": {"$ref": "#/$defs/Count"},
    "retry": {"$ref": "#/$defs/Retry"},
    "target": {"oneOf": [
      {"type": "object", "properties": {"id": {"type": "integer", "minimum": 1}}, "required": ["id"], "additionalProperties": false},
      {"type": "object", "properties": {"name": {"type": "string", "minLength": 1}}, "required": ["name"], "additionalProperties": false}
    ]},
    "steps": {"type": "array", "maxItems": 4, "items": {"type": "object", "properties": {
      "id": {"type": "string"},
      "action": {"type": "string", "enum": ["read", "write"]},
      "force": {"type": "boolean"},
      "weight": {"type": "number", "minimum": 0, "maximum": 1}
    }, "required": ["id", "action"], "additionalProperties": false}},
    "env": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
    "mode": {"type": ["string", "null"], "enum": ["fast", "slow", null]},
    "ratio": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    "dry_run": {"type": "boolean", "default": false},
    "tree": {"$ref": "#/$defs/Tree"}
  },
  "required": ["count", "target"],
  "additionalProperties": false,
  "$defs": {
    "Count": {"type": "integer", "minimum": 1, "maximum": 100},
    "Retry": {"type": "object", "properties": {"attempts": {"type": "integer", "minimum": 0}, "backoff": {"type": "number"}}, "required": ["attempts"], "additionalProperties": false},
    "Tree": {"type": "object", "properties": {"label": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}}
  }
}`),
}, {
	Name:        "tag",
	Description: "Tags.",
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "labels": {"type": "array", "items": {"type": "string", "enum": ["bug", "feature"]}, "uniqueItems": true},
    "limits": {"type": "object", "properties": {"max": {"type": ["integer", "null"]}, "min": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}},
    "note": {"type": "string", "maxLength": 40},
    "notes_json": {"type": "string"}
  }
}`),
}}

// handRules alias keys of closed objects at depth, default a required
// nested key with {{index}}, replace the derived coercion of steps[].force
// with a narrower one, parse notes_json's arrays into text, and alias
// enum values.
const handRules = `[
  {"id": "tries-alias", "tools": ["deploy"], "type": "param_alias", "path": "retry.tries", "to": "attempts"},
  {"id": "kind-alias", "tools": ["deploy"], "type": "param_alias", "path": "steps[].type", "to": "action"},
  {"id": "step-id", "tools": ["deploy"], "type": "param_default", "path": "steps[].id", "value": "step-{{index}}"},
  {"id": "force-strict", "tools": ["*"], "type": "type_coerce", "path": "steps[].force", "coerce_to": "bool_strict"},
  {"id": "dry-run", "tools": ["*"], "type": "type_coerce", "from": "dry_run", "coerce_to": "bool"},
  {"id": "count-default", "tools": ["deploy"], "type": "param_default", "from": "count", "value": 1},
  {"id": "action-values", "tools": ["deploy"], "type": "value_alias", "path": "steps[].action", "value": {"r": "read", "w": "write"}},
  {"id": "label-values", "tools": ["tag"], "type": "value_alias", "from": "labels", "value": {"feat": "feature"}},
  {"id": "notes-text", "tools": ["tag"], "type": "json_accept_both", "from": "notes_json"}
]`
