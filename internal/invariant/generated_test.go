package invariant

import (
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestProblemClassWrapLoneString: a norm:"wrap" field's lone string that
// its items refuse is class (b) of docs/semantics.md (the field's string
// branch, there for JSON text, takes any string), where the checker
// called an enum's refusal of it undocumented (a genfuzz package of an
// enum []string with wrap failed TestRandom once in about 370); a plain
// string field's enum refusing a string the schema took stays none.
func TestProblemClassWrapLoneString(t *testing.T) {
	call := map[string]any{"f2": "x", "s": "y"}
	wrapped := lenient.Problem{Path: "f2", Kind: lenient.KindEnum, Value: `"x"`,
		Msg: `is not one of "copy", "move", "delete"; f2 takes an array of them, or one alone`}
	if c := problemClass(wrapped, call); c != 'b' {
		t.Errorf("wrap field's lone string: class %q, want b", c)
	}
	plain := lenient.Problem{Path: "s", Kind: lenient.KindEnum, Value: `"y"`, Msg: `is not one of "a", "b"`}
	if c := problemClass(plain, call); c != 0 {
		t.Errorf("string field: class %q, want none", c)
	}
}

// TestVerdict: the verdict Fuzz and CheckGenerated give a call fails a
// decoder that takes what the schema refuses, and one that refuses for
// no documented class what the schema takes; it passes a call both take.
func TestVerdict(t *testing.T) {
	tool := lenient.Tool{Name: "t", InputSchema: []byte(`{"type":"object","properties":{"n":{"type":"integer"}}}`)}
	sch := compile(t, tool)
	for _, c := range []struct {
		args    string
		err     error
		goValid bool
		bad     bool
	}{
		{`{"n":1}`, nil, true, false},
		{`{"n":"x"}`, nil, false, true}, // taken, refused by the schema
		{`{"n":1}`, &lenient.Error{Problems: []lenient.Problem{{Path: "n", Kind: lenient.KindEnum, Value: "1", Msg: "is not one of 2"}}}, true, true},
		{`{"n":"x"}`, &lenient.Error{Problems: []lenient.Problem{{Path: "n", Kind: lenient.KindType, Value: `"x"`, Msg: "is not an integer"}}}, false, false},
	} {
		if msg := verdict(tool, c.args, c.err, nil, sch, c.goValid, false, true); (msg != "") != c.bad {
			t.Errorf("%s (decoder error %v, Go valid %v): verdict %q", c.args, c.err, c.goValid, msg)
		}
	}
}
