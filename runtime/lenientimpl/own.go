package lenientimpl

import (
	"encoding"
	"encoding/json"
	"fmt"

	"github.com/normgen/normgen/lenient"
)

// OwnJSON decodes v with u's own UnmarshalJSON, as encoding/json does for
// a type that has one (null included: by Go's convention it changes
// nothing); its error is a problem naming the path, and so is a panic
// (recovered: a method promoted through a nil embedded pointer, such as
// struct{ *time.Time }'s, panics on every value it would read, in
// encoding/json too, and a call's value must not end the process).
func (d *Decoder) OwnJSON(v []byte, name string, u json.Unmarshaler) {
	defer d.recovered(name, v, "is refused: its UnmarshalJSON panicked")
	if err := u.UnmarshalJSON(v); err != nil {
		d.FailKind(lenient.KindRefused, name, v, "is refused: "+err.Error())
	}
}

// OwnText decodes the JSON string v with u's own UnmarshalText, as
// encoding/json does for a type that has one; null changes nothing
// (encoding/json does not call UnmarshalText for it), anything else is a
// problem, and so is a panic of the method (recovered, as OwnJSON's).
func (d *Decoder) OwnText(v []byte, name string, u encoding.TextUnmarshaler) {
	defer d.recovered(name, v, "is refused: its UnmarshalText panicked")
	switch {
	case Null(v):
	case v[0] != '"':
		d.FailKind(lenient.KindType, name, v, `is not a string (send text in quotes, such as "`+string(stringExample(v))+`")`)
	default:
		if err := u.UnmarshalText(text(v)); err != nil {
			d.FailKind(lenient.KindRefused, name, v, "is refused: "+err.Error())
		}
	}
}

// StdJSON decodes v into p (a pointer) with encoding/json, strictly: for
// a struct of another package, which has no generated decoder. A panic
// in it (a method of a type the struct holds) is a problem, recovered as
// OwnJSON's.
func (d *Decoder) StdJSON(v []byte, name string, p any) {
	defer d.recovered(name, v, "is refused by encoding/json: it panicked")
	if err := json.Unmarshal(v, p); err != nil {
		d.FailKind(lenient.KindRefused, name, v, "is refused by encoding/json: "+err.Error())
	}
}

// recovered, deferred, turns a panic of a decoding method normgen calls
// into a problem at name: msg, and what the panic said.
func (d *Decoder) recovered(name string, v []byte, msg string) {
	if r := recover(); r != nil {
		d.FailKind(lenient.KindRefused, name, v, fmt.Sprintf("%s (%v)", msg, r))
	}
}
