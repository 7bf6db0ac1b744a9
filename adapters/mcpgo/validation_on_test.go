//go:build mcpgo_validation

package mcpgo

import "github.com/mark3labs/mcp-go/server"

// sdkValidation turns on mcp-go's own input validation
// (WithInputSchemaValidation, mcp-go v0.50.0 on): the tests' strict
// servers then validate twice, in mcp-go and in their handlers. CI runs
// the tests with -tags mcpgo_validation against the newest mcp-go
// (go.newest.mod).
func sdkValidation() []server.ServerOption {
	return []server.ServerOption{server.WithInputSchemaValidation()}
}
