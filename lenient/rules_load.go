package lenient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// RuleError is one problem of a rules file: the rule's index in the file,
// its id (when it has one) and what is wrong.
type RuleError struct {
	Index int    // position in the file, from 0
	ID    string // the rule's id, when it has one
	Msg   string // what is wrong
}

// Error formats the problem with the rule's index and id.
func (e RuleError) Error() string {
	if e.ID == "" {
		return fmt.Sprintf("rule %d: %s", e.Index, e.Msg)
	}
	return fmt.Sprintf("rule %d (%s): %s", e.Index, e.ID, e.Msg)
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
func LoadRulesFile(path string, existing []Rule) ([]Rule, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rules, err := LoadRules(f, existing)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rules, nil
}

// LoadRules reads a rules file (a JSON array of rules) and validates it
// whole against the rules already in use (built-in or generated; their ids
// must not be reused). Unknown fields, unknown types, duplicate ids,
// missing or unused fields, bad array paths and bad coerce_to values are
// all reported together in a *RulesError; nothing loads half.
func LoadRules(r io.Reader, existing []Rule) ([]Rule, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if err := Valid(data); err != nil {
		return nil, fmt.Errorf("rules file is not valid JSON: %v", err)
	}
	var raw []json.RawMessage
	if i := skipSpace(data, 0); i >= len(data) || data[i] != '[' {
		return nil, fmt.Errorf("rules file must be a JSON array of rules")
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("rules file must be a JSON array of rules: %v", err)
	}
	rules := make([]Rule, len(raw))
	var errs []RuleError
	for i, r := range raw {
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rules[i]); err != nil {
			errs = append(errs, RuleError{Index: i, ID: idOf(r), Msg: err.Error()})
		}
	}
	if len(errs) > 0 {
		return nil, &RulesError{errs}
	}
	if err := ValidateRules(rules, existing); err != nil {
		return nil, err
	}
	return rules, nil
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

// arrayPathRE is the grammar of array_path: "[]", "steps[]", "data.items[]".
var arrayPathRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*)?\[\]$`)

// ValidateRules checks rules (in file order) against themselves and the
// rules already in use, returning a *RulesError listing every problem.
func ValidateRules(rules, existing []Rule) error {
	var errs []RuleError
	ids := map[string]string{}
	for _, r := range existing {
		ids[r.ID] = "an existing rule"
	}
	for i, r := range rules {
		bad := func(format string, args ...any) {
			errs = append(errs, RuleError{Index: i, ID: r.ID, Msg: fmt.Sprintf(format, args...)})
		}
		if r.ID == "" {
			bad("id is missing")
		} else if prev, dup := ids[r.ID]; dup {
			bad("duplicate id: also used by %s", prev)
		} else {
			ids[r.ID] = "rule " + strconv.Itoa(i)
		}
		if len(r.Tools) == 0 {
			bad(`tools is missing: list tool names, or ["*"] for every tool`)
		}
		for _, t := range r.Tools {
			if t == "" {
				bad("tools has an empty name")
			}
		}
		need := map[string]bool{}
		switch r.Type {
		case RuleParamAlias:
			need = map[string]bool{"from": true, "to": true}
		case RuleParamDefault:
			need = map[string]bool{"from": true, "value": true}
		case RuleTypeCoerce:
			need = map[string]bool{"from": true, "coerce_to": true}
			if r.CoerceTo != "" && r.CoerceTo != "bool" && r.CoerceTo != "int" && r.CoerceTo != "float" {
				bad("coerce_to %q is not bool, int or float", r.CoerceTo)
			}
		case RuleJSONAcceptBoth:
			need = map[string]bool{"from": true, "to": r.To != ""}
			if r.To != "" && r.To != "native" {
				bad(`to %q: json_accept_both takes no to (native value to JSON text) or to "native" (JSON text to native value)`, r.To)
			}
		case RuleNestedAlias:
			need = map[string]bool{"from": true, "to": true, "in_payload": true, "array_path": true}
		case RuleNestedDefault:
			need = map[string]bool{"from": true, "value": true, "in_payload": true, "array_path": true}
		case RuleValueAlias:
			nested := r.InPayload != "" || r.ArrayPath != ""
			need = map[string]bool{"from": true, "value": true, "in_payload": nested, "array_path": nested}
			if r.Value != nil && Valid(r.Value) == nil {
				if _, err := valueAliasTable(r.Value); err != nil {
					bad("%v", err)
				}
			}
		case "":
			bad("type is missing")
			continue
		default:
			bad("unknown type %q; known: param_alias, param_default, type_coerce, json_accept_both, nested_alias, nested_default, value_alias", r.Type)
			continue
		}
		have := map[string]bool{"from": r.From != "", "to": r.To != "", "coerce_to": r.CoerceTo != "", "in_payload": r.InPayload != "", "array_path": r.ArrayPath != "", "value": r.Value != nil}
		for _, f := range []string{"from", "to", "coerce_to", "in_payload", "array_path", "value"} {
			switch {
			case need[f] && !have[f]:
				bad("%s is missing for type %s", f, r.Type)
			case have[f] && !need[f] && !(f == "to" && r.Type == RuleJSONAcceptBoth):
				bad("%s is not used by type %s", f, r.Type)
			}
		}
		if r.ArrayPath != "" && !arrayPathRE.MatchString(r.ArrayPath) {
			bad(`array_path %q: want "[]", "name[]" or "a.b[]"`, r.ArrayPath)
		}
		if r.Value != nil && Valid(r.Value) != nil {
			bad("value is not valid JSON")
		}
	}
	if len(errs) > 0 {
		return &RulesError{errs}
	}
	return nil
}
