package schema

import "testing"

// TestTagDialects: a jsonschema tag that does not start with `word=` is a
// description, verbatim (google/jsonschema-go's rule, which the official
// Go SDK uses); one that does is invopop's key list.
func TestTagDialects(t *testing.T) {
	for _, tc := range []struct {
		tag, desc, err       string
		deprecated, required bool
	}{
		{tag: "the file to read, relative to the root", desc: "the file to read, relative to the root"},
		{tag: "use a=b to filter", desc: "use a=b to filter"},
		{tag: "max results (default 100)", desc: "max results (default 100)"},
		{tag: `commas\, and backslashes stay`, desc: `commas\, and backslashes stay`},
		{tag: "Lines", desc: "Lines"},
		{tag: "description=invopop style,minimum=1", desc: "invopop style"},
		{tag: "minimum=1", desc: ""},
		{tag: "deprecated", deprecated: true},
		{tag: "readOnly,deprecated", deprecated: true},
		{tag: "deprecated field, do not use", desc: "deprecated field, do not use"},
		// invopop's required flag, never the description "required".
		{tag: "required", required: true},
		{tag: "required,deprecated", required: true, deprecated: true},
		{tag: "required,description=Name parameter", desc: "Name parameter", required: true},
		{tag: "description=a\\, required", desc: "a, required"},
		{tag: "required fields first", desc: "required fields first"},
		// invopop's other bare words: refused by name, never a description
		{tag: "required,nullable", err: `jsonschema key "nullable" is not used by normgen: nullable fields are pointers`},
		{tag: "nullable", err: `jsonschema key "nullable" is not used by normgen: nullable fields are pointers`},
		{tag: "-", err: `jsonschema:"-" is invopop/jsonschema's, which normgen does not read: leave a field out of the arguments with json:"-"`},
		{tag: "nullable values are kept", desc: "nullable values are kept"},
		// a key given twice: the last would win without a word
		{tag: "minLength=1,minLength=5", err: `jsonschema key minLength is given twice (minLength=1, minLength=5): give it once`},
		{tag: "enum=a,enum=b,examples=a,examples=b", desc: ""},
		{tag: "required=true,description=x", err: `jsonschema required="true": write required alone (invopop/jsonschema reads the bare word)`},
		{tag: "a,b=c", err: `unknown jsonschema key "a"; supported: title, description, default, enum, examples, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, pattern, minItems, maxItems, required, deprecated, readOnly, writeOnly (format, multipleOf and uniqueItems are refused: the decoder cannot enforce them)`},
		{tag: "colour=red", err: `unknown jsonschema key "colour"; supported: title, description, default, enum, examples, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, pattern, minItems, maxItems, required, deprecated, readOnly, writeOnly (format, multipleOf and uniqueItems are refused: the decoder cannot enforce them)`},
		{tag: ""},
	} {
		k, err := ParseTag(tc.tag)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %s", tc.tag, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.tag, err)
		case k.Description != tc.desc || k.Deprecated != tc.deprecated || k.Required != tc.required:
			t.Errorf("%q: description %q deprecated %v required %v, want %q %v %v", tc.tag, k.Description, k.Deprecated, k.Required, tc.desc, tc.deprecated, tc.required)
		}
	}
}
