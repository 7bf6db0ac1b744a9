// Command mail-mcpgo serves normgen's example mailbox over stdio with
// github.com/mark3labs/mcp-go.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"github.com/normgen/normgen/examples/mail"
)

func main() {
	if err := server.ServeStdio(mail.NewMCPGoServer(mail.Sample())); err != nil {
		log.Fatal(err)
	}
}
