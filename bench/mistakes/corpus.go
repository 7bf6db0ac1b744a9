// Package mistakes measures how lenient argument handlers deal with the
// argument mistakes LLM clients really make: the corpus in
// testdata/mistakes/cases.json (real cases from public reports, plus
// controls where any coercion would corrupt) is run through normgen's
// generated decoders, normgen's catalog-derived rules, strict validation,
// mapstructure's weak decoding and pydantic, and each case is classified as
// recovered, rejected or corrupted. testdata/mistakes/README.md describes the
// corpus; docs/mistakes.md shows the table.
package mistakes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// Source is where a real case was reported.
type Source struct {
	Repo string `json:"repo"` // owner/name on GitHub
	Ref  string `json:"ref"`  // "issue 85", "PR 1678", "issue 1328, second comment"
	URL  string `json:"url"`
}

// Case is one entry of the corpus: a tool's input schema, the arguments a
// client sent, and what the caller meant (Intended), or Reject when no
// honest reading exists.
type Case struct {
	ID           string          `json:"id"`
	Control      bool            `json:"control,omitempty"`
	Class        []string        `json:"class"`
	Source       *Source         `json:"source,omitempty"`
	Client       string          `json:"client,omitempty"`
	Model        string          `json:"model,omitempty"`
	Quote        string          `json:"quote,omitempty"`
	Why          string          `json:"why,omitempty"`
	Tool         string          `json:"tool"`
	Schema       json.RawMessage `json:"schema"`
	SchemaSource string          `json:"schema_source,omitempty"`
	Args         json.RawMessage `json:"args"`
	Intended     json.RawMessage `json:"intended,omitempty"`
	Reject       bool            `json:"reject,omitempty"`
	Note         string          `json:"note,omitempty"`
}

// Classes are the mistake classes a case may name (README.md says what
// each means); a control names "control" alone.
var Classes = []string{
	"string-integer", "string-number", "string-boolean", "number-for-string",
	"json-array", "json-object", "lone-value", "python-literal",
	"null-optional", "empty-optional", "null-text", "null-arguments",
	"enum-case", "key-spelling", "key-synonym", "key-misnamed", "control",
}

var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Load reads the corpus and checks each entry's form: a unique id that is
// also a tool name, known classes, a source and a quote for a real case
// and a reason for a control, a schema that is a JSON object, and exactly
// one of intended and reject.
func Load(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var cases []Case
	if err := dec.Decode(&cases); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	known := map[string]bool{}
	for _, c := range Classes {
		known[c] = true
	}
	seen := map[string]bool{}
	var errs []string
	for i, c := range cases {
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Sprintf("case %d (%s): %s", i, c.ID, fmt.Sprintf(format, args...)))
		}
		if !idPattern.MatchString(c.ID) {
			bad("id is not lower-case words joined by -")
		}
		if seen[c.ID] {
			bad("id used twice")
		}
		seen[c.ID] = true
		if len(c.Class) == 0 {
			bad("no class")
		}
		for _, k := range c.Class {
			if !known[k] {
				bad("unknown class %q (known: %s)", k, strings.Join(Classes, ", "))
			}
			if (k == "control") != c.Control {
				bad("class control goes with control: true, and alone")
			}
		}
		if c.Control {
			if c.Why == "" || c.Source != nil {
				bad("a control has a why and no source")
			}
		} else if c.Source == nil || c.Source.Repo == "" || c.Source.URL == "" || c.Quote == "" || c.SchemaSource == "" {
			bad("a real case has a source (repo, url), a quote and a schema_source")
		}
		if c.Tool == "" {
			bad("no tool")
		}
		if s := bytes.TrimSpace(c.Schema); len(s) == 0 || s[0] != '{' {
			bad("schema is not a JSON object")
		}
		if len(c.Args) == 0 {
			bad("no args")
		}
		if c.Reject == (len(c.Intended) > 0) {
			bad("give exactly one of intended and reject")
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s:\n%s", path, strings.Join(errs, "\n"))
	}
	return cases, nil
}
