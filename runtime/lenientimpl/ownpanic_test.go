package lenientimpl

import (
	"strings"
	"testing"
	"time"
)

// stamp promotes time.Time's UnmarshalJSON through an embedded pointer,
// which is nil in a value being decoded: the method dereferences it and
// panics, in encoding/json too.
type stamp struct{ *time.Time }

// textPanics is a type whose own UnmarshalText panics.
type textPanics struct{}

func (*textPanics) UnmarshalText([]byte) error { panic("no text here") }

// outer holds a stamp, for encoding/json to decode as a struct of another
// package's field.
type outer struct {
	At stamp `json:"at"`
}

// TestOwnPanics: a decoding method normgen calls (a type's own
// UnmarshalJSON or UnmarshalText, or encoding/json for a struct of another
// package) that panics on a call's value is a problem of the call at its
// path, naming the panic, where it crashed the server's process (a
// valid time for a struct embedding *time.Time).
func TestOwnPanics(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(d *Decoder)
		want string
	}{
		{"OwnJSON", func(d *Decoder) { var s stamp; d.OwnJSON([]byte(`"2024-01-01T00:00:00Z"`), "at", &s) },
			`at: "2024-01-01T00:00:00Z" is refused: its UnmarshalJSON panicked (runtime error: invalid memory address or nil pointer dereference)`},
		{"OwnText", func(d *Decoder) { var s textPanics; d.OwnText([]byte(`"x"`), "t", &s) },
			`t: "x" is refused: its UnmarshalText panicked (no text here)`},
		{"StdJSON", func(d *Decoder) { var o outer; d.StdJSON([]byte(`{"at":"2024-01-01T00:00:00Z"}`), "o", &o) },
			`o: {"at":"2024-01-01T00:00:00Z"} is refused by encoding/json: it panicked (runtime error: invalid memory address or nil pointer dereference)`},
	} {
		var d Decoder
		d.Begin([]byte(`{}`))
		tc.run(&d)
		if err := d.Err(); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: got %v\nwant %s", tc.name, err, tc.want)
		}
	}
}
