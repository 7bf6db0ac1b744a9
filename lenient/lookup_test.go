package lenient

import (
	"fmt"
	"testing"
)

func TestLookupTool(t *testing.T) {
	tools := []Tool{{Name: "add_task"}, {Name: "search", Description: "finds"}}
	if got, ok := LookupTool(tools, "search"); !ok || got.Description != "finds" {
		t.Errorf("LookupTool(search) = %+v, %v", got, ok)
	}
	if got, ok := LookupTool(tools, "searc"); ok || got.Name != "" {
		t.Errorf("LookupTool(searc) = %+v, %v; want no tool", got, ok)
	}
	if got := MustLookupTool(tools, "add_task"); got.Name != "add_task" {
		t.Errorf("MustLookupTool(add_task) = %+v", got)
	}
	defer func() {
		want := `lenient: no tool "addtask"; the tools are: add_task, search`
		if r := recover(); fmt.Sprint(r) != want {
			t.Errorf("MustLookupTool(addtask) panicked with %v, want %q", r, want)
		}
	}()
	MustLookupTool(tools, "addtask")
}

func TestProfileForValidation(t *testing.T) {
	want := map[Profile]bool{ProfilePortable: true, ProfileTypeArray: false, ProfileGemini: false, ProfileOpenAIStrict: false}
	for _, p := range Profiles() {
		if p.ForValidation() != want[p] {
			t.Errorf("%s.ForValidation() = %v", p, p.ForValidation())
		}
	}
}
