package typed

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func connect(t *testing.T, l *List) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	if _, err := NewServer(l).Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call sends raw JSON arguments (so that the test controls every byte)
// and returns the result's text and isError.
func call(t *testing.T, cs *mcp.ClientSession, args string) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "add_task", Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s: %v", args, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		b.WriteString(c.(*mcp.TextContent).Text)
	}
	return b.String(), res.IsError
}

// TestTypedHandler: clean, stringified and aliased calls reach the typed
// go-sdk handler with equal values; an alias of the required title alone
// is refused by the SDK's validation (class (f): the schema shows each
// parameter once), as docs/examples.md says.
func TestTypedHandler(t *testing.T) {
	l := &List{}
	cs := connect(t, l)
	est := 1.5
	want := AddTaskInput{Title: "write report", Priority: 2, Done: true, Tags: []string{"work", "q3"}, ParentID: 7, Estimate: &est}
	for _, args := range []string{
		`{"title":"write report","priority":2,"done":true,"tags":["work","q3"],"parent_id":7,"estimate_hours":1.5}`,
		`{"title":"write report","priority":"2","done":"yes","tags":"[\"work\",\"q3\"]","parent_id":"7","estimate_hours":"1.5"}`,
		`{"title":"write report","priority":2.0,"done":"TRUE","labels":["work","q3"],"parent_id":"007","estimate_hours":1.5}`,
	} {
		if text, isErr := call(t, cs, args); isErr {
			t.Fatalf("%s: tool error %s", args, text)
		}
		if diff := cmp.Diff(want, l.Last()); diff != "" {
			t.Errorf("%s: handler received (-want +got):\n%s", args, diff)
		}
	}
	if text, isErr := call(t, cs, `{"name":"write report"}`); !isErr || !strings.Contains(text, `missing properties: ["title"]`) {
		t.Errorf("the alias name for the required title: %v %s; want the SDK's refusal", isErr, text)
	}
	// An absent key takes the tag's default, applied by the generated decoder.
	call(t, cs, `{"title":"t"}`)
	if got := l.Last().Priority; got != 3 {
		t.Errorf("default priority: got %d, want 3", got)
	}
}

// TestTypedHandlerErrors: bad calls come back as tool errors (isError)
// naming every bad field: the lenient schema lets them through to the
// generated decoder, which lists them all.
func TestTypedHandlerErrors(t *testing.T) {
	cs := connect(t, &List{})
	text, isErr := call(t, cs, `{"title":"t","priority":"0","parent_id":"99999999999999999999","tags":"[1,"}`)
	if !isErr {
		t.Fatalf("bad call succeeded: %s", text)
	}
	for _, field := range []string{"priority:", "parent_id:", "tags:"} {
		if !strings.Contains(text, field) {
			t.Errorf("error does not name %s: %s", field, text)
		}
	}
	// A call the lenient schema itself rejects is a tool error too (the
	// SDK validates first and names the first violation it finds).
	if text, isErr := call(t, cs, `{"title":"t","priority":"high"}`); !isErr || !strings.Contains(text, "priority") {
		t.Errorf("priority \"high\": isError=%v %s", isErr, text)
	}
}

// TestTypedHandlerBigIntegers pins what the go-sdk does to integers above
// 2^53 on the way to a typed handler: it validates and applies defaults on
// a map[string]any decoded without UseNumber, then marshals that map
// again, so a number is rounded through float64 before the generated
// decoder sees it. The digit-string form stays a string in that map and
// reaches the decoder exactly.
func TestTypedHandlerBigIntegers(t *testing.T) {
	l := &List{}
	cs := connect(t, l)
	call(t, cs, `{"title":"t","parent_id":9007199254740993}`)
	if got := l.Last().ParentID; got != 9007199254740992 {
		t.Errorf("number 9007199254740993: handler got %d; the SDK's map round trip was expected to round it to 9007199254740992", got)
	}
	call(t, cs, `{"title":"t","parent_id":"9007199254740993"}`)
	if got := l.Last().ParentID; got != 9007199254740993 {
		t.Errorf("digit string \"9007199254740993\": handler got %d, want it exact", got)
	}
}
