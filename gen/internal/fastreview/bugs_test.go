package fastreview

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/normgen/normgen/fallback"
	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/internal/ticketing"
)

// TestBugStaleClosed: Fast.closed goes stale. Key and Elem return false
// without clearing it when they meet the end of the data, and close
// returns false without clearing it when JSON text goes on after its
// container; Closed then still reports the close of the container read
// just before (the last member's or element's value), and the generated
// loop takes the object or array as read to its end. So the fast path
// decodes, without an error, a document cut short right after a
// container; inside JSON text cut short it never leaves the text's frame
// (Fast.End checks the text, not the document), so whatever follows the
// string is never read; and members after the container in JSON text
// are read as the outer object's (a whole, valid document). The Decoder
// rejects each of these, and leaves a pre-filled value as it was.
//
// Fix: clear f.closed at the start of Key and Elem (then a false close
// leaves it false), and have End also require f.depth == 0 &&
// f.texts == 0. With that, every test here passes and FuzzFastAgrees,
// FuzzGeneratedAgrees and TestRandomDifferential find nothing.
//
// Fixed by e3e37be (Key and Elem clear closed) and End (nothing left open); a regression test now.
func TestBugStaleClosed(t *testing.T) {
	for _, c := range []struct{ kind, doc string }{
		{"ContainersInput", `{"in":{}`},
		{"ContainersInput", `{"in":{"n":1}`},
		{"ContainersInput", `{"tags":[]`},
		{"ContainersInput", `{"ss":[[]]`},
		{"ContainersInput", `{"ms":{"k":{}}`},
		{"Inner", `{"xs":[1]`},
		{"Mid", `{"leaf":{"v":[]}`},
		// JSON text cut short: the fast path stays in the text's frame.
		{"ContainersInput", `{"ss":"[[]"}`},
		{"ContainersInput", `{"pin":"{\"xs\":[1]"}`},
		{"ContainersInput", `{"ms":"{\"k\":{}"}`},
		// ... and never reads what follows the string.
		{"ContainersInput", `{"pin":"{\"xs\":[]","s":"x","zz":1}`},
		{"ContainersInput", `{"pin":"{\"xs\":[]"xyz`},
		{"ContainersInput", `{"pin":"{\"xs\":[]"`},
		{"ContainersInput", `{"mids":[{"map":"{\"\":{\"v\":[]"000`}, // found by FuzzFastAgrees
		{"ContainersInput", `{"sm":"[\"{}\""0`},                     // found by FuzzRulesEqualDecoder (rulecheck.fastAgrees)
		// Fast.close fails when JSON text goes on after its container,
		// but leaves closed as it was: after a container value it is
		// still true, the text's object counts as read, and the members
		// after it in the text are read as the outer object's. The
		// document is whole and valid; the Decoder rejects pin's text.
		{"ContainersInput", `{"pin":"{\"xs\":[1]},\"tags\":[\"smuggled\"]"}`},
		{"ContainersInput", `{"ss":"[[\"a\"]],\"tags\":[\"smuggled\"]"}`},
	} {
		if d := differ(kindNamed(c.kind), []byte(c.doc)); d != "" {
			t.Error(d)
		}
	}
	// The generated packages of the repository have it too.
	for _, doc := range []string{
		`{"title":"x","labels":["a"]`,
		`{"title":"x","links":"[{\"kind\":\"relates\",\"ticket\":1}],\"labels\":[\"smuggled\"]"}`,
	} {
		var x ticketing.CreateTicketInput
		if err := x.UnmarshalJSON([]byte(doc)); err == nil {
			t.Errorf("ticketing.CreateTicketInput decodes %s without an error: %+v", doc, x)
		}
	}
}

// TestBugMapOfMapsCompiles: a map of maps (map[string]map[string]T) gets
// a fast path that does not compile. fastValue's Map case declares its
// map as `mp := make(...)` in the statements it returns, not in a block
// of their own: for a map element that is a map, the inner `mp :=` sits
// in the outer loop's body, beside the outer `mp[k] = e`, which then
// stores into the inner map ("cannot use e (variable of type
// map[string]int) as int value in assignment"). decodeValue nests each
// level in its `if d.Object(...) {` block; the fast path needs
// levelName("mp", depth) (or a block per level).
//
// Fixed by 4d3ecc3; a regression test now.
func TestBugMapOfMapsCompiles(t *testing.T) {
	checkBuilds(t, "mapofmaps")
}

// TestBugEmptyStructCompiles: not the fast path's (render.go before it
// renders the same). For a struct with no fields, decodeNormgen's loop is
// `for d.Next(&it) { default: d.Unknown(...) }`, a default clause with
// no switch around it, and normgen fails: "expected '}', found
// 'default'". renderStruct's n == 0 branch needs the switch (or just
// the d.Unknown call in the loop).
//
// Fixed by 4d3ecc3; a regression test now.
func TestBugEmptyStructCompiles(t *testing.T) {
	checkBuilds(t, "emptystruct")
}

// checkBuilds generates the package testdata/name and builds it (go vet),
// the generated file going in through an overlay so that testdata stays
// as it is.
func checkBuilds(t *testing.T, name string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a package")
	}
	dir, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	files, diags := gen.Generate(context.Background(), gen.Config{Dir: dir})
	if len(diags) > 0 || len(files) != 1 {
		t.Fatalf("generate: %v", diags)
	}
	out := filepath.Join(t.TempDir(), "generated.go")
	if err := os.WriteFile(out, files[0].Content, 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": map[string]string{files[0].Path: out}})
	ov := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "-overlay", ov, ".")
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the generated package does not build: %v\n%s", err, msg)
	}
}

// TestFallbackNamedEmbed: not the fast path's. A struct embedded under a
// json name of its own (OddInput.Emb, `json:"emb"`) is a member "emb" for
// encoding/json and the generated decoder, and for package fallback
// (which rulecheck compares the generated decoder with) too: its
// mapstructure configuration used to squash every embedded struct, and
// left this one empty.
func TestFallbackNamedEmbed(t *testing.T) {
	doc := []byte(`{"emb":{"b":300}}`)
	var x, y OddInput
	if err := x.UnmarshalJSON(doc); err != nil || x.B != 300 {
		t.Fatalf("generated: %+v %v", x.Emb, err)
	}
	if err := fallback.Decode(doc, &y); err != nil || y.B != 300 {
		t.Errorf("fallback: %+v %v, want B 300", y.Emb, err)
	}
}

// TestBugRawQuoteInEscapedText: in JSON text read in place inside an
// escaped string (Fast.esc), a string is quoted with \", and a raw '"'
// ends the string that holds the text. The quoted branches of Fast.Int,
// Uint, Float and Bool (not recording fixes: UnmarshalJSON) took a raw
// '"' there as a scalar's string form, read on past the end of the
// holding string, and then took the rest of the document as the text's:
// the fast path decoded {"in":"{\"n\":"5"}"}, which is no JSON (the
// string "{\"n\":" is followed by 5), to In.N = 5 without an error. The
// Decoder rejects each of these.
func TestBugRawQuoteInEscapedText(t *testing.T) {
	for _, doc := range []string{
		`{"in":"{\"n\":"5"}"}`,
		`{"in":"{\"f\":"1.5"}"}`,
		`{"in":"{\"xs\":["1"]}"}`,
		`{"sbool":"[\ntrue,"yes"]"}`,
		`{"sbool":"[\n"true"]"}`,
	} {
		if d := differ(kindNamed("ContainersInput"), []byte(doc)); d != "" {
			t.Errorf("%s", d)
		}
	}
}
