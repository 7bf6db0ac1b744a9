package schema

import (
	"fmt"
	"strconv"
	"strings"
)

// CheckValueAliases reports what is wrong with value aliases on a field
// whose values (or slice elements) are strings when stringValues is set,
// with the field's enum values: value aliases apply to strings only; with
// an enum, every canonical value must be one of its values and no alias
// may be one.
func CheckValueAliases(aliases []ValueAlias, stringValues bool, enum []string) error {
	if len(aliases) == 0 {
		return nil
	}
	if !stringValues {
		return fmt.Errorf("norm value_alias applies to string fields and slices of strings")
	}
	if len(enum) == 0 {
		return nil
	}
	in := map[string]bool{}
	for _, e := range enum {
		in[e] = true
	}
	for _, a := range aliases {
		if !in[a.To] {
			return fmt.Errorf("norm value_alias %s:%s: %q is not one of the enum values %s", a.From, a.To, a.To, strings.Join(enum, ", "))
		}
		if in[a.From] {
			return fmt.Errorf("norm value_alias %s:%s: the alias %q is already an enum value", a.From, a.To, a.From)
		}
	}
	return nil
}

// ValueAliasNote is the sentence a field's description gets for its value
// aliases: `Also accepted: "cp" for "copy"; "rm" or "remove" for "delete".`
// Aliases are grouped by canonical value, in declaration order.
func ValueAliasNote(aliases []ValueAlias) string {
	if len(aliases) == 0 {
		return ""
	}
	var order []string
	froms := map[string][]string{}
	for _, a := range aliases {
		if _, ok := froms[a.To]; !ok {
			order = append(order, a.To)
		}
		froms[a.To] = append(froms[a.To], strconv.Quote(a.From))
	}
	parts := make([]string, len(order))
	for i, to := range order {
		parts[i] = strings.Join(froms[to], " or ") + " for " + strconv.Quote(to)
	}
	return "Also accepted: " + strings.Join(parts, "; ") + "."
}

// withNote appends a sentence to a description.
func withNote(desc, note string) string {
	switch {
	case note == "":
		return desc
	case desc == "":
		return note
	}
	return desc + " " + note
}
