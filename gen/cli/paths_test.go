package cli

import (
	"os"
	"strings"
	"testing"
)

// TestExpandPaths: globs in order, a trailing separator keeping folders
// only (as in a shell), an existing path taken as it is even with a
// glob's characters, a path named twice kept once with a note, stdin
// only where allowed, and each refusal's words.
func TestExpandPaths(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, d := range []string{"logs/b", "logs/a"} {
		os.MkdirAll(d, 0o755)
	}
	for _, f := range []string{"logs/x.jsonl", "logs/a/calls.jsonl", "logs/a/calls.jsonl.1", "logs/b/calls.jsonl", "w[1].jsonl"} {
		os.WriteFile(f, nil, 0o644)
	}
	for _, tc := range []struct {
		values     []string
		dirs       bool
		want, note string // the paths and the notes, space- and |-separated
		err        string
	}{
		{[]string{"logs/*/"}, true, "logs/a logs/b", "", ""},
		{[]string{"logs/*"}, true, "", "", "logs/x.jsonl: not a directory (give the package's directory)"},
		{[]string{"logs/*/calls.jsonl*"}, false, "logs/a/calls.jsonl logs/a/calls.jsonl.1 logs/b/calls.jsonl", "", ""},
		{[]string{"logs/b/calls.jsonl", "logs/*/calls.jsonl"}, false, "logs/b/calls.jsonl logs/a/calls.jsonl",
			"-calls: logs/b/calls.jsonl is named by logs/b/calls.jsonl and by logs/*/calls.jsonl: read once", ""},
		{[]string{"logs/x.jsonl", "logs/x.jsonl"}, false, "logs/x.jsonl", "-calls: logs/x.jsonl is given twice: read once", ""},
		{[]string{"w[1].jsonl"}, false, "w[1].jsonl", "", ""},
		{[]string{"-", "logs/x.jsonl"}, false, "- logs/x.jsonl", "", ""},
		{[]string{"-", "-"}, false, "", "", "-calls -: stdin given twice"},
		{[]string{"-"}, true, "", "", "-logdir -: stdin is not taken here; give a path"},
		{[]string{"nope/*/"}, true, "", "", "-logdir nope/*/: no folder matches this glob"},
		{[]string{"nope*.jsonl"}, false, "", "", "-calls nope*.jsonl: no file matches this glob"},
		{[]string{"[.jsonl"}, false, "", "", "-calls [.jsonl: not a valid glob: syntax error in pattern"},
		{[]string{"logs/a"}, false, "", "", "logs/a: is a directory, not a file"},
		{[]string{"missing"}, true, "", "", "missing: no such directory"},
	} {
		flagName := map[bool]string{true: "logdir", false: "calls"}[tc.dirs]
		got, notes, err := ExpandPaths(flagName, tc.values, tc.dirs, !tc.dirs)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if strings.Join(got, " ") != tc.want || strings.Join(notes, "|") != tc.note || gotErr != tc.err {
			t.Errorf("%v: %q, notes %q, error %q; want %q, %q, %q", tc.values, got, notes, gotErr, tc.want, tc.note, tc.err)
		}
	}
}

func TestCheckDirAndFile(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("f", nil, 0o644)
	os.Mkdir("d", 0o755)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{CheckDir("d"), ""},
		{CheckDir("f"), "f: not a directory (give the package's directory)"},
		{CheckDir("x"), "x: no such directory"},
		{CheckFile("f"), ""},
		{CheckFile("-"), ""},
		{CheckFile("d"), "d: is a directory, not a file"},
		{CheckFile("x"), "x: no such file"},
	} {
		got := ""
		if tc.err != nil {
			got = tc.err.Error()
		}
		if got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestPathsNote(t *testing.T) {
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "2 log folders (a, b)"},
		{[]string{"a", "b", "c", "d"}, "4 log folders (a, b, c, d)"},
		{[]string{"a", "b", "c", "d", "e"}, "5 log folders (a, b, c, and 2 more)"},
	} {
		if got := PathsNote(tc.paths, "log folders"); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.paths, got, tc.want)
		}
	}
}
