package cli

import (
	"flag"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
)

func TestHelpAsked(t *testing.T) {
	for args, want := range map[string]bool{
		"-h": true, "-from -h": true, "x --help": true, "-help": true, "--h": true,
		"-- -h": false, "-x": false, "": false,
	} {
		if got := HelpAsked(strings.Fields(args)); got != want {
			t.Errorf("%q: %v, want %v", args, got, want)
		}
	}
}

func TestPathsFlag(t *testing.T) {
	var p PathsFlag
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&p, "calls", "")
	if err := fs.Parse([]string{"-calls", "a", "-calls", "b*"}); err != nil || p.String() != "a b*" {
		t.Errorf("%q, %v", p, err)
	}
	if err := fs.Parse([]string{"-calls", ""}); err == nil || !strings.Contains(err.Error(), "empty path") {
		t.Errorf("an empty value: %v", err)
	}
}

// TestForm: the flag named from selects the catalog form; a flag of one
// form given to the other is refused, named.
func TestForm(t *testing.T) {
	for _, tc := range []struct {
		args   string
		isFrom bool
		err    string
	}{
		{"", false, ""},
		{"-tags x", false, ""},
		{"-from f", true, ""},
		{"-from f -q", true, ""},
		{"-q", false, "-q applies to -from"},
		{"-from f -tags x", true, "-tags applies to a package; with -from only -rules and -q apply"},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.String("from", "", "")
		fs.String("tags", "", "")
		fs.String("rules", "", "")
		fs.Bool("q", false, "")
		if err := fs.Parse(strings.Fields(tc.args)); err != nil {
			t.Fatal(err)
		}
		isFrom, err := Form(fs, "from", []string{"tags"}, []string{"rules", "q"})
		if got := errString(err); isFrom != tc.isFrom || got != tc.err {
			t.Errorf("%q: %v, %q; want %v, %q", tc.args, isFrom, got, tc.isFrom, tc.err)
		}
	}
}

func TestFormsUsage(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var b strings.Builder
	fs.SetOutput(&b)
	fs.Bool("q", false, "quiet")
	FormsUsage(fs, "x [DIR]", "one", "x -from FILE", "two")()
	want := "Usage:\n\tx [DIR]\n\t\tone\n\tx -from FILE\n\t\ttwo\nFlags:\n  -q\tquiet\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestProfileNames(t *testing.T) {
	all := ProfileNames(nil)
	taken := ProfileNames(lenient.Profile.ForValidation)
	if !strings.HasPrefix(all, string(lenient.ProfilePortable)) || !strings.Contains(taken, string(lenient.ProfilePortable)) || strings.Contains(taken, "gemini") || !strings.Contains(all, "gemini") {
		t.Errorf("all: %q; for validation: %q", all, taken)
	}
}

func TestCommandWord(t *testing.T) {
	t.Chdir(t.TempDir())
	os.Mkdir("pkg", 0o755)
	for arg, want := range map[string]bool{"frobnicate": true, "pkg": false, "-h": false, "./x": false, "a/b": false, `a\b`: false, ".x": false} {
		if got := CommandWord(arg); got != want {
			t.Errorf("%q: %v, want %v", arg, got, want)
		}
	}
}

func TestVersion(t *testing.T) {
	if Version() == "" {
		t.Error("no version")
	}
}

// TestNoteFromWorkDir: a note on a file outside the package (an absolute
// path) is named from the working directory; others are left to
// Diagnostic.In.
func TestNoteFromWorkDir(t *testing.T) {
	t.Chdir(t.TempDir())
	wd, _ := os.Getwd()
	n, ok := NoteFromWorkDir(gen.Diagnostic{Pos: gen.Diagnostic{}.Pos, Msg: "m"})
	if ok || n.Msg != "m" {
		t.Errorf("no position: %v, %v", n, ok)
	}
	d := gen.Diagnostic{Msg: "m"}
	d.Pos.Filename = filepath.Join(wd, "go.mod")
	if n, ok := NoteFromWorkDir(d); !ok || n.Pos.Filename != "go.mod" {
		t.Errorf("absolute: %v, %v", n, ok)
	}
	d.Pos.Filename = "tools.go"
	if n, ok := NoteFromWorkDir(d); ok || n.Pos.Filename != "tools.go" {
		t.Errorf("relative: %v, %v", n, ok)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestParseFlags: a flag the set does not have is one line on the
// standard logger, with the command's name, then the usage; -h is the
// usage alone.
func TestParseFlags(t *testing.T) {
	var logged, usage strings.Builder
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	fs := flag.NewFlagSet("normgen check", flag.ContinueOnError)
	fs.SetOutput(&usage)
	fs.Usage = func() { io.WriteString(fs.Output(), "Usage: normgen check\n") }
	if err := ParseFlags(fs, []string{"-bogus"}); err == nil || !strings.Contains(logged.String(), "check: flag provided but not defined: -bogus") || usage.String() != "Usage: normgen check\n" {
		t.Errorf("unknown flag: %v, logged %q, usage %q", err, logged.String(), usage.String())
	}
	logged.Reset()
	usage.Reset()
	if err := ParseFlags(fs, []string{"-h"}); err != flag.ErrHelp || logged.Len() != 0 || usage.String() != "Usage: normgen check\n" {
		t.Errorf("-h: %v, logged %q, usage %q", err, logged.String(), usage.String())
	}
}
