package lenient

import "github.com/normgen/normgen/internal/jsonwire"

// FixValueAlias is the fix kind of a value alias read as its canonical
// value ("cp" read as "copy", `norm:"value_alias=cp:copy"`).
const FixValueAlias FixKind = "value_alias"

// ValueAlias records that the string value from, an alias, was read as its
// canonical value to, and returns to. Generated decoders call it from a
// switch over the field's aliases.
func (d *Decoder) ValueAlias(from, name, to string) string {
	if d.record {
		d.fix(name, FixValueAlias, jsonwire.AppendQuoteEncodingJSON(nil, from), jsonwire.AppendQuoteEncodingJSON(nil, to))
	}
	return to
}
