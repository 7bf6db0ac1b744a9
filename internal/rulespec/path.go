// Package rulespec is rules as data (lenient.Rule) read the one way
// every part of normgen reads them: the rule-path grammar (ParsePath,
// PathKey, PathString), where a rule applies (Target, TargetPath), and the
// checks a set of rules passes (Validate). Package normalize applies rules;
// package derive and the generator spell and check them without linking
// the normalizer.
package rulespec

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/lenient"
)

// A rule path locates the values a rule applies to, from the arguments
// object: member names joined by ".", "[]" for each element of an array
// and "{}" for each value of an object (a map): "retry.attempts",
// "steps[].id", "labels[]", "env{}.port"; a pattern, Go-quoted in
// braces, for each value of an object whose member name it matches
// (patternProperties' values, CompilePattern): `env{"^[A-Z_]+$"}.port`;
// at the start of a path, "{}" or a pattern step is the arguments
// object's own members (its additionalProperties' or patternProperties'
// values): `{"^x-"}.port`.
// A member name holding ".",
// "[", "]", "{", "}", "(", ")", "|" or "*" is written quoted in brackets,
// as decoder paths write it: `opts["x.y"]`, `["a[0]"].n`. A group, "("
// alternatives separated by "|" ")*", after the first member, is its
// steps repeated any number of times, zero included (a recursive type):
// "filter(.and[]|.or[]|.not)*.boost". Along the way, a string holding
// JSON array or object text is read as that value (and written back as
// text), as the generated decoders read it at any depth, but after a
// step marked "!" (a quoted name, [], {} or a pattern step: `["u"]!.port`,
// `items[]!.id`), whose value may be a string the schema takes as it is:
// there a string is left as it is. A guard, after a step, names a member
// of the object there and the strings it must hold for the path to go on
// (`kind<"type"="record"|"map">.fields`: the fields of kind where kind's
// type is "record" or "map"; the values of one branch of a union its
// required "type" tells apart, GuardString); after "!", a member the
// object there must not hold, null included (`spec<!"mark">.layers`:
// the layers of spec where spec holds no mark; the values of one branch
// of a union where another branch's required member is absent,
// AbsentGuardString). Guards one after the other must all hold. Guards
// may start a path, on the arguments object itself, and a step follows
// them as it follows any step (`<!"facet"><!"layers">.encoding`: the
// encoding of a call that holds neither facet nor layers; the values of
// one branch of the input schema's union).
//
// Step is one step of a parsed rule path.
type Step struct {
	Key     string         // a member name; a pattern step's pattern; "" for [], {} and groups
	Each    byte           // '[' for each array element, '{' for each object value, '~' for each one whose name Pattern matches, '*' for a group, '=' for a guard, 0 for a key
	Alts    [][]Step       // a group's alternatives
	Pattern *regexp.Regexp // a pattern step's pattern (CompilePattern)
	Values  []string       // a guard's strings: its member (Key) holds one of them
	// Absent marks a guard that holds where its member (Key) is absent
	// ("<!"): it has no Values.
	Absent bool
	// AsIs marks a step whose value may be a string the schema takes as
	// it is ("!" after it): such a string is not read as JSON text, where
	// the path goes on below it or a member rule reads it as an object.
	AsIs bool
}

// ParsePath parses a rule path. A name is any non-empty run of characters
// other than ".", "[", "]", "{" and "}" (and, in a group, "|" and ")"),
// ending before a guard (`<"` or `<!"`), or any name quoted in brackets
// (["x.y"]); a "!" right after a quoted name, [], {} or a pattern step
// marks it (Step.AsIs); a group starts with "(" right after a step,
// followed by ".", "[", "{", "(" or a guard, and each of its alternatives
// takes a step down (a member, [], {} or a pattern step), not guards or
// groups alone. Guards may start a path; a member, {} or a pattern step
// follows them there (".name" after a guard, as after any step).
func ParsePath(p string) ([]Step, error) {
	segs, i, err := parseSteps(p, 0, false)
	if err == nil && i < len(p) {
		err = fmt.Errorf(`path %q: unexpected %q at offset %d`, p, p[i], i)
	}
	if err != nil {
		return nil, err
	}
	if len(segs) == 0 {
		return nil, fmt.Errorf("path is empty")
	}
	if guardsOnly(segs) {
		return nil, fmt.Errorf("path %q: guards alone take no step down (a member, {} or a pattern step must follow them)", p)
	}
	return segs, nil
}

// guardsOnly reports whether segs are guards alone (none included): at
// the start of a path, what follows them reads the arguments object as a
// path's first step does.
func guardsOnly(segs []Step) bool {
	return len(PastGuards(segs)) == 0
}

// PastGuards returns segs past the guards that start them (on the
// arguments object, where a path starts with guards): its first step is
// the top-level member, {} or pattern step the path reads.
func PastGuards(segs []Step) []Step {
	for i, s := range segs {
		if s.Each != '=' {
			return segs[i:]
		}
	}
	return nil
}

// parseSteps parses the steps of p from offset i: a whole path, or (in a
// group) one alternative, which ends at "|" or ")" and starts as a path
// goes on after a step.
func parseSteps(p string, i int, inGroup bool) ([]Step, int, error) {
	var segs []Step
	after := inGroup // a step precedes: a name needs "."
	for i < len(p) {
		switch {
		case inGroup && (p[i] == '|' || p[i] == ')'):
			if len(segs) == 0 {
				return nil, i, fmt.Errorf("path %q: an empty alternative in a group at offset %d", p, i)
			}
			if !slices.ContainsFunc(segs, func(s Step) bool { return s.Each != '=' && s.Each != '*' }) {
				// (a walk that repeats it would stay where it is, without end)
				return nil, i, fmt.Errorf("path %q: an alternative in a group at offset %d takes no step down (a member, [], {} or a pattern step), only guards or groups", p, i)
			}
			return segs, i, nil
		case strings.HasPrefix(p[i:], `["`):
			key, n, ok := quotedKey(p[i:])
			if !ok {
				return nil, i, fmt.Errorf(`path %q: a quoted member name at offset %d does not end in "] (want ["x.y"])`, p, i)
			}
			segs = append(segs, Step{Key: key})
			i = asIs(p, i+n, segs)
		case strings.HasPrefix(p[i:], `{"`):
			// (at the start of a path: the arguments object's members
			// whose names the pattern matches)
			pattern, n, ok := quotedPattern(p[i:])
			if !ok {
				return nil, i, fmt.Errorf(`path %q: a pattern step at offset %d does not end in "} (want {"^x-"})`, p, i)
			}
			re, err := CompilePattern(pattern)
			if err != nil {
				return nil, i, fmt.Errorf("path %q: %w", p, err)
			}
			segs = append(segs, Step{Key: pattern, Each: '~', Pattern: re})
			i = asIs(p, i+n, segs)
		case GuardStart(p[i:]):
			// (at the start of a path, on the arguments object: the
			// branches of the input schema's union)
			g, n, err := guardStep(p[i:])
			if err != nil {
				return nil, i, fmt.Errorf("path %q: %w at offset %d", p, err, i)
			}
			segs = append(segs, g)
			i += n
		case strings.HasPrefix(p[i:], "[]"), strings.HasPrefix(p[i:], "{}"):
			if p[i] == '[' && !inGroup && guardsOnly(segs) {
				// (the arguments are an object; {} at the start is each
				// of its members)
				return nil, i, fmt.Errorf("path %q must start with a member name, {} or a pattern step", p)
			}
			segs = append(segs, Step{Each: p[i]})
			i = asIs(p, i+2, segs)
		case p[i] == '(' && !inGroup && guardsOnly(segs) && groupStart(p, i):
			return nil, i, fmt.Errorf("path %q: a group cannot start a path: write the member it repeats in first (filter(.not)*.x)", p)
		case p[i] == '(' && groupStart(p, i):
			g := Step{Each: '*'}
			for i < len(p) && (p[i] == '(' && len(g.Alts) == 0 || p[i] == '|') {
				alt, j, err := parseSteps(p, i+1, true)
				if err != nil {
					return nil, j, err
				}
				g.Alts = append(g.Alts, alt)
				i = j
			}
			if !strings.HasPrefix(p[i:], ")*") {
				return nil, i, fmt.Errorf(`path %q: a group must end with ")*" (offset %d)`, p, i)
			}
			segs = append(segs, g)
			i += 2
		default:
			if after {
				if p[i] != '.' {
					return nil, i, fmt.Errorf(`path %q: want "." before a member name at offset %d`, p, i)
				}
				i++
			}
			j := i
			for j < len(p) && !strings.ContainsRune(".[]{}", rune(p[j])) && !(inGroup && (p[j] == '|' || p[j] == ')')) && !(p[j] == '(' && groupStart(p, j)) && !GuardStart(p[j:]) {
				j++
			}
			if j == i {
				return nil, i, fmt.Errorf(`path %q: a member name is missing at offset %d (want "name", "a.b", "steps[].id", "env{}.port")`, p, i)
			}
			if name := p[i:j]; strings.TrimSpace(name) != name {
				// ("assignee.id " loaded, and matched no call's key)
				return nil, i, fmt.Errorf(`path %q: the member name %q at offset %d starts or ends with white space; quote a name that has it (["%s"])`, p, name, i, strings.ReplaceAll(name, `"`, `\"`))
			}
			segs = append(segs, Step{Key: p[i:j]})
			i = j
		}
		after = true
	}
	if inGroup {
		return nil, i, fmt.Errorf(`path %q: a group must end with ")*"`, p)
	}
	return segs, i, nil
}

// asIs reads the "!" that may follow the step just parsed, ending at
// p[i] (the last of segs), and returns the offset after it.
func asIs(p string, i int, segs []Step) int {
	if i < len(p) && p[i] == '!' {
		segs[len(segs)-1].AsIs = true
		return i + 1
	}
	return i
}

// guardStep reads the guard at the start of p (<"type"="record"|"map">):
// the step and the length of its spelling.
func guardStep(p string) (Step, int, error) {
	bad := fmt.Errorf(`a guard does not read as <"member"="value"|"value"> or <!"member"> (want <"type"="record"> or <!"mark">)`)
	i := 1
	absent := strings.HasPrefix(p, "<!")
	if absent {
		i++
	}
	str := func() (string, bool) {
		if i >= len(p) || p[i] != '"' {
			return "", false
		}
		q, err := strconv.QuotedPrefix(p[i:])
		if err != nil {
			return "", false
		}
		i += len(q)
		v, err := strconv.Unquote(q)
		return v, err == nil
	}
	key, ok := str()
	if ok && absent {
		if i >= len(p) || p[i] != '>' {
			return Step{}, 0, bad
		}
		return Step{Each: '=', Key: key, Absent: true}, i + 1, nil
	}
	if !ok || i >= len(p) || p[i] != '=' {
		return Step{}, 0, bad
	}
	g := Step{Each: '=', Key: key}
	for i < len(p) && (p[i] == '=' && len(g.Values) == 0 || p[i] == '|') {
		i++
		v, ok := str()
		if !ok {
			return Step{}, 0, bad
		}
		g.Values = append(g.Values, v)
	}
	if i >= len(p) || p[i] != '>' {
		return Step{}, 0, bad
	}
	return g, i + 1, nil
}

// GuardString spells a guard: the member key holds one of values
// (<"type"="record"|"map">).
func GuardString(key string, values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = strconv.Quote(v)
	}
	return "<" + strconv.Quote(key) + "=" + strings.Join(quoted, "|") + ">"
}

// ParseGuard parses a guard alone, as GuardString spells one
// (<"type"="record"|"map">, <!"mark">): its step.
func ParseGuard(g string) (Step, error) {
	s, n, err := guardStep(g)
	if err == nil && n != len(g) {
		err = fmt.Errorf("guard %q: unexpected %q at offset %d", g, g[n], n)
	}
	return s, err
}

// GuardStart reports whether p starts with a guard (`<"` or `<!"`).
func GuardStart(p string) bool {
	return strings.HasPrefix(p, `<"`) || strings.HasPrefix(p, `<!"`)
}

// HoldsGuard reports whether p holds the start of a guard anywhere (a
// member name holding one is quoted: NeedsQuotes).
func HoldsGuard(p string) bool {
	return strings.Contains(p, `<"`) || strings.Contains(p, `<!"`)
}

// Unguarded returns segs without their guards (in groups too): the
// values they reach where every guard holds.
func Unguarded(segs []Step) []Step {
	var out []Step
	for _, s := range segs {
		switch s.Each {
		case '=':
			continue
		case '*':
			g := Step{Each: '*'}
			for _, alt := range s.Alts {
				g.Alts = append(g.Alts, Unguarded(alt))
			}
			s = g
		}
		out = append(out, s)
	}
	return out
}

// AbsentGuardString spells a guard that holds where the member key is
// absent (<!"mark">).
func AbsentGuardString(key string) string {
	return "<!" + strconv.Quote(key) + ">"
}

// groupStart reports whether the "(" at p[i] starts a group: a step
// follows it (a guard too: "(<\"k\"=\"a\">.kids[])*").
func groupStart(p string, i int) bool {
	return i+1 < len(p) && (strings.ContainsRune(".[{(", rune(p[i+1])) || GuardStart(p[i+1:]))
}

// quotedKey reads the quoted member name at the start of p (["x.y"]): the
// name and the length of its spelling.
func quotedKey(p string) (string, int, bool) { return quoted(p, ']') }

// quotedPattern reads the pattern step at the start of p ({"^x-"}): the
// pattern and the length of its spelling.
func quotedPattern(p string) (string, int, bool) { return quoted(p, '}') }

// quoted reads the Go-quoted string at p[1:], which close follows: the
// string and the length of the whole spelling.
func quoted(p string, close byte) (string, int, bool) {
	end := 2
	for end < len(p) && p[end] != '"' {
		if p[end] == '\\' {
			end++
		}
		end++
	}
	if end+1 >= len(p) || p[end+1] != close {
		return "", 0, false
	}
	key, err := strconv.Unquote(p[1 : end+1])
	if err != nil {
		return "", 0, false
	}
	return key, end + 2, true
}

// NeedsQuotes reports whether a member name is written quoted in a rule
// path: it is empty or holds ".", "[", "]", "{", "}", or "(", ")" or "|",
// which a group of a recursive type's path would read as its own, or
// `<"` or `<!"`, which start a guard.
func NeedsQuotes(key string) bool {
	return key == "" || strings.ContainsAny(key, ".[]{}()|") || HoldsGuard(key) || strings.TrimSpace(key) != key
}

// PathKey appends the member name key to the rule path prefix ("" for
// the arguments object), quoted where the path grammar needs it:
// PathKey("opts", "x.y") is `opts["x.y"]`, PathKey("retry", "attempts")
// is "retry.attempts".
func PathKey(prefix, key string) string {
	switch {
	case NeedsQuotes(key):
		return prefix + "[" + strconv.Quote(key) + "]"
	case prefix == "":
		return key
	}
	return prefix + "." + key
}

// ToKey is the member name an alias rule's to names: to itself, or the
// name quoted in brackets (["x.y"]), for a name with a dot.
func ToKey(r *lenient.Rule) string {
	if strings.HasPrefix(r.To, `["`) {
		if key, n, ok := quotedKey(r.To); ok && n == len(r.To) {
			return key
		}
	}
	return r.To
}

// Target returns the path a rule applies to: its path; or its from as a
// one-member path; or, for the nested types and a nested value_alias,
// in_payload, then array_path, then from ("pipeline_json.steps[].id").
func Target(r *lenient.Rule) ([]Step, error) {
	if r.Path != "" {
		return ParsePath(r.Path)
	}
	if r.InPayload == "" {
		return []Step{{Key: r.From}}, nil
	}
	segs := []Step{{Key: r.InPayload}}
	if p := strings.TrimSuffix(r.ArrayPath, "[]"); p != "" {
		for _, part := range strings.Split(p, ".") {
			segs = append(segs, Step{Key: part})
		}
	}
	return append(segs, Step{Each: '['}, Step{Key: r.From}), nil
}

// TargetPath returns where a rule applies, spelled as a rule path: its
// path; its from (a top-level key); or, for the nested types and a nested
// value_alias, in_payload, array_path and from ("pipeline_json.steps[].id").
// For an alias it is the alias key's place. It is "" when the path does
// not parse (Validate reports that).
func TargetPath(r lenient.Rule) string {
	// (plain ones are spelled as they are: the deriver asks for the paths
	// of all its rules, many times)
	switch {
	case r.Path != "" && plainPath(r.Path):
		return r.Path
	case r.Path == "" && r.InPayload == "" && !NeedsQuotes(r.From):
		return r.From // (PathString writes a key alone so)
	}
	segs, err := Target(&r)
	if err != nil {
		return ""
	}
	return PathString(segs)
}

// plainPath reports whether p is a run of ASCII letters, digits, "_"
// and "-" (plainRun), then such runs after dots, [] and {} alone: parsed
// and written back, it is as it was.
func plainPath(p string) bool {
	i := plainRun(p, 0)
	if i == 0 {
		return false
	}
	for i < len(p) {
		switch {
		case p[i] == '.':
			j := plainRun(p, i+1)
			if j == i+1 {
				return false
			}
			i = j
		case strings.HasPrefix(p[i:], "[]"), strings.HasPrefix(p[i:], "{}"):
			i += 2
		default:
			return false
		}
	}
	return true
}

// plainRun returns the end of the run of ASCII letters, digits, "_" and
// "-" in p from i.
func plainRun(p string, i int) int {
	for i < len(p) {
		c := p[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			break
		}
		i++
	}
	return i
}

// Kind maps the nested types onto the path types they are a case of.
func Kind(r *lenient.Rule) lenient.RuleType {
	switch r.Type {
	case lenient.RuleNestedAlias:
		return lenient.RuleParamAlias
	case lenient.RuleNestedDefault:
		return lenient.RuleParamDefault
	}
	return r.Type
}

// PathString writes a parsed path back: "steps[].id",
// "filter(.and[]|.not)*.boost".
func PathString(segs []Step) string {
	var b strings.Builder
	writeSteps(&b, segs, false)
	return b.String()
}

// writeSteps writes segs; after says a step precedes them.
func writeSteps(b *strings.Builder, segs []Step, after bool) {
	for i, s := range segs {
		switch s.Each {
		case '[':
			b.WriteString("[]")
		case '{':
			b.WriteString("{}")
		case '~':
			b.WriteString(PathPattern("", s.Key))
		case '=':
			if s.Absent {
				b.WriteString(AbsentGuardString(s.Key))
				break
			}
			b.WriteString(GuardString(s.Key, s.Values))
		case '*':
			b.WriteByte('(')
			for j, alt := range s.Alts {
				if j > 0 {
					b.WriteByte('|')
				}
				writeSteps(b, alt, true)
			}
			b.WriteString(")*")
		default:
			if NeedsQuotes(s.Key) || s.AsIs {
				b.WriteString("[" + strconv.Quote(s.Key) + "]")
			} else {
				if i > 0 || after {
					b.WriteByte('.')
				}
				b.WriteString(s.Key)
			}
		}
		if s.AsIs {
			b.WriteByte('!')
		}
	}
}
