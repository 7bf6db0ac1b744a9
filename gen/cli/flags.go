package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
)

// HelpAsked reports whether args ask for the usage (-h, -help, --h or
// --help) anywhere before a "--": also where a flag that takes a value
// would read it as that value (catalog -from -h is the help, not a file
// named -h).
func HelpAsked(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--h", "--help":
			return true
		}
	}
	return false
}

// PathsFlag is a flag that may be repeated: each value is a path, or a
// shell-style glob that ExpandPaths expands, so that a glob quoted in a
// shell reaches the command whole and works the same in every shell. The
// values keep their order.
type PathsFlag []string

// String returns the values, space-separated.
func (p *PathsFlag) String() string { return strings.Join(*p, " ") }

// Set adds one value; "" is refused.
func (p *PathsFlag) Set(v string) error {
	if v == "" {
		return errors.New("empty path")
	}
	*p = append(*p, v)
	return nil
}

// CommandWord reports whether arg, a command's first argument that names
// none of its subcommands, is meant as a command word rather than a
// package directory: it is not a flag, has no path separator, does not
// start with a dot and names no existing path.
func CommandWord(arg string) bool {
	if strings.HasPrefix(arg, "-") || strings.ContainsAny(arg, `/\`) || strings.HasPrefix(arg, ".") {
		return false
	}
	_, err := os.Stat(arg)
	return err != nil
}

// Form tells which form of a two-form command the parsed flags of fs ask
// for: the catalog form when the flag named from is given, else the
// package form. A flag of one form given to the other (pkgOnly, fromOnly)
// is an error naming it.
func Form(fs *flag.FlagSet, from string, pkgOnly, fromOnly []string) (isFrom bool, err error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	firstSet := func(names []string) string {
		for _, n := range names {
			if set[n] {
				return n
			}
		}
		return ""
	}
	if !set[from] {
		if bad := firstSet(fromOnly); bad != "" {
			return false, fmt.Errorf("-%s applies to -%s", bad, from)
		}
		return false, nil
	}
	if bad := firstSet(pkgOnly); bad != "" {
		return true, fmt.Errorf("-%s applies to a package; with -%s only -%s apply", bad, from, strings.Join(fromOnly, " and -"))
	}
	return true, nil
}

// FormsUsage is the usage of a command with two forms, each a synopsis
// line and what it does (lines holds them in pairs), followed by the
// flags, on fs's output.
func FormsUsage(fs *flag.FlagSet, lines ...string) func() {
	return func() {
		w := fs.Output()
		fmt.Fprintln(w, "Usage:")
		for i := 0; i+1 < len(lines); i += 2 {
			fmt.Fprintf(w, "\t%s\n\t\t%s\n", lines[i], lines[i+1])
		}
		fmt.Fprintln(w, "Flags:")
		fs.PrintDefaults()
	}
}

// ProfileNames lists the schema profiles (lenient.Profiles) that keep
// holds, comma-separated; nil keep holds them all.
func ProfileNames(keep func(lenient.Profile) bool) string {
	var names []string
	for _, p := range lenient.Profiles() {
		if keep == nil || keep(p) {
			names = append(names, string(p))
		}
	}
	return strings.Join(names, ", ")
}

// Version is the command's module version from its build information,
// or "(devel)".
func Version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// NoteFromWorkDir names a note's file from the working directory when it
// is absolute (a file outside the package directory: the module's, for
// the model of required fields); ok is false when it is not, and the note
// is then printed as a diagnostic is (Diagnostic.In the package
// directory).
func NoteFromWorkDir(n gen.Diagnostic) (_ gen.Diagnostic, ok bool) {
	wd, _ := os.Getwd()
	if !filepath.IsAbs(n.Pos.Filename) || wd == "" {
		return n, false
	}
	if rel, err := filepath.Rel(wd, n.Pos.Filename); err == nil {
		n.Pos.Filename = rel
	}
	return n, true
}

// ParseFlags parses args as fs's flags. A flag that is not fs's, or one
// whose value does not parse, is said in one line prefixed "normgen: "
// and the command's name, as every usage error is, then the command's
// usage; -h prints the usage alone, as flag does. The line goes to the
// standard logger, which the command prefixes with "normgen: ".
func ParseFlags(fs *flag.FlagSet, args []string) error {
	out := fs.Output()
	var said strings.Builder
	fs.SetOutput(&said)
	err := fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
		io.WriteString(out, said.String())
	default:
		if cmd := strings.TrimPrefix(fs.Name(), "normgen "); cmd != fs.Name() {
			log.Printf("%s: %v", cmd, err)
		} else {
			log.Print(err)
		}
		fs.Usage()
	}
	return err
}
