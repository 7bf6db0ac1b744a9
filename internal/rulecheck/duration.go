package rulecheck

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// A time.Duration's plain JSON form, what encoding/json reads and the
// rules write, is an integer number of nanoseconds; the generated
// decoder takes a bare number only where the field declares its unit
// (norm:"unit=s"), and reads it as that unit. So the generated decoder
// is given the normalized object with each nanosecond count a rule wrote
// for such a field written as Go duration text ("5000000000ns"), which
// it reads as the same value; the fix that reading records is not one
// the rules missed. A number no rule wrote stays as it is, for the
// decoder to judge as it judges the call.

// nanosRules are the ids of rules that write a nanosecond count for a
// time.Duration whose bare number is not one of nanoseconds.
func nanosRules(rules []lenient.Rule) map[string]bool {
	ids := map[string]bool{}
	for _, r := range rules {
		if r.Type == lenient.RuleTypeCoerce && strings.HasPrefix(r.CoerceTo, lenient.CoerceDuration) && r.CoerceTo != lenient.CoerceDuration+"_ns" {
			ids[r.ID] = true
		}
	}
	return ids
}

// durationsAsText rewrites, in out, each value that a rule of ids wrote
// (applied) as "Nns"; out unchanged when there is none or a path does
// not parse.
func durationsAsText(out []byte, applied []normalize.Applied, ids map[string]bool) []byte {
	var v any
	for _, a := range applied {
		if !ids[a.RuleID] {
			continue
		}
		if v == nil {
			dec := json.NewDecoder(bytes.NewReader(out))
			dec.UseNumber()
			if dec.Decode(&v) != nil {
				return out
			}
		}
		path, ok := parsePath(a.Param)
		if !ok || !setAt(v, path, a.To+"ns") {
			return out
		}
	}
	if v == nil {
		return out
	}
	b, err := json.Marshal(v)
	if err != nil {
		return out
	}
	return b
}

// parsePath splits a decoder path (steps[0].id, ["x.y"][2]) into keys
// (strings) and indexes (ints).
func parsePath(p string) ([]any, bool) {
	var out []any
	for p != "" {
		switch {
		case strings.HasPrefix(p, `["`):
			end := 2
			for end < len(p) && p[end] != '"' {
				if p[end] == '\\' {
					end++
				}
				end++
			}
			if end+1 >= len(p) || p[end+1] != ']' {
				return nil, false
			}
			k, err := strconv.Unquote(p[1 : end+1])
			if err != nil {
				return nil, false
			}
			out, p = append(out, k), p[end+2:]
		case p[0] == '[':
			end := strings.IndexByte(p, ']')
			i, err := strconv.Atoi(p[1:max(end, 1)])
			if end < 0 || err != nil {
				return nil, false
			}
			out, p = append(out, i), p[end+1:]
		default:
			p = strings.TrimPrefix(p, ".")
			end := strings.IndexAny(p, ".[")
			if end < 0 {
				end = len(p)
			}
			out, p = append(out, p[:end]), p[end:]
		}
	}
	return out, len(out) > 0
}

// setAt sets the value at path in v (decoded JSON) to s.
func setAt(v any, path []any, s string) bool {
	for i, step := range path {
		last := i == len(path)-1
		switch x := v.(type) {
		case map[string]any:
			k, ok := step.(string)
			if !ok {
				return false
			}
			if last {
				x[k] = s
				return true
			}
			v = x[k]
		case []any:
			j, ok := step.(int)
			if !ok || j >= len(x) {
				return false
			}
			if last {
				x[j] = s
				return true
			}
			v = x[j]
		default:
			return false
		}
	}
	return false
}

// nanosFix reports whether f is the fix the generated decoder records
// reading a nanosecond count durationsAsText wrote.
func nanosFix(f lenient.Fix) bool {
	return f.Kind == lenient.FixDuration && bytes.HasSuffix(f.From, []byte(`ns"`))
}
