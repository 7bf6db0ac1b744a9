package rulespec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// MisnamedKeys reads a misnamed_key rule's value: an array of fields,
// each a key, an array of keys (canonical name first), or an object
// {"keys": [...], "required": true} for a required field; no key twice.
func MisnamedKeys(v json.RawMessage) ([][]string, []bool, error) {
	var items []json.RawMessage
	if json.Unmarshal(v, &items) != nil || len(items) == 0 {
		return nil, nil, fmt.Errorf(`value %s: want the object's fields, an array of keys, arrays of keys or {"keys": [...], "required": true} (such as ["url", ["path", "file_path"]])`, v)
	}
	seen := map[string]bool{}
	var keys [][]string
	var required []bool
	for _, it := range items {
		var one string
		var many []string
		var obj struct {
			Keys     []string `json:"keys"`
			Required bool     `json:"required"`
		}
		dec := json.NewDecoder(bytes.NewReader(it))
		dec.DisallowUnknownFields()
		req := false
		switch {
		case json.Unmarshal(it, &one) == nil:
			many = []string{one}
		case json.Unmarshal(it, &many) == nil && len(many) > 0:
		case len(it) > 0 && it[0] == '{' && dec.Decode(&obj) == nil && len(obj.Keys) > 0:
			many, req = obj.Keys, obj.Required
		default:
			return nil, nil, fmt.Errorf("value %s: %s is not a key, an array of keys or {\"keys\": [...], \"required\": true}", v, it)
		}
		for _, k := range many {
			if k == "" || seen[k] {
				return nil, nil, fmt.Errorf("value %s: the key %q is empty or given twice", v, k)
			}
			seen[k] = true
		}
		keys = append(keys, many)
		required = append(required, req)
	}
	return keys, required, nil
}

// ValueAliasTable reads a value_alias rule's value: a JSON object from
// each alias to its canonical value, all strings, no alias also a
// canonical value or an alias of itself.
func ValueAliasTable(v json.RawMessage) (map[string]string, error) {
	var table map[string]string
	if err := json.Unmarshal(v, &table); err != nil || len(table) == 0 {
		return nil, fmt.Errorf(`value must be a non-empty JSON object of strings, {"alias": "canonical", ...}`)
	}
	for from, to := range table {
		if from == to {
			return nil, fmt.Errorf("value: %q is an alias of itself", from)
		}
		if _, ok := table[to]; ok {
			return nil, fmt.Errorf("value: %q is both an alias and a canonical value", to)
		}
	}
	return table, nil
}

// secretPathError checks the path of a secret rule: member names, "[]",
// "{}" and patterns, no group and no guard.
func secretPathError(segs []Step) error {
	for _, s := range segs {
		if s.Each == '*' || s.Each == '=' {
			return errors.New("a secret path takes member names, [] and {}, not a group or a guard: list each place")
		}
	}
	return nil
}

// timeCoerceTargets are the coerce_to values of time values, for the
// rules file's validation.
var timeCoerceTargets = []string{lenient.CoerceDateTime, lenient.CoerceDuration, "duration_ns", "duration_us", "duration_ms", "duration_s", "duration_m", "duration_h"}

// DurationTarget reports whether coerceTo is a duration target, and the
// unit it declares (0 for none).
func DurationTarget(coerceTo string) (time.Duration, bool) {
	if coerceTo == lenient.CoerceDuration {
		return 0, true
	}
	name, ok := strings.CutPrefix(coerceTo, lenient.CoerceDuration+"_")
	unit, known := lenientimpl.Units[name]
	return unit, ok && known
}

// TimeFixKind is the fix kind of a time target's record ("" for other
// targets).
func TimeFixKind(coerceTo string) lenient.FixKind {
	if coerceTo == lenient.CoerceDateTime {
		return lenient.FixTime
	}
	if _, ok := DurationTarget(coerceTo); ok {
		return lenient.FixDuration
	}
	return ""
}

// IndexTemplate reports whether a default's value (valid JSON) holds
// {{index}}, the position of the array element it is set in, in a string
// at any depth, as its strings read unescaped ("{{ind\u0065x}}" too).
func IndexTemplate(v json.RawMessage) bool {
	if !mayHoldTemplate(v) {
		return false
	}
	var holds func(n *jsonnode.Node) bool
	holds = func(n *jsonnode.Node) bool {
		if s, ok := n.AsString(); ok {
			return strings.Contains(s, "{{index}}")
		}
		return slices.ContainsFunc(n.Vals, holds)
	}
	return holds(jsonnode.ParseValid(v))
}

// mayHoldTemplate reports whether the JSON text v may hold {{index}} in a
// string: it holds "{{", or an escape that may write a brace.
func mayHoldTemplate(v []byte) bool {
	return bytes.Contains(v, []byte("{{")) || bytes.Contains(v, []byte(`\u`))
}

// ExpandIndex returns a default's value (valid JSON) with {{index}}
// replaced by index in each string it holds, at any depth (IndexTemplate).
func ExpandIndex(v json.RawMessage, index int) []byte {
	if !mayHoldTemplate(v) {
		return v // (most values: no template, nothing parsed)
	}
	expanded := false
	var expand func(n *jsonnode.Node) *jsonnode.Node
	expand = func(n *jsonnode.Node) *jsonnode.Node {
		if s, ok := n.AsString(); ok {
			if !strings.Contains(s, "{{index}}") {
				return n
			}
			expanded = true
			return jsonnode.String(strings.ReplaceAll(s, "{{index}}", strconv.Itoa(index)))
		}
		for i, e := range n.Vals {
			n.Vals[i] = expand(e)
		}
		return n
	}
	n := expand(jsonnode.ParseValid(v))
	if !expanded {
		return v
	}
	return n.Marshal()
}
