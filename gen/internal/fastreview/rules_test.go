package fastreview

import (
	"testing"

	"github.com/normgen/normgen/internal/rulecheck"
	"github.com/normgen/normgen/lenient"
)

// ruleSeeds are a few calls per tool for rulecheck.
var ruleSeeds = map[string][]string{
	"scalars":       {`{"s":"a","pi":1,"u8":"255","f32":"0.1","b":"yes","un":"a\\nb"}`},
	"bounds":        {`{"a":2,"v":"x","vs":["y"],"items":"[1]"}`, `{"et":true,"ei":2.0,"enn":"2","pen":"-1"}`, `{"et":1,"ei":4,"enn":"02","pen":""}`},
	"containers":    {`{"tags":"[\"a\"]","ms":{"k":"{\"n\":1}"},"w":"a","bnd":"{\"a\":\"2\"}"}`},
	"defaults":      {`{"required":"r","req_i":1,"parts":[{"name":"a"}],"tags":"x"}`},
	"strict":        {`{"id":"a","c":{"a":1},"cs":"[{}]"}`},
	"deep":          {`{"t":"x"}`},
	"raw":           {`{"raw":[1],"inner":{"n":1}}`},
	"report":        {`{"ident":"a","str":"b","p i":"1","a b":"[1, 2]","x 0":"{\"n\": 1}","int_v":"3","b":"yes"}`},
	"closed_report": {`{"aa":"1"}`},
}

// checkedTools are the tools rulecheck checks: all of them, odd too
// (its struct embedded under a name of its own, which the fallback
// decoder rulecheck compares with once dropped), and report_paths, whose
// keys hold . [ ] { } (the rule table quotes them: opts["x.y"]).
func checkedTools() []lenient.Tool { return NormgenTools() }

// TestRulesEqualDecoder runs rulecheck (which also compares the fast
// path on and off on every call) on this package's tools.
func TestRulesEqualDecoder(t *testing.T) {
	rulecheck.Run(t, checkedTools(), ruleSeeds, 2000)
}

// FuzzRulesEqualDecoder is TestRulesEqualDecoder over fuzzed calls.
func FuzzRulesEqualDecoder(f *testing.F) {
	rulecheck.Fuzz(f, checkedTools(), ruleSeeds)
}
