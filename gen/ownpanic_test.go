package gen

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/tempmodule"
)

// TestOwnThroughPointer: a type whose decoding method is promoted from an
// embedded pointer (struct{ *netip.Addr }'s UnmarshalText,
// struct{ *time.Time }'s UnmarshalJSON) runs it on the nil pointer of a
// value being decoded, and panics where it would set a value, in
// encoding/json too: the generator warns of it, naming what to declare
// instead (the decoder reports the panic as a refusal: lenientimpl's
// TestOwnPanics). A method promoted from a value, or declared, is no
// concern.
func TestOwnThroughPointer(t *testing.T) {
	mod := tempmodule.New(t, "example.com/d", map[string]string{
		"d/tools.go": `package d

import (
	"net/netip"
	"time"
)

type Addr struct{ *netip.Addr }
type Stamp struct{ *time.Time }
type Deeper struct{ Stamp }
type Fine struct{ time.Time }

//normgen:tool
type Ping struct {
	Host   *Addr  ` + "`json:\"host\"`" + `
	At     Stamp  ` + "`json:\"at\"`" + `
	Deep   Deeper ` + "`json:\"deep\"`" + `
	Fine   Fine   ` + "`json:\"fine\"`" + `
}
`,
	})
	var got []string
	Load(context.Background(), Config{Dir: filepath.Join(mod, "d"), OnWarning: func(d Diagnostic) {
		if s := d.String(); strings.Contains(s, "embedded pointer") {
			got = append(got, s)
		}
	}})
	for _, want := range []string{
		"tools.go:15:2: warning: field Ping.Host: Addr's UnmarshalText is promoted from its embedded pointer *netip.Addr, which is nil in an Addr being decoded: the method dereferences it and panics where it would set a value, in encoding/json too (the decoder reports the panic as a refusal of the call); embed netip.Addr rather than a pointer, or give Addr an UnmarshalText of its own",
		"tools.go:16:2: warning: field Ping.At: Stamp's UnmarshalJSON is promoted from its embedded pointer *time.Time",
		"tools.go:17:2: warning: field Ping.Deep: Deeper's UnmarshalJSON is promoted from its embedded pointer *time.Time",
	} {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, want) }) {
			t.Errorf("no warning %q...; got:\n%s", want, strings.Join(got, "\n"))
		}
	}
	if len(got) != 3 {
		t.Errorf("%d warnings of an embedded pointer, want 3 (none for Fine):\n%s", len(got), strings.Join(got, "\n"))
	}
}
