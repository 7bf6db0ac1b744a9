package lenientimpl

import (
	"encoding/json"
	"strings"

	"github.com/normgen/normgen/lenient"
)

// FieldRules are the normalizer rules of one value of a tool's input, at
// one rule path: what generated code writes instead of each Rule in full
// (ToolRules expands them). Rules holds the same table, read by
// normalize.New and written to rules.json alike.
type FieldRules struct {
	// Path is the value's rule path ("limit", "steps[].id", "labels[]");
	// a rule's From when it is a single member name, else its Path.
	Path string
	// Variants adds the spelling-style variants of the name of the member
	// Path ends with (KeyVariants: its words in snake_case, camelCase,
	// kebab-case and PascalCase) as its aliases, before Aliases: what
	// generated code writes when a field takes all of them.
	Variants bool
	// Aliases are the keys that name the member Path ends with in its
	// object (param_alias rules, each to that member), after its Variants.
	Aliases []string
	// Absent are the values read as the member left out (an absent
	// rule: AbsentValues).
	Absent AbsentForms
	// Default is the member's default (a param_default rule).
	Default json.RawMessage
	// EnumCase is the enum whose values are read in any letter case (an
	// enum_case rule).
	EnumCase json.RawMessage
	// EnumText are the enum's values read from a JSON boolean or number
	// (an enum_text rule).
	EnumText json.RawMessage
	// EnumDigits are an integer enum's values, read from their text (an
	// enum_digits rule).
	EnumDigits json.RawMessage
	// Secret marks the value as one the call log and fix records mask.
	Secret bool
	// Coerce is the type_coerce target ("int", "bool", "duration_s"...).
	Coerce string
	// Unescape unescapes text escaped twice (jsonwire.UnescapeNewlines).
	Unescape bool
	// ValueAlias maps alias values to canonical ones (a JSON object).
	ValueAlias json.RawMessage
	// Split is the separator (a JSON string) a string is split at.
	Split json.RawMessage
	// Wrap reads a lone value as a one-element array.
	Wrap bool
	// JSON reads JSON text of an array or object as the native value (a
	// json_accept_both rule to "native").
	JSON bool
	// Misnamed is, for an object that takes unknown keys, the Fields its
	// generated decoder reads it with: a misnamed_key rule refuses a key
	// near a field it leaves out, and a key in another letter case, as
	// the decoder does (Fields.MisnamedValue). Path "" is the arguments
	// object.
	Misnamed *Fields
}

// ToolRules returns tool's rule table from the rules of each of its
// values, in order: for each, its aliases, then its null_text, absent, param_default,
// enum_case, enum_text, enum_digits, secret, type_coerce, unescape,
// value_alias, split, wrap, json_accept_both and misnamed_key rules. Each
// rule applies to tool alone and has the ID "<tool>.<path>.<what>" (an
// alias rule's what is "alias.<key>"; the arguments object's
// misnamed_key rule's is "<tool>.misnamed_key").
func ToolRules(tool string, values []FieldRules) []lenient.Rule {
	var rules []lenient.Rule
	add := func(path, idPath, what string, r lenient.Rule) {
		r.ID = tool + "." + idPath + "." + what
		if idPath == "" {
			r.ID = tool + "." + what
		}
		r.Tools = []string{tool}
		if strings.ContainsAny(path, ".[]{}") || r.Type == lenient.RuleMisnamedKey {
			r.Path = path
		} else {
			r.From = path
		}
		rules = append(rules, r)
	}
	for _, v := range values {
		p := v.Path
		if len(v.Aliases) > 0 || v.Variants {
			// The aliases of the member p ends with, beside it in its
			// object.
			in, name := "", p
			if i := strings.LastIndexByte(p, '.'); i >= 0 {
				in, name = p[:i+1], p[i+1:]
			}
			aliases := v.Aliases
			if v.Variants {
				aliases = append(KeyVariants(name), aliases...)
			}
			for _, a := range aliases {
				add(in+a, p, "alias."+a, lenient.Rule{Type: lenient.RuleParamAlias, To: name})
			}
		}
		if nullText(v.Absent) {
			// a field that is not a string, and may be null: "null" is null
			add(p, p, "null_text", lenient.Rule{Type: lenient.RuleNullText})
		}
		if v.Absent&(AbsentNull|AbsentEmpty) != 0 {
			add(p, p, "absent", lenient.Rule{Type: lenient.RuleAbsent, Value: AbsentValues(v.Absent)})
		}
		if v.Default != nil {
			add(p, p, "default", lenient.Rule{Type: lenient.RuleParamDefault, Value: v.Default})
		}
		if v.EnumCase != nil {
			add(p, p, "enum_case", lenient.Rule{Type: lenient.RuleEnumCase, Value: v.EnumCase})
		}
		if v.EnumText != nil {
			add(p, p, "enum_text", lenient.Rule{Type: lenient.RuleEnumText, Value: v.EnumText})
		}
		if v.EnumDigits != nil {
			add(p, p, "enum_digits", lenient.Rule{Type: lenient.RuleEnumDigits, Value: v.EnumDigits})
		}
		if v.Secret {
			add(p, p, "secret", lenient.Rule{Type: lenient.RuleSecret})
		}
		if v.Coerce != "" {
			add(p, p, "coerce", lenient.Rule{Type: lenient.RuleTypeCoerce, CoerceTo: v.Coerce})
		}
		if v.Unescape {
			add(p, p, "unescape", lenient.Rule{Type: lenient.RuleUnescape})
		}
		if v.ValueAlias != nil {
			add(p, p, "value_alias", lenient.Rule{Type: lenient.RuleValueAlias, Value: v.ValueAlias})
		}
		if v.Split != nil {
			add(p, p, "split", lenient.Rule{Type: lenient.RuleSplit, Value: v.Split})
		}
		if v.Wrap {
			add(p, p, "wrap", lenient.Rule{Type: lenient.RuleWrap})
		}
		if v.JSON {
			add(p, p, "json", lenient.Rule{Type: lenient.RuleJSONAcceptBoth, To: "native"})
		}
		if v.Misnamed != nil {
			if value := v.Misnamed.MisnamedValue(); value != nil {
				add(p, p, "misnamed_key", lenient.Rule{Type: lenient.RuleMisnamedKey, Value: value})
			}
		}
	}
	return rules
}

// AbsentValues is the value of an absent rule for forms: the JSON array
// of the values read as the member left out.
func AbsentValues(forms AbsentForms) json.RawMessage {
	switch forms & (AbsentNull | AbsentEmpty) {
	case AbsentNull:
		return json.RawMessage(`[null]`)
	case AbsentEmpty:
		return json.RawMessage(`[""]`)
	}
	return json.RawMessage(`[null,""]`)
}
