package lenientimpl

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/normgen/normgen/lenient"
)

// Generated is what normgen generates beside a struct's UnmarshalJSON:
// a value that has it was decoded by normgen's generated code, which
// reports its problems and fixes at paths of its own.
type Generated interface {
	UnmarshalJSONReport([]byte) ([]lenient.Fix, error)
}

// OwnJSON decodes v with u's own UnmarshalJSON, as encoding/json does for
// a type that has one (null included: by Go's convention it changes
// nothing); its error is a problem naming the path, and so is a panic
// (recovered: a method promoted through a nil embedded pointer, such as
// struct{ *time.Time }'s, panics on every value it would read, in
// encoding/json too, and a call's value must not end the process).
// Where normgen generated the method (u is Generated: a struct of
// another package), its problems are put at their paths under name's, as
// that package's code reports them, not as one refusal of v.
func (d *Decoder) OwnJSON(v []byte, name string, u json.Unmarshaler) {
	defer d.recovered(name, v, "is refused: its UnmarshalJSON panicked")
	if _, ok := u.(Generated); ok {
		d.generatedJSON(v, name, u)
		return
	}
	if err := u.UnmarshalJSON(v); err != nil {
		d.FailKind(lenient.KindRefused, name, v, "is refused: "+err.Error())
	}
}

// generatedJSON is OwnJSON for a value normgen generated the decoder of,
// which reads v as a document of its own: each problem it reports is
// rooted at name's path. A key given twice that d reported already (Begin
// does, for the whole call) is not reported again. Its fixes are not
// recorded, as for any value its own method decodes: the rule table has
// none there (docs/semantics.md), and the fixes a call reports are the
// ones its rules make.
func (d *Decoder) generatedJSON(v []byte, name string, u json.Unmarshaler) {
	err := u.UnmarshalJSON(v)
	var e *lenient.Error
	if !errors.As(err, &e) {
		if err != nil {
			d.FailKind(lenient.KindRefused, name, v, "is refused: "+err.Error())
		}
		return
	}
	at := d.problemPath(name)
	for _, p := range e.Problems {
		p.Path = joinChild(at, p.Path)
		if p.Kind == lenient.KindDuplicate && d.reported(p) {
			continue
		}
		if d.secret > 0 {
			RedactProblem(&p)
		}
		d.problems = append(d.problems, p)
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

// reported reports whether d has the problem p already, at its path and
// with its words.
func (d *Decoder) reported(p lenient.Problem) bool {
	for _, q := range d.problems {
		if q.Path == p.Path && q.Msg == p.Msg {
			return true
		}
	}
	return false
}
