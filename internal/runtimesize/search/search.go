// Package search is the smallest tool package a server could have: one
// input type whose decoder, schemas and rules normgen generates. The
// program in ../cmd/generated links it and nothing else of normgen, so
// that TestRuntimeDeps and TestBinarySize see what generated code costs a
// server.
package search

//go:generate go run github.com/normgen/normgen/cmd/normgen

// Input is a search-like tool input: strings, integers, a boolean, a
// float and a slice, some with aliases and defaults.
//
//normgen:tool search
type Input struct {
	Path      string   `json:"path" norm:"alias=file_path"`
	Pattern   string   `json:"pattern"`
	Limit     int      `json:"limit,omitempty" jsonschema:"default=100"`
	WholeWord bool     `json:"whole_word,omitempty"`
	MinScore  float64  `json:"min_score,omitempty"`
	FileTypes []string `json:"file_types,omitempty"`
}
