package lenient

import (
	"encoding/json"
	"fmt"
)

// FixValueAlias is the fix kind of a value alias read as its canonical
// value ("cp" read as "copy", `norm:"value_alias=cp:copy"`).
const FixValueAlias FixKind = "value_alias"

// ValueAlias records that the string value from, an alias, was read as its
// canonical value to, and returns to. Generated decoders call it from a
// switch over the field's aliases.
func (d *Decoder) ValueAlias(from, name, to string) string {
	if d.record {
		f, _ := json.Marshal(from)
		t, _ := json.Marshal(to)
		d.fix(name, FixValueAlias, f, t)
	}
	return to
}

// valueAliasTable reads a value_alias rule's value: a JSON object from
// each alias to its canonical value, all strings, no alias also a
// canonical value or an alias of itself.
func valueAliasTable(v json.RawMessage) (map[string]string, error) {
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
