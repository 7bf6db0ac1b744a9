package main

import (
	"errors"
	"log"
	"strings"

	"github.com/normgen/normgen/gen/cli"
)

// pathsFlag is a flag that may be repeated: each value is a path, or a
// shell-style glob (filepath.Match syntax: *, ?, [a-z]) that normgen
// expands itself (cli.ExpandPaths), so that a glob quoted in a shell
// reaches it whole and works the same in every shell. The values keep
// their order.
type pathsFlag []string

func (p *pathsFlag) String() string { return strings.Join(*p, " ") }

// Set adds one value.
func (p *pathsFlag) Set(v string) error {
	if v == "" {
		return errors.New("empty path")
	}
	*p = append(*p, v)
	return nil
}

// expandPaths expands the values of a pathsFlag (named flagName) with
// cli.ExpandPaths, saying its notes on stderr; a value it refuses is a
// usage error (one line naming it; exit code 2).
func expandPaths(flagName string, values []string, dirs, stdin bool) ([]string, int) {
	paths, notes, err := cli.ExpandPaths(flagName, values, dirs, stdin)
	for _, n := range notes {
		log.Print(n)
	}
	return paths, usageCode(err)
}
