// Package redact is what normgen shows in place of a secret value
// (norm:"secret", a rule of type secret): the decoders (package lenient)
// and the normalizer both show it with these.
package redact

import (
	"strconv"

	"github.com/normgen/normgen/internal/jsonwire"
)

// Text is what is shown in place of a secret value whose JSON text is n
// bytes long: "[secret, n bytes]".
func Text(n int) string { return "[secret, " + strconv.Itoa(n) + " bytes]" }

// JSON is Text as a JSON string, for fix records (whose values are JSON
// text) and call logs.
func JSON(n int) []byte { return jsonwire.AppendQuote(nil, Text(n)) }
