package lenientimpl

import "github.com/normgen/normgen/lenient"

import "github.com/normgen/normgen/internal/jsonwire"

// ValueAlias records that the string value from, an alias, was read as its
// canonical value to, and returns to. Generated decoders call it from a
// switch over the field's aliases.
func (d *Decoder) ValueAlias(from, name, to string) string {
	if d.record {
		d.fix(name, lenient.FixValueAlias, jsonwire.AppendQuoteEncodingJSON(nil, from), jsonwire.AppendQuoteEncodingJSON(nil, to))
	}
	return to
}
