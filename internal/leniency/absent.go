package leniency

import (
	"encoding/json"

	"github.com/normgen/normgen/lenient"
)

// AbsentValues is the value of an absent rule (lenient.RuleAbsent) for
// forms: the JSON values read as the field left out ([null], [""] or
// [null,""]).
func AbsentValues(forms lenient.AbsentForms) json.RawMessage {
	switch forms {
	case lenient.AbsentNull:
		return json.RawMessage(`[null]`)
	case lenient.AbsentEmpty:
		return json.RawMessage(`[""]`)
	}
	return json.RawMessage(`[null,""]`)
}
