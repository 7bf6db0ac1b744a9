package invariant

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/lenient"
)

// CheckGenerated checks calls whose classes are not known in advance
// (calls generated from a tool's type, by tool name) against each tool's
// schema in the profiles Check checks: a call the decoder accepts must be
// valid for the Go validator and for AJV; a call a validator accepts and
// the decoder rejects must be rejected for documented classes only, which
// Classes reads from the decoder's error and the call.
func CheckGenerated(t *testing.T, tools []lenient.Tool, calls map[string][]string) {
	t.Helper()
	type pending struct {
		tool    lenient.Tool
		args    string
		err     error
		fixes   []lenient.Fix
		sch     *jsonschema.Schema
		goValid bool
	}
	var all []pending
	var cases []ajvcheck.Case
	byName := toolsByName(tools)
	for _, name := range sortedKeys(calls) {
		tool, ok := byName[name]
		if !ok {
			t.Errorf("no tool %q", name)
			continue
		}
		for _, v := range profiled(tool) {
			sch := compile(t, v)
			c := ajvcheck.Case{Schema: v.InputSchema}
			for _, args := range calls[name] {
				inst, err := jsonschema.UnmarshalJSON(strings.NewReader(args))
				if err != nil {
					continue // not JSON: no validator's business
				}
				_, fixes, derr := tool.Decode([]byte(args))
				checkKinds(t, tool.Name, args, derr)
				all = append(all, pending{tool: v, args: args, err: derr, fixes: fixes, sch: sch, goValid: sch.Validate(inst) == nil})
				c.Instances = append(c.Instances, json.RawMessage(args))
			}
			cases = append(cases, c)
		}
	}
	ajv := ajvcheck.ValidateOrNone(t, cases)
	failures := 0
	fail := func(format string, args ...any) {
		t.Helper()
		if failures++; failures <= 20 {
			t.Errorf(format, args...)
		}
	}
	k := 0
	for ci, c := range cases {
		for ii := range c.Instances {
			p := all[k]
			k++
			if msg := verdict(p.tool, p.args, p.err, p.fixes, p.sch, p.goValid, ajv[ci] != nil, ajv[ci] == nil || ajv[ci][ii]); msg != "" {
				fail("%s", msg)
			}
		}
	}
	if failures > 20 {
		t.Errorf("... and %d more", failures-20)
	}
	checkStrict(t, tools, calls)
}

// verdict says what is wrong with a call args of tool that the decoder
// answered with err and fixes, the Go validator with goValid (for the
// compiled schema sch) and, where ajvRan, AJV with ajvValid; "" when
// nothing is: a call the decoder accepts is valid for both (but for
// class (f), a key the schema does not advertise), and one a validator
// accepts and the decoder refuses is refused for documented classes
// only.
func verdict(tool lenient.Tool, args string, err error, fixes []lenient.Fix, sch *jsonschema.Schema, goValid, ajvRan, ajvValid bool) string {
	switch {
	case err == nil && (!goValid || !ajvValid) && advertisedOnce(tool, []byte(args), fixes, sch):
		// class (f): a key the schema does not advertise
	case err == nil && !goValid:
		return fmt.Sprintf("%s %s: the decoder accepts it but the Go validator rejects it", tool.Name, args)
	case err == nil && !ajvValid:
		return fmt.Sprintf("%s %s: the decoder accepts it but AJV rejects it (a host would block a call the server takes)", tool.Name, args)
	case err != nil && (goValid || ajvRan && ajvValid):
		if class, why := Classes(err, []byte(args)); class == "" {
			return fmt.Sprintf("%s %s: a validator accepts it (Go %v, AJV %v) but the decoder rejects it for no documented class: %s", tool.Name, args, goValid, ajvValid, why)
		}
	}
	return ""
}

// Fuzz is CheckGenerated over fuzzed calls (seeds: calls by tool name),
// coverage-guided, with the Go validator alone: AJV runs in node, on a
// batch of calls (Check and CheckGenerated give it theirs). Each input
// is a tool's index and a call; one that is not JSON is no validator's
// business, and is skipped.
func Fuzz(f *testing.F, tools []lenient.Tool, seeds map[string][]string) {
	f.Helper()
	for i, tool := range tools {
		f.Add(uint8(i), []byte(`{}`))
		for _, args := range seeds[tool.Name] {
			f.Add(uint8(i), []byte(args))
		}
	}
	var compiled sync.Map // "tool [profile]" -> *jsonschema.Schema
	f.Fuzz(func(t *testing.T, i uint8, args []byte) {
		tool := tools[int(i)%len(tools)]
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
		if err != nil {
			return
		}
		_, fixes, derr := tool.Decode(args)
		checkKinds(t, tool.Name, string(args), derr)
		for _, v := range profiled(tool) {
			sch, ok := compiled.Load(v.Name)
			if !ok {
				sch, _ = compiled.LoadOrStore(v.Name, compile(t, v))
			}
			goValid := sch.(*jsonschema.Schema).Validate(inst) == nil
			if msg := verdict(v, string(args), derr, fixes, sch.(*jsonschema.Schema), goValid, false, true); msg != "" {
				t.Fatal(msg)
			}
		}
	})
}

// profiled returns tool in each profile the checks read: portable (its
// InputSchema where its Schemas lack it) and typearray, where it has one,
// each named "tool [profile]" with that profile's schema as InputSchema.
func profiled(tool lenient.Tool) []lenient.Tool {
	var out []lenient.Tool
	for _, p := range []lenient.Profile{lenient.ProfilePortable, lenient.ProfileTypeArray} {
		s, ok := tool.Schemas[p]
		if !ok {
			if p != lenient.ProfilePortable {
				continue
			}
			s = tool.InputSchema
		}
		v := tool
		v.Name = tool.Name + " [" + string(p) + "]"
		v.InputSchema = s
		out = append(out, v)
	}
	return out
}

// Classes returns the documented classes (DESIGN.md, the README) of a
// decoder error for the call args, such as "a" or "bd", when every
// problem of it is in one; otherwise "" and the first problem that is in
// none. Class g is a value sent under an alias key: the schema does not
// declare aliases, so it does not check their values; h a key in another
// letter case; i what a decoder normgen did not generate refuses; j an
// unknown key near the spelling of a field left out. (Class
// f is the other way: a call the decoder takes and the schema refuses.)
func Classes(err error, args []byte) (string, string) {
	var le *lenient.Error
	if !errors.As(err, &le) {
		return "", fmt.Sprintf("not a *lenient.Error: %v", err)
	}
	var call any
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	if dec.Decode(&call) != nil {
		return "", "the call is not JSON"
	}
	// A field given twice: the validators read the last value, the
	// decoder reports every value's problems too.
	var twice []string
	for _, p := range le.Problems {
		if p.Kind == lenient.KindDuplicate {
			twice = append(twice, p.Path)
		}
	}
	set := map[byte]bool{}
	for _, p := range le.Problems {
		c := byte(0)
		for _, d := range twice {
			if under(p.Path, d) {
				c = 'd'
			}
		}
		if c == 0 {
			c = problemClass(p, call)
		}
		if c == 0 {
			return "", p.String()
		}
		set[c] = true
	}
	var out []byte
	for _, c := range []byte("abcdeghij") {
		if set[c] {
			out = append(out, c)
		}
	}
	return string(out), ""
}

// checkKinds fails the test for a problem of err (a decode of args by
// tool) that has no Kind: every refusal the decoders produce is classified.
func checkKinds(t *testing.T, tool, args string, err error) {
	t.Helper()
	var le *lenient.Error
	if !errors.As(err, &le) {
		return
	}
	for _, p := range le.Problems {
		if p.Kind == "" {
			t.Errorf("%s %s: a problem without a kind: %s", tool, args, p)
		}
	}
}

// under reports whether path is base or a path below it.
func under(path, base string) bool {
	return path == base || base == "" || strings.HasPrefix(path, base) && (path[len(base)] == '.' || path[len(base)] == '[')
}

// problemClass is the documented class of one problem of call, or 0.
func problemClass(p lenient.Problem, call any) byte {
	quoted := len(p.Value) > 0 && p.Value[0] == '"'
	switch p.Kind {
	case lenient.KindDuplicate:
		return 'd'
	case lenient.KindKeyCase:
		return 'h'
	case lenient.KindMisnamed:
		return 'j'
	case lenient.KindTime, lenient.KindRefused:
		return 'i' // time.Time's own parsing, a type's own decoder
	case lenient.KindType, lenient.KindFraction, lenient.KindDuration:
		if quoted {
			// A string the schema took (a validator accepted the call):
			// the string form of an array or object, which takes any
			// string, read as a lone element (wrap) or as JSON text it is
			// not.
			return 'b'
		}
	case lenient.KindMissing:
		if p.Value == "" && where(p, call) != inText {
			return 'c'
		}
	case lenient.KindText:
		return 'b'
	}
	if quoted && strings.HasSuffix(p.Msg, "; "+p.Path+" takes an array of them, or one alone") {
		// a norm:"wrap" field's lone string, which its items refuse: its
		// string branch, there for JSON text, takes any string
		return 'b'
	}
	switch where(p, call) {
	case inText:
		return 'b'
	case viaAlias:
		return 'g'
	}
	switch p.Kind {
	case lenient.KindRange:
		return 'a'
	case lenient.KindFraction:
		return 'e'
	}
	return 0
}

// Where a problem's value is in the call.
const (
	native   = iota // given as JSON, under the field's own key
	inText          // inside a string the decoder read as JSON text, or JSON text of the wrong shape
	viaAlias        // under a key the path does not name: an alias
)

// where follows the problem's path through the call.
func where(p lenient.Problem, call any) int {
	segs, ok := parsePath(p.Path)
	if !ok {
		return native
	}
	v := call
	for _, s := range segs {
		switch x := v.(type) {
		case string:
			return inText // the path goes on inside JSON text
		case map[string]any:
			if s.index >= 0 {
				return native
			}
			next, found := x[s.key]
			if !found {
				return viaAlias
			}
			v = next
		case []any:
			if s.index < 0 || s.index >= len(x) {
				return native
			}
			v = x[s.index]
		default:
			return native
		}
	}
	if _, isString := v.(string); isString {
		switch p.Kind {
		case lenient.KindType, lenient.KindMissing, lenient.KindItems:
			return inText // JSON text of the wrong shape, or a wrong value
		}
	}
	return native
}

// pathSeg is one step of a decoder path: a key, or an index (key "").
type pathSeg struct {
	key   string
	index int
}

// parsePath reads a decoder path: keys joined by ".", [N] for an index,
// ["..."] for a key that is not plain.
func parsePath(path string) ([]pathSeg, bool) {
	var segs []pathSeg
	for i := 0; i < len(path); {
		switch path[i] {
		case '.':
			i++
		case '[':
			if i+1 < len(path) && path[i+1] == '"' {
				end := i + 2
				for end < len(path) && path[end] != '"' {
					if path[end] == '\\' {
						end++
					}
					end++
				}
				key, err := strconv.Unquote(path[i+1 : end+1])
				if err != nil || end+1 >= len(path) || path[end+1] != ']' {
					return nil, false
				}
				segs = append(segs, pathSeg{key: key, index: -1})
				i = end + 2
				continue
			}
			end := strings.IndexByte(path[i:], ']')
			if end < 0 {
				return nil, false
			}
			n, err := strconv.Atoi(path[i+1 : i+end])
			if err != nil {
				return nil, false
			}
			segs = append(segs, pathSeg{index: n})
			i += end + 1
		default:
			end := strings.IndexAny(path[i:], ".[")
			if end < 0 {
				end = len(path) - i
			}
			segs = append(segs, pathSeg{key: path[i : i+end], index: -1})
			i += end
		}
	}
	return segs, true
}
