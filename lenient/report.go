package lenient

import "encoding/json"

// FixKind names a kind of fix a decoder or the normalizer made.
type FixKind string

// The kinds of fix a generated decoder records.
const (
	FixStringToInt   FixKind = "string_to_int"   // "100" read as 100
	FixStringToFloat FixKind = "string_to_float" // "1.5" read as 1.5
	FixStringToBool  FixKind = "string_to_bool"  // "yes" read as true
	FixNumberToInt   FixKind = "number_to_int"   // 5.0 or 1e3 read as 5 or 1000
	FixJSONText      FixKind = "json_text"       // "[1,2]" read as [1,2]
	FixWrap          FixKind = "wrap"            // "a" read as ["a"]
	FixSplit         FixKind = "split"           // "a,b" read as ["a","b"] (norm:"split=,")
	FixUnescape      FixKind = "unescape"        // literal \n read as a newline, \\ as \
	FixAlias         FixKind = "alias"           // old_str read as old_text
	FixDefault       FixKind = "default"         // absent key given its default
	FixAbsent        FixKind = "absent"          // null, or "" for a field that is not a string, read as an optional field left out
	FixEnumCase      FixKind = "enum_case"       // "JSON" read as the enum value "json"

	FixNullText   FixKind = "null_text"   // "null" read as null, for a field that is not a string and may be null
	FixEnumText   FixKind = "enum_text"   // true or 2 read as the string enum value "true" or "2"
	FixEnumDigits FixKind = "enum_digits" // "2" read as the integer enum value 2
	FixUnknownKey FixKind = "unknown_key" // unknown key ignored

	// FixTime is a time.Time's date-time read from a form that is not RFC
	// 3339 ("2024-06-01" read as "2024-06-01T00:00:00Z").
	FixTime FixKind = "time_format"

	// FixDuration is a time.Duration read from Go duration text or from a
	// number of its declared unit ("5s" read as 5000000000, nanoseconds).
	FixDuration FixKind = "duration"

	// FixValueAlias is the fix kind of a value alias read as its canonical
	// value ("cp" read as "copy", `norm:"value_alias=cp:copy"`).
	FixValueAlias FixKind = "value_alias"
)

// Fix records one change a lenient decoder made to what it received.
type Fix struct {
	// Param is the JSON path of the value.
	Param string `json:"param"`
	// Kind is what was done.
	Kind FixKind `json:"kind"`
	// From is the JSON received (absent for defaults).
	From json.RawMessage `json:"from,omitempty"`
	// To is the JSON of the value used (absent for ignored keys).
	To json.RawMessage `json:"to,omitempty"`
}
