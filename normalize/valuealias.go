package normalize

import (
	"encoding/json"
	"fmt"
)

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
