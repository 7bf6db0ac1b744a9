// Package schemacmp compares what two JSON Schemas of one tool input say,
// whatever their spelling: normgen's lenient schemas put each object in
// an anyOf branch beside its JSON-text string form, a server's own
// schemas (invopop/jsonschema's reflector) do not.
package schemacmp

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
)

// RequiredLists returns the required list of every object a schema
// describes, sorted, by path: "" for the root, "steps[]" for the items of
// an array, "labels{}" for the values of a map, "window" for a property,
// "?" for a schema it cannot read. The object branches of anyOf and oneOf
// are read at the path of the schema holding them.
func RequiredLists(schema []byte) map[string][]string {
	var root any
	if err := json.Unmarshal(schema, &root); err != nil {
		return map[string][]string{"?": {err.Error()}}
	}
	out := map[string][]string{}
	walk(root, "", out)
	return out
}

func walk(v any, path string, out map[string][]string) {
	s, ok := v.(map[string]any)
	if !ok {
		return
	}
	for _, k := range jsonnode.Combinators {
		if bs, ok := s[k].([]any); ok {
			for _, b := range bs {
				walk(b, path, out)
			}
		}
	}
	if props, ok := s["properties"].(map[string]any); ok {
		var req []string
		if r, ok := s["required"].([]any); ok {
			for _, x := range r {
				if name, ok := x.(string); ok {
					req = append(req, name)
				}
			}
		}
		sort.Strings(req)
		if req == nil {
			req = []string{}
		}
		out[path] = req
		for name, p := range props {
			walk(p, join(path, name), out)
		}
	}
	if items, ok := s["items"]; ok {
		walk(items, path+"[]", out)
	}
	if ap, ok := s["additionalProperties"].(map[string]any); ok {
		walk(ap, path+"{}", out)
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	if strings.ContainsAny(name, ".[]{}") {
		name = `"` + name + `"`
	}
	return path + "." + name
}
