package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNormalizeIssueShapes: `normgen rules` output, loaded by `normgen
// normalize`, fixes each shape the generated decoder reads leniently and
// the rules once missed: a lone label (wrap), a literal \n (unescape), an
// integer in a nested struct, a nested struct's defaults, a slice of
// structs sent as JSON text, and an empty step id, which stays "" as the
// decoder keeps it.
func TestNormalizeIssueShapes(t *testing.T) {
	rulesJSON, err := exec.Command("go", "run", ".", "rules", filepath.Join("..", "..", "gen", "internal", "ticketing")).Output()
	if err != nil {
		t.Fatalf("normgen rules: %v", err)
	}
	rules := filepath.Join(t.TempDir(), "rules.json")
	if err := os.WriteFile(rules, rulesJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ tool, in, want string }{
		{"create_ticket", `{"title":"t","labels":"bug"}`, `{"title":"t","labels":["bug"],"severity":"low"}`},
		{"create_ticket", `{"title":"t","body":"l1\\nl2"}`, `{"title":"t","body":"l1\nl2","severity":"low"}`},
		{"run_pipeline", `{"project":"p","steps":[{"id":"a","run":"x","kind":"sh"}],"retry":{"tries":"3"}}`,
			`{"project":"p","steps":[{"id":"a","run":"x","kind":"shell"}],"retry":{"attempts":3,"backoff_ms":500,"factor":2},"ref":"main"}`},
		{"run_pipeline", `{"project":"p","steps":"[{\"run\":\"x\"},{\"id\":\"\",\"cmd\":\"y\"}]"}`,
			`{"project":"p","steps":[{"run":"x","id":"step-0","kind":"shell"},{"id":"","run":"y","kind":"shell"}],"ref":"main"}`},
	} {
		out := runWithStdin(t, tc.in, "-rules", rules, "-tool", tc.tool)
		var got struct {
			Args    json.RawMessage `json:"args"`
			Applied []struct {
				Param, From, To string
			} `json:"applied"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v\n%s", tc.in, err, out)
		}
		var g, w any
		json.Unmarshal(got.Args, &g)
		json.Unmarshal([]byte(tc.want), &w)
		if diff := cmp.Diff(w, g); diff != "" {
			t.Errorf("%s %s (-want +got):\n%s", tc.tool, tc.in, diff)
		}
		for _, a := range got.Applied {
			if a.From == a.To {
				t.Errorf("%s: a record without a change: %+v", tc.in, a)
			}
		}
	}
}
