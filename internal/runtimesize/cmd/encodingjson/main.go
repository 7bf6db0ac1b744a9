// Command encodingjson is cmd/generated with encoding/json alone: the same
// input type without generated methods, decoded strictly. Its size is the
// baseline TestBinarySize holds the generated program to.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Input is search.Input without the generated decoder.
type Input struct {
	Path      string   `json:"path"`
	Pattern   string   `json:"pattern"`
	Limit     int      `json:"limit,omitempty"`
	WholeWord bool     `json:"whole_word,omitempty"`
	MinScore  float64  `json:"min_score,omitempty"`
	FileTypes []string `json:"file_types,omitempty"`
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var in Input
	if err := json.Unmarshal(data, &in); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%+v\n", in)
}
