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
