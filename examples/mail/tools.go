// Package mail is an example MCP server over a small in-memory mailbox:
// the integer case (limit, offset, max_body_bytes) that LLM clients so often
// send as strings. It is served on both Go MCP SDKs from one declaration.
package mail

//go:generate go run github.com/normgen/normgen/cmd/normgen

// SearchMailInput is the input of search_mail: find messages.
//
//normgen:tool search_mail
type SearchMailInput struct {
	// Query is matched, without letter case, against subject and body; empty matches all.
	Query string `json:"query,omitempty" norm:"alias=q|text"`
	// From keeps messages whose sender contains this text.
	From string `json:"from,omitempty" norm:"alias=sender"`
	// UnreadOnly keeps unread messages only.
	UnreadOnly bool `json:"unread_only,omitempty"`
	// Limit is the most messages to return.
	Limit int `json:"limit,omitempty" jsonschema:"default=10,minimum=1,maximum=100"`
	// Offset skips this many matches first.
	Offset int `json:"offset,omitempty" jsonschema:"minimum=0"`
	// MaxBodyBytes cuts each body to this many bytes.
	MaxBodyBytes int64 `json:"max_body_bytes,omitempty" jsonschema:"default=200,minimum=0"`
}
