package schema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
)

// CheckValueAliases reports what is wrong with value aliases on a field
// whose values (or slice elements) are strings when stringValues is set,
// with the field's enum values: value aliases apply to strings only; with
// an enum, every canonical value must be one of its values and no alias
// may be one, in any letter case (the enum's rules read LOW as low before
// a value alias could read it). Where the enum is read in any letter
// case (folds: EnumFolds, not norm:"enum=strict"), so are its aliases
// (CaseValues), and two aliases of two values may not differ in letter
// case alone.
func CheckValueAliases(aliases []ValueAlias, stringValues bool, enum []string, folds bool) error {
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
		for _, e := range enum {
			if strings.EqualFold(a.From, e) {
				// (the enum reads it as that value in any letter case;
				// its rules read it so before any value alias)
				return fmt.Errorf("norm value_alias %s:%s: the alias %q is the enum value %q in another letter case; give an alias no enum value spells", a.From, a.To, a.From, e)
			}
		}
	}
	for i, a := range aliases {
		for _, b := range aliases[:i] {
			if folds && a.To != b.To && strings.EqualFold(a.From, b.From) {
				// (EnumCase would read the one as the other, then its alias)
				return fmt.Errorf("norm value_alias %s:%s: the alias %q is the alias %q of %q in another letter case, and the enum reads its aliases in any letter case; give one of them, or norm:\"enum=strict\"", a.From, a.To, a.From, b.From, b.To)
			}
		}
	}
	return nil
}

// CaseValues is what a field's enum, read in any letter case, reads a
// value in another letter case as: one of its values, or one of its
// value aliases, which the alias then reads as its value ("CP" as "cp",
// then "copy"). An alias in another letter case than one listed before
// it (fetch:get|FETCH:get, of one value: CheckValueAliases refuses two)
// is left out: the first reads it alike, and an enum_case rule may list
// no two values that fold alike.
func CaseValues(enum []string, aliases []ValueAlias) []string {
	if len(aliases) == 0 {
		return enum
	}
	out := append([]string(nil), enum...)
	for _, a := range aliases {
		if !slices.ContainsFunc(out, func(v string) bool { return jsonwire.FoldASCII(v) == jsonwire.FoldASCII(a.From) }) {
			out = append(out, a.From)
		}
	}
	return out
}

// ValueAliasNote is the sentence a field's description gets for its value
// aliases: `Also accepted: "cp" for "copy"; "rm" or "remove" for "delete".`
// Aliases are grouped by canonical value, in declaration order.
func ValueAliasNote(aliases []ValueAlias) string {
	if len(aliases) == 0 {
		return ""
	}
	var parts []string
	for _, g := range GroupValueAliases(aliases) {
		quoted := make([]string, len(g.From))
		for i, f := range g.From {
			quoted[i] = strconv.Quote(f)
		}
		parts = append(parts, strings.Join(quoted, " or ")+" for "+strconv.Quote(g.To))
	}
	return "Also accepted: " + strings.Join(parts, "; ") + "."
}

// ValueAliasGroup is a canonical value and its aliases.
type ValueAliasGroup struct {
	To   string   // the canonical value
	From []string // its aliases, in declaration order
}

// GroupValueAliases groups value aliases by canonical value, in the order
// each canonical value first appears.
func GroupValueAliases(aliases []ValueAlias) []ValueAliasGroup {
	var out []ValueAliasGroup
	at := map[string]int{}
	for _, a := range aliases {
		i, ok := at[a.To]
		if !ok {
			i = len(out)
			at[a.To] = i
			out = append(out, ValueAliasGroup{To: a.To})
		}
		out[i].From = append(out[i].From, a.From)
	}
	return out
}
