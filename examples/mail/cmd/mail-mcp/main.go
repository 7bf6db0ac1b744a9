// Command mail-mcp serves normgen's example mailbox over stdio with
// github.com/modelcontextprotocol/go-sdk.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/examples/mail"
)

func main() {
	if err := mail.NewServer(mail.Sample()).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
