package normalize

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

func TestSecretRulesValidated(t *testing.T) {
	for _, tc := range []struct {
		rule lenient.Rule
		want string // "" for valid
	}{
		{lenient.Rule{ID: "s", Tools: []string{"*"}, Type: lenient.RuleSecret, From: "password"}, ""},
		{lenient.Rule{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "db.dsn"}, ""},
		{lenient.Rule{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "creds[].token"}, ""},
		{lenient.Rule{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "env{}"}, ""},
		{lenient.Rule{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret}, "rule 0 (s): from (or path) is missing for type secret"},
		{lenient.Rule{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret, From: "p", To: "q"}, "rule 0 (s): to is not used by type secret"},
		{lenient.Rule{ID: "s", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "f(.and[])*.key"}, `rule 0 (s): path "f(.and[])*.key": a secret path takes member names, [] and {}, not a group or a guard: list each place`},
	} {
		err := ValidateRules([]lenient.Rule{tc.rule}, nil)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%+v:\n got %q\nwant %q", tc.rule, got, tc.want)
		}
	}
	// Two secret rules on one place (a tool's and the wildcard) are not a conflict.
	if err := ValidateRules([]lenient.Rule{{ID: "a", Tools: []string{"t"}, Type: lenient.RuleSecret, From: "p"}, {ID: "b", Tools: []string{"*"}, Type: lenient.RuleSecret, From: "p"}}, nil); err != nil {
		t.Error(err)
	}
	// The rules file form: a secret rule is a rule like the others, its index named.
	_, err := LoadRules(strings.NewReader(`[{"id":"ok","tools":["*"],"type":"secret","from":"token"},{"id":"bad","tools":["*"],"type":"secret","path":"a(.b)*.c"}]`), nil)
	var re *RulesError
	if !errors.As(err, &re) || len(re.Errors) != 1 || re.Errors[0].Index != 1 {
		t.Errorf("LoadRules: %v", err)
	}
}

func secretsOf(t *testing.T, paths ...string) *secrets {
	t.Helper()
	var rules []lenient.Rule
	for i, p := range paths {
		rules = append(rules, lenient.Rule{ID: string(rune('a' + i)), Tools: []string{"t"}, Type: lenient.RuleSecret, Path: p})
	}
	if err := ValidateRules(rules, nil); err != nil {
		t.Fatal(err)
	}
	_, idx := splitSecrets(rules)
	return idx.byTool["t"]
}

func TestRedactJSON(t *testing.T) {
	s := secretsOf(t, "password", "db.dsn", "creds[].token", "env{}")
	for _, tc := range []struct{ in, want string }{
		{`{"user":"a"}`, `{"user":"a"}`},
		// byte-faithful elsewhere: spaces, escapes, number spellings kept
		{`{ "user" : "\u0061<b>", "password" : "hunter2", "n": 1.50 }`, `{ "user" : "\u0061<b>", "password" : "[secret, 9 bytes]", "n": 1.50 }`},
		{`{"password":"a","password":"bb"}`, `{"password":"[secret, 3 bytes]","password":"[secret, 4 bytes]"}`},
		{`{"pasword":"hunter2","Password":"x","passwd":"y"}`, `{"pasword":"[secret, 9 bytes]","Password":"[secret, 3 bytes]","passwd":"[secret, 3 bytes]"}`},
		{`{"db":{"host":"h","dsn":"pg://u:p@h"}}`, `{"db":{"host":"h","dsn":"[secret, 12 bytes]"}}`},
		{`{"db":"{\"dsn\":\"x\"}"}`, `{"db":"[secret, 17 bytes]"}`},
		{`{"db":"plain"}`, `{"db":"plain"}`},
		{`{"creds":[{"token":"t1","id":1},{"token":{"a":[1]}}]}`, `{"creds":[{"token":"[secret, 4 bytes]","id":1},{"token":"[secret, 9 bytes]"}]}`},
		{`{"env":{"A":"1","B":2}}`, `{"env":{"A":"[secret, 3 bytes]","B":"[secret, 1 bytes]"}}`},
		{`{"password":12345}`, `{"password":"[secret, 5 bytes]"}`},
	} {
		got := string(s.redactJSON([]byte(tc.in)))
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
		}
		if !json.Valid([]byte(got)) {
			t.Errorf("%s: not JSON", got)
		}
	}
	if got := string(s.redactCall([]byte(`{"password":"hunter2"`))); got != `"[secret, 21 bytes]"` {
		t.Errorf("invalid JSON: %s", got)
	}
	var none *secrets
	in := []byte(`{"password":"x"}`)
	if got := none.redactJSON(in); &got[0] != &in[0] {
		t.Error("no secrets: a copy")
	}
}

func TestRedactMap(t *testing.T) {
	s := secretsOf(t, "password", "db.dsn")
	args := map[string]any{"user": "a", "password": "hunter2", "db": map[string]any{"dsn": "pg", "host": "h"}, "pasword": "x"}
	got := s.redactMap(args)
	b, _ := json.Marshal(got)
	if want := `{"db":{"dsn":"[secret, 4 bytes]","host":"h"},"password":"[secret, 9 bytes]","pasword":"[secret, 3 bytes]","user":"a"}`; string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
	if args["password"] != "hunter2" || args["db"].(map[string]any)["dsn"] != "pg" {
		t.Errorf("the caller's map changed: %v", args)
	}
}

func TestRedactApplied(t *testing.T) {
	s := secretsOf(t, "pin", "creds[].token", "db.dsn")
	applied := []Applied{
		{Type: lenient.RuleTypeCoerce, Param: "pin", From: `"12"`, To: "12"},
		{Type: lenient.RuleTypeCoerce, Param: "port", From: `"80"`, To: "80"},
		{Type: lenient.RuleTypeCoerce, Param: "creds[3].token", From: `"7"`, To: "7"},
		{Type: lenient.RuleParamAlias, Param: "pin", From: "code", To: "pin"},
		{Type: lenient.RuleJSONAcceptBoth, Param: "db", From: `"{\"dsn\":\"x\"}"`, To: `{"dsn":"x"}`},
		{Type: lenient.RuleParamDefault, Param: "db.host", To: `"h"`},
	}
	got := s.redact(applied)
	b, _ := json.Marshal(got)
	want := `[{"rule_id":"","type":"type_coerce","param":"pin","from":"\"[secret, 4 bytes]\"","to":"\"[secret, 2 bytes]\""},{"rule_id":"","type":"type_coerce","param":"port","from":"\"80\"","to":"80"},{"rule_id":"","type":"type_coerce","param":"creds[3].token","from":"\"[secret, 3 bytes]\"","to":"\"[secret, 1 bytes]\""},{"rule_id":"","type":"param_alias","param":"pin","from":"code","to":"pin"},{"rule_id":"","type":"json_accept_both","param":"db","from":"\"[secret, 17 bytes]\"","to":"\"[secret, 11 bytes]\""},{"rule_id":"","type":"param_default","param":"db.host","to":"\"h\""}]`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// TestNormalizerSecrets: a secret rule of a rules file hides the value in
// the normalizer's records, statistics and call log, and changes nothing
// else: the arguments keep it.
func TestNormalizerSecrets(t *testing.T) {
	dir := t.TempDir()
	rules := []lenient.Rule{
		{ID: "pin", Tools: []string{"login"}, Type: lenient.RuleTypeCoerce, From: "pin", CoerceTo: "int"},
		{ID: "pin.secret", Tools: []string{"login"}, Type: lenient.RuleSecret, From: "pin"},
		{ID: "token.secret", Tools: []string{"*"}, Type: lenient.RuleSecret, From: "token"},
	}
	n, err := New(rules, WithLogDir(dir), WithCallLog(filepath.Join(dir, "calls.jsonl"), 0))
	if err != nil {
		t.Fatal(err)
	}
	out, applied, err := n.NormalizeJSON("login", []byte(`{"pin":"4242-SEKRIT-0","token":"tok-SEKRIT"}`))
	if err != nil || string(out) != `{"pin":"4242-SEKRIT-0","token":"tok-SEKRIT"}` || applied != nil {
		t.Errorf("%s %v %v", out, applied, err)
	}
	out, applied, _ = n.NormalizeJSON("login", []byte(`{"pin":"987654321","token":"tok-SEKRIT"}`))
	if string(out) != `{"pin":987654321,"token":"tok-SEKRIT"}` || len(applied) != 1 || applied[0].From != `"[secret, 11 bytes]"` {
		t.Errorf("%s %+v", out, applied)
	}
	n.Normalize("other", map[string]any{"token": "tok-SEKRIT"})
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"calls.jsonl", "normalizer_stats.json"} {
		b, _ := os.ReadFile(filepath.Join(dir, f))
		if bytes.Contains(b, []byte("SEKRIT")) || bytes.Contains(b, []byte("987654321")) {
			t.Errorf("%s shows a secret:\n%s", f, b)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "calls.jsonl"))
	if want := `{"tool":"login","args":{"pin":"[secret, 15 bytes]","token":"[secret, 12 bytes]"}}
{"tool":"login","args":{"pin":"[secret, 11 bytes]","token":"[secret, 12 bytes]"}}
{"tool":"other","args":{"token":"[secret, 12 bytes]"}}
`; string(b) != want {
		t.Errorf("call log:\n%s\nwant\n%s", b, want)
	}
}

// TestSecretAliases: a secret sent under an alias of its key (a
// param_alias to it, at the top or at a path; a nested_alias in a
// payload), or under a misspelling of that alias, is hidden in the call
// log as under its own key, where it was written in the clear (found by
// a newcomer's trial: the generator writes an alias rule beside the
// secret one for norm:"secret,alias=key").
func TestSecretAliases(t *testing.T) {
	dir := t.TempDir()
	rules := []lenient.Rule{
		{ID: "tok", Tools: []string{"login"}, Type: lenient.RuleSecret, From: "api_token"},
		{ID: "tok.key", Tools: []string{"login"}, Type: lenient.RuleParamAlias, From: "access_key", To: "api_token"},
		{ID: "pw", Tools: []string{"*"}, Type: lenient.RuleSecret, Path: "creds.password"},
		{ID: "pw.pass", Tools: []string{"login", "other"}, Type: lenient.RuleParamAlias, Path: "creds.pass", To: "password"},
		{ID: "creds", Tools: []string{"login"}, Type: lenient.RuleParamAlias, From: "credentials", To: "creds"},
		{ID: "step.key", Tools: []string{"run"}, Type: lenient.RuleSecret, Path: "plan.steps[].key"},
		{ID: "step.k", Tools: []string{"run"}, Type: lenient.RuleNestedAlias, InPayload: "plan", ArrayPath: "steps[]", From: "k", To: "key"},
		{ID: "user", Tools: []string{"login"}, Type: lenient.RuleParamAlias, From: "username", To: "user"},
	}
	n, err := New(rules, WithCallLog(filepath.Join(dir, "calls.jsonl"), 0))
	if err != nil {
		t.Fatal(err)
	}
	n.NormalizeJSON("login", []byte(`{"username":"u","access_key":"SEKRIT1","creds":{"pass":"SEKRIT2"}}`))
	n.NormalizeJSON("login", []byte(`{"acess_key":"SEKRIT3","credentials":{"password":"SEKRIT4","pass":"SEKRIT5"}}`))
	n.Normalize("other", map[string]any{"creds": map[string]any{"pass": "SEKRIT6"}})
	n.NormalizeJSON("run", []byte(`{"plan":{"steps":[{"k":"SEKRIT7"}]}}`))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "calls.jsonl"))
	if want := `{"tool":"login","args":{"username":"u","access_key":"[secret, 9 bytes]","creds":{"pass":"[secret, 9 bytes]"}}}
{"tool":"login","args":{"acess_key":"[secret, 9 bytes]","credentials":{"password":"[secret, 9 bytes]","pass":"[secret, 9 bytes]"}}}
{"tool":"other","args":{"creds":{"pass":"[secret, 9 bytes]"}}}
{"tool":"run","args":{"plan":{"steps":[{"k":"[secret, 9 bytes]"}]}}}
`; string(b) != want {
		t.Errorf("call log:\n%s\nwant\n%s", b, want)
	}
}

// TestSecretGroupAliases checks that a secret sent under an alias whose
// path goes through a group (a recursive type's every depth, as the
// generator writes an alias there) is hidden in the call log at each
// depth a secret rule names: the alias was left out, and the call log
// wrote "SEKRIT" in the clear.
func TestSecretGroupAliases(t *testing.T) {
	dir := t.TempDir()
	rules := []lenient.Rule{
		{ID: "pw0", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "tree.password"},
		{ID: "pw1", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "tree.children[].password"},
		{ID: "pw2", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "tree.children[].children[].password"},
		{ID: "pw.alias", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: "tree(.children[])*.pw", To: "password"},
		{ID: "tok", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "tree.auth.token"},
		{ID: "auth.alias", Tools: []string{"t"}, Type: lenient.RuleParamAlias, Path: "tree(.children[]|.next)*.authentication", To: "auth"},
		{ID: "deep", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "tree.next.children[].auth.token"},
	}
	n, err := New(rules, WithCallLog(filepath.Join(dir, "calls.jsonl"), 0))
	if err != nil {
		t.Fatal(err)
	}
	n.NormalizeJSON("t", []byte(`{"tree":{"pw":"SEKRIT0","children":[{"pw":"SEKRIT1","children":[{"pw":"SEKRIT2"}]}],"authentication":{"token":"SEKRIT3"},"next":{"children":[{"authentication":{"token":"SEKRIT4"},"pw":"not one"}]}}}`))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "calls.jsonl"))
	if bytes.Contains(b, []byte("SEKRIT")) || !bytes.Contains(b, []byte("not one")) {
		t.Errorf("call log writes a secret, or hides what no secret rule names:\n%s", b)
	}
}

// TestSecretContainerScalars checks that a secret held in an array is
// hidden in the call log when the call sends a lone value where the array
// goes (which a wrap or split rule makes the array's item), and under a
// misspelling of a key on the secret's path, not only of its last key:
// both were written in the clear.
func TestSecretContainerScalars(t *testing.T) {
	dir := t.TempDir()
	rules := []lenient.Rule{
		{ID: "tok", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "tokens[]"},
		{ID: "tok.wrap", Tools: []string{"t"}, Type: lenient.RuleWrap, From: "tokens"},
		{ID: "key", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "keys[]"},
		{ID: "key.split", Tools: []string{"t"}, Type: lenient.RuleSplit, From: "keys", Value: json.RawMessage(`","`)},
		{ID: "pw", Tools: []string{"t"}, Type: lenient.RuleSecret, Path: "creds.password"},
	}
	n, err := New(rules, WithCallLog(filepath.Join(dir, "calls.jsonl"), 0))
	if err != nil {
		t.Fatal(err)
	}
	n.NormalizeJSON("t", []byte(`{"tokens":"SEKRIT1","keys":"SEKRIT2, SEKRIT3","creds":{"password":null}}`))
	n.NormalizeJSON("t", []byte(`{"tokens":12345678,"tokns":["SEKRIT4"],"cred":{"password":"SEKRIT5"}}`))
	n.Normalize("t", map[string]any{"tokens": "SEKRIT6", "keys": 12345678.0, "tokns": []any{"SEKRIT7"}, "extra": "shown"})
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "calls.jsonl"))
	if bytes.Contains(b, []byte("SEKRIT")) || bytes.Contains(b, []byte("12345678")) || !bytes.Contains(b, []byte("shown")) || !bytes.Contains(b, []byte(`"creds":{"password":"[secret, 4 bytes]"}`)) {
		t.Errorf("call log writes a secret, or hides what is not one:\n%s", b)
	}
}

// TestSecretNearKey checks that the call log hides a value under a key a
// misnamed_key rule refuses as near a secret's key (api_token for
// token: "did you mean token?"), which it wrote in the clear: it hid
// misspellings alone (found by a review).
func TestSecretNearKey(t *testing.T) {
	dir := t.TempDir()
	n, err := New([]lenient.Rule{
		{ID: "tok", Tools: []string{"t"}, Type: lenient.RuleSecret, From: "token"},
		{ID: "m", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Value: json.RawMessage(`["user","token"]`)},
	}, WithCallLog(filepath.Join(dir, "calls.jsonl"), 0))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = n.NormalizeJSON("t", []byte(`{"user":"bob","api_token":"SEKRIT1"}`))
	if err == nil || !strings.Contains(err.Error(), "did you mean token?") {
		t.Fatalf("not refused as near token: %v", err)
	}
	n.Close()
	b, _ := os.ReadFile(filepath.Join(dir, "calls.jsonl"))
	if bytes.Contains(b, []byte("SEKRIT")) || !bytes.Contains(b, []byte(`"user":"bob"`)) {
		t.Errorf("call log:\n%s", b)
	}
}
