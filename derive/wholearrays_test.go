package derive

import "testing"

// TestDeriveArrayReadWhole: where a schema at an array's place reads its
// elements together (contains, minContains and maxContains, an enum or
// const holding an array, not, if, then, else; beside its items, in a
// union's branch or in a $ref's target), no rule reads the elements
// (readsElements): the rewrite would refuse ["5"] that the rules make
// [5], which contains: {type: integer} takes. Each judged by unionSound
// (the second review's cases, each of which failed before). Beside
// uniqueItems the elements' letter case stays as it is, as before (two
// could fold to one); their other forms are read (class (k) of
// docs/semantics.md).
func TestDeriveArrayReadWhole(t *testing.T) {
	o := func(s string) string { return `{"type":"object","properties":{"o":` + s + `}}` }
	unionSound(t, []unionCase{
		{"contains-07", draft("draft-07", `"type":"object","properties":{"o":{"type":"array","items":{"type":"integer"},"contains":{"type":"integer","minimum":3}}}}`), []string{`{"o":["5",1]}`, `{"o":[5,1]}`}},
		{"contains", o(`{"type":"array","items":{"type":"integer"},"contains":{"type":"integer"}}`), []string{`{"o":["5"]}`, `{"o":[5]}`}},
		{"max-contains", o(`{"type":"array","items":{"type":"integer"},"contains":{"type":"string"},"minContains":0,"maxContains":0}`), []string{`{"o":["5",1]}`}},
		{"enum", o(`{"type":"array","items":{"type":"integer"},"enum":[[5],[6]]}`), []string{`{"o":["5"]}`, `{"o":[5]}`}},
		{"const", o(`{"type":"array","items":{"type":"integer"},"const":[5]}`), []string{`{"o":["5"]}`}},
		{"not", o(`{"type":"array","items":{"type":"integer"},"not":{"contains":{"type":"string"}}}`), []string{`{"o":["5"]}`}},
		{"if", o(`{"type":"array","items":{"type":"integer"},"if":{"contains":{"type":"string"}},"then":false}`), []string{`{"o":["5"]}`}},
		{"anyOf-contains", o(`{"type":"array","items":{"type":"integer"},"anyOf":[{"maxItems":0},{"contains":{"type":"integer"}}]}`), []string{`{"o":["5"]}`}},
		{"ref-contains", `{"type":"object","properties":{"o":{"$ref":"#/$defs/c","type":"array","items":{"type":"integer"}}},"$defs":{"c":{"contains":{"type":"integer"}}}}`, []string{`{"o":["5"]}`}},
		{"unique-enum-case", o(`{"type":"array","items":{"type":"string","enum":["Fast","Slow"]},"uniqueItems":true}`), []string{`{"o":["fast","Fast"]}`, `{"o":["Fast"]}`}},
	})
}
