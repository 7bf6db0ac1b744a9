// Command filesystem-mcp is normgen's example filesystem MCP server over
// stdio: `filesystem-mcp ROOT` serves edit_file, multi_edit, search_files,
// list_directory, delete_file and batch_operations inside ROOT.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/examples/filesystem"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("filesystem-mcp: ")
	if len(os.Args) != 2 {
		log.Print("usage: filesystem-mcp ROOT")
		os.Exit(2)
	}
	sb, err := filesystem.NewSandbox(os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	if err := filesystem.NewServer(sb).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
