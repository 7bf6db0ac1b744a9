package schemabuild

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/invopop/jsonschema"

	"github.com/normgen/normgen/internal/schemacmp"

	. "github.com/normgen/normgen/schema"
)

type reqInner struct {
	Repo string `json:"repo" jsonschema:"required"`
	Ref  string `json:"ref,omitempty"`
	Path string `json:"path"`
}

type reqEmbedded struct {
	UID string `json:"uid,omitempty" jsonschema:"required"`
}

type reqParams struct {
	reqEmbedded
	Name  string     `json:"name" jsonschema:"required,description=Name"`
	Query string     `json:"query"`
	Opt   *int       `json:"opt,omitempty"`
	In    *reqInner  `json:"in,omitempty"`
	Steps []reqInner `json:"steps,omitempty"`
}

// TestRequiredModels: under each model, Describe's required lists at
// every depth are invopop's reflector's under the same model; without a
// model, a type the models read differently is an error naming the field.
func TestRequiredModels(t *testing.T) {
	typ := reflect.TypeOf(reqParams{})
	for _, tc := range []struct {
		model       Required
		fromSchemas bool
	}{{RequiredJSON, false}, {RequiredJSONSchema, true}} {
		d, err := DescribeWith(typ, Options{Required: tc.model})
		if err != nil {
			t.Fatal(err)
		}
		got, err := RootJSON(d, "portable")
		if err != nil {
			t.Fatal(err)
		}
		r := jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, AllowAdditionalProperties: true, RequiredFromJSONSchemaTags: tc.fromSchemas}
		want, _ := json.Marshal(r.ReflectFromType(typ))
		if diff := cmp.Diff(schemacmp.RequiredLists(want), schemacmp.RequiredLists(got[0])); diff != "" {
			t.Errorf("%s: required lists (-invopop +normgen):\n%s", tc.model, diff)
		}
	}
	_, err := Describe(typ)
	if err == nil || !strings.HasPrefix(err.Error(), `query: it has neither omitempty nor jsonschema:"required", while uid is tagged`) {
		t.Errorf("Describe without a model: %v", err)
	}
}
