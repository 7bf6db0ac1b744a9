package suggest

import "testing"

func TestAddNormOption(t *testing.T) {
	for _, tc := range []struct{ tag, kind, opt, want string }{
		{`json:"a"`, "alias", "alias=b", `json:"a" norm:"alias=b"`},
		{`json:"a" norm:"alias=x|y"`, "alias", "alias=b", `json:"a" norm:"alias=x|y|b"`},
		{`json:"a" norm:"strict" jsonschema:"enum=x,enum=y"`, "value_alias", "value_alias=z:x", `json:"a" norm:"strict,value_alias=z:x" jsonschema:"enum=x,enum=y"`},
		{`json:"a" norm:"alias=q,value_alias=c:x"`, "value_alias", "value_alias=z:x", `json:"a" norm:"alias=q,value_alias=c:x|z:x"`},
	} {
		got, err := addNormOption(tc.tag, tc.kind, tc.opt)
		if err != nil || got != tc.want {
			t.Errorf("addNormOption(%q, %q) = %q, %v; want %q", tc.tag, tc.opt, got, err, tc.want)
		}
	}
	if _, err := addNormOption(`json:"a`, "alias", "alias=b"); err == nil {
		t.Error("an unterminated tag value gave no error")
	}
}

func TestSimilarity(t *testing.T) {
	if got := closestValue("cp", []string{"copy", "move", "delete"}); got != "copy" {
		t.Errorf("cp -> %q", got)
	}
	if got := closestValue("rm", []string{"copy", "move", "delete", "read"}); got != "" {
		t.Errorf("rm -> %q, want no clear value", got)
	}
	for key, ok := range map[string]bool{"glob": true, "file_path": true, "a|b": false, "a,b": false, "a b": false, `a"b`: false, "": false, "a=b": false} {
		if tagSafe(key) != ok {
			t.Errorf("tagSafe(%q) = %v", key, !ok)
		}
	}
	if got := closestValue("del", []string{"copy", "move", "delete"}); got != "delete" {
		t.Errorf("del -> %q", got)
	}
}
