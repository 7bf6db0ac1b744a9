package lenientimpl

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/lenient"
)

// TestProblemKinds checks the Kind of one problem of each kind the
// Decoder's methods report, and that a kind never changes the message.
func TestProblemKinds(t *testing.T) {
	var arr ArrayIter
	for _, c := range []struct {
		want lenient.ProblemKind
		msg  string // a prefix of the problem's message
		run  func(d *Decoder)
	}{
		{lenient.KindSyntax, "invalid JSON", func(d *Decoder) { d.Begin([]byte(`{"a":`)) }},
		{lenient.KindDepth, "invalid JSON at offset 10000: nested too deeply", func(d *Decoder) { d.Begin([]byte(strings.Repeat("[", 10002))) }},
		{lenient.KindDuplicate, `key "a" is given twice`, func(d *Decoder) { d.Begin([]byte(`{"a":1,"a":2}`)) }},
		{lenient.KindType, "is not an integer", func(d *Decoder) { d.Int([]byte(`"100x"`), "n", 64, 0) }},
		{lenient.KindFraction, "is not a whole number", func(d *Decoder) { d.Int([]byte(`1.5`), "n", 64, 0) }},
		{lenient.KindRange, "is out of range", func(d *Decoder) { d.Int([]byte(`300`), "n", 8, 0) }},
		{lenient.KindRange, "is negative", func(d *Decoder) { d.Uint([]byte(`-1`), "n", 8, 0) }},
		{lenient.KindType, "is not a boolean", func(d *Decoder) { d.Bool([]byte(`"maybe"`), "b", 0) }},
		{lenient.KindType, "is not an array", func(d *Decoder) { d.Array([]byte(`5`), "a", 0, &arr) }},
		{lenient.KindText, "is a string but not JSON array text", func(d *Decoder) { d.Array([]byte(`"[1,"`), "a", 0, &arr) }},
		{lenient.KindText, `is a string but not JSON array text (unexpected '\'' at offset 1; JSON strings take double quotes, as in ["a"])`, func(d *Decoder) { d.Array([]byte(`"['a']"`), "a", 0, &arr) }},
		{lenient.KindTime, "is not a date-time", func(d *Decoder) { d.Time([]byte(`"soon"`), "at", 0) }},
		{lenient.KindDuration, "is not a duration", func(d *Decoder) { d.Duration([]byte(`"soon"`), "wait", 0, 0) }},
		{lenient.KindRange, "is not a whole number of nanoseconds", func(d *Decoder) { d.Duration([]byte(`1e-10`), "wait", time.Second, 0) }},
		{lenient.KindMissing, "is required", func(d *Decoder) { d.Missing("path", nil) }},
		{lenient.KindUnknownKey, "is not a known key (accepted: a)", func(d *Decoder) { d.unknown([]byte("b"), RejectUnknown, []string{"a"}, nil, nil) }},
		{lenient.KindUnknownKey, "is not a known key; did you mean title? (accepted: title, size)", func(d *Decoder) {
			d.unknown([]byte("titel"), RejectUnknown, []string{"title", "size"}, nil, func(string) bool { return false })
		}},
		// (not the key the object holds: asking for it would send it twice)
		{lenient.KindUnknownKey, "is not a known key (accepted: title, size)", func(d *Decoder) {
			d.unknown([]byte("titel"), RejectUnknown, []string{"title", "size"}, nil, func(k string) bool { return k == "title" })
		}},
		{lenient.KindKeyCase, "is not a known key: keys are case-sensitive", func(d *Decoder) { d.unknown([]byte("A"), 0, []string{"a"}, nil, nil) }},
		{lenient.KindRefused, "is refused by encoding/json", func(d *Decoder) { var n int; d.StdJSON([]byte(`"x"`), "n", &n) }},
		{lenient.KindEnum, "custom", func(d *Decoder) { d.FailKind(lenient.KindEnum, "s", nil, "custom") }},
	} {
		var d Decoder
		c.run(&d)
		var le *lenient.Error
		if !errors.As(d.Err(), &le) || len(le.Problems) == 0 {
			t.Errorf("%s: no problem", c.msg)
			continue
		}
		p := le.Problems[0]
		if !strings.HasPrefix(p.Msg, c.msg) {
			t.Errorf("problem %q, want one starting %q", p.Msg, c.msg)
		}
		if p.Kind != c.want {
			t.Errorf("%s: kind %q, want %q", p, p.Kind, c.want)
		}
	}
}

// TestProblemKindJSON checks that a Problem's JSON has its kind.
func TestProblemKindJSON(t *testing.T) {
	var d Decoder
	d.Int([]byte(`"100x"`), "limit", 64, 0)
	b, err := json.Marshal(d.Err().(*lenient.Error).Problems)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"path":"limit","value":"\"100x\"","message":"is not an integer (send 100 or \"100\")","kind":"type"}]`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
}
