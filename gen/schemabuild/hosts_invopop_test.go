package schemabuild_test

import (
	"encoding/json"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/normgen/normgen/gen/schemabuild"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
)

// handWritten has a field of each kind servers declare, as invopop-tagged
// servers (mcp-grafana among them) declare them.
type handWritten struct {
	Labels map[string]any             `json:"labels,omitempty"`
	Raw    map[string]json.RawMessage `json:"raw,omitempty"`
	Env    map[string]string          `json:"env,omitempty"`
	Tags   []string                   `json:"tags,omitempty"`
	Limit  *int                       `json:"limit,omitempty"`
	Count  int                        `json:"count"`
	Flag   bool                       `json:"flag,omitempty"`
	Ratio  float64                    `json:"ratio,omitempty"`
	Nested struct {
		A string `json:"a"`
	} `json:"nested"`
	Entries []struct {
		K string `json:"k"`
		V int    `json:"v,omitempty"`
	} `json:"entries,omitempty"`
}

// TestNeverWorseThanInvopop: for every host, the catalog normgen generates
// for a struct (in the profile that host reads) has no more findings than
// the schema invopop/jsonschema reflects for it, the hand-written spelling
// normgen replaces (issue 23: a map of any values spelled
// additionalProperties: {} gave Gemini and Codex findings invopop's
// spelling does not). A map of typed values is one finding for Codex CLI
// 0.42 and earlier in both: neither has another exact spelling.
func TestNeverWorseThanInvopop(t *testing.T) {
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
	hand, err := json.Marshal(r.Reflect(&handWritten{}))
	if err != nil {
		t.Fatal(err)
	}
	profileFor := map[lint.Host]lenient.Profile{"codex@0.111": lenient.ProfileTypeArray, "codex@0.42": lenient.ProfileTypeArray}
	for _, h := range append(lint.Hosts(), "codex@0.111", "codex@0.42") {
		p, ok := profileFor[h]
		if !ok {
			p = lenient.ProfilePortable
		}
		s, err := schemabuild.ForProfile(handWritten{}, p)
		if err != nil {
			t.Fatal(err)
		}
		ours, err := schemabuild.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		count := func(schema []byte) (n int, lines string) {
			fs, err := lint.CheckHosts([]byte(`[{"name":"t","inputSchema":`+string(schema)+`}]`), []lint.Host{h})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fs {
				if !f.Note {
					n++
					lines += "\n\t" + f.String()
				}
			}
			return n, lines
		}
		nOurs, oursLines := count(ours)
		nHand, handLines := count(hand)
		if nOurs > nHand {
			t.Errorf("%s (%s profile): normgen %d findings, invopop %d:%s\ninvopop's:%s", h, p, nOurs, nHand, oursLines, handLines)
		}
		t.Logf("%s: normgen %d findings, invopop %d", h, nOurs, nHand)
	}
}
