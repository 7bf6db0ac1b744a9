package lint

import (
	"slices"
	"testing"
)

// TestCheckRefs: CheckCatalog and CheckHosts follow a $ref as a JSON
// Pointer (jsonnode.Resolve): through an array index, and with escaped and
// percent-encoded tokens. Before they shared one resolver, a $ref through
// an array index left its field unchecked.
func TestCheckRefs(t *testing.T) {
	for _, tc := range []struct {
		ref, defs string
		host      Host // "" for CheckCatalog
		path      string
		kind      string
	}{
		{"#/$defs/n/anyOf/0", `{"n":{"anyOf":[{"type":"integer"}]}}`, "", "f", KindIntegerNoString},
		{"#/$defs/a%20b", `{"a b":{"type":"integer"}}`, "", "f", KindIntegerNoString},
		{"#/$defs/a~1b", `{"a/b":{"type":"boolean"}}`, "", "f", KindBooleanNoString},
		{"#/$defs/x/items/0", `{"x":{"items":[{"type":"number"}]}}`, "", "f", KindNumberNoString},
		{"#/$defs/n/anyOf/0", `{"n":{"anyOf":[{"type":["string","null"]}]}}`, HostGemini, "f", KindTypeArray},
		{"#/$defs/n/anyOf/0", `{"n":{"anyOf":[{"type":"object","properties":{"g":{}}}]}}`, HostGemini, "f.g", KindMissingType},
	} {
		cat := []byte(`[{"name":"t","inputSchema":{"type":"object","$defs":` + tc.defs + `,"properties":{"f":{"$ref":"` + tc.ref + `"}}}}]`)
		var fs []Finding
		var err error
		if tc.host == "" {
			fs, err = CheckCatalog(cat)
		} else {
			fs, err = CheckHosts(cat, []Host{tc.host})
		}
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(fs, func(f Finding) bool { return f.Path == tc.path && f.Kind == tc.kind }) {
			t.Errorf("%s %s: findings %v lack %s at %s", tc.host, tc.ref, fs, tc.kind, tc.path)
		}
	}
}

// TestHostRefBranchTyped: Gemini's rule that a property has a type reads
// the target of a $ref branch, through an array index too: the $ref is
// the one finding.
func TestHostRefBranchTyped(t *testing.T) {
	cat := []byte(`[{"name":"t","inputSchema":{"type":"object","$defs":{"n":{"anyOf":[{"type":"string"}]}},"properties":{"f":{"anyOf":[{"$ref":"#/$defs/n/anyOf/0"},{"type":"null"}]}}}}]`)
	fs, err := CheckHosts(cat, []Host{HostGemini})
	if err != nil || len(fs) != 1 || fs[0].Kind != KindRef {
		t.Errorf("%v %v, want one finding of kind %s", fs, err, KindRef)
	}
}

// TestCheckSharedRefWalks: a definition first met as the object branch of
// a field with a string form (its members walked there) is still checked
// as a field of its own where a property is that $ref: there it has no
// string form (FuzzCheckCatalog: the finding appeared only once the $ref
// was inlined).
func TestCheckSharedRefWalks(t *testing.T) {
	cat := []byte(`[{"name":"t","inputSchema":{"type":"object","$defs":{"o":{"type":"object","properties":{"n":{"type":"integer"}}}},"properties":{
		"a":{"anyOf":[{"$ref":"#/$defs/o"},{"type":"string"}]},
		"b":{"$ref":"#/$defs/o"}}}}]`)
	fs, err := CheckCatalog(cat)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		got = append(got, f.Path+":"+f.Kind)
	}
	want := []string{"a.n:" + KindIntegerNoString, "b:" + KindObjectNoText}
	if !slices.Equal(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}
