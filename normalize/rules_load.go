package normalize

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// RuleError is one problem of a rules file: the rule's index in the file,
// its id (when it has one) and what is wrong.
type RuleError struct {
	Index int    // position in the file, from 0
	ID    string // the rule's id, when it has one
	Msg   string // what is wrong
	// Line and Col are where the rule starts in its file (LoadRulesFile),
	// both from 1; 0 when not known (LoadRules).
	Line, Col int
}

// Error formats the problem with the rule's index and id, and where it
// starts when known.
func (e RuleError) Error() string {
	at := ""
	if e.Line > 0 {
		at = fmt.Sprintf(" at %d:%d", e.Line, e.Col)
	}
	if e.ID == "" {
		return fmt.Sprintf("rule %d%s: %s", e.Index, at, e.Msg)
	}
	return fmt.Sprintf("rule %d (%s)%s: %s", e.Index, e.ID, at, e.Msg)
}

// RulesError lists every problem of a rules file; a file with any problem
// loads no rule at all.
type RulesError struct {
	Errors []RuleError // in file order
}

// Error lists every problem, separated by "; ".
func (e *RulesError) Error() string {
	msgs := make([]string, len(e.Errors))
	for i, r := range e.Errors {
		msgs[i] = r.Error()
	}
	return strings.Join(msgs, "; ")
}

// LoadRulesFile reads and validates a rules.json file; see LoadRules.
func LoadRulesFile(path string, existing []lenient.Rule) ([]lenient.Rule, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	rules, err := LoadRules(bytes.NewReader(data), existing)
	var re *RulesError
	if errors.As(err, &re) {
		// (each rule's place in the file: the rules of a valid array)
		root := jsonnode.ParseValid(data)
		for i := range re.Errors {
			e := &re.Errors[i]
			if e.Index < len(root.Vals) {
				var pe *jsonnode.PositionError
				if errors.As(jsonnode.Positioned(data, root.Vals[e.Index].Off, nil), &pe) {
					e.Line, e.Col = pe.Line, pe.Col
				}
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rules, nil
}

// LoadRules reads a rules file (a JSON array of rules) and validates it
// whole against the rules already in use (built-in or generated; their ids
// must not be reused). Unknown fields, unknown types, duplicate ids,
// missing or unused fields, bad paths and bad coerce_to values, and rules
// that conflict, are all reported together in a *RulesError, in file
// order; nothing loads half.
func LoadRules(r io.Reader, existing []lenient.Rule) ([]lenient.Rule, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if err := jsonwire.Valid(data); err != nil {
		var se *jsonwire.SyntaxError
		var de *jsonwire.DuplicateKeyError
		switch {
		case errors.As(err, &se):
			err = jsonnode.Positioned(data, int64(se.Offset), errors.New(se.Msg))
		case errors.As(err, &de):
			err = jsonnode.Positioned(data, int64(de.Offset), err)
		}
		return nil, fmt.Errorf("rules file is not valid JSON: %v", err)
	}
	var raw []json.RawMessage
	if i := jsonwire.SkipSpace(data, 0); i >= len(data) || data[i] != '[' {
		return nil, fmt.Errorf("rules file must be a JSON array of rules")
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("rules file must be a JSON array of rules: %v", err)
	}
	rules := make([]lenient.Rule, len(raw))
	var errs []RuleError
	undecoded := map[int]bool{} // (validated as no rule: their own problems say why)
	for i, r := range raw {
		n := jsonnode.ParseValid(r)
		if n.Kind != '{' {
			errs = append(errs, RuleError{Index: i, Msg: kindWord(n.Kind) + ", where a JSON object (a rule) is wanted"})
			undecoded[i] = true
			continue
		}
		// Keys are read as written (encoding/json would take "From" for
		// from, and the last of two spellings): each other key is a
		// problem, and hides nothing else of the rule.
		for _, k := range n.Keys {
			if ruleFields[k] {
				continue
			}
			msg := fmt.Sprintf("unknown field %q", k)
			for f := range ruleFields {
				if strings.EqualFold(f, k) {
					msg += fmt.Sprintf(" (keys are case-sensitive: write %q)", f)
				}
			}
			errs = append(errs, RuleError{Index: i, ID: idOf(r), Msg: msg})
		}
		var bad bool
		for _, k := range n.Keys {
			if !ruleFields[k] {
				continue
			}
			if want := ruleFieldKinds[k]; !strings.ContainsRune(want.kinds, rune(n.Get(k).Kind)) {
				errs = append(errs, RuleError{Index: i, ID: idOf(r), Msg: fmt.Sprintf("%s: %s, where %s is wanted", k, kindWord(n.Get(k).Kind), want.word)})
				bad = true
			}
			if k == "tools" {
				for _, t := range n.Get(k).Items() {
					if t.Kind != '"' {
						errs = append(errs, RuleError{Index: i, ID: idOf(r), Msg: fmt.Sprintf("tools: holds %s, where tool names are strings", kindWord(t.Kind))})
						bad = true
						break
					}
				}
			}
		}
		if bad {
			undecoded[i] = true
			continue
		}
		if err := json.Unmarshal(r, &rules[i]); err != nil {
			errs = append(errs, RuleError{Index: i, ID: idOf(r), Msg: err.Error()})
			rules[i], undecoded[i] = lenient.Rule{}, true
			continue
		}
		for _, t := range rules[i].Tools {
			// (a file's typo: a server's own tool names, which derived
			// rules carry, are taken as they are)
			if t != "" && strings.TrimSpace(t) != t {
				errs = append(errs, RuleError{Index: i, ID: idOf(r), Msg: fmt.Sprintf("tools has %q, with spaces around it, which no tool's name has: write %q", t, strings.TrimSpace(t))})
			}
		}
	}
	// Validated whole, each rule at its place in the file (so that one
	// rule's problem names another by the file's numbers), those that
	// did not decode as no rule: no tools, so nothing else meets them.
	if err := ValidateRules(rules, existing); err != nil {
		for _, e := range err.(*RulesError).Errors {
			if !undecoded[e.Index] {
				errs = append(errs, e)
			}
		}
	}
	if len(errs) > 0 {
		sort.SliceStable(errs, func(a, b int) bool { return errs[a].Index < errs[b].Index })
		return nil, &RulesError{errs}
	}
	return rules, nil
}

// ruleFields are the keys of a rule (lenient.Rule's JSON names).
var ruleFields = func() map[string]bool {
	m := map[string]bool{}
	t := reflect.TypeFor[lenient.Rule]()
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			m[name] = true
		}
	}
	return m
}()

// ruleFieldKinds says, of each key of a rule, the kinds of JSON value
// (jsonnode.Node.Kind) its field takes, and in words; null is the field
// left out, as encoding/json reads it.
var ruleFieldKinds = func() map[string]struct{ kinds, word string } {
	m := map[string]struct{ kinds, word string }{}
	for k := range ruleFields {
		m[k] = struct{ kinds, word string }{`"n`, "a string"}
	}
	m["tools"] = struct{ kinds, word string }{"[n", "a JSON array of strings"}
	m["value"] = struct{ kinds, word string }{`"[{0tn`, "a JSON value"}
	return m
}()

// kindWord names a kind of JSON value (jsonnode.Node.Kind).
func kindWord(kind byte) string {
	switch kind {
	case '"':
		return "a string"
	case '[':
		return "an array"
	case '{':
		return "an object"
	case 't':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

func idOf(raw json.RawMessage) string {
	var r struct {
		ID any `json:"id"`
	}
	json.Unmarshal(raw, &r)
	if s, ok := r.ID.(string); ok {
		return s
	}
	return ""
}

// ValidateRules checks rules (in file order) against themselves and the
// rules already in use, returning a *RulesError listing every problem.
func ValidateRules(rules, existing []lenient.Rule) error {
	_, err := validateTargets(rules, existing)
	return err
}

// validateTargets is ValidateRules, and, where rules load, each rule's
// steps (rulespec.Target), which validating them parsed.
func validateTargets(rules, existing []lenient.Rule) ([][]rulespec.Step, error) {
	probs, targets := rulespec.ValidateTargets(rules, existing)
	if len(probs) == 0 {
		return targets, nil
	}
	errs := make([]RuleError, len(probs))
	for i, p := range probs {
		errs[i] = RuleError{Index: p.Index, ID: p.ID, Msg: p.Msg}
	}
	return nil, &RulesError{errs}
}
