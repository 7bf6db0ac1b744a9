package combos_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/examples/combos"
	"github.com/normgen/normgen/lenient"
)

// A field with both a default and aliases, through go-sdk's typed handler:
// the SDK applies the schema's defaults before it decodes, and the
// generated schema keeps the default of an aliased field where the SDK
// does not apply it, so a call that names the field by an alias is read
// as the caller sent it; the generated decoder applies the default when
// no key of the field is there. A caller who sends two keys of one field
// still gets the decoder's error.
func ExampleQueryInput() {
	s := mcp.NewServer(&mcp.Implementation{Name: "db", Version: "v1"}, nil)
	// README: query-typed
	t := lenient.MustLookupTool(combos.NormgenTools(), "run_query")
	mcp.AddTool(s, &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema},
		func(ctx context.Context, req *mcp.CallToolRequest, in combos.QueryInput) (*mcp.CallToolResult, any, error) {
			text := fmt.Sprintf("schema=%s table=%s limit=%d order=%s", in.Schema, in.Table, *in.Limit, in.Order)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
		})
	cs := connect(s) // a client session over an in-memory transport
	for _, args := range []string{
		`{"namespace":"sales","table":"orders"}`,
		`{"table":"orders","max_rows":"5","order":"descending"}`,
		`{"schema":"sales","namespace":"hr","table":"orders"}`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: t.Name, Arguments: json.RawMessage(args)})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(res.IsError, res.Content[0].(*mcp.TextContent).Text)
	}
	// Output:
	// false schema=sales table=orders limit=100 order=asc
	// false schema=public table=orders limit=5 order=desc
	// true schema: is given more than once, as "namespace" and "schema"; send one of them
}

// connect connects a client to s over an in-memory transport.
func connect(s *mcp.Server) *mcp.ClientSession {
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		log.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		log.Fatal(err)
	}
	return cs
}
