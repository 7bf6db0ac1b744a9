package ajvcheck

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestCasesApart: a case is judged as by a new AJV whatever came before
// it in the batch (check.mjs empties one AJV between cases): a schema
// naming draft 2020-12's meta-schema by its alias, referring to it, or
// taking its id is judged alike first, after others, and alone (found by
// review: emptying the AJV dropped the alias, and a schema after the
// first could no longer name it).
func TestCasesApart(t *testing.T) {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	cases := []Case{
		{Schema: raw(`{"$schema":"http://json-schema.org/schema#","type":"integer"}`), Instances: []json.RawMessage{raw(`1`), raw(`"a"`)}},
		{Schema: raw(`{"$ref":"http://json-schema.org/schema"}`), Instances: []json.RawMessage{raw(`{}`), raw(`{"type":5}`)}},
		{Schema: raw(`{"$id":"http://json-schema.org/schema","type":"integer"}`), Instances: []json.RawMessage{raw(`1`)}, OwnRefused: true},
		{Schema: raw(`{"$id":"https://example.com/a","type":"string"}`), Instances: []json.RawMessage{raw(`"a"`)}},
		{Schema: raw(`{"$id":"https://example.com/a","type":"integer"}`), Instances: []json.RawMessage{raw(`"a"`), raw(`1`)}},
	}
	alone := make([][]bool, len(cases))
	for i, c := range cases {
		alone[i] = Validate(t, []Case{c})[0]
	}
	for _, order := range [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 3, 1, 4, 0, 2}} {
		var batch []Case
		for _, i := range order {
			batch = append(batch, cases[i])
		}
		for k, got := range Validate(t, batch) {
			if i := order[k]; !slices.Equal(got, alone[i]) {
				t.Errorf("order %v: case %d (%s) judged %v, alone %v", order, i, cases[i].Schema, got, alone[i])
			}
		}
	}
}
