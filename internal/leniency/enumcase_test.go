package leniency

import (
	"strconv"
	"testing"
)

// TestEnumFoldsLinear: EnumFolds folds each value once (JSONSchemaStore's
// transcend-yml-schema-v4 has enums of thousands of values; comparing
// every pair allocated 770 MB), and reads as before.
func TestEnumFoldsLinear(t *testing.T) {
	for _, tc := range []struct {
		enum []string
		want bool
	}{
		{nil, false},
		{[]string{"json"}, true},
		{[]string{"json", "yaml"}, true},
		{[]string{"json", "JSON"}, false},
		{[]string{"a", "a"}, false},
		{[]string{"Ab", "x", "aB"}, false},
	} {
		if got := EnumFolds(tc.enum); got != tc.want {
			t.Errorf("EnumFolds(%q) = %v, want %v", tc.enum, got, tc.want)
		}
	}
	big := make([]string, 5000)
	for i := range big {
		big[i] = "Value-" + strconv.Itoa(i)
	}
	if allocs := testing.AllocsPerRun(3, func() { EnumFolds(big) }); allocs > 4*float64(len(big)) {
		t.Errorf("EnumFolds of %d values: %v allocations, want at most a few a value", len(big), allocs)
	}
}
