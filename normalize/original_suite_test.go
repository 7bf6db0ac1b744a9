package normalize

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestOriginalSuite replays the test suite of the Request Normalizer this
// package's rules format comes from (mcp-filesystem-go-ultra,
// tests/normalizer_test.go: 34 cases in 15 tests) through Normalizer's
// map entry point with the same 15 built-in rules
// (testdata/rules/filesystem.json): the same inputs, the same expected
// outcomes, written anew. "Modified" there is a non-empty fix list here.
func TestOriginalSuite(t *testing.T) {
	n := builtin(t)
	norm := func(tool string, args map[string]any) (map[string]any, []Applied) {
		t.Helper()
		return n.Normalize(tool, args)
	}
	ids := func(applied []Applied) map[string]bool {
		m := map[string]bool{}
		for _, a := range applied {
			m[a.RuleID] = true
		}
		return m
	}

	t.Run("ParamAlias", func(t *testing.T) {
		out, applied := norm("edit_file", map[string]any{"path": "/test.txt", "old_str": "hello", "new_str": "world"})
		_, oldText := out["old_text"]
		_, newText := out["new_text"]
		_, oldStr := out["old_str"]
		_, newStr := out["new_str"]
		if !oldText || !newText || oldStr || newStr || len(applied) != 2 {
			t.Errorf("got %v, %d fixes", out, len(applied))
		}
	})
	t.Run("ParamAliasNoOverwrite", func(t *testing.T) {
		out, _ := norm("edit_file", map[string]any{"path": "/test.txt", "old_text": "original", "old_str": "should_be_ignored"})
		if out["old_text"] != "original" {
			t.Errorf("old_text overwritten: %v", out["old_text"])
		}
	})
	t.Run("TypeCoerceBool", func(t *testing.T) {
		for in, want := range map[string]bool{"true": true, "True": true, "TRUE": true, "1": true, "yes": true, "false": false, "False": false, "0": false, "no": false} {
			out, applied := norm("edit_file", map[string]any{"path": "/test.txt", "force": in})
			if got, ok := out["force"].(bool); len(applied) == 0 || !ok || got != want {
				t.Errorf("force=%q: got %#v (%d fixes), want %v", in, out["force"], len(applied), want)
			}
		}
	})
	t.Run("TypeCoerceBoolAlreadyBool", func(t *testing.T) {
		if _, applied := norm("edit_file", map[string]any{"force": true}); ids(applied)["force-bool-coerce"] {
			t.Error("force-bool-coerce fired on a bool")
		}
	})
	t.Run("JSONAcceptBoth", func(t *testing.T) {
		edits := []any{map[string]any{"old_text": "a", "new_text": "b"}, map[string]any{"old_text": "c", "new_text": "d"}}
		out, applied := norm("multi_edit", map[string]any{"path": "/test.txt", "edits_json": edits})
		text, ok := out["edits_json"].(string)
		var parsed []map[string]any
		if len(applied) == 0 || !ok || json.Unmarshal([]byte(text), &parsed) != nil || len(parsed) != 2 {
			t.Errorf("edits_json: %#v (%d fixes)", out["edits_json"], len(applied))
		}
	})
	t.Run("JSONAcceptBothAlreadyString", func(t *testing.T) {
		_, applied := norm("multi_edit", map[string]any{"path": "/test.txt", "edits_json": `[{"old_text":"a","new_text":"b"}]`})
		if ids(applied)["multi_edit-edits-coerce"] {
			t.Error("json_accept_both fired on a string")
		}
	})
	pipeline := func(steps ...map[string]any) string {
		list := make([]any, len(steps))
		for i, s := range steps {
			list[i] = s
		}
		b, _ := json.Marshal(map[string]any{"name": "test-pipeline", "steps": list})
		return string(b)
	}
	steps := func(t *testing.T, out map[string]any) []map[string]any {
		t.Helper()
		var p struct{ Steps []map[string]any }
		if err := json.Unmarshal([]byte(out["pipeline_json"].(string)), &p); err != nil {
			t.Fatal(err)
		}
		return p.Steps
	}
	t.Run("NestedAlias", func(t *testing.T) {
		out, applied := norm("batch_operations", map[string]any{"pipeline_json": pipeline(
			map[string]any{"id": "s1", "type": "search", "params": map[string]any{}},
			map[string]any{"id": "s2", "type": "edit", "params": map[string]any{}})})
		if len(applied) == 0 {
			t.Fatal("no fix")
		}
		for _, s := range steps(t, out) {
			if _, ok := s["type"]; ok {
				t.Errorf("type kept: %v", s)
			}
			if _, ok := s["action"]; !ok {
				t.Errorf("no action: %v", s)
			}
		}
	})
	t.Run("NestedDefault", func(t *testing.T) {
		out, applied := norm("batch_operations", map[string]any{"pipeline_json": pipeline(
			map[string]any{"action": "search", "params": map[string]any{}},
			map[string]any{"action": "edit", "params": map[string]any{}})})
		if len(applied) == 0 {
			t.Fatal("no fix")
		}
		for i, s := range steps(t, out) {
			if id, ok := s["id"].(string); !ok || id == "" {
				t.Errorf("step %d: no id: %v", i, s)
			}
		}
	})
	t.Run("WildcardRule", func(t *testing.T) {
		for _, tool := range []string{"edit_file", "multi_edit", "write_file", "delete_file", "backup"} {
			if out, _ := norm(tool, map[string]any{"force": "true"}); out["force"] != true {
				t.Errorf("%s: force %#v", tool, out["force"])
			}
		}
	})
	t.Run("ToolSpecific", func(t *testing.T) {
		out, _ := norm("read_file", map[string]any{"old_str": "hello"})
		_, oldText := out["old_text"]
		_, oldStr := out["old_str"]
		if oldText || !oldStr {
			t.Errorf("read_file's old_str renamed: %v", out)
		}
	})
	t.Run("Stats", func(t *testing.T) {
		n := builtin(t) // no log folder: counted in memory
		n.Normalize("edit_file", map[string]any{"old_str": "a"})
		n.Normalize("edit_file", map[string]any{"old_str": "b"})
		n.Normalize("read_file", map[string]any{"path": "/x"})
		if s := n.Stats(); s.TotalProcessed != 3 || s.TotalNormalized != 2 {
			t.Errorf("processed %d, normalized %d; want 3, 2", s.TotalProcessed, s.TotalNormalized)
		}
	})
	t.Run("ExternalRules", func(t *testing.T) {
		// The file as the original writes it (json.Marshal of its rule
		// type), loaded beside the built-in rules.
		path := filepath.Join(t.TempDir(), "rules.json")
		os.WriteFile(path, []byte(`[{"id":"custom-alias","tools":["read_file"],"type":"param_alias","from":"filename","to":"path"}]`), 0o644)
		builtins, err := LoadRulesFile("testdata/rules/filesystem.json", nil)
		if err != nil {
			t.Fatal(err)
		}
		ext, err := LoadRulesFile(path, builtins)
		if err != nil {
			t.Fatal(err)
		}
		n, err := New(append(builtins, ext...))
		if err != nil {
			t.Fatal(err)
		}
		out, applied := n.Normalize("read_file", map[string]any{"filename": "/test.txt"})
		if _, ok := out["path"]; !ok || len(applied) == 0 {
			t.Errorf("filename not renamed: %v", out)
		}
	})
	t.Run("EmptyArgs", func(t *testing.T) {
		if _, applied := norm("edit_file", nil); len(applied) != 0 {
			t.Errorf("nil arguments: %v", applied)
		}
		if _, applied := norm("edit_file", map[string]any{}); len(applied) != 0 {
			t.Errorf("empty arguments: %v", applied)
		}
	})
	t.Run("MultipleRules", func(t *testing.T) {
		out, applied := norm("edit_file", map[string]any{"path": "/test.txt", "old_str": "hello", "new_str": "world", "force": "true"})
		if len(applied) < 3 || out["old_text"] != "hello" || out["new_text"] != "world" || out["force"] != true {
			t.Errorf("got %v, %d fixes", out, len(applied))
		}
	})
	t.Run("Bug22Coverage", func(t *testing.T) {
		for _, tc := range []struct {
			name, tool string
			args       map[string]any
			check      func(out map[string]any, applied []Applied) bool
		}{
			{"old_str_new_str", "edit_file", map[string]any{"path": "/test.txt", "old_str": "before", "new_str": "after"},
				func(out map[string]any, _ []Applied) bool {
					return out["old_text"] == "before" && out["new_text"] == "after"
				}},
			{"edits_json_raw_array", "multi_edit", map[string]any{"path": "/test.txt", "edits_json": []any{map[string]any{"old_text": "a", "new_text": "b"}}},
				func(out map[string]any, _ []Applied) bool { _, ok := out["edits_json"].(string); return ok }},
			{"pipeline_type_alias", "batch_operations", map[string]any{"pipeline_json": `{"steps":[{"id":"s1","type":"search"}]}`},
				func(_ map[string]any, applied []Applied) bool { return len(applied) > 0 }},
			{"force_string_coerce", "edit_file", map[string]any{"force": "true"},
				func(out map[string]any, _ []Applied) bool { return out["force"] == true }},
			{"count_only_string_coerce", "search_files", map[string]any{"path": "/test", "pattern": "TODO", "count_only": "true"},
				func(out map[string]any, _ []Applied) bool { return out["count_only"] == true }},
			{"dry_run_string_coerce", "batch_operations", map[string]any{"dry_run": "true"},
				func(out map[string]any, _ []Applied) bool { return out["dry_run"] == true }},
			{"permanent_string_coerce", "delete_file", map[string]any{"path": "/test.txt", "permanent": "true"},
				func(out map[string]any, _ []Applied) bool { return out["permanent"] == true }},
		} {
			if out, applied := norm(tc.tool, tc.args); !tc.check(out, applied) {
				t.Errorf("%s: got %v, fixes %v", tc.name, out, applied)
			}
		}
	})
}
