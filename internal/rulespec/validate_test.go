package rulespec

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestValidArrayPath: validArrayPath is the grammar the README gives for
// array_path, checked against that grammar as a regexp on random paths.
func TestValidArrayPath(t *testing.T) {
	re := regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*)?\[\]$`)
	alphabet := []byte("aZ_0-9.[]x ")
	for _, p := range []string{"", "[]", "steps[]", "data.items[]", "a.b.c[]", "_x-1[]", ".a[]", "a.[]", "a..b[]", "1a[]", "-a[]", "a[]b[]", "a", "a[", "a[]]", "a.b-c_d[]"} {
		if got, want := validArrayPath(p), re.MatchString(p); got != want {
			t.Errorf("validArrayPath(%q) = %v, the grammar says %v", p, got, want)
		}
	}
	seed := uint64(1)
	for range 20000 {
		n := int(seed % 9)
		b := make([]byte, n)
		for i := range b {
			seed = seed*6364136223846793005 + 1442695040888963407
			b[i] = alphabet[(seed>>33)%uint64(len(alphabet))]
		}
		seed = seed*6364136223846793005 + 1442695040888963407
		p := string(b)
		if seed>>62 != 0 {
			p += "[]"
		}
		if got, want := validArrayPath(p), re.MatchString(p); got != want {
			t.Fatalf("validArrayPath(%q) = %v, the grammar says %v", p, got, want)
		}
	}
}

// TestGuardLast: a path ending in a guard names an object (the guard
// holds only there), which a rule changing scalars never changes: such a
// rule loaded and never applied; json_accept_both may read that object.
// A path ending in a group is refused for a wrap or a split.
func TestGuardLast(t *testing.T) {
	for _, tc := range []struct {
		typ  lenient.RuleType
		path string
		bad  bool
	}{
		{lenient.RuleTypeCoerce, `a<"k"="v">`, true},
		{lenient.RuleWrap, `a<!"k">`, true},
		{lenient.RuleTypeCoerce, `a<"k"="v">.n`, false},
		{lenient.RuleJSONAcceptBoth, `a<"k"="v">`, false},
		// a group last: a wrap or split makes an array it reaches, and
		// again, without end (found by review: a call hung)
		{lenient.RuleWrap, `a([])*`, true},
		{lenient.RuleWrap, `a(.b|{}|[])*`, true},
		{lenient.RuleWrap, `a(.b)*.c`, false},
	} {
		r := lenient.Rule{ID: "x", Tools: []string{"t"}, Type: tc.typ, Path: tc.path}
		if tc.typ == lenient.RuleTypeCoerce {
			r.CoerceTo = "int"
		}
		probs := Validate([]lenient.Rule{r}, nil)
		if got := len(probs) > 0 && strings.Contains(probs[0].Msg, "ends with a "); got != tc.bad || !tc.bad && len(probs) > 0 {
			t.Errorf("%s %s: %v", tc.typ, tc.path, probs)
		}
	}
}

// TestRuleOnAliasedKey checks that a rule reading a key an alias renames
// is a load error naming the alias: aliases come first, so a default
// there put the key back beside the field ({"x":"v"} became
// {"y":"v","x":1}) and a coercion there never ran (found by a
// newcomer's trial).
func TestRuleOnAliasedKey(t *testing.T) {
	alias := lenient.Rule{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "x", To: "y"}
	for _, c := range []struct {
		rules []lenient.Rule
		want  string
	}{
		{[]lenient.Rule{alias, {ID: "d", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "x", Value: json.RawMessage(`1`)}},
			`rule 1 (d): reads x, which rule 0 (a) renames to y before any other rule runs (aliases come first): write it for y`},
		{[]lenient.Rule{{ID: "c", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "x", CoerceTo: "int"}, alias},
			`rule 1 (a): renames x to y before any other rule runs (aliases come first), so rule 0 (c), which reads x, finds it gone or puts it back beside the field: write that rule for y`},
	} {
		probs := Validate(c.rules, nil)
		if len(probs) != 1 || fmt.Sprintf("rule %d (%s): %s", probs[0].Index, probs[0].ID, probs[0].Msg) != c.want {
			t.Errorf("got %+v\nwant %s", probs, c.want)
		}
	}
	// other tools, a secret, a rule on the target, and a rule for other
	// tools too (a wildcard coercion of the key beside one tool's alias
	// of it: found by a review) are fine
	ok := []lenient.Rule{alias,
		{ID: "o", Tools: []string{"u"}, Type: lenient.RuleParamDefault, From: "x", Value: json.RawMessage(`1`)},
		{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret, From: "x"},
		{ID: "y", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "y", CoerceTo: "int"},
		{ID: "w", Tools: []string{"*"}, Type: lenient.RuleTypeCoerce, From: "x", CoerceTo: "int"},
		{ID: "v", Tools: []string{"t", "u"}, Type: lenient.RuleValueAlias, From: "x", Value: json.RawMessage(`{"a":"b"}`)}}
	if probs := Validate(ok, nil); len(probs) > 0 {
		t.Errorf("%+v", probs)
	}
}

// TestValueAliasFoldedByEnumCase checks that a value_alias whose alias
// is an enum_case value in another letter case is a load error: enum
// cases run first and read "LOW" as "low", so the alias LOW to high
// never applied, silently (found by a newcomer's trial). An alias that
// is no enum value in any case, and a rule of another value, load.
func TestValueAliasFoldedByEnumCase(t *testing.T) {
	ec := lenient.Rule{ID: "ec", Tools: []string{"t"}, Type: lenient.RuleEnumCase, From: "p", Value: json.RawMessage(`["low","high"]`)}
	va := lenient.Rule{ID: "va", Tools: []string{"t"}, Type: lenient.RuleValueAlias, From: "p", Value: json.RawMessage(`{"LOW":"high"}`)}
	probs := Validate([]lenient.Rule{ec, va}, nil)
	want := `contradicts rule 0 (ec): the value_alias "LOW" is the enum value "low" in another letter case, which enum_case reads as "low" first (enum cases come before value aliases): the alias never applies; map "low" instead, or drop it`
	if len(probs) != 1 || probs[0].Index != 1 || probs[0].Msg != want {
		t.Errorf("got %+v\nwant %s", probs, want)
	}
	ok := va
	ok.Value = json.RawMessage(`{"lo":"low","hi":"high"}`)
	if probs := Validate([]lenient.Rule{ec, ok, {ID: "o", Tools: []string{"t"}, Type: lenient.RuleValueAlias, From: "q", Value: json.RawMessage(`{"LOW":"high"}`)}}, nil); len(probs) > 0 {
		t.Errorf("%+v", probs)
	}
	// an alias for tools without the enum_case too does its work there,
	// and one to the value enum_case reads it as changes nothing (found
	// by a review)
	wider := va
	wider.Tools = []string{"t", "u"}
	same := va
	same.Value = json.RawMessage(`{"LOW":"low"}`)
	for _, r := range []lenient.Rule{wider, same} {
		if probs := Validate([]lenient.Rule{ec, r}, nil); len(probs) > 0 {
			t.Errorf("%s: %+v", r.Value, probs)
		}
	}
	// an alias that enum_case reads as another alias of the same value
	// (the generator lists an enum's aliases in its enum_case rule:
	// fetch:get|FETCH:get, found by a review)
	ecAliases := lenient.Rule{ID: "ec", Tools: []string{"t"}, Type: lenient.RuleEnumCase, From: "p", Value: json.RawMessage(`["get","put","fetch"]`)}
	both := va
	both.Value = json.RawMessage(`{"fetch":"get","FETCH":"get"}`)
	if probs := Validate([]lenient.Rule{ecAliases, both}, nil); len(probs) > 0 {
		t.Errorf("%s: %+v", both.Value, probs)
	}
	other := va
	other.Value = json.RawMessage(`{"fetch":"get","FETCH":"put"}`)
	if probs := Validate([]lenient.Rule{ecAliases, other}, nil); len(probs) != 1 {
		t.Errorf("%s: %+v; want the alias FETCH refused", other.Value, probs)
	}
}

// TestRuleOnKeyAliasedTogether checks that a rule on a key that several
// aliases rename for all its tools together (x to y for t, x to y for u,
// beside a coercion of x for t and u) is a load error: it never runs,
// and each alias alone covers none of its tools (found by a review).
func TestRuleOnKeyAliasedTogether(t *testing.T) {
	rules := []lenient.Rule{
		{ID: "at", Tools: []string{"t"}, Type: lenient.RuleParamAlias, From: "x", To: "y"},
		{ID: "au", Tools: []string{"u"}, Type: lenient.RuleParamAlias, From: "x", To: "y"},
		{ID: "c", Tools: []string{"t", "u"}, Type: lenient.RuleTypeCoerce, From: "x", CoerceTo: "int"},
	}
	probs := Validate(rules, nil)
	want := `rule 2 (c) reads x, which rule 0 (at) and rule 1 (au) rename before any other rule runs (aliases come first), for every tool it applies to: it never runs; write it for the aliases' targets`
	if len(probs) != 1 || probs[0].Index != 2 || probs[0].Msg != want {
		t.Errorf("got %+v\nwant %s", probs, want)
	}
	// a tool neither alias renames it for: the rule works there
	rules[2].Tools = []string{"t", "u", "v"}
	if probs := Validate(rules, nil); len(probs) > 0 {
		t.Errorf("%+v", probs)
	}
}
