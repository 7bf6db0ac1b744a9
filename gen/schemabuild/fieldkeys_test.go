package schemabuild

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/normgen/normgen/internal/schemaprofile"
)

// TestFieldKeys: the key order the derived profiles write keys in
// (internal/schemaprofile) is invopop's Schema's field order, which its
// marshaller writes (then its Extras, sorted).
func TestFieldKeys(t *testing.T) {
	var want []string
	st := reflect.TypeFor[jsonschema.Schema]()
	for i := 0; i < st.NumField(); i++ {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		if st.Field(i).IsExported() && name != "-" && name != "" {
			want = append(want, name)
		}
	}
	if got := schemaprofile.FieldKeys(); !slices.Equal(got, want) {
		t.Errorf("schemaprofile's field keys\n%q\ninvopop's Schema\n%q", got, want)
	}
}
