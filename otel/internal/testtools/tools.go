// Package testtools declares the tools the normotel tests call through
// their generated decoders.
package testtools

//go:generate go run github.com/normgen/normgen/cmd/normgen

// SearchInput is the input of search: find documents.
//
//normgen:tool search
type SearchInput struct {
	// Query is what to look for.
	Query string `json:"query" norm:"alias=q"`
	// Limit is how many results to return.
	Limit int `json:"limit,omitempty" jsonschema:"default=10"`
	// Tags narrow the search.
	Tags []string `json:"tags,omitempty"`
	// Services maps a service name to its settings.
	Services map[string]Service `json:"services,omitempty"`
}

// Service is one service's settings.
type Service struct {
	// Port is the service's port.
	Port int `json:"port"`
}

// ToggleInput is the input of toggle: turn a feature on or off.
//
//normgen:tool toggle
type ToggleInput struct {
	// Feature names the feature.
	Feature string `json:"feature"`
	// On is whether it is on.
	On bool `json:"on"`
}
