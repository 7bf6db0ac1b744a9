package lenientimpl

import (
	"encoding"
	"encoding/json"

	"github.com/normgen/normgen/lenient"
)

// OwnJSON decodes v with u's own UnmarshalJSON, as encoding/json does for
// a type that has one (null included: by Go's convention it changes
// nothing); its error is a problem naming the path.
func (d *Decoder) OwnJSON(v []byte, name string, u json.Unmarshaler) {
	if err := u.UnmarshalJSON(v); err != nil {
		d.FailKind(lenient.KindRefused, name, v, "is refused: "+err.Error())
	}
}

// OwnText decodes the JSON string v with u's own UnmarshalText, as
// encoding/json does for a type that has one; null changes nothing
// (encoding/json does not call UnmarshalText for it), anything else is a
// problem.
func (d *Decoder) OwnText(v []byte, name string, u encoding.TextUnmarshaler) {
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
// a struct of another package, which has no generated decoder.
func (d *Decoder) StdJSON(v []byte, name string, p any) {
	if err := json.Unmarshal(v, p); err != nil {
		d.FailKind(lenient.KindRefused, name, v, "is refused by encoding/json: "+err.Error())
	}
}
