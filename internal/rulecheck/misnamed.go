package rulecheck

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// NewNearGen returns a generator of the calls the misnamed-key refusal
// looks at: in each object, its fields often left out or sent as null, ""
// or "null" (which read as left out), and up to two unknown keys near its
// fields' keys (nearKeys). tidy picks the tidy generator's values.
func NewNearGen(typ reflect.Type, rng *rand.Rand, tidy bool) *Gen {
	return &Gen{typ: typ, rng: rng, tidy: tidy, near: map[reflect.Type][]string{}}
}

// nearWords are words models put in keys beside the fields' own.
var nearWords = []string{"name", "id", "size", "type", "count", "number", "text", "value", "url", "date", "state", "index", "page", "max", "query", "body", "title"}

// nearKeys returns unknown keys built from the words of fields' keys
// (names and aliases): a sibling (a last word changed), a word more first
// or last, a word fewer, the key in another spelling style, typos, and the
// key in another letter case. None is a key of fields as such; one in
// another spelling style may be a variant a field accepts.
func nearKeys(fields []field) []string {
	var declared []string
	pool := slices.Clone(nearWords)
	for _, f := range fields {
		for _, k := range append([]string{f.name}, f.aliases...) {
			declared = append(declared, k)
			for _, w := range jsonwire.Words(k) {
				if !slices.Contains(pool, w) {
					pool = append(pool, w)
				}
			}
		}
	}
	var out []string
	seen := map[string]bool{"": true}
	for _, k := range declared {
		seen[k] = true
	}
	add := func(words []string, camel bool) {
		if k := spell(words, camel); !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, d := range declared {
		ws := jsonwire.Words(d)
		camel := strings.ToLower(d) != d
		n := len(ws)
		for _, w := range pool {
			if n >= 2 && w != ws[n-1] {
				add(append(slices.Clone(ws[:n-1]), w), camel) // a sibling
			}
			add(append([]string{w}, ws...), camel)  // a word more, first
			add(append(slices.Clone(ws), w), camel) // a word more, last
		}
		if n >= 2 {
			add(ws[1:], camel)   // a word fewer
			add(ws[:n-1], camel) // a word fewer
			add(ws, !camel)      // another spelling style
			if k := strings.Join(ws, "-"); !seen[k] {
				seen[k] = true
				out = append(out, k) // kebab-case
			}
		}
		if len(d) > 3 {
			add([]string{d[:len(d)-1]}, false)                    // a letter fewer
			add([]string{d[:1] + d[2:]}, false)                   // a letter fewer
			add([]string{d[:1] + d[2:3] + d[1:2] + d[3:]}, false) // two letters swapped
			add([]string{d + "s"}, false)                         // a letter more
		}
		add([]string{strings.ToUpper(d[:1]) + d[1:]}, false) // letter case
	}
	return out
}

// spell joins words in snake_case, or in camelCase where camel is set.
func spell(words []string, camel bool) string {
	if !camel {
		return strings.Join(words, "_")
	}
	k := ""
	for i, w := range words {
		if i > 0 && w != "" {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		k += w
	}
	return k
}

// hasVariant reports whether key is a spelling-style variant of f's name
// or of an alias (issueNumber of issue_number, lenientimpl.KeyVariants):
// a key the decoders may read as f.
func (f field) hasVariant(key string) bool {
	for _, k := range append([]string{f.name}, f.aliases...) {
		if slices.Contains(lenientimpl.KeyVariants(k), key) {
			return true
		}
	}
	return false
}

// CheckMisnamed checks one call of tool i: in each object a misnamed_key
// rule of the tool looks at, the generated decoder and the normalizer
// over the tool's rules refuse the same keys as misnamed or in another
// letter case (keyProblems), each with the same message and kind. (The
// decoders refuse keys where no such rule looks too: a closed object's,
// which a host's validation refuses, and one whose fields are all
// required.) It is nil for text that is no JSON object or gives a key
// twice, which the normalizer refuses whole.
func (c *Checker) CheckMisnamed(i int, args []byte) error {
	tool := c.tools[i]
	if _, err := jsonwire.Validate(args); err != nil || !bytes.HasPrefix(args, []byte("{")) {
		return nil
	}
	_, _, errL := tool.Decode(args)
	_, _, nerr := c.norm.NormalizeJSON(tool.Name, args)
	l, n := keyProblems(errL), keyProblems(nerr)
	maps.DeleteFunc(l, func(path, _ string) bool { return !looksAt(tool.Rules, path) })
	if !maps.Equal(l, n) {
		return fmt.Errorf("key problems differ on %s\n  generated decoder: %s\n  normalizer: %s", args, listProblems(l), listProblems(n))
	}
	return nil
}

// looksAt reports whether a misnamed_key rule of rules looks at the
// object holding the key at path (a decoder path).
func looksAt(rules []lenient.Rule, path string) bool {
	keys, ok := parsePath(path)
	if !ok {
		return false
	}
	for _, r := range rules {
		if r.Type != lenient.RuleMisnamedKey {
			continue
		}
		var steps []rulespec.Step
		if r.Path != "" {
			steps, _ = rulespec.ParsePath(r.Path)
		}
		if reaches(steps, keys[:len(keys)-1]) {
			return true
		}
	}
	return false
}

// reaches reports whether the rule path steps reaches the value at path
// (parsePath's keys and indexes). A guard is taken as holding.
func reaches(steps []rulespec.Step, path []any) bool {
	if len(steps) == 0 {
		return len(path) == 0
	}
	s := steps[0]
	switch s.Each {
	case '*': // a group: its steps any number of times, then the rest
		for _, alt := range s.Alts {
			if reaches(append(slices.Clone(alt), steps...), path) {
				return true
			}
		}
		return reaches(steps[1:], path)
	case '=': // a guard
		return reaches(steps[1:], path)
	}
	if len(path) == 0 {
		return false
	}
	key, isKey := path[0].(string)
	ok := false
	switch s.Each {
	case 0:
		ok = isKey && key == s.Key
	case '[':
		ok = !isKey
	case '{':
		ok = isKey
	case '~':
		ok = isKey && s.Pattern.MatchString(key)
	}
	return ok && reaches(steps[1:], path[1:])
}

// listProblems lists problems (keyProblems) in path order.
func listProblems(problems map[string]string) string {
	var out []string
	for path, p := range problems {
		out = append(out, path+": "+p)
	}
	sort.Strings(out)
	return "[" + strings.Join(out, "; ") + "]"
}

// RunMisnamed checks every seed of each tool and n calls per tool from
// NewNearGen (n tidy and n not, from fixed seeds, so a failure repeats)
// with CheckMisnamed, reporting each disagreement.
func RunMisnamed(t *testing.T, tools []lenient.Tool, seeds map[string][]string, n int) {
	t.Helper()
	c, err := New(tools)
	if err != nil {
		t.Fatal(err)
	}
	for i, tool := range tools {
		failures, refused := 0, 0
		check := func(args []byte) {
			if _, _, err := tool.Decode(args); len(keyProblems(err)) > 0 {
				refused++
			}
			if err := c.CheckMisnamed(i, args); err != nil && failures < 10 {
				failures++
				t.Errorf("%s: %v", tool.Name, err)
			}
		}
		for _, s := range seeds[tool.Name] {
			check([]byte(s))
		}
		messy := NewNearGen(c.info[i].typ, rand.New(rand.NewSource(int64(i)+1)), false)
		tidy := NewNearGen(c.info[i].typ, rand.New(rand.NewSource(int64(i)+1)), true)
		for k := 0; k < n; k++ {
			check(messy.Args())
			check(tidy.Args())
		}
		t.Logf("%s: %d calls, %d with a key refused", tool.Name, 2*n+len(seeds[tool.Name]), refused)
	}
}
