package typed

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/lenient"
)

// List is an in-memory task list; it records what its handler received,
// so that tests can compare the typed values.
type List struct {
	mu    sync.Mutex
	Tasks []AddTaskInput
}

// NewServer registers add_task with a typed handler. InputSchema is the
// generated lenient schema (a json.RawMessage; the SDK validates calls
// against it), and the SDK decodes arguments with json.Unmarshal into
// AddTaskInput, that is, with the generated lenient UnmarshalJSON: a
// decode error (every bad field named) comes back as a tool error.
func NewServer(l *List) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "normgen-typed", Version: "v0.1.0"}, nil)
	t := lenient.MustLookupTool(NormgenTools(), "add_task")
	mcp.AddTool(s, &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema}, l.addTask)
	return s
}

// addTask is an ordinary typed go-sdk handler: nothing in it knows about
// leniency.
func (l *List) addTask(ctx context.Context, req *mcp.CallToolRequest, in AddTaskInput) (*mcp.CallToolResult, any, error) {
	l.mu.Lock()
	l.Tasks = append(l.Tasks, in)
	l.mu.Unlock()
	b, err := json.Marshal(in)
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}, nil, nil
}

// Last returns the last task the handler received.
func (l *List) Last() AddTaskInput {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.Tasks) == 0 {
		return AddTaskInput{}
	}
	return l.Tasks[len(l.Tasks)-1]
}
