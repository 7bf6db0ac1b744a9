package suggest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
)

// Call is one call of a call log.
type Call struct {
	// At places the call: "line 3", or "logs/b/calls.jsonl:3" for a log
	// read under a name (one among several).
	At string `json:"-"`
	// Tool is the tool called.
	Tool string `json:"tool"`
	// Args is the arguments as logged (JSON text, surrounding space
	// trimmed).
	Args json.RawMessage `json:"args"`
	// NotObject says why Args is not a JSON object ("" when it is): such a
	// call failed before any decoder could read it, no tag edit can fix
	// it, and it is not replayed.
	NotObject string `json:"-"`
}

// Malformed counts the lines of a call log that are no call.
type Malformed struct {
	Count    int    // lines skipped
	FirstAt  string // the first one's place, as Call.At
	FirstWhy string // why the first one is no call
}

// Add adds the malformed lines of another log to m.
func (m *Malformed) Add(o Malformed) {
	if m.Count == 0 {
		*m = o
		return
	}
	m.Count += o.Count
}

// clientBug ends the failure of a call whose arguments are not an object.
const clientBug = " (a client bug no tag edit can fix)"

// ReadCallLog reads a JSON-lines call log. A line that is not
// {"tool": string, "args": JSON} is skipped and counted in Malformed; a
// call whose args are not an object is a call all the same, with
// NotObject set. Calls are placed as "line N", or "name:N" when name is
// not "" (one log among several). Blank lines are ignored; a line may be
// up to 64 MiB long.
func ReadCallLog(r io.Reader, name string) ([]Call, Malformed, error) {
	var calls []Call
	var bad Malformed
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var c Call
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
		return "the arguments are a string: text that is not valid JSON, as the call log writes it, or a string the client sent" + clientBug
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
