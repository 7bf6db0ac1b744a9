package gen

import (
	"strings"
	"testing"
)

// TestPromotedDecoderWarns: a struct of the package that normgen makes no
// decoder for, but that embeds one it does (at the shallowest depth, the
// only one there), would get the generated UnmarshalJSON promoted, and
// encoding/json would decode the whole of it through that and drop its
// other fields: a warning at its position saying what to do (found by
// review). One with an UnmarshalJSON of its own, one whose promotion two
// embedded decoders cancel, and a tool's own struct are not warned of.
func TestPromotedDecoderWarns(t *testing.T) {
	var warns []string
	_, diags := loadModelWith(t, `package d

import "encoding/json"

// Base is a tool's nested struct.
type Base struct {
	ID int `+"`json:\"id,omitempty\"`"+`
}

// Other is another one.
type Other struct {
	N int `+"`json:\"n,omitempty\"`"+`
}

// Stored embeds Base, and is no tool.
type Stored struct {
	Base
	Extra string `+"`json:\"extra\"`"+`
}

// Deep embeds Stored, which embeds Base.
type Deep struct {
	*Stored
	More string `+"`json:\"more\"`"+`
}

// Own decodes itself.
type Own struct {
	Base
	X string `+"`json:\"x\"`"+`
}

// UnmarshalJSON decodes Own.
func (o *Own) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &o.X) }

// Both embeds two decoders at one depth: Go promotes neither.
type Both struct {
	Base
	Other
}

// UseInput is a tool.
//
//normgen:tool use
type UseInput struct {
	B Base  `+"`json:\"b,omitempty\"`"+`
	O Other `+"`json:\"o,omitempty\"`"+`
}

// WrapInput is a tool that embeds Base: its own decoder is generated.
//
//normgen:tool wrap
type WrapInput struct {
	Base
}
`, Config{OnWarning: func(d Diagnostic) { warns = append(warns, d.String()) }})
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := []string{
		"tools.go:16:6: warning: type Stored embeds Base, whose UnmarshalJSON normgen generates: Go promotes it to Stored, so encoding/json would decode a whole Stored with it and drop its other fields; give Stored an UnmarshalJSON of its own, or embed a type declared from Base instead (type BaseFields Base), which has no methods\n\ttools.go:17:2: the embedded Base",
		"tools.go:22:6: warning: type Deep embeds Base, whose UnmarshalJSON normgen generates: Go promotes it to Deep, so encoding/json would decode a whole Deep with it and drop its other fields; give Deep an UnmarshalJSON of its own, or embed a type declared from Base instead (type BaseFields Base), which has no methods\n\ttools.go:17:2: the embedded Base",
	}
	if strings.Join(warns, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warns, "\n"), strings.Join(want, "\n"))
	}
}
