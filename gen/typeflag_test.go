package gen

import (
	"strings"
	"testing"
)

// TestTypeNotFoundPositioned: -type naming no type of the package is
// reported at the package (its first file's package clause), naming the
// package searched and the struct types it declares (issue 39).
func TestTypeNotFoundPositioned(t *testing.T) {
	_, diags := loadModel(t, `package d

// EchoInput is the input of echo.
type EchoInput struct {
	Text string `+"`json:\"text\"`"+`
}
`, "NoSuchInput")
	if len(diags) != 1 {
		t.Fatalf("diagnostics %v; want one", diags)
	}
	got := diags[0].String()
	want := "tools.go:1:1: -type NoSuchInput: no such type in package d (example.com/d/d); its struct types: EchoInput"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestUnsupportedPointerNamesDeclaredType: an unsupported type behind a
// pointer is reported as the field declares it (*chan string), not as the
// type it points to (issue 39).
func TestUnsupportedPointerNamesDeclaredType(t *testing.T) {
	_, diags := loadModel(t, `package d

//normgen:tool echo
type EchoInput struct {
	C *chan string `+"`json:\"c,omitempty\"`"+`
	M *map[int]string `+"`json:\"m,omitempty\"`"+`
}
`)
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	for _, want := range []string{
		"tools.go:5:2: field EchoInput.C: unsupported type *chan string;",
		"tools.go:6:2: field EchoInput.M: unsupported type *map[int]string: map keys must be strings;",
	} {
		found := false
		for _, g := range got {
			found = found || strings.HasPrefix(g, want)
		}
		if !found {
			t.Errorf("no diagnostic starts %q; got:\n%s", want, strings.Join(got, "\n"))
		}
	}
}
