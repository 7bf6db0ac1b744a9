package cli

import (
	"testing"

	"github.com/normgen/normgen/lint"
)

func TestFindingsSummary(t *testing.T) {
	for _, tc := range []struct {
		findings []lint.Finding
		summary  string
		fail     bool
	}{
		{nil, "", false},
		{[]lint.Finding{{}, {}}, "2 finding(s)", true},
		{[]lint.Finding{{Note: true}}, "0 finding(s), 1 note(s)", false},
		{[]lint.Finding{{}, {Note: true}}, "1 finding(s), 1 note(s)", true},
	} {
		summary, fail := FindingsSummary(tc.findings)
		if summary != tc.summary || fail != tc.fail {
			t.Errorf("%+v: %q, %v; want %q, %v", tc.findings, summary, fail, tc.summary, tc.fail)
		}
	}
}

// TestFindings: a catalog linted for leniency gaps, or for hosts' rules;
// the JSON is an array, [] for none.
func TestFindings(t *testing.T) {
	catalog := []byte(`{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}},"additionalProperties":false}}]}`)
	gaps, err := Findings(catalog, nil)
	if err != nil || len(gaps) == 0 {
		t.Errorf("leniency gaps: %v, %v", gaps, err)
	}
	hosts, err := lint.ParseHosts("claude")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Findings(catalog, hosts); err != nil {
		t.Errorf("hosts: %v", err)
	}
	if _, err := Findings([]byte("{"), nil); err == nil {
		t.Error("a malformed catalog is no error")
	}
	if b, err := FindingsJSON(nil); err != nil || string(b) != "[]\n" {
		t.Errorf("no findings: %q, %v", b, err)
	}
}
