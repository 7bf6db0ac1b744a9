package normalize

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// misnamedRule is a misnamed_key rule as a call checks it: the objects it
// looks at (segs; none for the arguments object), their fields' keys, and
// which fields are required (a key near one is left to the schema's
// required, which refuses the call naming it: derive's Explain).
type misnamedRule struct {
	segs     []rulespec.Step
	keys     [][]string
	required []bool
	// caseOnly: every field is required, so that the rule refuses only a
	// key in another letter case (KeyCase), which mayBeMisnamed looks for
	// in the call's bytes (caseScan) instead of reading the call, and a
	// field given under two of its keys (givenTwice).
	caseOnly bool
	// twice holds, for each field with more than one key, those keys
	// quoted (JSON strings, as a call's bytes hold them): a call in whose
	// bytes two keys of one field stand may give it twice (mayBeTwice).
	twice [][][]byte
}

// mayBeTwice reports whether args' bytes hold two keys of one of m's
// fields, as a call that gives the field twice does: a cheap test, for
// the objects a case-only rule looks at below the arguments.
func (m *misnamedRule) mayBeTwice(args []byte) bool {
	for _, keys := range m.twice {
		found := 0
		for _, q := range keys {
			if bytes.Contains(args, q) {
				if found++; found > 1 {
					return true
				}
			}
		}
	}
	return false
}

// misnamedRules are a tool's misnamed_key rules, and the one index of
// its case-only rules' keys that a clean call's bytes are scanned with
// once, however many such rules the tool has.
type misnamedRules struct {
	rules []misnamedRule
	cases *caseScan // nil where no rule is case-only
}

// caseScan finds, in one pass over a call's bytes, a text that may be
// one of some case-only rule's keys in another letter case: its ASCII
// lower case is one of theirs (folded), and it is not a key that every
// rule holding that lower case declares as it is (exact). A key one rule
// declares may be another's case variant ("URL" and "url"): such a key
// is not exact.
type caseScan struct {
	exact, folded map[string]bool
	lens          uint64 // bit n-1 set: some key is n bytes long
}

// splitMisnamed takes the misnamed_key rules out of validated rules.
func splitMisnamed(rules []lenient.Rule) (rest, misnamed []lenient.Rule) {
	rest = make([]lenient.Rule, 0, len(rules))
	for _, r := range rules {
		if r.Type == lenient.RuleMisnamedKey {
			misnamed = append(misnamed, r)
		} else {
			rest = append(rest, r)
		}
	}
	return rest, misnamed
}

// bindMisnamed returns the misnamed_key rules of rules that apply to tool
// ("" for the wildcard set: the rules of every tool).
func bindMisnamed(rules []lenient.Rule, tool string) misnamedRules {
	var out []misnamedRule
	for i := range rules {
		r := &rules[i]
		applies := false
		for _, t := range r.Tools {
			if t == "*" || t == tool && tool != "" {
				applies = true
			}
		}
		if !applies {
			continue
		}
		m := misnamedRule{}
		if r.Path != "" {
			m.segs, _ = rulespec.ParsePath(r.Path) // ValidateRules has checked it
		}
		m.keys, m.required, _ = rulespec.MisnamedKeys(r.Value)
		m.caseOnly = !slices.Contains(m.required, false) && foldable(m.keys)
		for _, ks := range m.keys {
			if len(ks) > 1 {
				var quoted [][]byte
				for _, k := range ks {
					quoted = append(quoted, jsonwire.AppendQuote(nil, k))
				}
				m.twice = append(m.twice, quoted)
			}
		}
		out = append(out, m)
	}
	return misnamedRules{rules: out, cases: scanOf(out)}
}

// scanOf builds the caseScan of rules' case-only rules, nil where there
// is none.
func scanOf(rules []misnamedRule) *caseScan {
	var c *caseScan
	holders := map[string][]int{} // a lower case -> the rules holding it
	for i, m := range rules {
		if !m.caseOnly {
			continue
		}
		if c == nil {
			c = &caseScan{exact: map[string]bool{}, folded: map[string]bool{}}
		}
		for _, ks := range m.keys {
			for _, k := range ks {
				lower := strings.ToLower(k)
				c.folded[lower], c.lens = true, c.lens|1<<(len(k)-1)
				if !slices.Contains(holders[lower], i) {
					holders[lower] = append(holders[lower], i)
				}
			}
		}
	}
	if c == nil {
		return nil
	}
	for lower, held := range holders {
		for _, i := range held {
			for _, ks := range rules[i].keys {
				for _, k := range ks {
					if strings.ToLower(k) == lower && declaredByAll(rules, held, k) {
						c.exact[k] = true
					}
				}
			}
		}
	}
	return c
}

// declaredByAll reports whether each of the rules held declares key as
// it is.
func declaredByAll(rules []misnamedRule, held []int, key string) bool {
	for _, i := range held {
		if fieldOf(rules[i].keys, key) < 0 {
			return false
		}
	}
	return true
}

// refuseMisnamed returns the problems of out (the normalized arguments,
// from args, whose root members are members, by the rules applied) that
// rules find: each key of an object they look at that is none of its
// fields' and is one of their keys in another letter case
// (lenientimpl.KeyCase, kind key_case), whether that field is given or
// not, or a near spelling of one field the call left out
// (lenientimpl.Misnamed, kind misnamed), in the generated decoders' words
// ("style_index: is not a known key; did you mean style_id?"). A field is
// left out where the object holds none of its keys in out, or holds it
// only as a default applied gave it: the call did not send it, or sent it
// as a value an absent rule removed ("", null), as the decoders read it.
func refuseMisnamed(set misnamedRules, out, args []byte, members *jsonwire.Members, applied []Applied) error {
	if !mayBeMisnamed(set, args, members) {
		return nil
	}
	rules := set.rules
	var filled map[string]bool // the paths of the defaults applied
	for _, a := range applied {
		if a.Type == lenient.RuleParamDefault {
			if filled == nil {
				filled = map[string]bool{}
			}
			filled[a.Param] = true
		}
	}
	var problems []lenient.Problem
	// A field given under two of its keys, read from the call as sent (an
	// absent rule may have removed one of them, an alias rule renames
	// neither): the second would reach the server as an unknown key, its
	// value dropped; the decoders refuse it alike. Only rules with a field
	// of two keys or more look.
	var sent *jsonnode.Node
	var sentTexts textCache
	for _, m := range rules {
		if len(m.twice) == 0 {
			continue
		}
		if sent == nil {
			sent = jsonnode.ParseValid(args)
		}
		sentTexts.objects(sent, m.segs, func(n *jsonnode.Node, w where) {
			problems = append(problems, givenTwice(n, m.keys, w)...)
		})
	}
	root := sent
	if root == nil || len(out) != len(args) || &out[0] != &args[0] {
		root = jsonnode.ParseValid(out) // (the rules changed the call)
	}
	var texts textCache
	for _, m := range rules {
		texts.objects(root, m.segs, func(n *jsonnode.Node, w where) {
			held := heldKeys{n: n}
			for _, k := range n.Keys {
				if fieldOf(m.keys, k) >= 0 {
					continue
				}
				if msg := lenientimpl.KeyCase(k, m.keys); msg != "" {
					problems = append(problems, lenient.Problem{Path: w.child(k), Kind: lenient.KindKeyCase, Msg: msg})
					continue
				}
				msg := lenientimpl.Misnamed(k, m.keys, func(i int) bool { return !m.required[i] && !held.field(m.keys[i], w, filled) })
				if msg == "" {
					continue
				}
				problems = append(problems, lenient.Problem{Path: w.child(k), Kind: lenient.KindMisnamed, Msg: msg})
			}
		})
	}
	if len(problems) == 0 {
		return nil
	}
	return &lenient.Error{Problems: problems}
}

// givenTwice returns the problems of object n, whose fields' keys are
// keys, that gives a field under two of its keys or more
// (lenientimpl.GivenTwice), at the field's canonical key; not where
// each gives the same scalar JSON text (one value sent twice: nothing is
// lost, and the alias rule keeps the field's one).
func givenTwice(n *jsonnode.Node, keys [][]string, w where) []lenient.Problem {
	var out []lenient.Problem
	for _, ks := range keys {
		if len(ks) < 2 {
			continue
		}
		var given []string // (quoted)
		var first string
		same := true
		for i, k := range n.Keys {
			if !slices.Contains(ks, k) {
				continue
			}
			if v := n.Vals[i].Text(); len(given) == 0 {
				first, same = v, v != "" // (an object or array is never the same value here)
			} else if v != first {
				same = false
			}
			if q := strconv.Quote(k); !slices.Contains(given, q) {
				given = append(given, q)
			}
		}
		if len(given) > 1 && !same {
			out = append(out, lenient.Problem{Path: w.child(ks[0]), Kind: lenient.KindDuplicate, Msg: lenientimpl.GivenTwice(given)})
		}
	}
	return out
}

// mayBeMisnamed reports whether set may find a misnamed key in the
// arguments normalized from args: not where each rule looks at the
// arguments object alone and the members of args (all recorded) are
// keys of fields each given once (the rules only rename keys to fields'
// keys and add fields), nor where the rules whose fields are all
// required, which refuse a key in another letter case alone (and a field
// given twice), find none in args' bytes (caseScan.in, one pass for them
// all): the cost on a clean call.
func mayBeMisnamed(set misnamedRules, args []byte, members *jsonwire.Members) bool {
	if !members.OK {
		return true
	}
	for _, m := range set.rules {
		if len(m.segs) > 0 {
			if !m.caseOnly || m.mayBeTwice(args) {
				return true
			}
			continue
		}
		var given []bool // (the fields given, against one given twice)
		for _, mem := range members.M[:members.N] {
			i := fieldOf(m.keys, string(args[mem.K0:mem.K1]))
			switch {
			case i < 0 && !m.caseOnly:
				return true
			case i < 0:
			case given == nil:
				given = make([]bool, len(m.keys))
				given[i] = true
			case given[i]:
				return true
			default:
				given[i] = true
			}
		}
	}
	return set.cases != nil && set.cases.in(args)
}

// foldable reports whether caseScan can read keys: not where a key is
// outside ASCII (whose folds may have other lengths), longer than its
// buffer, or holds a quote or backslash (written escaped, "a\"b", it
// spans the texts between quotes caseScan reads).
func foldable(keys [][]string) bool {
	for _, ks := range keys {
		for _, k := range ks {
			if len(k) > foldMax || strings.ContainsAny(k, `"\`) || strings.ContainsFunc(k, func(r rune) bool { return r >= utf8.RuneSelf }) {
				return false
			}
		}
	}
	return true
}

// foldMax is the longest key caseScan reads.
const foldMax = 64

// in reports whether args may hold, as a member name at any depth (in
// JSON text inside a string too, at any level), one of the rules' keys
// in another letter case: a text between two quotes (escaped ones too),
// in one pass, that is not exact and is one of their keys in ASCII lower
// case. A value holding such a text may too. So may a text holding an
// escape (a \u one, which may spell any letter; another, \/ or \n,
// where its length unescaped may be a key's: its letters are not read
// as they stand), and args holding a non-ASCII letter Unicode folds to an ASCII
// one (U+017F to s, U+212A to k), as lenientimpl.KeyCase reads names.
func (m *caseScan) in(args []byte) bool {
	if bytes.Contains(args, longS) || bytes.Contains(args, kelvin) {
		return true
	}
	var buf [foldMax]byte
	start := -1
	for i := 0; ; i++ {
		j := bytes.IndexByte(args[i:], '"')
		if j < 0 {
			return false
		}
		i += j
		if start >= 0 {
			// (the backslashes before a quote escape it, at as many
			// levels of JSON text as there are)
			seg := bytes.TrimRight(args[start:i], `\`)
			if k := bytes.Count(seg, []byte(`\`)); k > 0 {
				// (an escape inside: a \u one may spell any letter;
				// unescaped, each other byte is a character, and so may
				// be each two backslashes or more)
				if bytes.Contains(seg, []byte(`\u`)) || m.someLength(len(seg)-k, len(seg)-k+k/2) {
					return true
				}
			} else if n := len(seg); n > 0 && n <= foldMax && m.lens&(1<<(n-1)) != 0 && !m.exact[string(seg)] {
				for j, b := range seg {
					if 'A' <= b && b <= 'Z' {
						b += 'a' - 'A'
					}
					buf[j] = b
				}
				if m.folded[string(buf[:n])] {
					return true
				}
			}
		}
		start = i + 1
	}
}

// someLength reports whether some key is lo to hi bytes long.
func (m *caseScan) someLength(lo, hi int) bool {
	for n := max(lo, 1); n <= min(hi, foldMax); n++ {
		if m.lens&(1<<(n-1)) != 0 {
			return true
		}
	}
	return false
}

// longS and kelvin are the UTF-8 of U+017F and U+212A, which Unicode's
// simple case folding takes to "s" and "k".
var longS, kelvin = []byte("\u017f"), []byte("\u212a")

// fieldOf returns the index of the field of keys that has key, or -1.
func fieldOf(keys [][]string, key string) int {
	for i, ks := range keys {
		for _, k := range ks {
			if k == key {
				return i
			}
		}
	}
	return -1
}

// heldKeys answers, for the object n, which keys it holds: by its keys
// as they stand, or, once asked about more than a few of them, by a set
// of them made once, as a refused call may hold thousands of keys that
// are near spellings of a field.
type heldKeys struct {
	n     *jsonnode.Node
	asked int
	set   map[string]bool
}

// field reports whether the object holds one of a field's keys, with a
// value no default gave it (filled holds the paths of the defaults
// applied), the object being at w.
func (h *heldKeys) field(keys []string, w where, filled map[string]bool) bool {
	for _, k := range keys {
		if h.holds(k) && (filled == nil || !filled[w.child(k)]) {
			return true
		}
	}
	return false
}

// holds reports whether the object holds key.
func (h *heldKeys) holds(key string) bool {
	if h.set == nil && h.asked < 8 {
		h.asked++
		return h.n.Index(key) >= 0
	}
	if h.set == nil {
		h.set = make(map[string]bool, len(h.n.Keys))
		for _, k := range h.n.Keys {
			h.set[k] = true
		}
	}
	return h.set[key]
}

// Misnamed is the check NormalizeJSON ends with, alone: the misnamed_key
// rules of tool on args, arguments normalized already (by NormalizeJSON
// or Normalize), nil where they refuse nothing or args is not a JSON
// object. It counts nothing: for an adapter that normalizes where it
// cannot refuse a call, and refuses where it cannot normalize (mcp-go's
// hooks and tool middleware).
func (n *Normalizer) Misnamed(tool string, args []byte) error {
	rs := n.rulesFor(tool)
	if len(rs.misnamed.rules) == 0 {
		return nil
	}
	members, err := jsonwire.Validate(args)
	if i := jsonwire.SkipSpace(args, 0); err != nil || i >= len(args) || args[i] != '{' {
		return nil
	}
	return refuseMisnamed(rs.misnamed, args, args, &members, nil)
}
