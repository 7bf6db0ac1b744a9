package lenient

import (
	"encoding"
	"encoding/json"
	"time"
)

// TimePattern is the schema pattern of a time.Time: the RFC 3339 forms
// time.Time's UnmarshalJSON takes (through time.Parse with time.RFC3339),
// with the ranges a pattern can say: a one-digit hour, a comma before the
// fraction of a second, zone offsets up to 24:60. What it cannot say (a
// day its month does not have, JSON escapes in the text, which
// UnmarshalJSON does not unescape) the decoder refuses: the README's class
// (h).
const TimePattern = `^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01]?[0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.,][0-9]+)?(Z|[+-]([01][0-9]|2[0-4]):([0-5][0-9]|60))$`

// TimeExample is the date-time an error about a time.Time shows.
const TimeExample = "2024-01-02T15:04:05Z"

// Time decodes a time.Time as encoding/json does (time.Time's own
// UnmarshalJSON: a JSON string in RFC 3339); m is for the lenient forms a
// later version may read.
func (d *Decoder) Time(v []byte, name string, m Mode) time.Time {
	var t time.Time
	if v[0] != '"' || t.UnmarshalJSON(v) != nil {
		d.Fail(name, v, `is not an RFC 3339 date-time (send a string such as "`+TimeExample+`", with its time zone: Z or +01:00)`)
		return time.Time{}
	}
	return t
}

// OwnJSON decodes v with u's own UnmarshalJSON, as encoding/json does for
// a type that has one (null included: by Go's convention it changes
// nothing); its error is a problem naming the path.
func (d *Decoder) OwnJSON(v []byte, name string, u json.Unmarshaler) {
	if err := u.UnmarshalJSON(v); err != nil {
		d.Fail(name, v, "is refused: "+err.Error())
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
		d.Fail(name, v, `is not a string (send text in quotes, such as "`+string(stringExample(v))+`")`)
	default:
		if err := u.UnmarshalText(text(v)); err != nil {
			d.Fail(name, v, "is refused: "+err.Error())
		}
	}
}

// StdJSON decodes v into p (a pointer) with encoding/json, strictly: for
// a struct of another package, which has no generated decoder.
func (d *Decoder) StdJSON(v []byte, name string, p any) {
	if err := json.Unmarshal(v, p); err != nil {
		d.Fail(name, v, "is refused by encoding/json: "+err.Error())
	}
}
