package lenientimpl_test

import (
	"encoding/json"
	"fmt"

	"github.com/normgen/normgen/runtime/lenientimpl"
)

// searchInput is decoded by hand here the way normgen's generated code does.
type searchInput struct {
	Path      string
	Limit     *int
	CountOnly bool
	FileTypes []string
}

var searchPathKeys = []string{"path", "file_path"}

// searchFields holds the keys of each field of searchInput, canonical
// name first.
var searchFields = lenientimpl.Fields{Keys: [][]string{{"path", "file_path"}, {"limit"}, {"count_only"}, {"file_types"}}}

func (x *searchInput) UnmarshalJSON(data []byte) error {
	var d lenientimpl.Decoder
	if d.Begin(data) {
		x.decode(&d, data, lenientimpl.Strict)
	}
	return d.Err()
}

func (x *searchInput) decode(d *lenientimpl.Decoder, v []byte, m lenientimpl.Mode) {
	*x = searchInput{}
	var it lenientimpl.ObjectIter
	if !d.Object(v, "", m, &it) {
		return
	}
	var seen [4]bool
	for it.Next() {
		switch string(it.Key) {
		case "path", "file_path":
			if d.Claim(&seen[0], &it, searchPathKeys) {
				x.Path = d.String(it.Value, "path", 0)
			}
		case "limit":
			if d.Claim(&seen[1], &it, []string{"limit"}) && !lenientimpl.Null(it.Value) {
				n := int(d.Int(it.Value, "limit", lenientimpl.IntBits, 0))
				x.Limit = &n
			}
		case "count_only":
			if d.Claim(&seen[2], &it, []string{"count_only"}) {
				x.CountOnly = d.Bool(it.Value, "count_only", 0)
			}
		case "file_types":
			var a lenientimpl.ArrayIter
			if d.Claim(&seen[3], &it, []string{"file_types"}) && d.Array(it.Value, "file_types", 0, &a) {
				d.Enter("file_types")
				s := make([]string, 0, a.Len())
				for a.Next() {
					d.EnterIndex(a.Index())
					s = append(s, d.String(a.Value, "", 0))
					d.Leave()
				}
				d.Leave()
				x.FileTypes = s
			}
		default:
			d.UnknownIn(&it, &searchFields)
		}
	}
	if !seen[0] {
		d.Missing("path", searchPathKeys[1:])
	}
	if !seen[1] {
		n := 100
		x.Limit = &n
		d.Defaulted("limit", "100")
	}
}

func Example() {
	var in searchInput
	err := json.Unmarshal([]byte(`{"file_path":"src","limit":"010","count_only":"YES","file_types":"[\"go\", \"md\"]"}`), &in)
	fmt.Println(in.Path, *in.Limit, in.CountOnly, in.FileTypes, err)

	err = json.Unmarshal([]byte(`{"path":"a","file_path":"b","limit":1.5,"count_only":1,"file_types":[1]}`), &in)
	fmt.Println(err)

	err = json.Unmarshal([]byte(`{"File_Path":"a","other":1}`), &in)
	fmt.Println(err)
	// Output:
	// src 10 true [go md] <nil>
	// path: is given more than once, as "path" and "file_path"; send one of them; limit: 1.5 is not a whole number (send 100 or "100"); count_only: 1 is not a boolean: numbers are not read as booleans (send true or false, or "true" or "false"); file_types[0]: 1 is not a string (send text in quotes, such as "1")
	// File_Path: is not a known key: keys are case-sensitive (send it as "file_path"); path: is required (also accepted as file_path); the object has "other", which is not a key
}
