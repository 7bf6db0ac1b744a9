package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/normgen/normgen/internal/tempmodule"
)

// TestCatalogNotes: `catalog -v` says on stderr where each tool's name
// and the model of required fields were taken from; the catalog on stdout
// is the same as without -v.
func TestCatalogNotes(t *testing.T) {
	const tools = `package tools

import "context"

// ManageRoutingParams manages routing.
//
//normgen:tool
type ManageRoutingParams struct {
	Operation string ` + "`json:\"operation\" jsonschema:\"required\"`" + `
	Receiver  string ` + "`json:\"receiver\"`" + `
}

// SearchInput searches.
//
//normgen:tool
type SearchInput struct {
	Query string ` + "`json:\"query,omitempty\"`" + `
}

func mustTool[T any](name, description string, h func(context.Context, T) (string, error)) int { return 0 }

func manageRouting(ctx context.Context, args ManageRoutingParams) (string, error) { return "", nil }

var ManageRouting = mustTool("alerting_manage_routing", "Manage routing.", manageRouting)
`
	const server = `package server

import "github.com/invopop/jsonschema"

var Reflector = jsonschema.Reflector{RequiredFromJSONSchemaTags: true}
`
	mod := tempmodule.New(t, "example.com/m", map[string]string{"tools/tools.go": tools, "server.go": server})
	code, out, stderr := normgen(t, mod, "", "catalog", "-v", "./tools")
	if code != 0 {
		t.Fatalf("catalog -v: exit %d\n%s", code, stderr)
	}
	want := `server.go:5:66: note: required fields: the jsonschema model, from the module's own jsonschema.Reflector (RequiredFromJSONSchemaTags)
tools/tools.go:24:30: note: tool alerting_manage_routing: name from where the package registers ManageRoutingParams
tools/tools.go:16:6: note: tool search: name from its type's name, SearchInput
`
	if diff := cmp.Diff(want, stderr); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	var cat []struct {
		Name        string
		InputSchema struct{ Required []string }
	}
	if err := json.Unmarshal([]byte(out), &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat) != 2 || cat[0].Name != "alerting_manage_routing" || strings.Join(cat[0].InputSchema.Required, ",") != "operation" {
		t.Errorf("catalog %+v", cat)
	}
	_, plain, _ := normgen(t, mod, "", "catalog", "./tools")
	if plain != out {
		t.Errorf("catalog without -v differs:\n%s\nwith -v:\n%s", plain, out)
	}
}
