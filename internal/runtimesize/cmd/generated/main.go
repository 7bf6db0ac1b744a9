// Command generated decodes a search call read on stdin with the decoder
// normgen generated (package search) and prints the value: what a server
// built on generated code links of normgen. See ../../runtimesize_test.go.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/normgen/normgen/internal/runtimesize/search"
)

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var in search.Input
	if err := json.Unmarshal(data, &in); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%+v\n", in)
}
