package gen

import (
	"strings"
	"testing"
)

// TestPrototypeNameWarns: a property named after a member of JavaScript's
// Object.prototype (constructor, toString) is warned of at its position:
// AJV with its default options reads the inherited member where a call
// leaves the property out and refuses the call (found by review, and
// measured with ajv 8: {"name":"a"} refused for an optional constructor).
func TestPrototypeNameWarns(t *testing.T) {
	var warns []string
	_, diags := loadModelWith(t, `package d

// UseInput is a tool.
//
//normgen:tool use
type UseInput struct {
	Name string `+"`json:\"name\"`"+`
	Ctor string `+"`json:\"constructor,omitempty\"`"+`
	ToString string `+"`json:\"to_string,omitempty\"`"+`
}
`, Config{OnWarning: func(d Diagnostic) { warns = append(warns, d.String()) }})
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := []string{
		`tools.go:8:2: warning: field UseInput.Ctor: the property "constructor" is a member of JavaScript's Object.prototype: AJV with its default options (ownProperties: false), as JavaScript hosts run it, reads the inherited one where a call leaves the property out, and refuses the call (a required one it takes as given); name it otherwise in its json tag`,
	}
	if strings.Join(warns, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warns, "\n"), strings.Join(want, "\n"))
	}
}
