package derive

import (
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// patternSteps names the patterns of patternProperties in the deriver's
// paths. A deriver path joins member names as they are ("a.b[].c"), and
// a pattern holds ".", "[" and "{" of its own: it stands there as a
// token, a member name no schema declares ("\x01" + its index + "\x01"),
// which spell writes as the rule path's pattern step (`a{"^x-"}.c`).
// The survey and the derivation share one, so that a pattern has one
// token in both.
type patternSteps struct {
	index map[string]int
	list  []string
	re    []*regexp.Regexp // nil where rulespec.CompilePattern refuses the pattern
	errs  []error          // why it refuses
	// reads holds what disjoint reads of each pattern, read once
	reads map[string]patternReads
}

// patternReads is what disjoint reads of a pattern: its anchoredPrefix,
// and its names where it is a pattern of names alone (rulespec.ExactNames).
type patternReads struct {
	prefix string
	names  []string
}

// tokenMark begins and ends a pattern's token.
const tokenMark = "\x01"

// A deriver path joins member names with "." and reads "[]", "{}", "(",
// "|", `<"` and `<!"` as its own steps, as a rule path does; a member name
// holding one of those ("System.GC.Concurrent", Azure IoT Edge's
// "properties.desired") stands in it as a name token instead:
// nameMark, the name's bytes in hex, nameMark. A token is a plain name
// to every reading of a deriver path, and one name has one token, so
// two places of the same name share their path; spellPaths writes it
// back, quoted in the rules (`cfg["System.GC.Concurrent"]`), as it is
// in the warnings' paths.
const nameMark = "\x02"

// nameToken returns the token of the member name ("" too), or the name
// where a rule path spells it as it is. A name that holds a mark itself
// stays as it is too: the properties walk leaves its value and those
// below strict (unnamed, reach), at the top too.
func nameToken(name string) string {
	if !rulespec.NeedsQuotes(name) || strings.ContainsAny(name, tokenMark+nameMark) {
		return name
	}
	return nameMark + hex.EncodeToString([]byte(name)) + nameMark
}

// memberName returns the member name the step key of a deriver path
// stands for: a name token's name, or key itself.
func memberName(key string) string {
	inner, ok := strings.CutPrefix(key, nameMark)
	if !ok {
		return key
	}
	inner, ok = strings.CutSuffix(inner, nameMark)
	b, err := hex.DecodeString(inner)
	if !ok || err != nil {
		return key
	}
	return string(b)
}

// rawNames writes each name token in s (a deriver path, a rule's ID, a
// warning) as its name, as it is: "cfg.System.GC.Concurrent". A
// warning's path names its value so (its member names joined by dots as
// they are); but "" as `[""]` (`o[""]`, `[""].b`), which a path of names
// as they are could not tell from its object's, nor at the top from the
// arguments'.
func rawNames(s string) string {
	return replaceNames(s, func(prefix, name string) string {
		if name == "" {
			return strings.TrimSuffix(prefix, ".") + `[""]`
		}
		return prefix + name
	})
}

// quotedNames writes each name token in s (a rule's ID) as a rule path
// spells it: `cfg["System.GC.Concurrent"]`.
func quotedNames(s string) string {
	return replaceNames(s, func(prefix, name string) string {
		return rulespec.PathKey(strings.TrimSuffix(prefix, "."), name)
	})
}

// quotedTo is an alias rule's to for the member name, beside a path: the
// name quoted in brackets where a path would quote it (["x.y"],
// rulespec.ToKey).
func quotedTo(name string) string {
	if rulespec.NeedsQuotes(name) {
		return rulespec.PathKey("", name)
	}
	return name
}

// replaceNames writes s with each name token, and the text before it
// since the last one, as write gives them.
func replaceNames(s string, write func(prefix, name string) string) string {
	if !strings.Contains(s, nameMark) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, nameMark)
		if i < 0 {
			break
		}
		j := strings.Index(s[i+1:], nameMark)
		if j < 0 {
			break
		}
		end := i + 1 + j + 1
		b.WriteString(write(s[:i], memberName(s[i:end])))
		s = s[end:]
	}
	b.WriteString(s)
	return b.String()
}

// token returns the token of pattern p and its regexp, nil where no
// rule path can name its values (rulespec.CompilePattern refuses it).
func (ps *patternSteps) token(p string) (string, *regexp.Regexp) {
	i, ok := ps.index[p]
	if !ok {
		if ps.index == nil {
			ps.index = map[string]int{}
		}
		i = len(ps.list)
		ps.index[p] = i
		re, err := rulespec.CompilePattern(p)
		if err != nil {
			re = nil
		}
		ps.list, ps.re, ps.errs = append(ps.list, p), append(ps.re, re), append(ps.errs, err)
	}
	return tokenMark + strconv.Itoa(i) + tokenMark, ps.re[i]
}

// of returns the pattern and its regexp that the member name key is the
// token of, if it is one.
func (ps *patternSteps) of(key string) (string, *regexp.Regexp, bool) {
	inner, ok := strings.CutPrefix(key, tokenMark)
	if !ok {
		return "", nil, false
	}
	inner, ok = strings.CutSuffix(inner, tokenMark)
	i, err := strconv.Atoi(inner)
	if !ok || err != nil || i < 0 || i >= len(ps.list) {
		return "", nil, false
	}
	return ps.list[i], ps.re[i], true
}

// nextToken returns where the first token in path begins and ends, and
// false where path holds none.
func nextToken(path string) (i, end int, ok bool) {
	i = strings.Index(path, tokenMark)
	if i < 0 {
		return 0, 0, false
	}
	j := strings.Index(path[i+1:], tokenMark)
	if j < 0 {
		return 0, 0, false
	}
	return i, i + 1 + j + 1, true
}

// spell writes the deriver's path as a rule path spells it: each token
// (".\x010\x01", or one that starts the path) as its pattern step.
func (ps *patternSteps) spell(path string) string {
	if !strings.Contains(path, tokenMark) {
		return path
	}
	var b strings.Builder
	for {
		i, end, ok := nextToken(path)
		if !ok {
			break
		}
		if p, _, ok := ps.of(path[i:end]); ok {
			b.WriteString(strings.TrimSuffix(path[:i], "."))
			b.WriteString(rulespec.PathPattern("", p))
		} else {
			b.WriteString(path[:end])
		}
		path = path[end:]
	}
	b.WriteString(path)
	return b.String()
}

// patternsWhy returns, by pattern, why a rule at the pattern step of the
// object schema s cannot read the values it matches: a rule there reads
// every member whose name the pattern matches, so no other schema of the
// object may hold one of those otherwise (a declared property the
// pattern matches, another pattern that may match the same name with
// another schema, or with the same schema but left strict itself, a
// schema of its dependentSchemas). A pattern no rule path spells
// (rulespec.CompilePattern) has its own reason, in reachPatterns.
func (d *deriver) patternsWhy(s, patterns *Node, path string, top bool) map[string]string {
	why := map[string]string{}
	strict := func(p string) bool { _, re := d.pats.token(p); return re == nil || why[p] != "" }
	dependent, all := dependentNames(s)
	tested, allTested := d.testedNames(s, path, top)
	props := s.Get("properties")
	schemas := make([]string, len(patterns.Keys))
	for i, v := range patterns.Vals {
		schemas[i] = rulespec.Unannotated(v).MarshalText()
	}
	disjoint := func(i, j int) bool { return d.pats.disjoint(patterns.Keys[i], patterns.Keys[j]) }
	for i, p := range patterns.Keys {
		_, re := d.pats.token(p)
		if re == nil {
			continue
		}
		if all {
			why[p] = dependentWhy
			continue
		}
		if props != nil && props.Kind == '{' {
			for _, name := range props.Keys {
				if re.MatchString(name) {
					why[p] = fmt.Sprintf("the declared property %q matches pattern %q too: a rule for the pattern's values would read it, where its own schema holds it too", name, d.written(p))
					break
				}
			}
		}
		for name := range dependent {
			if why[p] == "" && re.MatchString(name) {
				why[p] = dependentWhy
			}
		}
		for name := range tested {
			if why[p] == "" && re.MatchString(name) {
				why[p] = conditionWhy
			}
		}
		if why[p] == "" && allTested {
			why[p] = conditionWhy
		}
		for j, q := range patterns.Keys {
			if why[p] == "" && j != i && schemas[j] != schemas[i] && !disjoint(i, j) {
				why[p] = fmt.Sprintf("pattern %q of the same patternProperties may match a name pattern %q matches, and holds its value to another schema", q, p)
			}
		}
	}
	// a pattern that may match a name another matches with the same
	// schema is read only where that other one is read too: its schema
	// (left strict) would refuse what the rule makes of the value
	for changed := true; changed; {
		changed = false
		for i, p := range patterns.Keys {
			for j, q := range patterns.Keys {
				if !strict(p) && j != i && schemas[j] == schemas[i] && strict(q) && !disjoint(i, j) {
					why[p] = fmt.Sprintf("pattern %q of the same patternProperties may match a name pattern %q matches, and its values are left strict", q, p)
					changed = true
				}
			}
		}
	}
	return why
}

// patternApart reports whether a rule for the values of pattern p (re)
// of patternProperties, at a place several object schemas hold (the
// branches of a union), reads what each of them reads there alike: each
// declares p with one schema (annotations aside), or refuses every member
// p matches (its additionalProperties false, no property it declares
// matched by p, and every pattern of its own apart from p: Pyrseas'
// {"oneOf": [db, schema]}, closed objects of "^schema " and of "^table "
// members). Through the others a call that holds such a member is
// refused, whatever its value; so no rule changes what they take.
func (d *deriver) patternApart(sites []objSite, p string, re *regexp.Regexp) bool {
	schema := ""
	for _, o := range sites {
		if text, ok := o.pats[p]; ok {
			if schema != "" && text != schema {
				return false
			}
			schema = text
			continue
		}
		if !o.closed {
			return false
		}
		for _, name := range o.names {
			if re.MatchString(name) {
				return false
			}
		}
		for _, q := range o.patterns {
			if !d.pats.disjoint(p, q) {
				return false
			}
		}
	}
	return schema != ""
}

// disjoint reports whether no name matches both patterns p and q: each
// is anchored at the start with a literal text neither of which begins
// the other ("^schema " and "^table "), or one is a pattern of names
// alone (rulespec.ExactNames, as splitEveryName writes one) none of
// which the other matches.
func (ps *patternSteps) disjoint(p, q string) bool {
	rp, rq := ps.read(p), ps.read(q)
	a, b := rp.prefix, rq.prefix
	if a != "" && b != "" && !strings.HasPrefix(a, b) && !strings.HasPrefix(b, a) {
		return true
	}
	apart := func(names []string, q string) bool {
		_, re := ps.token(q)
		return names != nil && re != nil && !slices.ContainsFunc(names, re.MatchString)
	}
	return apart(rp.names, q) || apart(rq.names, p)
}

// read returns what disjoint reads of p, read once for each pattern.
func (ps *patternSteps) read(p string) patternReads {
	r, ok := ps.reads[p]
	if !ok {
		if ps.reads == nil {
			ps.reads = map[string]patternReads{}
		}
		r.prefix = anchoredPrefix(p)
		r.names, _ = rulespec.ExactNames(p)
		ps.reads[p] = r
	}
	return r
}

// anchoredPrefix returns the literal text every name a pattern anchored
// at the start of the name ("^x-.*") matches begins with, "" for none.
// Two patterns with such texts, neither of which begins the other ("^x-"
// and "^y-"), match no name alike (patternsWhy's disjoint).
func anchoredPrefix(p string) string {
	if !strings.HasPrefix(p, "^") || strings.Contains(p, "|") {
		return ""
	}
	re, err := rulespec.CompilePattern(p[1:])
	if err != nil {
		return ""
	}
	prefix, _ := re.LiteralPrefix()
	return prefix
}

// spellPaths writes the paths of the rules as rule paths spell them:
// each pattern token as its pattern step, each name token as its name
// (quoted where it must be), and each step whose value may be a string
// the strict schema takes as it is (texts) marked "!", but where the
// deriver reads JSON text there itself (a json_accept_both rule to the
// value: such a string is no value taken as it is). The rules' IDs,
// which hold their paths, get their pattern steps and quoted names
// alone; a top-level key (From), the warnings' paths and messages their
// names as they are.
func (d *deriver) spellPaths() {
	parsed := make([][]rulespec.Step, len(d.rules))
	jsonAt := map[string]bool{}
	for i, r := range d.rules {
		if r.Type == lenient.RuleJSONAcceptBoth && r.To == "native" && r.Path == "" {
			jsonAt[r.From] = true // (an argument's)
		}
		if r.Path == "" || !d.respelled(r.Path) {
			continue
		}
		segs, err := rulespec.ParsePath(r.Path)
		if err != nil {
			continue
		}
		parsed[i] = segs
		if r.Type == lenient.RuleJSONAcceptBoth && r.To == "native" {
			jsonAt[d.markSteps(segs, "", nil)] = true
		}
	}
	for i := range d.rules {
		r := &d.rules[i]
		if segs := parsed[i]; segs != nil {
			d.markSteps(segs, "", jsonAt)
			if last := &segs[len(segs)-1]; r.Type != lenient.RuleMisnamedKey {
				// (a rule reads the value its path ends at as it is, or
				// works on a member's key: a misnamed_key rule alone
				// reads an object there, in JSON text too)
				last.AsIs = false
			}
			r.Path = rulespec.PathString(segs)
		}
		r.ID = quotedNames(d.pats.spell(r.ID))
		r.From = rawNames(r.From) // (a top-level key, as it is)
	}
	for i := range d.warns {
		w := &d.warns[i]
		w.Path, w.Message = rawNames(d.pats.spell(w.Path)), rawNames(w.Message)
	}
}

// respelled reports whether spellPaths may write the deriver's path p
// otherwise: it holds a pattern token or a group, or a value above its
// end may be a string taken as it is (texts).
func (d *deriver) respelled(p string) bool {
	if strings.ContainsAny(p, tokenMark+nameMark+"(") || rulespec.HoldsGuard(p) {
		return true
	}
	for u := range above(p) {
		if d.texts[u] {
			return true
		}
	}
	return d.texts[p] // (a misnamed_key rule's object)
}

// markSteps walks segs, a rule's path as the deriver spells it, from the
// value at the deriver's path plain, and returns the deriver's path of
// the value it reaches at its first depth (a group taken no time). With
// jsonAt, it also writes each pattern token as its pattern step and marks
// each step whose value may be a string taken as it is (texts) but for
// those jsonAt holds. A group's steps start where it stands, or from the
// arguments after a reference to them (rootGroups).
func (d *deriver) markSteps(segs []rulespec.Step, plain string, jsonAt map[string]bool) string {
	for i := range segs {
		s := &segs[i]
		switch s.Each {
		case '[':
			plain += "[]"
		case '{':
			plain += "{}"
		case '*':
			base := plain
			if d.rootGroups[plain] {
				base = ""
			}
			for _, alt := range s.Alts {
				d.markSteps(alt, base, jsonAt)
			}
			plain = base
			continue
		case '=':
			continue // (a guard: the same value)
		default:
			plain = join(plain, s.Key)
			if p, re, ok := d.pats.of(s.Key); ok && re != nil && jsonAt != nil {
				s.Each, s.Key, s.Pattern = '~', p, re
			} else if jsonAt != nil {
				s.Key = memberName(s.Key)
			}
		}
		if jsonAt != nil && d.texts[plain] && !jsonAt[plain] {
			s.AsIs = true
		}
	}
	return plain
}

// reachPatterns judges each pattern step of path (a token, .\x010\x01):
// a rule there reads every member of every object above it whose name
// the pattern matches, so that object must be the one schema at its
// place, and no other of its schemas may hold such a member otherwise
// (objSite.patternWhy).
func (d *deriver) reachPatterns(path string) (bool, string) {
	for at := 0; ; {
		i, end, ok := nextToken(path[at:])
		if !ok {
			return true, ""
		}
		i, end = at+i, at+end
		at = end
		p, re, ok := d.pats.of(path[i:end])
		if !ok || i > 0 && path[i-1] != '.' {
			continue
		}
		if re == nil {
			return false, "no rule path's pattern step reads it: " + d.pats.errs[d.pats.index[p]].Error()
		}
		parent := "" // (the arguments' own pattern)
		if i > 0 {
			parent = path[:i-1]
		}
		sites := d.objs[parent]
		// (one schema, or copies of one: a map's declared members, each
		// its pattern's copy)
		copies := len(sites) == 1 || len(sites) > 1 && !slices.ContainsFunc(sites, func(o objSite) bool { return o.text == "" || o.text != sites[0].text })
		if !copies && d.others[path[:end]] {
			return false, "a rule for the members additionalProperties holds (the names its object does not declare) would read the members of the other object schemas at its place (the branches of a union)"
		} else if !copies && !d.patternApart(sites, p, re) {
			return false, "a rule for the values of a pattern of patternProperties would read the members its pattern matches of the other object schemas at its place (the branches of a union)"
		}
		for _, o := range sites {
			// (each copy's own: a then's copy is read past its guard,
			// which another copy's is not)
			if why := o.patternWhy[p]; why != "" {
				return false, why
			}
		}
	}
}

// internal writes the rule path p as the deriver's paths spell it: its
// member names as they are, its pattern steps as their tokens. A path
// with a group, or one that does not parse, stays as it is (no deriver
// path is such).
func (ps *patternSteps) internal(p string) string {
	segs, err := rulespec.ParsePath(p)
	if err != nil {
		return p
	}
	out := ""
	for _, s := range segs {
		switch s.Each {
		case '[':
			out += "[]"
		case '{':
			out += "{}"
		case '~':
			tok, _ := ps.token(s.Key)
			out = join(out, tok)
		case 0:
			out = join(out, s.Key)
		case '=':
			// (a guard: the rule stands for the deriver's at its place,
			// in every branch)
		default:
			return p
		}
	}
	return out
}

// internalKeys returns m with its keys, rule paths (a rules file's, given
// to WithRules), as the deriver's paths spell them (internal).
func internalKeys[V any](ps *patternSteps, m map[string]V) map[string]V {
	if len(m) == 0 {
		return m
	}
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[ps.internal(k)] = v
	}
	return out
}

// splitEveryName splits a pattern of the patternProperties of the object
// schema s that every name matches (rulespec.EveryName: ".*"), where s
// declares properties too, into two in its place: the pattern of the
// declared names (rulespec.NamesPattern), which keeps its schema as it
// is, and the pattern of every other name (rulespec.AllNamesBut), with a
// copy of it. Every validator reads the two as the one (Go and
// ECMAScript read both alike), and so does AJV's strict mode, which
// refuses either where a declared name matches the pattern. A rule for
// the values of the second reads no declared member, which its own
// schema holds too (patternsWhy: the declared names keep their reason
// for the first, and their own, shadowed); WashingtonPost's related
// content (lists of items under any name, beside a redirect held to
// both) has its lists read. It splits only a pattern whose schema takes
// typed values alone, or beside strings or null (takenKinds: not {},
// whose values no rule reads, nor a schema of no type), holds no identifier, anchor or
// definitions (the copy would repeat them), where no rules file was
// given to WithRules (its rules, by name or through the pattern, and its
// aliases into or out of the object, read members the other names'
// pattern would read too), in a document where no reference names a
// schema through patternProperties or by name (which the split would
// move).
func (d *deriver) splitEveryName(s *Node) {
	pp, props := s.Get("patternProperties"), s.Get("properties")
	if pp == nil || pp.Kind != '{' || props == nil || props.Kind != '{' || len(props.Keys) == 0 || d.fileGiven || d.in == nil || d.in.intoPatterns || d.in.byName {
		return
	}
	for i, p := range pp.Keys {
		v := pp.Vals[i]
		if k := takenKinds(d.root, v); !rulespec.EveryName(p) || k == kindAny || k&(kindNumber|kindBoolean|kindArray|kindObject) == 0 {
			continue
		}
		holds := false
		eachSchema(v, "", func(_ string, n *Node) {
			holds = holds || slices.ContainsFunc(n.Keys, func(k string) bool { return placeKeys[k] })
		})
		only, others := rulespec.NamesPattern(props.Keys), rulespec.AllNamesBut(props.Keys)
		if holds || only == "" || others == "" || pp.Get(only) != nil || pp.Get(others) != nil {
			return
		}
		if _, re := d.pats.token(others); re == nil {
			return
		}
		d.splitOf[only], d.splitOf[others] = p, p
		pp.Keys[i] = only
		pp.Keys = slices.Insert(pp.Keys, i+1, others)
		pp.Vals = slices.Insert(pp.Vals, i+1, v.Clone())
		return
	}
}

// written returns the pattern p as the schema wrote it: the one
// splitEveryName split, for the two it wrote in its place.
func (d *deriver) written(p string) string {
	if from, ok := d.splitOf[p]; ok {
		return from
	}
	return p
}

// otherNames returns the pattern of every name the object schema s does
// not declare (rulespec.AllNamesBut), where its additionalProperties holds
// those members beside declared properties: a rule at {} would read the
// declared ones too, and a rule path names the others by this pattern
// step instead (CircleCI's workflows beside their version), as it names a
// pattern's values; the rewrite keeps additionalProperties as it is.
// "" where a rule at {} names them (s declares none, or is a map,
// rulespec.PatternMap), where patternProperties stand beside (which
// additionalProperties leaves out too), where no rule would follow (a
// schema that takes any value), where AllNamesBut writes no pattern,
// and where a rules file was given to WithRules (its rules name members
// as the strict schema has them).
func (d *deriver) otherNames(s *Node) string {
	p := rulespec.OtherNames(s)
	if p == "" || d.fileGiven || takenKinds(d.root, s.Get("additionalProperties")) == kindAny {
		return ""
	}
	if _, re := d.pats.token(p); re == nil { // (compiled once: its token)
		return ""
	}
	return p
}
