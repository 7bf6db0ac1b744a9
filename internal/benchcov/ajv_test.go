package benchcov

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/jsonnode"
)

// TestCorpusAJV: a host that compiles a server's schema compiles its
// rewrite. Each JSONSchemaBench schema (the sample; every one with
// -all, as CI runs it) and the deriver's rewrite of it go to AJV as
// JavaScript hosts run it (draft 2020-12, strict mode, union types
// allowed: internal/ajvcheck); a rewrite AJV refuses where it compiles
// the strict schema fails the test, with AJV's words. (Most of the
// corpus names an older draft or is refused by strict mode as it is:
// those are not judged.)
func TestCorpusAJV(t *testing.T) {
	files := corpus(t)
	const batch = 500 // schemas per node run
	compiled := 0
	for start := 0; start < len(files); start += batch {
		var strict []ajvcheck.Case
		var rewrites [][]byte
		var names []string
		for _, f := range files[start:min(start+batch, len(files))] {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			root, err := jsonnode.Parse(data)
			if err != nil {
				continue
			}
			strict = append(strict, ajvcheck.Case{Schema: json.RawMessage(data), Instances: []json.RawMessage{}, OwnRefused: true})
			rewrites = append(rewrites, derive.FromNode("t", root).Schema.Marshal())
			names = append(names, schemaName(f))
		}
		var judged []ajvcheck.Case
		var judgedNames []string
		for i, v := range ajvcheck.Validate(t, strict) {
			if v != nil {
				judged = append(judged, ajvcheck.Case{Schema: json.RawMessage(rewrites[i]), Instances: []json.RawMessage{}})
				judgedNames = append(judgedNames, names[i])
			}
		}
		compiled += len(judged)
		if len(judged) == 0 {
			continue
		}
		for i, v := range ajvcheck.Validate(t, judged) {
			if v == nil {
				t.Errorf("%s: AJV compiles the schema and refuses its rewrite (above)", judgedNames[i])
			}
		}
	}
	t.Logf("%d of %d schemas compile in AJV; their rewrites all judged", compiled, len(files))
}
