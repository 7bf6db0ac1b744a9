//go:build !mcpgo_validation

package mcpgo

import "github.com/mark3labs/mcp-go/server"

// sdkValidation is nothing before mcp-go v0.50.0, which go.mod asks for
// (the oldest release the adapter supports): the tests' strict servers
// validate in their handlers, with the validator mcp-go uses.
func sdkValidation() []server.ServerOption { return nil }
