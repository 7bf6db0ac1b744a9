package lenientimpl

import (
	"encoding/json"
	"strings"
	"testing"
)

// itemsInput is decoded by hand as generated code does: an array of
// objects whose name is required, unknown keys ignored.
type itemsInput struct {
	Items []item
}

type item struct {
	Name string
}

var itemNameKeys = []string{"name", "title"}

func (x *itemsInput) UnmarshalJSON(data []byte) error {
	var d Decoder
	if d.Begin(data) {
		var it ObjectIter
		if d.Object(data, "", 0, &it) {
			seen := false
			for d.Next(&it) {
				switch string(it.Key) {
				case "items":
					var a ArrayIter
					if d.Claim(&seen, &it, []string{"items"}) && d.Array(it.Value, "items", 0, &a) {
						d.Enter("items")
						for a.Next() {
							d.EnterIndex(a.Index())
							var e item
							e.decode(&d, a.Value)
							x.Items = append(x.Items, e)
							d.Leave()
						}
						d.Leave()
					}
				default:
					d.unknown(it.Key, 0, []string{"items"}, nil, nil)
				}
			}
			if !seen {
				d.Missing("items", nil)
			}
		}
	}
	return d.Err()
}

func (x *item) decode(d *Decoder, v []byte) {
	var it ObjectIter
	if !d.Object(v, "", 0, &it) {
		return
	}
	seen := false
	for d.Next(&it) {
		switch string(it.Key) {
		case "name", "title":
			if d.Claim(&seen, &it, itemNameKeys) {
				x.Name = d.String(it.Value, "name", 0)
			}
		default:
			d.unknown(it.Key, 0, itemNameKeys, nil, nil)
		}
	}
	if !seen {
		d.Missing("name", itemNameKeys[1:])
	}
}

// TestMissingNamesUnknownKeys: a required field left out of an object
// that holds keys the type does not know (and ignores) is reported with
// those keys, and with the declared key to send when one of them is a
// misspelling of it (edit distance, or another of snake_case, camelCase,
// kebab-case, PascalCase), so that a model corrects the call in one retry;
// the keys of another object never leak into the message (issue 24, 29).
func TestMissingNamesUnknownKeys(t *testing.T) {
	for _, tc := range []struct {
		args string
		want string
	}{
		{`{"items":[{"nmae":"a"}]}`, `items[0].name: is required (also accepted as title); "nmae" is not a key: send it as "name"`},
		{`{"items":[{"label":"a"}]}`, `items[0].name: is required (also accepted as title); the object has "label", which is not a key`},
		{`{"items":[{"label":"a","color":1}]}`, `items[0].name: is required (also accepted as title); the object has "label" and "color", which are not keys`},
		{`{"items":[{"label":"a","color":1,"size":2}]}`, `items[0].name: is required (also accepted as title); the object has "label", "color" and "size", which are not keys`},
		{`{"items":[{"titel":"a"}]}`, `items[0].name: is required (also accepted as title); "titel" is not a key: send it as "title"`},
		// element 1 sent no unknown key: no hint from element 0's
		{`{"items":[{"nmae":"a","name":"b"},{}]}`, `items[1].name: is required (also accepted as title)`},
		{`{"item":[]}`, `items: is required; "item" is not a key: send it as "items"`},
		{`{"Items":[]}`, `Items: is not a known key: keys are case-sensitive (send it as "items"); items: is required`},
		// a nested object's unknown keys are not the parent's
		{`{"items":[{"name":"a","itemz":1}]}`, `items: is required; the object has`},
	} {
		var x itemsInput
		err := json.Unmarshal([]byte(tc.args), &x)
		if tc.args == `{"items":[{"name":"a","itemz":1}]}` {
			if err != nil {
				t.Errorf("%s: %v", tc.args, err)
			}
			continue
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.args, err, tc.want)
		}
	}
}

// TestSpellingHint: a key spelled in another of the usual styles is named.
func TestSpellingHint(t *testing.T) {
	for _, tc := range []struct{ sent, declared string }{
		{"thoughtNumber", "thought_number"},
		{"ThoughtNumber", "thought_number"},
		{"thought-number", "thought_number"},
		{"style_id", "styleId"},
		{"relativePath", "relative_path"},
	} {
		var d Decoder
		doc := []byte(`{"` + tc.sent + `":1}`)
		d.Begin(doc)
		var it ObjectIter
		d.Object(doc, "", 0, &it)
		for d.Next(&it) {
			d.unknown(it.Key, 0, []string{tc.declared}, nil, nil)
		}
		d.Missing(tc.declared, nil)
		want := `is not a key: send it as "` + tc.declared + `"`
		if err := d.Err(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s for %s: %v; want %q", tc.sent, tc.declared, err, want)
		}
	}
}

func TestMisspelling(t *testing.T) {
	for _, tc := range []struct {
		sent, declared string
		want           bool
	}{
		{"nmae", "name", true}, {"titel", "title", true}, {"uri", "url", true}, {"qurey", "query", true},
		{"b", "a", false}, {"id", "ix", false}, {"pattern", "query", false}, {"limit", "offset", false},
		{"thoughtNumber", "thought_number", true}, {"thought", "thought_number", false},
		{"name", "name", false},
	} {
		if _, got := Misspelling(tc.sent, tc.declared); got != tc.want {
			t.Errorf("misspelling(%q, %q) = %v, want %v", tc.sent, tc.declared, got, tc.want)
		}
	}
}

// TestSiblingHint: a required key left out beside an unknown key that has
// its words but for the last one (old_string for old_text, the
// pasclaw-427 case of the mistakes corpus) is named as the key it likely
// meant, as a question: nothing is read as the field. A key that differs
// in another word (group_id for user_id), in more than one, or in the
// number of words is not paired, and neither is a key that two missing
// fields, or two unknown keys, could claim.
func TestSiblingHint(t *testing.T) {
	for _, tc := range []struct {
		sent    []string
		missing []string
		want    []string // per missing field, "" for no pairing
	}{
		{[]string{"old_string", "new_string"}, []string{"old_text", "new_text"}, []string{`"old_string" is not a key (did you mean "old_text"?)`, `"new_string" is not a key (did you mean "new_text"?)`}},
		{[]string{"oldString"}, []string{"old_text"}, []string{`"oldString" is not a key (did you mean "old_text"?)`}},
		{[]string{"start_date"}, []string{"startTime"}, []string{`"start_date" is not a key (did you mean "startTime"?)`}},
		{[]string{"group_id"}, []string{"user_id"}, []string{""}},
		{[]string{"old_string_value"}, []string{"old_text"}, []string{""}},
		{[]string{"text"}, []string{"body"}, []string{""}},
		{[]string{"file_name", "file_size"}, []string{"file_path"}, []string{""}},
		{[]string{"file_name"}, []string{"file_path", "file_mode"}, []string{"", ""}},
	} {
		var d Decoder
		doc := []byte(`{"` + strings.Join(tc.sent, `":1,"`) + `":1}`)
		d.Begin(doc)
		var it ObjectIter
		d.Object(doc, "", 0, &it)
		for d.Next(&it) {
			d.unknown(it.Key, 0, tc.missing, nil, nil)
		}
		for _, m := range tc.missing {
			d.Missing(m, nil)
		}
		err := d.Err()
		if err == nil {
			t.Fatalf("%v: no error", tc.sent)
		}
		for i, m := range tc.missing {
			got := err.Error()
			if tc.want[i] == "" {
				if strings.Contains(got, "did you mean") {
					t.Errorf("%v for %s: %s; want no pairing", tc.sent, m, got)
				}
				continue
			}
			if !strings.Contains(got, m+": is required; "+tc.want[i]) {
				t.Errorf("%v for %s:\n got %s\nwant %s", tc.sent, m, got, tc.want[i])
			}
		}
	}
}
