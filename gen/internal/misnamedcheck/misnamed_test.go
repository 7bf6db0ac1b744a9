package misnamedcheck

import (
	"testing"

	"github.com/normgen/normgen/internal/rulecheck"
)

// seeds are calls a review of both paths found keys in: siblings
// (issue_title), a word more (per_page_size) or fewer (depth), other
// spelling styles (issueTitle, issue-number), keys in another letter case
// (Title) beside their field given or not, each beside its field
// left out, sent as null, "" or "null", or given, at the top, in nested
// objects, slices, maps (with keys that need quoting in a path), a
// recursive struct, and JSON text.
var seeds = map[string][]string{
	"edit_issue": {
		`{"owner":"o","repo":"r","issue_title":"x"}`,
		`{"owner":"o","repo":"r","issue_title":"x","title":null}`,
		`{"owner":"o","repo":"r","issue_title":"x","title":""}`,
		`{"owner":"o","repo":"r","issue_title":"x","title":"null"}`,
		`{"owner":"o","repo":"r","owner_name":"x"}`,
		`{"owner":"o","repo":"r","comment_body":"x"}`,
		`{"owner":"o","repo":"r","style_index":3}`,
		`{"owner":"o","repo":"r","issueTitle":"x"}`,
		`{"owner":"o","repo":"r","issue_description":"x"}`,
		`{"owner":"o","repo":"r","issue_body":"x"}`,
		`{"owner":"o","repo":"r","issue_state":"open","issue_status":"x"}`,
		`{"owner":"o","repo":"r","issue_state":"","issue_status":"x"}`,
		`{"owner":"o","repo":"r","issue_state":null,"issue_status":"x"}`,
		`{"owner":"o","repo":"r","filter":{"filter_status":"x"}}`,
		`{"owner":"o","repo":"r","filter":"{\"filter_status\":\"x\"}"}`,
		`{"owner":"o","repo":"r","Title":"x"}`,
		`{"owner":"o","repo":"r","Title":"x","title":"y"}`,
		`{"owner":"o","repo":"r","TITLE":"x","title":null}`,
		`{"owner":"o","repo":"r","issueNumber":3,"issue_title":"x"}`,
		`{"owner":"o","repo":"r","IssueNumber":3,"issue_title":"x"}`,
		`{"owner":"o","repo":"r","issue-number":3,"issue_title":"x"}`,
	},
	"list_things": {
		`{"title":"t","page_size":50}`,
		`{"title":"t","page_count":50}`,
		`{"title":"t","pageSize":50}`,
		`{"title":"t","page_num":2}`,
		`{"title":"t","per_page_size":2}`,
		`{"title":"t","page_number_size":2}`,
		`{"title":"t","max_depth_size":2}`,
		`{"title":"t","depth":2}`,
		`{"title":"t","query_type":"x"}`,
		`{"title":"t","search_query":"x"}`,
		`{"title":"t","query_string":"x"}`,
		`{"title":"t","items":[{"item_id":"a","item_title":"x"}]}`,
		`{"title":"t","items":[{"item_id":"a","item_title":"x","item_name":""}]}`,
		`{"title":"t","labels":{"a":{"label_title":"x"}}}`,
		`{"title":"t","labels":{"a":{"label_title":"x","label_color":""}}}`,
		`{"title":"t","labels":{"a":{"label_title":"x","label":"n"}}}`,
		`{"title":"t","file_name":"x"}`,
		`{"title":"t","page":null,"page_index":3}`,
		`{"title":"t","page":"","page_index":3}`,
		`{"title":"t","perPage":null,"per_page":3}`,
		`{"title":"t","labels":{"a":{"text_color":"x"}}}`,
		`{"title":"t","labels":{"x.y":{"text_color":"x"}}}`,
		`{"title":"t","labels":{"a b":{"text_color":"x"}}}`,
		`{"title":"t","labels":{"a[0]":{"text_color":"x"}}}`,
		`{"title":"t","labels":{"a\"b":{"text_color":"x"}}}`,
		`{"title":"t","labels":{"":{"text_color":"x"}}}`,
		`{"title":"t","labels":{"x.y":{"text_color":"x","label_color":""}}}`,
		`{"title":"t","labels":{"x.y":{"text_color":"x","label_color":null}}}`,
		`{"title":"t","labels":"{\"x.y\":{\"text_color\":\"x\"}}"}`,
		`{"title":"t","items":[{"item_id":"a","text_count":1}]}`,
		`{"title":"t","items":[{"item_id":"a","text_count":1,"item_count":""}]}`,
		`{"title":"t","items":[{"item_id":"a","text_count":1,"item_count":null}]}`,
		`{"title":"t","items":[{"item_id":"a","text_count":1,"item_count":"null"}]}`,
		`{"title":"t","items":"[{\"item_id\":\"a\",\"text_count\":1}]"}`,
		`{"title":"t","items":{"item_id":"a","text_count":1}}`,
		`{"title":"t","filter":{"text_state":"x"}}`,
		`{"title":"t","filter":{"text_state":"x","filter_state":null}}`,
		`{"title":"t","filter":{"text_state":"x","filter_state":""}}`,
		`{"title":"t","filter":null,"text_state":"x"}`,
		`{"title":"t","filter":"","filter_text":"x"}`,
		`{"title":"t","per_page":5,"page_index":1}`,
		`{"title":"t","PerPage":5,"page_index":1}`,
		`{"title":"t","page":"null","page_index":1}`,
		`{"title":"t","perPage":"","page_index":1}`,
		`{"title":"t","search_text":"","query_string":1}`,
		`{"title":"t","search_text":null,"query_string":1}`,
	},
	"deep": {
		`{"find_filter":1}`,
		`{"text_filter":1}`,
		`{"groups":{"a.b":[{"item_id":"x","text_count":1}]}}`,
		`{"grid":[[{"item_id":"x","text_count":1}]]}`,
		`{"root":{"children":[{"children":[{"node_title":"x"}]}]}}`,
		`{"root":{"children":[{"children":[{"text_name":"x"}]}]}}`,
		`{"nodes":[{"text_name":"x","name":null}]}`,
	},
	"auth": {
		`{"owner":"o","api_key_name":"x"}`,
		`{"owner":"o","Cursor":"x","cursor":"y"}`,
		`{"owner":"o","window":{"timeout_msec":1}}`,
		`{"owner":"o","windows":[{"Since":"2024-01-02T15:04:05Z","since":null}]}`,
		`{"owner":"o","closed":{"Name":"x","closed_nam":"y"}}`,
		`{"owner":"o","extra":{"a.b":{"NAME":"x"}}}`,
	},
	"add_note": {
		`{"note_title":"t","note_text":"x"}`,
		`{"note_title":"t","noteBody":"x","note_text":"y"}`,
		`{"note_title":"t","user_name":"x"}`,
		`{"note_title":"t","user":"x"}`,
		`{"note_title":"t","name":"","user_login":"x"}`,
		`{"note_title":"t","name":null,"user_label":"x"}`,
		`{"note_title":"t","user-id":"x"}`,
		`{"note_title":"t","USER-ID":"x","userId":null}`,
		`{"note_title":"t","user-id":"x","user_id":"y"}`,
		`{"note_title":"t","UserId":"x"}`,
	},
}

// TestMisnamedAgree: the generated decoders and the normalizer over the
// generated rules refuse the same keys as misnamed or in another letter
// case, in the same words, on the seeds and 24,000 generated calls.
func TestMisnamedAgree(t *testing.T) {
	rulecheck.RunMisnamed(t, NormgenTools(), seeds, 2400)
}

// TestRulesEqualDecoder is the rulecheck property on these tools.
func TestRulesEqualDecoder(t *testing.T) {
	rulecheck.Run(t, NormgenTools(), seeds, 1000)
}
