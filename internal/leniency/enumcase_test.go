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
		// Values without an ASCII letter read alike in every letter case:
		// a case branch would repeat the enum, bytes for nothing (found
		// by a newcomer's trial: enum ["1","2","3"] was served a pattern
		// ^(1|2|3)$ beside it).
		{[]string{"1", "2", "3"}, false},
		{[]string{"1.0", "-", "é"}, false},
		{[]string{"1", "v2"}, true},
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

// TestEnumCasePattern: the patterns the documentation shows
// (EnumCasePattern's, docs/performance.md, docs/adapters.md): one
// alternative a value where they share nothing, in the enum's order,
// shared prefixes and suffixes written once, an optional rest in a group.
func TestEnumCasePattern(t *testing.T) {
	for _, tc := range []struct {
		enum []string
		want string
	}{
		{[]string{"open", "closed"}, `^([oO][pP][eE][nN]|[cC][lL][oO][sS][eE][dD])$`},
		{[]string{"get", "get_comments"}, `^([gG][eE][tT](_[cC][oO][mM][mM][eE][nN][tT][sS])?)$`},
		{[]string{"get", "get_id", "list"}, `^([gG][eE][tT](_[iI][dD])?|[lL][iI][sS][tT])$`},
		{[]string{"stats", "stable"}, `^([sS][tT][aA]([tT][sS]|[bB][lL][eE]))$`},
		{[]string{"asc", "desc"}, `^(([aA]|[dD][eE])[sS][cC])$`},
		{[]string{"a", "ab"}, `^([aA][bB]?)$`},
		{[]string{"", "x.y", "JSON"}, `^(([xX]\.[yY]|[jJ][sS][oO][nN])?)$`},
		{[]string{"é", "è"}, `^(é|è)$`},
		{[]string{"1", "12", "😀"}, `^(12?|😀)$`},
		{[]string{"a", "aé"}, `^([aA](é)?)$`}, // no ? after a character outside ASCII
	} {
		if got := EnumCasePattern(tc.enum); got != tc.want {
			t.Errorf("EnumCasePattern(%q) = %s, want %s", tc.enum, got, tc.want)
		}
	}
}

// TestEnumCasePatternLarge: an enum of thousands of values (as
// JSONSchemaStore's have) is written in a few allocations a value (the
// search for shared suffixes is bounded to small sets of values), and
// its values' shared prefixes once.
func TestEnumCasePatternLarge(t *testing.T) {
	big := make([]string, 5000)
	for i := range big {
		big[i] = "Value-" + strconv.Itoa(i)
	}
	if allocs := testing.AllocsPerRun(2, func() { EnumCasePattern(big) }); allocs > 10*float64(len(big)) {
		t.Errorf("EnumCasePattern of %d values: %v allocations, want at most a few a value", len(big), allocs)
	}
	if n := len(EnumCasePattern(big)); n > 3*len(big) {
		t.Errorf("EnumCasePattern of %d values is %d bytes: the prefix %q not written once", len(big), n, "value-")
	}
}
