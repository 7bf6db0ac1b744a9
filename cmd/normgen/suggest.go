package main

import (
	"github.com/normgen/normgen/normalize/statsview"

	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

func init() { subcommands["suggest"] = runSuggest }

// runSuggest implements `normgen suggest -calls FILE... [-w] [DIR]`:
// replays call logs (one per replica, say) through the package's
// generated decoders and suggests tag edits for recurring failures.
func runSuggest(args []string) int {
	fs := flag.NewFlagSet("normgen suggest", flag.ContinueOnError)
	var callsPaths pathsFlag
	fs.Var(&callsPaths, "calls", "JSON-lines call log `FILE` ({\"tool\": NAME, \"args\": {...}} a line); repeat it for several logs (one per replica); a quoted glob ('logs/*/calls.jsonl*') reads every match; - for stdin")
	write := fs.Bool("w", false, "apply the edits to the source files and regenerate")
	minCount := fs.Int("min", 2, "suggest an edit only for a pattern seen in at least `N` calls (of all the logs together)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: normgen suggest -calls FILE|GLOB|- [-calls ...] [-w] [-min N] [DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	switch {
	case len(callsPaths) == 0:
		return usageError(fs, "suggest", "-calls FILE is missing: the call log to replay (- for stdin)")
	case fs.NArg() > 1:
		return usageError(fs, "suggest", "at most one package directory, not %d arguments (quote a glob given to -calls: -calls 'logs/*.jsonl')", fs.NArg())
	}
	dir := "."
	if fs.NArg() == 1 {
		dir = fs.Arg(0)
	}
	files, code := expandPaths("calls", callsPaths, false, true)
	if code = max(code, needDir(dir)); code != 0 {
		return code
	}
	rep, code := suggestFor(dir, files, *minCount)
	if rep == nil {
		return code
	}
	rep.print(os.Stdout, os.Stderr)
	if !*write {
		return 0
	}
	n, err := applyEdits(rep.Edits)
	if err != nil {
		log.Print(err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "applied %d edit(s); regenerating %s\n", n, dir)
	if n == 0 {
		return 0
	}
	return runGenerate([]string{dir})
}

// suggestFor loads the package in dir, reads the call logs (files; "-"
// is stdin) as one and replays them, and analyses the failures; a nil
// report comes with the exit code. Every line is a call: identical lines
// from two logs (two replicas) are two calls.
func suggestFor(dir string, files []string, minCount int) (*suggestReport, int) {
	var calls []loggedCall
	var bad malformed
	for _, name := range files {
		label := ""
		if len(files) > 1 {
			label = name
			if name == "-" {
				label = "stdin"
			}
		}
		c, b, err := readCallLogFile(name, label)
		if err != nil {
			log.Print(err)
			return nil, 1
		}
		calls = append(calls, c...)
		if bad.Count == 0 {
			bad = b
		} else {
			bad.Count += b.Count
		}
	}
	pkg, diags := gen.Load(context.Background(), gen.Config{Dir: dir})
	if len(diags) > 0 {
		printDiags(dir, diags)
		return nil, 1
	}
	var objects []loggedCall
	for _, c := range calls {
		if c.NotObject == "" {
			objects = append(objects, c)
		}
	}
	replayed, err := replay(pkg, objects)
	if err != nil {
		log.Print(err)
		return nil, 1
	}
	known := map[string]bool{}
	for _, t := range pkg.Tools {
		known[t.Name] = true
	}
	results := make([]replayResult, 0, len(calls))
	for _, c := range calls {
		if c.NotObject != "" {
			results = append(results, replayResult{Known: known[c.Tool], Err: c.NotObject})
			continue
		}
		results = append(results, replayed[0])
		replayed = replayed[1:]
	}
	rep := analyse(pkg, calls, results, minCount)
	rep.Malformed = bad
	return rep, 0
}

// loggedCall is one line of a call log.
type loggedCall struct {
	At   string          `json:"-"` // where: "line 3", or "logs/b/calls.jsonl:3" among several logs
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args"`
	// NotObject says why the call's arguments are not a JSON object (""
	// when they are): such a call failed before any decoder could read
	// it, and is not replayed.
	NotObject string `json:"-"`
}

// clientBug ends the failure of a call whose arguments are not an object.
const clientBug = " (a client bug no tag edit can fix)"

// notObject says why the logged arguments a (JSON, not an object) are not
// a JSON object. normalize.WithCallLog writes arguments that are not valid
// JSON as a string holding their text, so a string is such a call, or a
// client that sent a string: one holding JSON text is surely the latter.
func notObject(a []byte) string {
	var s string
	switch a[0] {
	case '"':
		if json.Unmarshal(a, &s) == nil && json.Valid([]byte(s)) {
			return "the arguments are a string holding JSON text, not a JSON object" + clientBug
		}
		return "the arguments are not valid JSON" + clientBug
	case '[':
		s = "an array"
	case 't', 'f':
		s = "a boolean"
	case 'n':
		s = "null"
	default:
		s = "a number"
	}
	return "the arguments are " + s + ", not a JSON object" + clientBug
}

// malformed counts the log lines that were skipped.
type malformed struct {
	Count    int
	FirstAt  string // "line 4", or "FILE:4" among several logs
	FirstWhy string
}

// readCallLog reads a JSON-lines call log; lines that are not
// {"tool": string, "args": JSON} are skipped and counted. A call whose
// args are not an object is a call all the same (marked NotObject).
// Lines are placed as "line N", or "name:N" when name is not "" (one log
// among several).
func readCallLog(r io.Reader, name string) ([]loggedCall, malformed, error) {
	var calls []loggedCall
	var bad malformed
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var c loggedCall
		why := ""
		if err := json.Unmarshal(text, &c); err != nil {
			why = err.Error()
		} else if c.Tool == "" {
			why = `no "tool" name`
		} else if a := bytes.TrimSpace(c.Args); len(a) == 0 {
			why = `no "args"`
		} else if a[0] != '{' {
			c.NotObject = notObject(a)
		}
		if why != "" {
			if bad.Count == 0 {
				bad.FirstAt, bad.FirstWhy = lineAt(name, line), why
			}
			bad.Count++
			continue
		}
		c.At = lineAt(name, line)
		c.Args = bytes.TrimSpace(c.Args)
		calls = append(calls, c)
	}
	return calls, bad, sc.Err()
}

// lineAt places line n of the log name ("" when it is the only one).
func lineAt(name string, n int) string {
	if name == "" {
		return "line " + strconv.Itoa(n)
	}
	return name + ":" + strconv.Itoa(n)
}

// readCallLogFile reads the call log at path ("-": stdin) as
// readCallLog does; an error names the file.
func readCallLogFile(path, name string) ([]loggedCall, malformed, error) {
	if path == "-" {
		calls, bad, err := readCallLog(os.Stdin, name)
		if err != nil {
			err = fmt.Errorf("reading the call log on stdin: %v", err)
		}
		return calls, bad, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, malformed{}, err
	}
	defer f.Close()
	calls, bad, err := readCallLog(f, name)
	if err != nil {
		err = fmt.Errorf("%s: %v", path, err)
	}
	return calls, bad, err
}

// replayResult is what the replay program reports for one call.
type replayResult struct {
	Known    bool              `json:"known"` // the package has the tool
	Problems []lenient.Problem `json:"problems,omitempty"`
	Fixes    []lenient.Fix     `json:"fixes,omitempty"`
	Err      string            `json:"error,omitempty"` // a failure that is not a *lenient.Error
}

// replayMain is the program that replays calls through the generated
// decoders: it runs inside the user's module, importing their package.
const replayMain = `// Code generated by normgen suggest; a temporary file. DO NOT EDIT.

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"

	"github.com/normgen/normgen/lenient"
	tools %q
)

func main() {
	byName := map[string]lenient.Tool{}
	for _, t := range tools.NormgenTools() {
		byName[t.Name] = t
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 64<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var c struct {
			Tool string          ` + "`json:\"tool\"`" + `
			Args json.RawMessage ` + "`json:\"args\"`" + `
		}
		var r struct {
			Known    bool              ` + "`json:\"known\"`" + `
			Problems []lenient.Problem ` + "`json:\"problems,omitempty\"`" + `
			Fixes    []lenient.Fix     ` + "`json:\"fixes,omitempty\"`" + `
			Err      string            ` + "`json:\"error,omitempty\"`" + `
		}
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			r.Err = err.Error()
		} else if t, ok := byName[c.Tool]; ok {
			r.Known = true
			_, fixes, err := t.Decode(c.Args)
			r.Fixes = fixes
			var le *lenient.Error
			if errors.As(err, &le) {
				r.Problems = le.Problems
			} else if err != nil {
				r.Err = err.Error()
			}
		}
		if err := out.Encode(&r); err != nil {
			os.Exit(1)
		}
	}
	if in.Err() != nil {
		os.Exit(1)
	}
}
`

// replay runs the calls through the package's generated decoders
// (NormgenTools) with a temporary program in a folder inside the package,
// so that it belongs to the user's module and may import internal
// packages; the folder's name starts with "." so that no go command
// pattern (./...) ever sees it, and it is removed afterwards.
func replay(pkg *gen.Package, calls []loggedCall) ([]replayResult, error) {
	tmp, err := os.MkdirTemp(pkg.Dir, ".normgen-suggest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "main.go"), fmt.Appendf(nil, replayMain, pkg.Path), 0o644); err != nil {
		return nil, err
	}
	var stdin bytes.Buffer
	for _, c := range calls {
		line, _ := json.Marshal(&c)
		stdin.Write(append(line, '\n'))
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = tmp
	cmd.Stdin = &stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("replaying calls through %s's decoders (go run): %v\n%s", pkg.Path, err, stderr.Bytes())
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	results := make([]replayResult, 0, len(calls))
	for range calls {
		var r replayResult
		if err := dec.Decode(&r); err != nil {
			return nil, fmt.Errorf("reading the replay's results: %v", err)
		}
		for _, p := range r.Problems {
			if p.Kind == "" {
				// Failures are grouped by kind: a lenient that names none
				// would put every one in the catch-all group.
				return nil, fmt.Errorf("replaying calls through %s's decoders: its problems have no kind (%s): the module requires a lenient older than this normgen; update it (go get) and regenerate", pkg.Path, p)
			}
		}
		results = append(results, r)
	}
	return results, nil
}

// suggestReport is what suggest found.
type suggestReport struct {
	Calls, Failed, UnknownTool int
	Malformed                  malformed
	Edits                      []*tagEdit               // most frequent first
	Ambiguous                  []string                 // keys two fields claim equally
	Patterns                   []statsview.ErrorPattern // every failure group, most frequent first
}

// tagEdit is one suggested change to a field's norm tag.
type tagEdit struct {
	Tool     string
	Field    *gen.Field
	Struct   *gen.Struct // the struct holding Field
	Path     string      // the field's path template
	Kind     string      // "alias" or "value_alias"
	Key      string      // the alias key, or the wrong value
	To       string      // the canonical value of a value alias; "" when none is clear
	Count    int
	Example  loggedCall
	Choices  []string // the enum values, when To is ""
	Together int      // calls that sent Key with the field present (alias)
	Optional bool     // an optional field: Key came with it absent, and no other field fit
}

// option is the norm option the edit adds.
func (e *tagEdit) option() string {
	if e.Kind == "alias" {
		return "alias=" + e.Key
	}
	to := e.To
	if to == "" {
		to = "?"
	}
	return "value_alias=" + e.Key + ":" + to
}

var indexRE = regexp.MustCompile(`\[[0-9]+\]`)

// template turns a decoder path into a field path: indexes become [].
func template(path string) string { return indexRE.ReplaceAllString(path, "[]") }

// parentOf splits a path template into its object's path and last key.
func parentOf(path string) (string, string) {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i], path[i+1:]
	}
	return "", path
}

// fieldAt finds the field at a path template in a tool's input, and the
// struct holding it.
func fieldAt(s *gen.Struct, path string) (*gen.Field, *gen.Struct) {
	segs := strings.Split(path, ".")
	for i, seg := range segs {
		seg = strings.TrimRight(seg, "[]{}")
		var f *gen.Field
		for _, x := range s.Fields {
			if x.Name == seg {
				f = x
			}
		}
		if f == nil {
			return nil, nil
		}
		if i == len(segs)-1 {
			return f, s
		}
		t := f.Type
		for t != nil && t.Struct == nil {
			t = t.Elem
		}
		if t == nil {
			return nil, nil
		}
		s = t.Struct
	}
	return nil, nil
}

// analyse groups the failures and derives tag edits.
func analyse(pkg *gen.Package, calls []loggedCall, results []replayResult, minCount int) *suggestReport {
	rep := &suggestReport{Calls: len(calls)}
	tools := map[string]*gen.Tool{}
	for _, t := range pkg.Tools {
		tools[t.Name] = t
	}
	type groupKey struct{ tool, path, pattern string }
	groups := map[groupKey]*statsview.ErrorPattern{}
	var order []groupKey
	addGroup := func(k groupKey, c loggedCall) {
		g := groups[k]
		if g == nil {
			g = &statsview.ErrorPattern{Tool: k.tool, Field: k.path, Pattern: k.pattern, Example: string(c.Args)}
			groups[k] = g
			order = append(order, k)
		}
		g.Count++
	}
	type fieldKey struct{ tool, path string }
	type pairKey struct {
		fieldKey
		key string
	}
	misses := map[fieldKey]int{}
	missExample := map[fieldKey]loggedCall{}
	co := map[pairKey]int{}
	coExample := map[pairKey]loggedCall{}
	together := map[pairKey]int{}
	type valueKey struct {
		fieldKey
		value string
	}
	wrong := map[valueKey]int{}
	wrongExample := map[valueKey]loggedCall{}
	type toolKey struct{ tool, key string }
	sent := map[toolKey]int{} // calls that sent an unknown top-level key
	sentExample := map[toolKey]loggedCall{}
	optional := map[pairKey]int{} // of those, calls an optional field fit

	for i, c := range calls {
		r := results[i]
		if !r.Known {
			rep.UnknownTool++
			addGroup(groupKey{c.Tool, "", "unknown tool"}, c)
			continue
		}
		if len(r.Problems) > 0 || r.Err != "" {
			rep.Failed++
		}
		if r.Err != "" {
			addGroup(groupKey{c.Tool, "", r.Err}, c)
		}
		unknown := map[string][]string{} // object path -> unknown keys there
		for _, f := range r.Fixes {
			if f.Kind == lenient.FixUnknownKey {
				p, k := parentOf(template(f.Param))
				unknown[p] = append(unknown[p], k)
			}
		}
		for _, p := range r.Problems { // unknown=error structs
			if p.Kind == lenient.KindUnknownKey || p.Kind == lenient.KindKeyCase {
				p, k := parentOf(template(p.Path))
				unknown[p] = append(unknown[p], k)
			}
		}
		missing := map[string]bool{}
		for _, p := range r.Problems {
			path := template(p.Path)
			switch {
			case p.Kind == lenient.KindMissing:
				missing[path] = true
				fk := fieldKey{c.Tool, path}
				misses[fk]++
				if misses[fk] == 1 {
					missExample[fk] = c
				}
				parent, _ := parentOf(path)
				keys := unknown[parent]
				pattern := "missing"
				if len(keys) > 0 {
					pattern = "missing, with unknown key(s) " + strings.Join(keys, ", ")
				}
				addGroup(groupKey{c.Tool, path, pattern}, c)
				for _, k := range keys {
					pk := pairKey{fk, k}
					co[pk]++
					if co[pk] == 1 {
						coExample[pk] = c
					}
				}
			case p.Kind == lenient.KindEnum:
				var v string
				if json.Unmarshal([]byte(p.Value), &v) != nil {
					addGroup(groupKey{c.Tool, path, p.Value + " " + p.Msg}, c)
					continue
				}
				vk := valueKey{fieldKey{c.Tool, path}, v}
				wrong[vk]++
				if wrong[vk] == 1 {
					wrongExample[vk] = c
				}
				addGroup(groupKey{c.Tool, path, p.Value + " " + p.Msg}, c)
			default:
				addGroup(groupKey{c.Tool, path, p.Msg}, c)
			}
		}
		// An unknown top-level key sent while optional fields its value
		// fits were left out: each is a candidate for its alias.
		if t := tools[c.Tool]; t != nil && len(unknown[""]) > 0 {
			var args map[string]json.RawMessage
			if json.Unmarshal(c.Args, &args) == nil {
				for _, k := range unknown[""] {
					sent[toolKey{c.Tool, k}]++
					if sent[toolKey{c.Tool, k}] == 1 {
						sentExample[toolKey{c.Tool, k}] = c
					}
					for _, f := range t.Input.Fields {
						if !f.Required && absent(f, args) && fits(f.Type, args[k]) {
							optional[pairKey{fieldKey{c.Tool, f.Name}, k}]++
						}
					}
				}
			}
		}
		// An unknown key sent while a field is present is less likely that
		// field's alias.
		for parent, keys := range unknown {
			t := tools[c.Tool]
			if t == nil {
				continue
			}
			var s *gen.Struct
			if parent == "" {
				s = t.Input
			} else if f, _ := fieldAt(t.Input, parent); f != nil {
				for ty := f.Type; ty != nil; ty = ty.Elem {
					if ty.Struct != nil {
						s = ty.Struct
						break
					}
				}
			}
			if s == nil {
				continue
			}
			for _, f := range s.Fields {
				path := f.Name
				if parent != "" {
					path = parent + "." + f.Name
				}
				if missing[path] {
					continue
				}
				for _, k := range keys {
					together[pairKey{fieldKey{c.Tool, path}, k}]++
				}
			}
		}
	}

	// Alias edits: each unknown key goes to the missing field it came
	// with most often (name similarity breaks ties), to one field of a
	// struct at most, and never when it is a key the struct has. A key
	// that two fields claim equally is ambiguous: no edit.
	var cands []*tagEdit
	for pk, n := range co {
		t := tools[pk.tool]
		f, s := fieldAt(t.Input, pk.path)
		if f == nil || n < minCount || together[pk] >= n || takenKey(s, pk.key) || !tagSafe(pk.key) {
			continue
		}
		cands = append(cands, &tagEdit{Tool: pk.tool, Field: f, Struct: s, Path: pk.path, Kind: "alias", Key: pk.key, Count: n, Example: coExample[pk], Together: together[pk]})
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		sa, sb := nameSimilarity(a.Key, a.Field), nameSimilarity(b.Key, b.Field)
		if sa != sb {
			return sa > sb
		}
		return a.Tool+a.Path+a.Key < b.Tool+b.Path+b.Key
	})
	type structKey struct {
		s   *gen.Struct // one struct may serve several tools and paths
		key string
	}
	usedKey := map[structKey]bool{}
	for i, e := range cands {
		sk := structKey{e.Struct, e.Key}
		if usedKey[sk] {
			continue
		}
		usedKey[sk] = true
		var rivals []string
		for _, o := range cands[i+1:] {
			if o.Struct == e.Struct && o.Key == e.Key && o.Field != e.Field && o.Count == e.Count &&
				nameSimilarity(e.Key, e.Field)-nameSimilarity(o.Key, o.Field) < 0.1 {
				rivals = append(rivals, o.Path)
			}
		}
		if len(rivals) > 0 {
			rep.Ambiguous = append(rep.Ambiguous, fmt.Sprintf("%s: %q came in %d call(s) missing %s, and as often with %s missing: no alias suggested",
				e.Tool, e.Key, e.Count, e.Path, strings.Join(rivals, ", ")))
			continue
		}
		rep.Edits = append(rep.Edits, e)
	}

	// Alias edits for optional fields: a key no required field claimed,
	// sent at least minCount times, each time with one and the same
	// optional field left out that its value fits, and no other. A key
	// two or more such fields fit is ambiguous: no edit.
	withMissing := map[toolKey]bool{} // keys that came with a required field missing
	for pk := range co {
		withMissing[toolKey{pk.tool, pk.key}] = true
	}
	var keys []toolKey
	for k := range sent {
		if !withMissing[k] {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].tool+"\x00"+keys[i].key < keys[j].tool+"\x00"+keys[j].key })
	for _, tk := range keys {
		n, t := sent[tk], tools[tk.tool]
		if n < minCount || t == nil || usedKey[structKey{t.Input, tk.key}] || takenKey(t.Input, tk.key) || !tagSafe(tk.key) {
			continue
		}
		var fit []*gen.Field
		for _, f := range t.Input.Fields {
			if optional[pairKey{fieldKey{tk.tool, f.Name}, tk.key}] == n {
				fit = append(fit, f)
			}
		}
		switch {
		case len(fit) == 1:
			usedKey[structKey{t.Input, tk.key}] = true
			rep.Edits = append(rep.Edits, &tagEdit{Tool: tk.tool, Field: fit[0], Struct: t.Input, Path: fit[0].Name, Kind: "alias", Key: tk.key, Count: n, Example: sentExample[tk], Optional: true})
		case len(fit) > 1:
			names := make([]string, len(fit))
			for i, f := range fit {
				names[i] = f.Name
			}
			rep.Ambiguous = append(rep.Ambiguous, fmt.Sprintf("%s: %q came in %d call(s) with optional %s left out, which its value fits alike: no alias suggested",
				tk.tool, tk.key, n, strings.Join(names, ", ")))
		}
	}

	// Value alias edits: an enum field that keeps getting one wrong value.
	for vk, n := range wrong {
		t := tools[vk.tool]
		f, _ := fieldAt(t.Input, vk.path)
		if f == nil || n < minCount || f.Type == nil {
			continue
		}
		enum := f.Keywords.Enum
		if len(enum) == 0 || takenValue(f, vk.value) || !tagSafe(vk.value) || strings.Contains(vk.value, ":") {
			continue
		}
		e := &tagEdit{Tool: vk.tool, Field: f, Path: vk.path, Kind: "value_alias", Key: vk.value, Count: n, Example: wrongExample[vk]}
		e.To = closestValue(vk.value, enum)
		if e.To == "" {
			e.Choices = enum
		}
		rep.Edits = append(rep.Edits, e)
	}
	sort.SliceStable(rep.Edits, func(i, j int) bool {
		a, b := rep.Edits[i], rep.Edits[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Tool+"\x00"+a.Path+"\x00"+a.Key < b.Tool+"\x00"+b.Path+"\x00"+b.Key
	})

	for _, k := range order {
		rep.Patterns = append(rep.Patterns, *groups[k])
	}
	for _, e := range rep.Edits {
		for i := range rep.Patterns {
			p := &rep.Patterns[i]
			if p.Tool == e.Tool && p.Field == e.Path && p.Edit == "" &&
				(e.Kind == "alias" && strings.HasPrefix(p.Pattern, "missing, with") && strings.Contains(p.Pattern+",", " "+e.Key+",") ||
					e.Kind == "value_alias" && strings.HasPrefix(p.Pattern, strconv.Quote(e.Key)+" ")) {
				p.Edit = e.position() + ": " + e.option()
			}
		}
	}
	sort.SliceStable(rep.Patterns, func(i, j int) bool { return rep.Patterns[i].Count > rep.Patterns[j].Count })
	return rep
}

// absent reports whether none of f's keys is in args.
func absent(f *gen.Field, args map[string]json.RawMessage) bool {
	for _, k := range f.Spellings() {
		if _, ok := args[k]; ok {
			return false
		}
	}
	return true
}

// fits reports whether a JSON value is of a kind a field of type t takes
// (a string for a number or a boolean only when it is one's text; null
// fits nothing).
func fits(t *gen.TypeRef, v json.RawMessage) bool {
	if t == nil || len(v) == 0 {
		return false
	}
	var x any
	if json.Unmarshal(v, &x) != nil || x == nil {
		return false
	}
	str, isStr := x.(string)
	switch t.Kind {
	case schema.String:
		return isStr
	case schema.Int, schema.Uint, schema.Float:
		_, isNum := x.(float64)
		return isNum || isStr && json.Valid([]byte(str)) && strings.Trim(str, "0123456789.-+eE") == ""
	case schema.Bool:
		_, isBool := x.(bool)
		return isBool || isStr && (strings.EqualFold(str, "true") || strings.EqualFold(str, "false"))
	case schema.Array:
		_, isArr := x.([]any)
		return isArr || isStr && strings.HasPrefix(strings.TrimSpace(str), "[")
	case schema.Object, schema.Map:
		_, isObj := x.(map[string]any)
		return isObj
	case schema.Any:
		return true
	}
	return false
}

// tagSafe reports whether s can be written into a norm tag option as it
// is (no separator, quote, space or control character).
func tagSafe(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || strings.ContainsRune("|,\"\\`=", r) {
			return false
		}
	}
	return true
}

// takenKey reports whether key is a field name or alias of s.
func takenKey(s *gen.Struct, key string) bool {
	for _, f := range s.Fields {
		for _, k := range f.Spellings() {
			if k == key {
				return true
			}
		}
	}
	return false
}

// takenValue reports whether v is one of f's enum values or value aliases.
func takenValue(f *gen.Field, v string) bool {
	for _, e := range f.Keywords.Enum {
		if e == v {
			return true
		}
	}
	for t := f.Type; t != nil; t = t.Elem {
		for _, a := range t.ValueAliases {
			if a.From == v {
				return true
			}
		}
	}
	return false
}

// nameSimilarity scores how alike a key is to a field's names, in [0, 1].
func nameSimilarity(key string, f *gen.Field) float64 {
	best := 0.0
	for _, n := range append(f.Spellings(), strings.Join(f.GoName, "")) {
		if s := similarity(key, n); s > best {
			best = s
		}
	}
	return best
}

// similarity scores two names in [0, 1]: 1 for equal ignoring case and
// _/-, then a subsequence (cp in copy), a shared prefix, edit distance.
func similarity(a, b string) float64 {
	norm := func(s string) string { return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s)) }
	a, b = norm(a), norm(b)
	if a == "" || b == "" {
		return 0
	}
	if a == b {
		return 1
	}
	long := max(len(a), len(b))
	best := 1 - float64(levenshtein(a, b))/float64(long)
	short, other := a, b
	if len(short) > len(other) {
		short, other = other, short
	}
	if short[0] == other[0] && subsequence(short, other) {
		best = max(best, 0.8)
	}
	p := 0
	for p < len(short) && short[p] == other[p] {
		p++
	}
	return max(best, 0.7*float64(p)/float64(len(short)))
}

func subsequence(s, t string) bool {
	i := 0
	for j := 0; i < len(s) && j < len(t); j++ {
		if s[i] == t[j] {
			i++
		}
	}
	return i == len(s)
}

func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// closestValue is the enum value v most likely means, "" when no value is
// clearly the one (similar enough, and clearly more than the next).
func closestValue(v string, enum []string) string {
	best, second, pick := 0.0, 0.0, ""
	for _, e := range enum {
		s := similarity(v, e)
		if s > best {
			best, second, pick = s, best, e
		} else if s > second {
			second = s
		}
	}
	if best < 0.6 || best-second < 0.15 {
		return ""
	}
	return pick
}

// position is the field's file:line:col, the file relative to the
// working directory when it is below it.
func (e *tagEdit) position() string {
	p := e.Field.Pos
	name := p.Filename
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}

// print writes the edits, most frequent first, then the other failure
// groups; notes about skipped lines go to errw.
func (r *suggestReport) print(w, errw io.Writer) {
	if r.Malformed.Count > 0 {
		fmt.Fprintf(errw, "skipped %d malformed line(s) of the call log (first: %s: %s)\n", r.Malformed.Count, r.Malformed.FirstAt, r.Malformed.FirstWhy)
	}
	fmt.Fprintf(w, "%d call(s) replayed, %d failed", r.Calls, r.Failed)
	if r.UnknownTool > 0 {
		fmt.Fprintf(w, ", %d for tools the package does not declare", r.UnknownTool)
	}
	fmt.Fprintf(w, "; %d edit(s) suggested\n", len(r.Edits))
	for _, e := range r.Edits {
		goName := strings.Join(e.Field.GoName, ".")
		ex, _ := json.Marshal(&e.Example)
		switch {
		case e.Kind == "alias":
			if e.Optional {
				fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) sent %q, not a key, with the optional %q left out (the one field its value fits)\n", e.position(), e.Tool, goName, e.option(), e.Count, e.Key, e.Path)
				break
			}
			fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) missed %q and sent %q", e.position(), e.Tool, goName, e.option(), e.Count, e.Path, e.Key)
			if e.Together > 0 {
				fmt.Fprintf(w, " (%d call(s) sent it with %q present)", e.Together, e.Path)
			}
			fmt.Fprintln(w)
		case e.To != "":
			fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) sent %q for %q\n", e.position(), e.Tool, goName, e.option(), e.Count, e.Key, e.Path)
		default:
			fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"value_alias=%s:VALUE\", VALUE one of %s (no value is clearly meant; -w skips this one)\n\t%d call(s) sent %q for %q\n",
				e.position(), e.Tool, goName, e.Key, strings.Join(e.Choices, ", "), e.Count, e.Key, e.Path)
		}
		fmt.Fprintf(w, "\te.g. %s: %s\n", e.Example.At, ex)
	}
	for _, a := range r.Ambiguous {
		fmt.Fprintf(w, "\nambiguous: %s\n", a)
	}
	var other []statsview.ErrorPattern
	for _, p := range r.Patterns {
		if p.Edit == "" {
			other = append(other, p)
		}
	}
	if len(other) > 0 {
		fmt.Fprintf(w, "\nother failures (no tag edit suggested):\n")
		for _, p := range other {
			field := p.Field
			if field == "" {
				field = "-"
			}
			fmt.Fprintf(w, "\t%d\t%s\t%s\t%s\n", p.Count, p.Tool, field, p.Pattern)
		}
	}
}

// applyEdits rewrites the norm tags of the edits' fields (those with a
// value to write) and gofmts the files; it returns how many it applied.
func applyEdits(edits []*tagEdit) (int, error) {
	byFile := map[string][]*tagEdit{}
	for _, e := range edits {
		if e.Kind == "value_alias" && e.To == "" {
			continue
		}
		byFile[e.Field.Pos.Filename] = append(byFile[e.Field.Pos.Filename], e)
	}
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	applied := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return applied, err
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return applied, err
		}
		for _, e := range byFile[name] {
			field := fieldNode(fset, file, e.Field.Pos)
			if field == nil || field.Tag == nil {
				return applied, fmt.Errorf("%s: no tagged struct field here (the file changed since it was loaded?)", e.position())
			}
			tag, err := strconv.Unquote(field.Tag.Value)
			if err != nil {
				return applied, fmt.Errorf("%s: %v", e.position(), err)
			}
			tag, err = addNormOption(tag, e.Kind, e.option())
			if err != nil {
				return applied, fmt.Errorf("%s: %v", e.position(), err)
			}
			if strings.ContainsRune(tag, '`') {
				field.Tag.Value = strconv.Quote(tag)
			} else {
				field.Tag.Value = "`" + tag + "`"
			}
			applied++
		}
		var buf bytes.Buffer
		if err := format.Node(&buf, fset, file); err != nil {
			return applied, err
		}
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			return applied, err
		}
	}
	return applied, nil
}

// fieldNode finds the struct field whose name is at pos.
func fieldNode(fset *token.FileSet, file *ast.File, pos token.Position) *ast.Field {
	var found *ast.Field
	ast.Inspect(file, func(n ast.Node) bool {
		f, ok := n.(*ast.Field)
		if !ok || found != nil {
			return found == nil
		}
		for _, id := range f.Names {
			p := fset.Position(id.Pos())
			if p.Line == pos.Line && p.Column == pos.Column {
				found = f
			}
		}
		return found == nil
	})
	return found
}

// addNormOption adds an alias=K or value_alias=V:C option to a struct
// tag's norm key, merging into an option of the same kind, keeping the
// other keys byte for byte.
func addNormOption(tag, kind, option string) (string, error) {
	type pair struct{ key, raw string }
	var pairs []pair
	rest := strings.TrimSpace(tag)
	for rest != "" {
		i := strings.Index(rest, ":\"")
		if i <= 0 || strings.ContainsAny(rest[:i], " \t\"") {
			return "", errors.New("the struct tag is not key:\"value\" pairs")
		}
		key := rest[:i]
		j := i + 2
		for j < len(rest) && rest[j] != '"' {
			if rest[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(rest) {
			return "", errors.New("the struct tag has an unterminated value")
		}
		pairs = append(pairs, pair{key, rest[i+1 : j+1]})
		rest = strings.TrimLeft(rest[j+1:], " \t")
	}
	value := strings.TrimPrefix(option, kind+"=")
	done := false
	for i, p := range pairs {
		if p.key != "norm" {
			continue
		}
		norm, err := strconv.Unquote(p.raw)
		if err != nil {
			return "", err
		}
		opts := strings.Split(norm, ",")
		merged := false
		for k, o := range opts {
			if strings.HasPrefix(strings.TrimSpace(o), kind+"=") {
				opts[k] = o + "|" + value
				merged = true
				break
			}
		}
		if !merged {
			if strings.TrimSpace(norm) == "" {
				opts = []string{option}
			} else {
				opts = append(opts, option)
			}
		}
		pairs[i].raw = strconv.Quote(strings.Join(opts, ","))
		done = true
	}
	if !done {
		pairs = append(pairs, pair{"norm", strconv.Quote(option)})
	}
	parts := make([]string, len(pairs))
	for i, p := range pairs {
		parts[i] = p.key + ":" + p.raw
	}
	return strings.Join(parts, " "), nil
}
