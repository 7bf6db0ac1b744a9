package gen

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/normgen/normgen/internal/tempmodule"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// TestVersionWindow builds the version check a generated file starts with
// (renderVersionCheck) against this runtime, in a module of its own as a
// user's: at the version the generator writes it builds; one below
// lenientimpl.MinVersion (code older than the runtime runs) and one above
// lenientimpl.MaxVersion (code newer than the runtime) fail to compile on the
// line that says what to do, with a constant overflowing
// lenientimpl.EnforceVersion. (That the generator's version is in the window
// is checked when gen builds, beside genVersion.)
func TestVersionWindow(t *testing.T) {
	cases := []struct {
		dir     string
		version int
		line    string // the comment of the line the build stops on; "" when it builds
	}{
		{"current", genVersion, ""},
		{"older", lenientimpl.MinVersion - 1, "older than the runtime: regenerate it (go generate ./...)"},
		{"newer", lenientimpl.MaxVersion + 1, "newer than the runtime: go get github.com/normgen/normgen@latest"},
	}
	files := map[string]string{}
	for _, tc := range cases {
		src, err := renderFile(tc.dir, []func(*jen.File) error{func(f *jen.File) error {
			renderVersionCheck(f, tc.version)
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		files[tc.dir+"/"+tc.dir+"_normgen.go"] = string(src)
	}
	mod := tempmodule.New(t, "github.com/normgen/normgen/golden/version", files)
	for _, tc := range cases {
		out, err := tempmodule.Go(mod, "build", "./"+tc.dir)
		if tc.line == "" {
			if err != nil {
				t.Errorf("version %d (the generator's) does not build against this runtime: %v\n%s", tc.version, err, out)
			}
			continue
		}
		if err == nil {
			t.Errorf("version %d, outside the window [%d, %d], builds against this runtime", tc.version, lenientimpl.MinVersion, lenientimpl.MaxVersion)
			continue
		}
		lines := strings.Split(files[tc.dir+"/"+tc.dir+"_normgen.go"], "\n")
		n := -1
		for i, l := range lines {
			if strings.HasSuffix(l, "// "+tc.line) {
				n = i + 1
			}
		}
		want := fmt.Sprintf("%s_normgen.go:%d:", tc.dir, n)
		t.Logf("version %d:\n%s", tc.version, out)
		if n < 0 || !bytes.Contains(out, []byte(want)) || !bytes.Contains(out, []byte("constant -1 overflows lenientimpl.EnforceVersion")) {
			t.Errorf("version %d: the build fails with\n%s\nwant a constant -1 overflowing lenientimpl.EnforceVersion at %s, the line saying %q", tc.version, out, want, tc.line)
		}
	}
}
