package derive

import (
	"fmt"
	"sync"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestCacheCopies: a derivation is made once per process, and each call
// gets a copy of its own: changing what one call returned, or the schema
// it was given, changes nothing another call returns.
func TestCacheCopies(t *testing.T) {
	strict := `{"type":"object","properties":{"cache_copies_n":{"type":"integer"},"e":{"type":"integer","const":1}}}`
	root, err := ParseNode([]byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	first := FromNode("t", root)
	want, wantRules := string(first.Schema.Marshal()), fmt.Sprint(first.Rules)
	first.Schema.Set("type", jstr("array"))
	first.Rules[0].Tools[0] = "other"
	first.Rules[0].ID = "changed"
	first.Warnings[0].Message = "changed"
	root.Get("properties").Get("cache_copies_n").Set("type", jstr("string")) // the caller's node, after the call
	again, err := Tool("t", []byte(strict))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(again.Schema.Marshal()); got != want {
		t.Errorf("schema after a caller changed its copy:\n got %s\nwant %s", got, want)
	}
	if got := fmt.Sprint(again.Rules); got != wantRules {
		t.Errorf("rules after a caller changed its copy:\n got %s\nwant %s", got, wantRules)
	}
	if again.Warnings[0].Message == "changed" {
		t.Error("warnings shared")
	}
	if err := again.Explain([]byte(`{"cache_copies_n":"x"}`)); err == nil {
		t.Error("Explain read the caller's changed schema")
	}
}

// TestCacheKey: a derivation is told apart by the tool's name, its
// schema and the rules that apply to it; rules for other tools do not
// count. Concurrent calls are safe (go test -race).
func TestCacheKey(t *testing.T) {
	strict := `{"type":"object","properties":{"depth":{"type":"integer"}},"required":["depth"]}`
	root, _ := ParseNode([]byte(strict))
	// A default changes the schema (depth leaves required); an def
	// would not (one name per parameter).
	def := lenient.Rule{ID: "a", Tools: []string{"t"}, Type: lenient.RuleParamDefault, From: "depth", Value: []byte("3")}
	other := lenient.Rule{ID: "o", Tools: []string{"u"}, Type: lenient.RuleParamDefault, From: "depth", Value: []byte("3")}
	plain := string(FromNode("t", root).Schema.Marshal())
	if got := string(FromNode("u", root).Rules[0].Tools[0]); got != "u" {
		t.Errorf("tool u got the rules of t: %s", got)
	}
	withDefault := string(WithRules("t", root, []lenient.Rule{def}).Schema.Marshal())
	if withDefault == plain {
		t.Errorf("WithRules with a default gave the schema without: %s", plain)
	}
	if got := string(WithRules("t", root, []lenient.Rule{other}).Schema.Marshal()); got != plain {
		t.Errorf("a rule for another tool changed the schema:\n got %s\nwant %s", got, plain)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				rules := []lenient.Rule{def}
				want := withDefault
				if i%2 == 0 {
					rules, want = nil, plain
				}
				if got := string(WithRules("t", root, rules).Schema.Marshal()); got != want {
					t.Errorf("concurrent call: got %s, want %s", got, want)
				}
			}
		}()
	}
	wg.Wait()
}

// TestCacheBytes: the cache holds derivations by the JSON text of their
// strict schemas and rewrites, up to a bound (CacheBytes): past it the
// least recently used goes, however few are held, so that large schemas
// never make the process hold more.
func TestCacheBytes(t *testing.T) {
	saved := derivations
	defer func() { derivations = saved }()
	schema := func(name string) *Node {
		root, err := ParseNode([]byte(`{"type":"object","properties":{"` + name + `":{"type":"integer"},"flag":{"type":"boolean"}}}`))
		if err != nil {
			t.Fatal(err)
		}
		return root
	}
	a, b := schema("a_long_enough_name"), schema("b_long_enough_name")
	derivations = newDerivations(1 << 20)
	da := FromNode("t", a)
	one := int64(len(a.Marshal()) + len(da.Schema.Marshal()))
	if got := derivations.Weight(); got != one {
		t.Fatalf("a derivation weighs %d, want its strict schema's and rewrite's text, %d", got, one)
	}
	derivations = newDerivations(one + one/2) // room for one of them
	FromNode("t", a)
	FromNode("t", b)
	if derivations.Len() != 1 {
		t.Fatalf("%d derivations held past the bound, want 1", derivations.Len())
	}
	if _, ok := derivations.Get(cacheKey("t", b.Marshal(), nil)); !ok {
		t.Error("the derivation added last was dropped")
	}
	if _, ok := derivations.Get(cacheKey("t", a.Marshal(), nil)); ok {
		t.Error("the least recently used derivation was kept past the bound")
	}
}
