package lenientimpl

import (
	"slices"
	"testing"
)

func TestKeyVariants(t *testing.T) {
	for _, c := range []struct {
		key  string
		want []string
	}{
		{"thought_number", []string{"thoughtNumber", "thought-number", "ThoughtNumber"}},
		{"thoughtNumber", []string{"thought_number", "thought-number", "ThoughtNumber"}},
		{"datasource-uid", []string{"datasource_uid", "datasourceUid", "DatasourceUid"}},
		{"StyleId", []string{"style_id", "styleId", "style-id"}},
		{"userID", []string{"user_id", "userId", "user-id", "UserId"}},
		{"ipv4_address", []string{"ipv4Address", "ipv4-address", "Ipv4Address"}},
		{"step_2_name", []string{"step-2-name"}}, // step2Name splits as step2, name
		{"query", nil},
		{"HTTPServer", nil}, // one word
		{"a.b", nil},
		{"größe_x", nil},
		{"_x", nil},
	} {
		if got := KeyVariants(c.key); !slices.Equal(got, c.want) {
			t.Errorf("KeyVariants(%q) = %q, want %q", c.key, got, c.want)
		}
	}
}
