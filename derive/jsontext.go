package derive

import (
	"slices"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// A union of arrays or objects beside strings that are never their JSON
// text ({"oneOf": [{"type": "array", "items": ...}, {"enum": ["all",
// "none"]}]}, a list or a keyword; an object or a pattern-held name)
// reads that JSON text as the value, as a union of arrays and objects
// alone does: a json_accept_both rule at its path, and beside its
// branches a string branch held to what such a text starts with
// (jsonTextBranch), never a plain string, which would take every string
// the enum refuses. The normalizer reads a string as JSON text only where
// it starts, after JSON's white space, with "[" or "{" and is valid JSON
// (normalize.jsonText): a string the strict schema takes there never
// does, so no call it takes is changed.

// jsonTextStarts returns what the JSON text of the arrays and objects of
// the union out (in portable form: a bare anyOf or oneOf) starts with,
// after JSON's white space ("[", "{" or both), where out is a union of
// arrays or objects (null allowed) beside string branches none of whose
// strings may be JSON array or object text (the normalizer reads either,
// whatever the union holds): an enum or const (maybe typeless) none of
// whose strings starts, after JSON's white space, with "[" or "{", or a
// pattern that rules every one out (patternRulesOut, white space too);
// "" for any other union (a string
// branch held by a format or a length alone, a scalar, no container).
// root is out's document, whose validators' reading of each branch
// counts (branchType; a const its draft has none of holds nothing:
// constOf).
func jsonTextStarts(root, out *Node) string {
	if len(out.Keys) != 1 || !jsonnode.IsCombinator(out.Keys[0]) || out.Keys[0] == jsonnode.AllOf || out.Vals[0].Kind != '[' {
		return ""
	}
	var starts string
	var strs []*Node
	for _, b := range out.Vals[0].Items() {
		t, values := branchType(root, b)
		switch {
		case isNull(b):
		case t == "array" && !strings.Contains(starts, "["):
			starts += "["
		case t == "object" && !strings.Contains(starts, "{"):
			starts += "{"
		case t == "array" || t == "object":
		case t == "string" || values:
			strs = append(strs, b)
		default:
			return ""
		}
	}
	if starts == "" || len(strs) == 0 {
		return ""
	}
	for _, s := range strs {
		// (both brackets: the normalizer reads array and object text
		// alike, whatever the union holds, and leaves the schema to
		// refuse the other)
		if !textsNeverJSON(root, s, "[{") {
			return ""
		}
	}
	return starts
}

// textsNeverJSON reports whether no string the string schema s takes
// starts, after JSON's white space, with one of starts: its enum or
// const names strings alone, none of which does, or its pattern rules
// every one out (in root: constOf).
func textsNeverJSON(root, s *Node, starts string) bool {
	if vals, ok := stringValues(root, s); ok {
		return !slices.ContainsFunc(vals, func(v string) bool {
			i := jsonwire.SkipSpace([]byte(v), 0)
			return i < len(v) && strings.IndexByte(starts, v[i]) >= 0
		})
	}
	if s.Get("enum") != nil || s.Get("const") != nil {
		return false // (a value that is no string: not this shape)
	}
	p, ok := s.Get("pattern").AsString()
	return ok && patternRulesOut(p, starts+" \t\n\r")
}

// jsonTextPattern is the pattern of the string branch that stands for
// the JSON text of a value whose text starts with one of starts.
func jsonTextPattern(starts string) string {
	class := strings.NewReplacer("[", `\[`, "{", `\{`).Replace(starts)
	if len(starts) > 1 {
		class = "[" + class + "]"
	}
	return `^[\t\n\r ]*` + class
}

// jsonTextBranch returns the union out (a bare anyOf or oneOf) with a
// string branch held to jsonTextPattern(starts) before its null branches.
func jsonTextBranch(out *Node, starts string) *Node {
	branches := beforeNull(out.Vals[0].Items(), obj("type", jstr("string"), "pattern", jstr(jsonTextPattern(starts))))
	return obj(out.Keys[0], jsonnode.Array(branches...))
}

// containersText reads, where out (in portable form; res, its rewrite
// so far) is a union jsonTextStarts reads, its JSON text: a
// json_accept_both rule at path and res with the text's branch. It
// returns nil where out is no such union; res where no rule may read
// path (with its warning) or path keeps its value.
func (d *deriver) containersText(path string, at place, out, res *Node) *Node {
	starts := jsonTextStarts(d.root, out)
	if starts == "" {
		return nil
	}
	if reach, why := d.reach(path, at); !reach {
		what := "union of arrays and objects"
		switch starts {
		case "[":
			what = "array"
		case "{":
			what = "object"
		}
		d.gapWhy(path, what, at, why)
		return res
	}
	if d.keep[path] {
		return res
	}
	d.addRule(path, at, lenient.RuleJSONAcceptBoth, "json", "", "native")
	return jsonTextBranch(res, starts)
}
