package mail

import (
	"context"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/lenient"
)

// ClientProfiles returns go-sdk middleware that answers tools/list with
// each tool's schema in the profile chosen for the session's client: the
// profile byClient gives for the clientInfo name the client sent in its
// initialize request, else lenient.ProfilePortable (the default, which
// every major host takes). tools are the generated tools whose schemas
// are swapped (NormgenTools()); other tools are left as they are.
//
// The generated code carries every profile's schema as static text, so
// the choice costs a map lookup per listed tool.
func ClientProfiles(tools []lenient.Tool, byClient map[string]lenient.Profile) gosdk.Middleware {
	byName := map[string]lenient.Tool{}
	for _, t := range tools {
		byName[t.Name] = t
	}
	return func(next gosdk.MethodHandler) gosdk.MethodHandler {
		return func(ctx context.Context, method string, req gosdk.Request) (gosdk.Result, error) {
			res, err := next(ctx, method, req)
			list, ok := res.(*gosdk.ListToolsResult)
			if err != nil || method != "tools/list" || !ok {
				return res, err
			}
			profile := lenient.ProfilePortable
			if ss, ok := req.GetSession().(*gosdk.ServerSession); ok {
				if p := ss.InitializeParams(); p != nil && p.ClientInfo != nil {
					if chosen, ok := byClient[p.ClientInfo.Name]; ok {
						profile = chosen
					}
				}
			}
			out := *list
			out.Tools = make([]*gosdk.Tool, len(list.Tools))
			for i, t := range list.Tools {
				if gen, ok := byName[t.Name]; ok {
					c := *t // the server's own Tool is shared by every session
					c.InputSchema = gen.SchemaFor(profile)
					t = &c
				}
				out.Tools[i] = t
			}
			return &out, nil
		}
	}
}
