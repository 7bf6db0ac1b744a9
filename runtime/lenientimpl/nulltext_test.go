package lenientimpl

import (
	"fmt"
	"testing"
)

// TestNullText: "null" as text, for a field that reads "" as left out (one
// that is not a string and has a string form), is read as null: left out
// where null is (AbsentNull), and null itself where null is the field's own
// value (a pointer without a default: AbsentEmpty alone). Either way the
// fix is recorded as null_text. A string field's "null" is text.
func TestNullText(t *testing.T) {
	for _, tc := range []struct {
		forms AbsentForms
		doc   string
		taken bool   // the member is decoded
		value string // its value then
		fixes string
	}{
		{AbsentNull | AbsentEmpty, `{"n":"null"}`, false, "", `[{n null_text "null" null} {n absent null }]`},
		{AbsentEmpty, `{"n":"null"}`, true, "null", `[{n null_text "null" null}]`},
		{AbsentEmpty, `{"n":" null"}`, true, `" null"`, `[]`},
		{AbsentNull, `{"n":"null"}`, true, `"null"`, `[]`}, // a string field's text
		{0, `{"n":"null"}`, true, `"null"`, `[]`},
		{AbsentNull | AbsentEmpty, `{"n":"NULL"}`, true, `"NULL"`, `[]`},
	} {
		var d Decoder
		d.Start([]byte(tc.doc), true)
		var it ObjectIter
		d.Object([]byte(tc.doc), "", 0, &it)
		var seen bool
		taken, value := false, ""
		for d.Next(&it) {
			if d.take(&seen, &it, []string{"n"}, tc.forms) {
				taken, value = true, string(it.Value)
			}
		}
		var fixes []string
		for _, f := range d.Fixes() {
			fixes = append(fixes, fmt.Sprintf("{%s %s %s %s}", f.Param, f.Kind, string(f.From), string(f.To))) // as text: Go 1.27's jsontext.Value prints nil as null
		}
		got := fmt.Sprint(fixes)
		if fixes == nil {
			got = "[]"
		}
		if taken != tc.taken || value != tc.value || got != tc.fixes {
			t.Errorf("%s, forms %d: taken %v %s, fixes %s; want %v %s, %s", tc.doc, tc.forms, taken, value, got, tc.taken, tc.value, tc.fixes)
		}
	}
}

func TestNullTextForms(t *testing.T) {
	for v, want := range map[string]bool{`"null"`: true, ` "null" `: true, `"nul\u006c"`: true, `"\u006e\u0075\u006c\u006c"`: true, `null`: false, `"Null"`: false, `"null "`: false, `""`: false, `"nulll"`: false} {
		if got := isNullText([]byte(v)); got != want {
			t.Errorf("isNullText(%s) = %v", v, got)
		}
	}
}
