package filesystem

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/lenient"
)

// NewServer returns an MCP server (github.com/modelcontextprotocol/go-sdk)
// whose tools work inside the sandbox. Each tool advertises its generated
// schema and decodes its arguments with its generated lenient decoder.
func NewServer(sb *Sandbox) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "normgen-filesystem", Version: "v0.1.0"}, nil)
	run := map[string]func(any) (string, error){
		"edit_file":        func(in any) (string, error) { return sb.EditFile(in.(*EditFileInput)) },
		"multi_edit":       func(in any) (string, error) { return sb.MultiEdit(in.(*MultiEditInput)) },
		"search_files":     func(in any) (string, error) { return sb.SearchFiles(in.(*SearchFilesInput)) },
		"list_directory":   func(in any) (string, error) { return sb.ListDirectory(in.(*ListDirectoryInput)) },
		"delete_file":      func(in any) (string, error) { return sb.DeleteFile(in.(*DeleteFileInput)) },
		"batch_operations": func(in any) (string, error) { return sb.BatchOperations(in.(*BatchOperationsInput)) },
	}
	for _, t := range NormgenTools() {
		s.AddTool(&mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema}, handler(t, run[t.Name]))
	}
	return s
}

// handler adapts a generated tool and its work to the SDK: the raw
// arguments go through the generated decoder; a decode error, which names
// every bad field, becomes a tool error the model can act on.
func handler(t lenient.Tool, run func(any) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.Params.Arguments
		if len(args) == 0 {
			args = json.RawMessage(`{}`)
		}
		in, _, err := t.Decode(args)
		if err != nil {
			return toolError("invalid arguments: " + err.Error()), nil
		}
		out, err := run(in)
		if err != nil {
			return toolError(err.Error()), nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: out}}}, nil
	}
}

func toolError(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}
