package mistakes

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

var update = flag.Bool("update", false, "rewrite docs/mistakes.md's table, raise the baseline to what normgen recovers (never lower it) and regenerate the pydantic results")

const (
	corpusPath   = "../../testdata/mistakes/cases.json"
	readmePath   = "../../docs/mistakes.md"
	pydanticPath = "testdata/pydantic.json"
	baselinePath = "testdata/baseline.json"
	tableBegin   = "<!-- mistakes-table: go run ./cmd/mistakes (bench module) -->\n"
	tableEnd     = "<!-- mistakes-table end -->\n"
)

// normgenKeys are the systems that must never corrupt a case and never
// recover fewer real cases than the baseline.
var normgenKeys = []string{Generated.Key, Catalog.Key}

func loadCases(t *testing.T) []Case {
	t.Helper()
	cases, err := Load(corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestCorpus checks each case against its own schema: the arguments
// meant are valid; a real case's arguments as sent are not (the corpus
// holds mistakes a schema can see: a call that passes the schema but
// means something else is no argument-shape mistake), but for a
// misnamed key (key-misnamed: a near spelling of a parameter left out,
// which a schema that takes unknown keys passes, and the caller's value
// is lost); and the Go type written for the case declares what the
// schema declares.
func TestCorpus(t *testing.T) {
	cases := loadCases(t)
	real := 0
	for i := range cases {
		c := &cases[i]
		if !c.Control {
			real++
			if err := validate(c, c.Args); err == nil && !slices.Equal(c.Class, []string{"key-misnamed"}) {
				t.Errorf("%s: the arguments as sent pass the schema", c.ID)
			}
		}
		if !c.Reject {
			if err := validate(c, c.Intended); err != nil {
				t.Errorf("%s: the intended arguments fail the schema: %v", c.ID, err)
			}
		}
		_, typ, err := goType(c)
		if err != nil {
			t.Error(err)
			continue
		}
		var s node
		if err := json.Unmarshal(c.Schema, &s); err != nil {
			t.Errorf("%s: schema: %v", c.ID, err)
			continue
		}
		for _, p := range checkType(typ, &s, "") {
			t.Errorf("%s: Go type %s: %s", c.ID, typ.Name(), p)
		}
	}
	if real < 50 {
		t.Errorf("%d real cases, want at least 50", real)
	}
	if n := len(goTypes); n != len(cases) {
		t.Errorf("package tools declares %d tools for %d cases", n, len(cases))
	}
}

// TestMistakes runs the corpus through every system: normgen corrupts no
// case, recovers at least the committed baseline, and docs/mistakes.md shows the
// table this run gives.
func TestMistakes(t *testing.T) {
	cases := loadCases(t)
	pr, err := LoadPydantic(pydanticPath)
	if err != nil {
		t.Fatal(err)
	}
	r := NewReport(cases, Systems(pr)...)
	for i, s := range r.Systems {
		for _, res := range r.Results[i] {
			for _, msg := range []string{res.Err, res.Want} {
				if strings.HasPrefix(msg, "harness:") {
					t.Errorf("%s, %s: %s", s.Key, res.Case.ID, msg)
				}
			}
		}
	}
	for _, key := range normgenKeys {
		for _, res := range r.results(key) {
			if res.Outcome == Corrupted {
				t.Errorf("%s corrupts %s: %s read as %s (meant: %s)", key, res.Case.ID, res.Case.Args, res.Got, orRefused(res.Want))
			}
		}
	}
	checkBaseline(t, r)
	checkReadme(t, r)
}

func orRefused(want string) string {
	if want == "" {
		return "refused"
	}
	return want
}

// checkBaseline compares what normgen recovers with the committed
// baseline: fewer is a regression; more asks for the baseline to be raised
// (-update), so that it stays the bar the next change must clear.
func checkBaseline(t *testing.T, r *Report) {
	t.Helper()
	base := map[string]int{}
	data, err := os.ReadFile(baselinePath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &base); err != nil {
		t.Fatalf("%s: %v", baselinePath, err)
	}
	raised := false
	for _, key := range normgenKeys {
		got := r.Tally(key).Recovered
		switch {
		case got < base[key]:
			t.Errorf("%s recovers %d real cases, fewer than the baseline %d (%s)", key, got, base[key], baselinePath)
		case got > base[key] && *update:
			base[key], raised = got, true
		case got > base[key]:
			t.Errorf("%s recovers %d real cases, more than the baseline %d: raise it with go test ./mistakes -update", key, got, base[key])
		}
	}
	if raised {
		out, _ := json.MarshalIndent(base, "", "  ")
		if err := os.WriteFile(baselinePath, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkReadme compares docs/mistakes.md's table with this run's.
func checkReadme(t *testing.T, r *Report) {
	t.Helper()
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := bytes.Cut(readme, []byte(tableBegin))
	old, after, ok2 := bytes.Cut(rest, []byte(tableEnd))
	if !ok || !ok2 {
		t.Fatalf("docs/mistakes.md has no block between %q and %q", strings.TrimSpace(tableBegin), strings.TrimSpace(tableEnd))
	}
	want := r.Markdown()
	if string(old) == want {
		return
	}
	if *update {
		out := strings.Join([]string{string(before), tableBegin, want, tableEnd, string(after)}, "")
		if err := os.WriteFile(readmePath, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("docs/mistakes.md's mistakes table is stale (go test ./mistakes -update rewrites it); want:\n%s", want)
}

// TestRejectionsActionable: every real case either normgen system still
// refuses is refused in the decoders' words, never a validator's dump:
// each problem names the path of the value (or key) at fault, has a kind,
// and says what to send (an accepted form, the key to send, the values,
// bounds, length or pattern to meet).
func TestRejectionsActionable(t *testing.T) {
	r := NewReport(loadCases(t), Generated, Catalog)
	says := map[lenient.ProblemKind]bool{
		lenient.KindMissing: true, lenient.KindEnum: true, lenient.KindRange: true, lenient.KindPattern: true,
		lenient.KindLength: true, lenient.KindItems: true, lenient.KindUnknownKey: true, lenient.KindKeyCase: true,
		lenient.KindMisnamed: true,
	}
	for _, key := range normgenKeys {
		n := 0
		for _, res := range r.results(key) {
			if res.Case.Control || res.Outcome != Rejected {
				continue
			}
			n++
			if len(res.Problems) == 0 {
				t.Errorf("%s refuses %s with no problem list: %s", key, res.Case.ID, res.Err)
			}
			for _, p := range res.Problems {
				switch {
				case p.Path == "":
					t.Errorf("%s, %s: a problem that names no path: %s", key, res.Case.ID, p)
				case p.Kind == "":
					t.Errorf("%s, %s: a problem without a kind: %s", key, res.Case.ID, p)
				case !says[p.Kind] && !strings.Contains(p.Msg, "(send ") && !strings.Contains(p.Msg, " JSON array text") && !strings.Contains(p.Msg, " JSON object text"):
					t.Errorf("%s, %s: %q does not say what to send", key, res.Case.ID, p)
				}
			}
		}
		if n == 0 {
			t.Logf("%s refuses no real case", key)
		}
	}
}

// TestNormgenTakesIntended: both normgen paths take every intended call
// (a valid one) as it is.
func TestNormgenTakesIntended(t *testing.T) {
	for _, c := range loadCases(t) {
		if c.Reject {
			continue
		}
		meant := c
		meant.Args = c.Intended
		for _, sys := range []System{Generated, Catalog} {
			got, want, err := sys.run(&meant)
			if err != nil {
				t.Errorf("%s refuses the intended call of %s: %v", sys.Key, c.ID, err)
			} else if got != want {
				t.Errorf("%s reads the intended call of %s as %s, want %s", sys.Key, c.ID, got, want)
			}
		}
	}
}

// TestPydanticResults regenerates the pydantic results with a Python whose
// pydantic has the committed results' major.minor version and compares
// them. Without one it skips, except in CI (CI=true), where .ci/run
// installs Debian's python3-pydantic.
func TestPydanticResults(t *testing.T) {
	committed, err := LoadPydantic(pydanticPath)
	if err != nil {
		t.Fatal(err)
	}
	python := ""
	for _, p := range []string{"/usr/bin/python3", "python3"} {
		if v, err := PydanticVersion(p); err == nil && majorMinor(v) == majorMinor(committed.Version) {
			python = p
			break
		}
	}
	if python == "" {
		msg := fmt.Sprintf("no python3 with pydantic %s (Debian: apt-get install python3-pydantic)", majorMinor(committed.Version))
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	out, err := RunPydantic(python, ".", corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadFile(pydanticPath)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(old, out) {
		return
	}
	if *update {
		if err := os.WriteFile(pydanticPath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is stale (go test ./mistakes -run TestPydanticResults -update rewrites it)", pydanticPath)
}

// TestCanonical: equal numbers are spelled alike, different ones not.
func TestCanonical(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"b":5.0,"a":[1e3,-0,0.50]}`, `{"a":[1000,0,0.5],"b":5}`},
		{`{"id":9007199254740993}`, `{"id":9007199254740993}`},
		{`{"x":1.25e-1}`, `{"x":0.125}`},
		{`not json`, `not json`},
	} {
		if got := Canonical([]byte(tc.in)); got != tc.want {
			t.Errorf("Canonical(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestRunClassifies: a system's outcome per case, including a control to
// refuse that is refused (recovered) or taken (corrupted).
func TestRunClassifies(t *testing.T) {
	cases := []Case{
		{ID: "meant", Intended: json.RawMessage(`{"n":5}`)},
		{ID: "other", Intended: json.RawMessage(`{"n":5}`)},
		{ID: "refused", Intended: json.RawMessage(`{"n":5}`)},
		{ID: "reject-refused", Reject: true},
		{ID: "reject-taken", Reject: true},
	}
	sys := System{Key: "fake", run: func(c *Case) (string, string, error) {
		switch c.ID {
		case "meant":
			return `{"n":5}`, wantJSON(c), nil
		case "other":
			return `{"n":4}`, wantJSON(c), nil
		case "reject-taken":
			return `{"n":1}`, "", nil
		}
		return "", "", fmt.Errorf("no")
	}}
	var got []string
	for _, r := range sys.Run(cases) {
		got = append(got, r.Case.ID+"="+r.Outcome.String())
	}
	want := "meant=recovered other=corrupted refused=rejected reject-refused=recovered reject-taken=corrupted"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("got  %s\nwant %s", s, want)
	}
}

// node is the part of a case's JSON Schema the Go type is checked against.
type node struct {
	Type       any              `json:"type"`
	AnyOf      []node           `json:"anyOf"`
	Properties map[string]*node `json:"properties"`
	Required   []string         `json:"required"`
	Items      *node            `json:"items"`
	Enum       []string         `json:"enum"`
	Minimum    *float64         `json:"minimum"`
	Maximum    *float64         `json:"maximum"`
}

// split returns the node's one JSON type and whether null is allowed too.
func (n *node) split() (typ string, nullable bool, sub *node) {
	sub = n
	if len(n.AnyOf) > 0 {
		for i := range n.AnyOf {
			if n.AnyOf[i].Type == "null" {
				nullable = true
			} else {
				sub = &n.AnyOf[i]
			}
		}
	}
	switch t := sub.Type.(type) {
	case string:
		typ = t
	case []any:
		for _, x := range t {
			if x == "null" {
				nullable = true
			} else {
				typ, _ = x.(string)
			}
		}
	}
	return typ, nullable, sub
}

// checkType lists where the Go type t does not declare what schema s
// does: the JSON type of each value, which properties exist and which are
// required (no omitempty), nullability (a pointer), enums and bounds.
func checkType(t reflect.Type, s *node, path string) []string {
	var probs []string
	bad := func(format string, args ...any) {
		probs = append(probs, fmt.Sprintf("%s: %s", strings.TrimPrefix(path, "."), fmt.Sprintf(format, args...)))
	}
	typ, nullable, s := s.split()
	if nullable != (t.Kind() == reflect.Pointer) {
		bad("nullable %v, but Go type %s", nullable, t)
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	kinds := map[string][]reflect.Kind{
		"integer": {reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64},
		"number":  {reflect.Float32, reflect.Float64},
		"boolean": {reflect.Bool},
		"string":  {reflect.String},
		"array":   {reflect.Slice},
		"object":  {reflect.Struct, reflect.Map},
	}
	ok := false
	for _, k := range kinds[typ] {
		ok = ok || t.Kind() == k
	}
	if !ok {
		bad("schema type %q, Go type %s", typ, t)
		return probs
	}
	switch t.Kind() {
	case reflect.Slice:
		if s.Items != nil {
			probs = append(probs, checkType(t.Elem(), s.Items, path+"[]")...)
		}
	case reflect.Map:
		if len(s.Properties) > 0 {
			bad("schema has properties, Go type is a map")
		}
	case reflect.Struct:
		probs = append(probs, checkStruct(t, s, path)...)
	case reflect.Int8, reflect.Uint:
		if t.Kind() == reflect.Int8 && (s.Minimum == nil || *s.Minimum != -128 || s.Maximum == nil || *s.Maximum != 127) {
			bad("an int8 field, but the schema's bounds are not -128..127")
		}
		if t.Kind() == reflect.Uint && (s.Minimum == nil || *s.Minimum != 0) {
			bad("a uint field, but the schema's minimum is not 0")
		}
	}
	return probs
}

func checkStruct(t reflect.Type, s *node, path string) []string {
	var probs []string
	required := map[string]bool{}
	for _, k := range s.Required {
		required[k] = true
	}
	seen := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		p := path + "." + name
		sub, ok := s.Properties[name]
		if !ok {
			probs = append(probs, fmt.Sprintf("%s: a field the schema does not declare", strings.TrimPrefix(p, ".")))
			continue
		}
		seen[name] = true
		if opt := strings.Contains(opts, "omitempty"); opt == required[name] {
			probs = append(probs, fmt.Sprintf("%s: required %v, but omitempty %v", strings.TrimPrefix(p, "."), required[name], opt))
		}
		_, _, base := sub.split()
		if got, want := tagList(f.Tag.Get("jsonschema"), "enum"), base.Enum; !reflect.DeepEqual(got, want) && (len(got)+len(want) > 0) {
			probs = append(probs, fmt.Sprintf("%s: enum %v, schema enum %v", strings.TrimPrefix(p, "."), got, want))
		}
		if got := tagList(f.Tag.Get("jsonschema"), "minimum"); base.Minimum != nil && f.Type.Kind() == reflect.Int && !reflect.DeepEqual(got, []string{fmt.Sprint(*base.Minimum)}) {
			probs = append(probs, fmt.Sprintf("%s: minimum %v, schema minimum %v", strings.TrimPrefix(p, "."), got, *base.Minimum))
		}
		probs = append(probs, checkType(f.Type, sub, p)...)
	}
	var missing []string
	for name := range s.Properties {
		if !seen[name] {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	for _, name := range missing {
		probs = append(probs, fmt.Sprintf("%s: no field for the schema's property", strings.TrimPrefix(path+"."+name, ".")))
	}
	return probs
}

// tagList returns the values of key in an invopop-style jsonschema tag
// ("enum=a,enum=b").
func tagList(tag, key string) []string {
	var out []string
	for _, kv := range strings.Split(tag, ",") {
		if v, ok := strings.CutPrefix(kv, key+"="); ok {
			out = append(out, v)
		}
	}
	return out
}
