// Command strict-mcp serves the strict example tracker over stdio on the
// go-sdk, made lenient by normgen's go-sdk adapter.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	laxgo "github.com/normgen/normgen/adapters/gosdk"
	"github.com/normgen/normgen/examples/strict"
)

func main() {
	s, lax, err := strict.NewServer(strict.Sample(), laxgo.Options{Rules: strict.Rules()})
	if err != nil {
		log.Fatal(err)
	}
	defer lax.Close()
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
