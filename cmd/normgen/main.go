// Command normgen generates lenient decoders, JSON Schemas and normalizer
// rules for MCP tool input structs, and checks tool catalogs.
//
// Usage:
//
//	normgen [-type T,U] [-output FILE] [-tags TAGS] [DIR]    generate (default: .)
//	normgen catalog [DIR]     print [{name, description, inputSchema}] sorted by name
//	normgen rules [DIR]       print the rule table as rules.json
//	normgen check [FILE|-]    lint a tools/list catalog for leniency gaps
//	normgen normalize -rules FILE -tool NAME   normalize arguments read on stdin
//
// Exit codes: 0 ok, 1 findings or generation errors, 2 usage errors.
package main

import (
	"log"
	"os"
)

// subcommands maps a subcommand name to its entry point, which takes the
// arguments after the name and returns the exit code. Each subcommand's
// file registers itself in an init function.
var subcommands = map[string]func(args []string) int{}

func main() {
	log.SetFlags(0)
	log.SetPrefix("normgen: ")
	if len(os.Args) > 1 {
		if run, ok := subcommands[os.Args[1]]; ok {
			os.Exit(run(os.Args[2:]))
		}
	}
	os.Exit(runGenerate(os.Args[1:]))
}
