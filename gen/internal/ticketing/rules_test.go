package ticketing

import (
	"testing"

	"github.com/normgen/normgen/internal/rulecheck"
	"github.com/normgen/normgen/lenient"
)

// seeds are calls a model sends, one per shape issue 12 names: wrap,
// unescape, an integer in a nested struct, a nested default, a struct in a
// slice sent as JSON text, an empty id in a step.
var seeds = map[string][]string{
	"create_ticket": {
		`{"summary":"crash","labels":"bug","body":"l1\\nl2","watchers":"7"}`,
		`{"title":"x","links":"[{\"kind\":\"dup\",\"id\":\"12\"}]","fields":{"team":"{\"value\":\"core\",\"history\":\"old\"}"}}`,
		`{"title":"x","severity":"hi","estimate_h":"1.5","urgent":"yes"}`,
		`{"title":"x","estimate_h":null,"urgent":""}`, // what strict-mode OpenAI and Cursor send for fields left out
		`{"title":"x","severity":"HIGH"}`,             // an enum value in another letter case
		`{"title":"x","estimate_h":"null"}`,           // the null as text
		`{"title":"x","severty":"high"}`,              // a key near a field left out, which has a default: refused
		`{"title":"x","urgent":"","urgnt":true}`,      // a key near a field sent as "" (left out): refused
		// enum values in another letter case in an array and in a map
		`{"title":"x","areas":["API","ui"],"triage":{"db":"Later"}}`,
		`{"title":"x","areas":"[\"Db\"]","triage":{"a":"soon"}}`,
	},
	"run_pipeline": {
		`{"repo":"a/b","steps":[{"cmd":"make","retry":{"tries":"3"}},{"id":"","run":"x"}]}`,
		`{"project":"p","steps":"[{\"run\":\"a\",\"kind\":\"sh\",\"needs\":\"step-0\"}]","retry":{}}`,
		`{"project":"p","steps":[{"run":"t","env":"{\"A\":\"1\"}"}],"services":{"db":{"image":"pg","ports":"5432","ready":"{\"attempts\":\"2\"}"}},"matrix":{"go":"[\"1\",2]"}}`,
	},
	"snooze_ticket": {
		// a number of hours, alone among members a rule may change
		`{"ticket":5,"for":2,"notify":true}`,
		`{"ticket":"5","for":"1.5","notify":"yes"}`,
		`{"id":5,"for":"90m"}`,
	},
	"update_workflow": {
		`{"workflow":"w","checkpoints":[{"checks":[{"n":"2","note":"a\\tb"},{}]},{"gate":{"max_attempts":4.0}}]}`,
		`{"workflow":"w","default":"{\"checks\":\"[{}]\",\"owners\":[[\"a\"],\"[\\\"b\\\"]\"],\"limits\":{\"x\":\"5\"}}","strict_ids":[1]}`,
	},
}

// TestRulesEqualDecoder: for each tool, normalizing with the generated
// rules and then decoding strictly gives the lenient decoder's verdict and
// value, with the fixes recorded at the decoder's paths.
func TestRulesEqualDecoder(t *testing.T) {
	rulecheck.Run(t, NormgenTools(), seeds, 3000)
}

// FuzzRulesEqualDecoder is TestRulesEqualDecoder over fuzzed calls.
func FuzzRulesEqualDecoder(f *testing.F) {
	rulecheck.Fuzz(f, NormgenTools(), seeds)
}

// TestCheckerCatchesMissingRules: without the rules of any one type the
// check fails, so it does test each kind (wrap, unescape, defaults at any
// depth, JSON text at any depth, aliases, value aliases, coercions,
// misnamed keys).
func TestCheckerCatchesMissingRules(t *testing.T) {
	tools := NormgenTools()
	types := map[lenient.RuleType]bool{}
	for _, tool := range tools {
		for _, r := range tool.Rules {
			types[r.Type] = true
		}
	}
	if len(types) < 7 {
		t.Fatalf("the ticketing tools use %d rule types, want every kind", len(types))
	}
	for typ := range types {
		var cut []lenient.Tool
		for _, tool := range tools {
			c := tool
			c.Rules = nil
			for _, r := range tool.Rules {
				if r.Type != typ {
					c.Rules = append(c.Rules, r)
				}
			}
			cut = append(cut, c)
		}
		c, err := rulecheck.New(cut)
		if err != nil {
			t.Fatal(err)
		}
		failed := false
		for i, tool := range cut {
			for _, s := range seeds[tool.Name] {
				if c.Check(i, []byte(s)) != nil {
					failed = true
				}
			}
		}
		if !failed {
			t.Errorf("without the %s rules the check still passes on the seeds", typ)
		}
	}
}
