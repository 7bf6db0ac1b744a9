package gosdk_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/adapters/gosdk"
	tools "github.com/normgen/normgen/adapters/internal/typedtools"
	"github.com/normgen/normgen/lenient"
)

// ExampleAddTool registers a tool whose input type has a generated
// decoder, as docs/adapters.md shows: a lenient call reaches the handler
// decoded, with its output as structured content; a bad one is a tool
// error naming every problem at its path, the secrets hidden.
func ExampleAddTool() {
	server := mcp.NewServer(&mcp.Implementation{Name: "example", Version: "v0"}, nil)

	// README: gosdk-addtool
	t := lenient.MustLookupTool(tools.NormgenTools(), "login")
	gosdk.AddTool(server, &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema},
		func(ctx context.Context, req *mcp.CallToolRequest, in tools.LoginInput) (*mcp.CallToolResult, tools.LoginOutput, error) {
			return nil, tools.LoginOutput{Session: "s-" + in.User, Limit: in.Limit}, nil
		})
	// README: end

	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		fmt.Println(err)
		return
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()
	for _, args := range []string{
		`{"username":"ann","password":"pw","limit":"9007199254740993"}`,
		`{"mode":"delete","password":123456789,"user":5}`,
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "login", Arguments: json.RawMessage(args)})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res.IsError, res.Content[0].(*mcp.TextContent).Text)
	}
	// Output:
	// false {"session":"s-ann","limit":9007199254740993}
	// true mode: "delete" is not one of "read", "write"; password: [secret, 9 bytes] is not a string (send text in quotes, such as "…"); user: 5 is not a string (send text in quotes, such as "5")
}
