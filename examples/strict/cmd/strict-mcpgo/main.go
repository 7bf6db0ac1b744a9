// Command strict-mcpgo serves the strict example tracker over stdio on
// mcp-go, made lenient by normgen's mcp-go adapter.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	laxmcpgo "github.com/normgen/normgen/adapters/mcpgo"
	"github.com/normgen/normgen/examples/strict"
)

func main() {
	s, lax, err := strict.NewMCPGoServer(strict.Sample(), laxmcpgo.Options{Rules: strict.Rules()})
	if err != nil {
		log.Fatal(err)
	}
	defer lax.Close()
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
