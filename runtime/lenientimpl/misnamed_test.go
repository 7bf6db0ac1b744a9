package lenientimpl

import (
	"errors"
	"fmt"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/lenient"
)

// TestNearKey checks the near-spelling rule (docs/semantics.md, Keys):
// the examples and real mistakes are near, common extra keys and
// other words are not.
func TestNearKey(t *testing.T) {
	for _, c := range []struct {
		sent, declared string
		want           int
	}{
		{"style_index", "style_id", jsonwire.NearSibling},
		{"uri", "url", jsonwire.NearTypo},
		{"thoght", "thought", jsonwire.NearTypo},
		{"thougth", "thought", jsonwire.NearTypo},
		{"filepath", "file_path", jsonwire.NearLetters},
		{"File-Path", "file_path", jsonwire.NearLetters},
		{"paths", "path", jsonwire.NearTypo},
		{"includehiden", "include_hidden", jsonwire.NearTypo},
		{"descripton", "description", jsonwire.NearTypo},
		{"old_string", "old_text", jsonwire.NearSibling},
		{"style_id", "style_id", jsonwire.NotNear},
		{"ids", "id", jsonwire.NotNear}, // too short
		{"id", "ids", jsonwire.NearTypo},
		{"ab", "a", jsonwire.NotNear},          // too short
		{"code", "mode", jsonwire.NotNear},     // another first letter
		{"next", "text", jsonwire.NotNear},     // another first letter
		{"force", "source", jsonwire.NotNear},  // another first letter
		{"reason", "region", jsonwire.NotNear}, // three edits
		{"state", "start", jsonwire.NotNear},   // two edits, five letters
		{"timeout", "time", jsonwire.NotNear},
		{"verbose", "version", jsonwire.NotNear},
		{"start_date", "end_date", jsonwire.NotNear},      // the last word alike
		{"depth", "maxDepth", jsonwire.NearWord},          // abhigyanpatwari/GitNexus#3261
		{"hours", "hours_back", jsonwire.NearWord},        // erikdarlingdata/PerformanceMonitor#3870
		{"trendline_type", "type", jsonwire.NearWord},     // sbroenne/mcp-server-excel#473
		{"name", "file_name", jsonwire.NearWord},          // a word more
		{"id", "user_id", jsonwire.NotNear},               // too short
		{"user_id", "id", jsonwire.NotNear},               // too short
		{"file_name", "file_mode_name", jsonwire.NotNear}, // a word more in the middle
		{"max_file_size", "size", jsonwire.NotNear},       // two words more
		{"_meta", "meta_data", jsonwire.NearWord},
		{"page_number", "page", jsonwire.NearWord}, // the page itself
		{"page_size", "page", jsonwire.NotNear},    // a page's size (github-mcp-server's list_branches)
		{"pageSize", "page", jsonwire.NotNear},
		{"query_type", "query", jsonwire.NotNear},
		{"path_filter", "path", jsonwire.NotNear},
		{"sort_order", "sort", jsonwire.NotNear},
		{"sort_order", "order", jsonwire.NearWord},     // a word more at the start
		{"page_size", "page_number", jsonwire.NotNear}, // a property of the page, and the page
		{"query_type", "query_text", jsonwire.NotNear},
		{"max_count", "max_total", jsonwire.NearSibling},  // two properties
		{"commit_sha", "commit_id", jsonwire.NearSibling}, // a sha names a commit as an id does
		{"max_page", "page", jsonwire.NotNear},            // a bound on the page
		{"limit_per_page", "perPage", jsonwire.NotNear},
		{"per_page", "page", jsonwire.NotNear}, // a page's size (github-mcp-server's perPage): found by a newcomer's trial
		{"perPage", "page", jsonwire.NotNear},
		{"page", "per_page", jsonwire.NotNear},               // the declared key the longer, alike
		{"depth", "maxDepth", jsonwire.NearWord},             // the declared key the longer: as before
		{"page", "page_size", jsonwire.NotNear},              // the declared key the longer, alike
		{"content_type", "content_types", jsonwire.NearTypo}, // a typo first
		{"", "a", jsonwire.NotNear},
		{"__", "", jsonwire.NotNear},
		// abbreviations, either of the two sent (found by a newcomer's
		// trial: col for column, operator for op, each left the field at
		// its default); not an abbreviation of two words, or of a word
		// that means another thing as often (found by a review)
		{"col", "column", jsonwire.NearAbbrev},
		{"operator", "op", jsonwire.NearAbbrev},
		{"sort_col", "sortColumn", jsonwire.NearAbbrev},
		{"repo_name", "repository_name", jsonwire.NearAbbrev},
		{"msg", "message", jsonwire.NearAbbrev},
		{"direction", "dir", jsonwire.NotNear}, // or a directory
		{"working_dir", "working_directory", jsonwire.NotNear},
		{"pwd", "password", jsonwire.NotNear},          // or the working directory
		{"env", "environment", jsonwire.NotNear},       // or environment variables
		{"desc", "description", jsonwire.NotNear},      // descending as often
		{"dir_name", "direction_id", jsonwire.NotNear}, // two words differ
		{"src", "dest", jsonwire.NotNear},
	} {
		if got := jsonwire.NearKey(c.sent, c.declared); got != c.want {
			t.Errorf("NearKey(%q, %q) = %d, want %d", c.sent, c.declared, got, c.want)
		}
	}
}

// TestMisnamed: an unknown key near the spelling of one field the object
// left out (not given, or given as a value its forms read as left out)
// is refused naming that field (KindMisnamed), by MissingIn; where
// the field is given, where two fields are near it alike, and where it
// resembles nothing, it is ignored as before; where the field is
// required, its "is required" names the key instead. The fast path gives
// up on such a key (the Decoder decides), and skips any other.
func TestMisnamed(t *testing.T) {
	fields := Fields{
		Keys:  [][]string{{"style_id"}, {"url"}, {"thought"}, {"path", "file_path"}, {"file_mode"}, {"file_size"}},
		Forms: []AbsentForms{AbsentNull, AbsentNull, Required, AbsentNull, AbsentNull, AbsentNull},
	}
	for _, c := range []struct {
		doc, want string
	}{
		{`{"thought":"t","style_index":3}`, `style_index: is not a known key; did you mean style_id? [misnamed]`},
		{`{"thought":"t","uri":"x"}`, `uri: is not a known key; did you mean url? [misnamed]`},
		{`{"thought":"t","filepath":"x"}`, `filepath: is not a known key; did you mean path? [misnamed]`},
		{`{"thought":"t","uri":"x","style-index":1}`, `uri: is not a known key; did you mean url? [misnamed]; style-index: is not a known key; did you mean style_id? [misnamed]`},
		{`{"thought":"t","uri":"x","url":"y"}`, `<nil>`},
		{`{"uri":"x","thought":"t","url":"y"}`, `<nil>`},
		{`{"thought":"t","url":null,"uri":"x"}`, `uri: is not a known key; did you mean url? [misnamed]`}, // null reads as url left out
		{`{"thought":"t","url":"","uri":"x"}`, `<nil>`},                                                   // "" is a url (no AbsentEmpty)
		{`{"thought":"t","style_id":1,"style_index":3}`, `<nil>`},
		{`{"thought":"t","reason":"x"}`, `<nil>`},
		{`{"thought":"t","file_name":"x"}`, `<nil>`}, // a sibling of path's alias and of file_mode and file_size alike
		{`{"thoght":"t"}`, `thought: is required; "thoght" is not a key: send it as "thought" [missing]`},
		{`{"thought":"t","URL":"x"}`, `URL: is not a known key: keys are case-sensitive (send it as "url") [key_case]`},
	} {
		misnamedCase(t, fields, c.doc, c.want)
	}
	// A key that is a spelling-style variant in another letter case
	// names the key the schema says, not the variant it folds to
	// (readonly for read_only named "readOnly" or "ReadOnly", keys the
	// schema does not say, as if it differed in case alone: found by a
	// newcomer's trial).
	variants := Fields{
		Keys:  [][]string{append([]string{"read_only"}, KeyVariants("read_only")...), {"url"}},
		Forms: []AbsentForms{AbsentNull, AbsentNull},
	}
	for _, c := range []struct{ doc, want string }{
		{`{"readonly":true}`, `readonly: is not a known key (send it as "read_only") [key_case]`},
		{`{"READ_ONLY":true}`, `READ_ONLY: is not a known key: keys are case-sensitive (send it as "read_only") [key_case]`},
		{`{"readOnly":true}`, `<nil>`},
	} {
		misnamedCase(t, variants, c.doc, c.want)
	}
	// An abbreviation is closer than a sibling (found by a trial on
	// github-mcp-server's merge_pull_request: commit_msg was refused as
	// commit_title's sibling, and beside commit_message too).
	merge := Fields{
		Keys:  [][]string{{"owner"}, {"commit_title"}, {"commit_message"}},
		Forms: []AbsentForms{Required, AbsentNull, AbsentNull},
	}
	for _, c := range []struct{ doc, want string }{
		{`{"owner":"o","commit_msg":"m"}`, `commit_msg: is not a known key; did you mean commit_message? [misnamed]`},
		{`{"owner":"o","commit_message":"m","commit_msg":"m"}`, `<nil>`},
	} {
		misnamedCase(t, merge, c.doc, c.want)
	}
	// github-mcp-server's list_branches, and an issue's fields: a key near
	// a field by a word more of its own, or as its sibling, names each
	// field left out that shares a word with it; a key naming a property
	// of a field's thing (page_size) is near none.
	github := Fields{
		Keys:  [][]string{{"owner"}, {"repo"}, {"page"}, {"perPage"}, {"issue_number"}, {"title"}, {"state"}},
		Forms: []AbsentForms{Required, Required, AbsentNull, AbsentNull, AbsentNull, AbsentNull, AbsentNull},
	}
	for _, c := range []struct {
		doc, want string
	}{
		{`{"owner":"o","repo":"r","page_size":50}`, `<nil>`},
		{`{"owner":"o","repo":"r","page_number":2}`, `page_number: is not a known key; did you mean page or issue_number? [misnamed]`},
		{`{"owner":"o","repo":"r","page_number":2,"perPage":10,"issue_number":1}`, `page_number: is not a known key; did you mean page? [misnamed]`},
		{`{"owner":"o","repo":"r","issue_title":"x"}`, `issue_title: is not a known key; did you mean issue_number or title? [misnamed]`},
		{`{"owner":"o","repo":"r","issue_title":"x","title":null}`, `issue_title: is not a known key; did you mean issue_number or title? [misnamed]`},
		{`{"owner":"o","repo":"r","issue_title":"x","title":"t"}`, `issue_title: is not a known key; did you mean issue_number? [misnamed]`},
		{`{"owner":"o","repo":"r","issue":7}`, `issue: is not a known key; did you mean issue_number? [misnamed]`},
		{`{"owner":"o","repo":"r","stat":"open"}`, `stat: is not a known key; did you mean state? [misnamed]`},
	} {
		misnamedCase(t, github, c.doc, c.want)
	}
	// A key with the same letters as two fields' keys (a spelling-style
	// variant the two share, which reads as neither) names each, while
	// the call leaves both out; it was ignored, its value dropped (found
	// by a real-catalog replay: file-path beside file_path and filePath).
	shared := Fields{
		Keys:  [][]string{{"file_path"}, {"filePath"}, {"mode", "file_mode"}, {"name"}},
		Forms: []AbsentForms{AbsentNull, AbsentNull, AbsentNull, Required},
	}
	for _, c := range []struct{ doc, want string }{
		{`{"name":"n","file-path":"x"}`, `file-path: is not a known key; did you mean file_path or filePath? [misnamed]`},
		{`{"name":"n","FILE-PATH":"x"}`, `FILE-PATH: is not a known key; did you mean file_path or filePath? [misnamed]`},
		{`{"name":"n","filePath":null,"file-path":"x"}`, `file-path: is not a known key; did you mean file_path or filePath? [misnamed]`},
		{`{"name":"n","file_path":"a","file-path":"x"}`, `<nil>`}, // near a field the call gives
		{`{"name":"n","filePath":"a","file-path":"x"}`, `<nil>`},
		{`{"name":"n","file-mode":"x"}`, `file-mode: is not a known key; did you mean mode? [misnamed]`},
		{`{"name":"n","file_name":"x"}`, `<nil>`}, // a sibling of file_path and file_mode alike
	} {
		misnamedCase(t, shared, c.doc, c.want)
	}
	fastSkips(t, shared, map[string]bool{"file-path": false, "file_name": true})
	fastSkips(t, fields, map[string]bool{"style_index": false, "uri": false, "filepath": false, "thoght": false, "reason": true, "file_name": true, "other": true})
}

// fastSkips checks that the fast path skips each key of skips that maps
// to true, alone in an object of fields' type (Fast.UnknownIn), and
// gives up on the others, which the Decoder refuses.
func fastSkips(t *testing.T, fields Fields, skips map[string]bool) {
	t.Helper()
	for key, skip := range skips {
		doc := []byte(`{"` + key + `":1}`)
		var f Fast
		if !f.begin(doc) || !f.Object(0) {
			t.Fatal("begin")
		}
		k, _ := f.Key(0)
		if got := f.UnknownIn(k, &fields); got != skip {
			t.Errorf("UnknownIn(%s) = %v, want %v", k, got, skip)
		}
	}
}

// misnamedCase decodes doc's members as fields (Decoder.Field, MissingIn)
// and checks its problems are want.
func misnamedCase(t *testing.T, fields Fields, doc, want string) {
	t.Helper()
	var d Decoder
	if !d.Start([]byte(doc), false) {
		t.Fatal("start")
	}
	var it ObjectIter
	if !d.Object([]byte(doc), "", 0, &it) {
		t.Fatal("object")
	}
	seen := make([]bool, len(fields.Keys))
	for d.Next(&it) {
		d.Field(&it, seen, &fields)
	}
	d.MissingIn(seen, &fields)
	if got := problems(d.Err()); got != want {
		t.Errorf("%s:\n got %s\nwant %s", doc, got, want)
	}
}

// TestMisnamedLeft: a field whose generated code reads its absent values
// itself (a default, a secret: Forms holds none) is left out, for a key
// near it, where it is given only as one of them, by Fields.Left, as the
// normalizer's absent rule removes it; without Left, it is given.
func TestMisnamedLeft(t *testing.T) {
	left := Fields{
		Keys:  [][]string{{"url"}, {"thought"}},
		Forms: []AbsentForms{0, Required},
		Left:  []AbsentForms{AbsentNull | AbsentEmpty, 0},
	}
	without := left
	without.Left = nil
	for _, c := range []struct {
		fields    *Fields
		doc, want string
	}{
		{&left, `{"thought":"t","url":"","uri":"x"}`, `uri: is not a known key; did you mean url? [misnamed]`},
		{&left, `{"thought":"t","url": null ,"uri":"x"}`, `uri: is not a known key; did you mean url? [misnamed]`},
		{&left, `{"thought":"t","url":"null","uri":"x"}`, `uri: is not a known key; did you mean url? [misnamed]`},
		{&left, `{"thought":"t","url":"y","uri":"x"}`, `<nil>`},
		{&without, `{"thought":"t","url":"","uri":"x"}`, `<nil>`},
	} {
		var d Decoder
		if !d.Start([]byte(c.doc), false) {
			t.Fatal("start")
		}
		var it ObjectIter
		if !d.Object([]byte(c.doc), "", 0, &it) {
			t.Fatal("object")
		}
		seen := make([]bool, len(c.fields.Keys))
		for d.Next(&it) {
			d.Field(&it, seen, c.fields)
		}
		if got := problems(d.Err()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.doc, got, c.want)
		}
	}
}

// TestMisnamedValue: the value of an object's misnamed_key rule is its
// Fields' keys, a required field's marked, where every field is required
// too (a key in another letter case is refused there), and none for no
// fields.
func TestMisnamedValue(t *testing.T) {
	f := Fields{Keys: [][]string{{"url"}, {"path", "file_path"}, {"title"}, {"id"}}, Forms: []AbsentForms{AbsentNull, 0, Required, NullMissing}}
	want := `["url",["path","file_path"],{"keys":["title"],"required":true},{"keys":["id"],"required":true}]`
	if got := string(f.MisnamedValue()); got != want {
		t.Errorf("MisnamedValue:\n got %s\nwant %s", got, want)
	}
	req := Fields{Keys: [][]string{{"title"}}, Forms: []AbsentForms{Required}}
	if got, want := string(req.MisnamedValue()), `[{"keys":["title"],"required":true}]`; got != want {
		t.Errorf("MisnamedValue of required fields only: %s, want %s", got, want)
	}
	if got := (&Fields{}).MisnamedValue(); got != nil {
		t.Errorf("MisnamedValue of no fields: %s, want nil", got)
	}
}

// problems lists err's problems with their kinds.
func problems(err error) string {
	var le *lenient.Error
	if !errors.As(err, &le) {
		return fmt.Sprint(err)
	}
	out := ""
	for i, p := range le.Problems {
		if i > 0 {
			out += "; "
		}
		out += p.String() + " [" + string(p.Kind) + "]"
	}
	return out
}
