// Command normgen generates lenient decoders, JSON Schemas and normalizer
// rules for MCP tool input structs, and checks tool catalogs.
//
// Usage:
//
//	normgen [-type T,U] [-output FILE] [-tags TAGS] [-profile P] [-required M] [-check] [-schemas DIR] [DIR|DIR/...]...
//	                          generate for the package in DIR (default .); several in one
//	                          run, where a package names the tools of another it registers
//	normgen catalog [-profile P] [-tags TAGS] [-type T,U] [-required M] [-v] [DIR|DIR/...]...
//	                          print [{name, description, inputSchema}] sorted by name;
//	                          -v: where each name and the required model came from
//	normgen rules [-tags TAGS] [-type T,U] [-required M] [DIR]
//	                          print the rule table as rules.json
//	normgen catalog -from FILE|- [-rules FILE] [-q]
//	                          any server's catalog with lenient schemas
//	normgen rules -catalog FILE|- [-rules FILE] [-q]
//	                          rules.json derived from any server's catalog
//	normgen check [-json] [-host NAME[@VERSION],...|all] [FILE|-]
//	                          lint a tools/list catalog (any server's) for leniency
//	                          gaps, or with -host for those hosts' schema rules
//	normgen normalize -rules FILE -tool NAME
//	                          args JSON on stdin -> {"args": {...}, "applied": [...]}
//	normgen normalize -catalog FILE [-rules FILE] -tool NAME
//	                          the same with the rules derived from any server's catalog; arguments
//	                          its schema still refuses exit 1 with "problems" (path, what to send)
//	normgen suggest -calls FILE|GLOB|- [-calls ...] [-w] [-min N] [DIR]
//	                          replay call logs (every replica's, as one) through DIR's generated
//	                          decoders and suggest tag edits (aliases, value aliases); -w applies them
//	normgen stats -logdir DIR|GLOB [-logdir ...] [-addr 127.0.0.1:8080] [-calls FILE|GLOB|- ... -pkg DIR]
//	                          serve the stats view of DIR/normalizer_stats.json (several: merged)
//
// `normgen -h`, `normgen COMMAND -h` and `normgen help [COMMAND]` print
// the usage (on stderr) and exit 0. Exit codes: 0 ok, 1 findings or
// generation errors, 2 usage errors (an unknown command or flag, a
// required flag left out, a file or directory argument that does not
// exist), each said in one line prefixed "normgen:".
package main

import (
	"log"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/normgen/normgen/gen/cli"
)

// subcommands maps a subcommand name to its entry point, which takes the
// arguments after the name and returns the exit code. Each subcommand's
// file registers itself in an init function.
var subcommands = map[string]func(args []string) int{}

func main() {
	log.SetFlags(0)
	log.SetPrefix("normgen: ")
	os.Exit(run(os.Args[1:]))
}

// run dispatches args (without the program name) to a subcommand, or to
// the default command (generate) when the first argument is a flag or a
// directory. A first argument that is neither a subcommand nor an existing
// path is a usage error naming the subcommands.
func run(args []string) int {
	if len(args) == 0 {
		return runGenerate(args)
	}
	first := args[0]
	if first == "help" { // normgen help [COMMAND], as -h
		if len(args) == 1 {
			return runGenerate([]string{"-h"})
		}
		if cmd, ok := subcommands[args[1]]; ok {
			return cmd([]string{"-h"})
		}
		return unknownCommand(args[1])
	}
	if cmd, ok := subcommands[first]; ok {
		return cmd(args[1:])
	}
	if cli.CommandWord(first) {
		return unknownCommand(first)
	}
	return runGenerate(args)
}

// unknownCommand says that name is no command, naming the commands, and
// returns 2 (a usage error).
func unknownCommand(name string) int {
	log.Printf("unknown command %q; commands: %s (or a package directory to generate for; normgen -h for help)", name, strings.Join(commandNames(), ", "))
	return 2
}

// commandNames returns the subcommands' names, sorted.
func commandNames() []string { return slices.Sorted(maps.Keys(subcommands)) }
