package lenientimpl

import (
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/redact"
	"github.com/normgen/normgen/lenient"
)

// Secret marks a field declared secret (`norm:"secret"`: a password, a
// token, a connection string). It is read as without it; what normgen
// records or shows of its value (fix records, decode errors) is
// [secret, N bytes] instead. Generated code passes it with
// the field's other Mode bits, and brackets the field's decoding with
// Decoder.BeginSecret and EndSecret.
const Secret Mode = 1 << 7 // the highest bit: the other bits count up from 1

// BeginSecret starts the decoding of a secret field's value (norm:"secret"):
// until EndSecret, fixes record [secret, N bytes] for their values and
// problems show it for the value received.
func (d *Decoder) BeginSecret() { d.secret++ }

// EndSecret ends what BeginSecret started.
func (d *Decoder) EndSecret() { d.secret-- }

// redactFix hides a secret value's from and to (JSON text; nil stays nil).
func redactFix(from, to []byte) ([]byte, []byte) {
	if from != nil {
		from = redact.JSON(len(from))
	}
	if to != nil {
		to = redact.JSON(len(to))
	}
	return from, to
}

// redactProblem hides the secret value v in a problem: its Value, and any
// text of v's that its message repeats (an example made of it, an error
// of the field's own decoder quoting it).
func redactProblem(p *lenient.Problem, v []byte) {
	if v == nil {
		return
	}
	p.Value = redact.Text(len(v))
	p.Msg = scrub(p.Msg, v)
}

// RedactProblem hides a problem's value, a secret: its Value is [secret,
// N bytes] and its message repeats no text of it (an example made of it,
// as the decoders hide a norm:"secret" field's). The adapters call it
// for a value at a secret path (normalize.Normalizer.Secret).
func RedactProblem(p *lenient.Problem) {
	if p.Value != "" {
		redactProblem(p, []byte(p.Value))
	}
}

// scrub replaces in msg each occurrence of v's JSON text, and of its
// text when v is a string, with "…".
func scrub(msg string, v []byte) string {
	v = trimSpace(v)
	cands := []string{string(v)}
	if len(v) >= 2 && v[0] == '"' {
		cands = append(cands, string(jsonwire.KeyText(v)))
	}
	for _, c := range cands {
		if c != "" {
			msg = replaceAll(msg, c, "…")
		}
	}
	return msg
}

// BeginSecretHolder starts the decoding of a value that holds a secret
// field (a struct with a norm:"secret" field): until EndSecretHolder, a
// fix that reads it from JSON text, and a problem with a string that may
// hold such text, show [secret, N bytes] for the text.
func (d *Decoder) BeginSecretHolder() { d.holder++ }

// EndSecretHolder ends what BeginSecretHolder started.
func (d *Decoder) EndSecretHolder() { d.holder-- }

// hidden reports whether a fix of kind, or a problem (kind ""), with the
// value v is to be hidden: inside a secret field, or (inside a value that
// holds one) JSON text or a string that may hold it.
func (d *Decoder) hidden(kind lenient.FixKind, v []byte) bool {
	if d.secret > 0 {
		return true
	}
	if d.holder == 0 {
		return false
	}
	if kind == lenient.FixJSONText {
		return true
	}
	if len(v) > 0 && v[0] == '"' {
		t := trimSpace(jsonwire.KeyText(v))
		return len(t) > 0 && (t[0] == '{' || t[0] == '[')
	}
	return false
}

// replaceAll is strings.ReplaceAll (old not empty), written on
// strings.Cut and strings.Join (which encoding/json links already) so
// that the runtime does not link strings.Replace for one call on an
// error path.
func replaceAll(s, old, new string) string {
	var parts []string
	for {
		before, after, found := strings.Cut(s, old)
		parts = append(parts, before)
		if !found {
			return strings.Join(parts, new)
		}
		s = after
	}
}
