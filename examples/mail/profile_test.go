package mail

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/lenient"
)

// TestClientProfiles lists the tools as four clients: one the server maps
// to the gemini profile, one to typearray, one to openai-strict, one it
// does not know (the portable default); calls work the same for all.
func TestClientProfiles(t *testing.T) {
	byClient := map[string]lenient.Profile{"legacy-gemini-host": lenient.ProfileGemini, "old-ajv-host": lenient.ProfileTypeArray, "strict-openai-agent": lenient.ProfileOpenAIStrict}
	for _, tc := range []struct {
		client      string
		want        lenient.Profile
		has, hasNot string
	}{
		{"legacy-gemini-host", lenient.ProfileGemini, `"limit":{"default":10,"description":"Limit is the most messages to return.","maximum":100,"minimum":1,"nullable":true,"type":"integer"}`, `"anyOf"`},
		{"old-ajv-host", lenient.ProfileTypeArray, `"type":["integer","string","null"]`, `"anyOf"`},
		{"strict-openai-agent", lenient.ProfileOpenAIStrict, `"additionalProperties":false`, `"default":`},
		{"claude-code", lenient.ProfilePortable, `"anyOf"`, `"type":[`},
	} {
		t.Run(tc.client, func(t *testing.T) {
			ctx := context.Background()
			s := NewServer(Sample())
			s.AddReceivingMiddleware(ClientProfiles(NormgenTools(), byClient))
			ct, st := gosdk.NewInMemoryTransports()
			if _, err := s.Connect(ctx, st, nil); err != nil {
				t.Fatal(err)
			}
			cs, err := gosdk.NewClient(&gosdk.Implementation{Name: tc.client, Version: "1"}, nil).Connect(ctx, ct, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			list, err := cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(list.Tools[0].InputSchema)
			if err != nil {
				t.Fatal(err)
			}
			var want, gotv any
			json.Unmarshal(lenient.MustLookupTool(NormgenTools(), "search_mail").SchemaFor(tc.want), &want)
			json.Unmarshal(got, &gotv)
			wantJSON, _ := json.Marshal(want)
			gotJSON, _ := json.Marshal(gotv)
			if string(wantJSON) != string(gotJSON) {
				t.Errorf("listed schema is not the %s one:\n%s\nwant\n%s", tc.want, gotJSON, wantJSON)
			}
			if !strings.Contains(string(gotJSON), tc.has) || strings.Contains(string(gotJSON), tc.hasNot) {
				t.Errorf("%s schema should contain %s and not %s:\n%s", tc.want, tc.has, tc.hasNot, gotJSON)
			}
			res, err := cs.CallTool(ctx, &gosdk.CallToolParams{Name: "search_mail", Arguments: json.RawMessage(`{"q":"report","limit":"2"}`)})
			if err != nil || res.IsError {
				t.Fatalf("call: %v %+v", err, res)
			}
		})
	}
}
