package cli

import (
	"fmt"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lint"
)

// Findings lints a tools/list catalog: for the schema rules of hosts, or
// for leniency gaps when hosts is nil (lint.CheckHosts, lint.CheckCatalog).
func Findings(catalog []byte, hosts []lint.Host) ([]lint.Finding, error) {
	if hosts != nil {
		return lint.CheckHosts(catalog, hosts)
	}
	return lint.CheckCatalog(catalog)
}

// FindingsJSON is normgen check -json's output: the findings as a JSON
// array ([] for none).
func FindingsJSON(findings []lint.Finding) ([]byte, error) {
	if findings == nil {
		findings = []lint.Finding{}
	}
	return gen.MarshalJSON(findings)
}

// FindingsSummary is the line normgen check ends its findings with ("" for
// none), and whether they fail the check: notes alone (limits a host does
// not document) warn and do not fail a build.
func FindingsSummary(findings []lint.Finding) (summary string, fail bool) {
	notes := 0
	for _, f := range findings {
		if f.Note {
			notes++
		}
	}
	switch {
	case len(findings) == 0:
	case notes > 0:
		summary = fmt.Sprintf("%d finding(s), %d note(s)", len(findings)-notes, notes)
	default:
		summary = fmt.Sprintf("%d finding(s)", len(findings))
	}
	return summary, len(findings) > notes
}
