package normalize

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/redact"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// secrets is the secret paths of one tool (its rules of type secret and
// the wildcard ones). A nil *secrets hides nothing.
type secrets struct {
	paths [][]rulespec.Step
}

// secretIndex is the secret rules of a rule set, by tool.
type secretIndex struct {
	byTool   map[string]*secrets
	wildcard *secrets
}

// splitSecrets takes the secret rules out of validated rules. A secret's
// paths include those of the keys its aliases rename to it (or to a
// value holding it), for the tools both rules apply to: the call log
// sees a call before any alias applies.
func splitSecrets(rules []lenient.Rule) ([]lenient.Rule, secretIndex) {
	var idx secretIndex
	rest := make([]lenient.Rule, 0, len(rules))
	var wild [][]rulespec.Step
	own := map[string][][]rulespec.Step{}
	add := func(tools []string, segs []rulespec.Step) {
		for _, t := range tools {
			if t == "*" {
				wild = append(wild, segs)
			} else {
				own[t] = append(own[t], segs)
			}
		}
	}
	type secretAt struct {
		segs  []rulespec.Step
		tools []string
	}
	var found []secretAt
	seen := map[string]bool{}
	for i := range rules {
		r := &rules[i]
		if r.Type != lenient.RuleSecret {
			rest = append(rest, *r)
			continue
		}
		segs, _ := rulespec.Target(r) // ValidateRules has checked it
		add(r.Tools, segs)
		found = append(found, secretAt{segs, r.Tools})
		seen[rulespec.PathString(segs)+"\x00"+strings.Join(r.Tools, "\x00")] = true
	}
	// (an alias under another's key, credentials.pass for creds.password:
	// each path found is read again, once; the aliases are read once, and
	// looked up by the key their target ends with: thousands of aliases
	// of one secret load as fast as of another key)
	var aliases aliasIndex
	if len(found) > 0 {
		aliases = aliasTargets(rules)
	}
	var k int
	aliased := func(al *aliasTarget, at []rulespec.Step) { // the secret found[k] under al's key, at
		tools := rulespec.CommonTools(al.r.Tools, found[k].tools)
		if at == nil || len(tools) == 0 {
			return
		}
		if key := rulespec.PathString(at) + "\x00" + strings.Join(tools, "\x00"); !seen[key] {
			seen[key] = true
			add(tools, at)
			found = append(found, secretAt{at, tools})
		}
	}
	for k = 0; k < len(found); k++ {
		for l := range found[k].segs {
			s := found[k].segs[l]
			var cands []*aliasTarget
			switch s.Each {
			case 0:
				cands = aliases.byKey[s.Key]
			case '{', '~':
				cands = aliases.all // (any key)
			}
			for _, al := range cands {
				if len(al.target) == l+1 {
					aliased(al, al.under(found[k].segs))
				}
			}
		}
		for _, al := range aliases.grouped {
			for _, at := range al.unrolled(found[k].segs) {
				aliased(al, at)
			}
		}
	}
	if len(wild) > 0 {
		idx.wildcard = &secrets{paths: wild}
	}
	for t, paths := range own {
		if idx.byTool == nil {
			idx.byTool = map[string]*secrets{}
		}
		idx.byTool[t] = &secrets{paths: append(paths, wild...)}
	}
	return rest, idx
}

// aliasTarget is an alias rule as splitSecrets reads it: the path of
// its key (guards left out) and of the key it renames it to.
type aliasTarget struct {
	r          *lenient.Rule
	at, target []rulespec.Step
}

// aliasIndex is the alias rules of a rule set, by the key their target
// ends with, and all of them; apart, those whose path goes through a
// group (a recursive type's every depth).
type aliasIndex struct {
	byKey   map[string][]*aliasTarget
	all     []*aliasTarget
	grouped []*aliasTarget
}

// aliasTargets indexes the alias rules of rules (param_alias and
// nested_alias).
func aliasTargets(rules []lenient.Rule) aliasIndex {
	x := aliasIndex{byKey: map[string][]*aliasTarget{}}
	for i := range rules {
		r := &rules[i]
		if r.Type != lenient.RuleParamAlias && r.Type != lenient.RuleNestedAlias {
			continue
		}
		a, err := rulespec.Target(r)
		if err != nil || len(a) == 0 {
			continue
		}
		a = rulespec.Unguarded(a)
		al := &aliasTarget{r: r, at: a, target: append(slices.Clone(a[:len(a)-1]), rulespec.Step{Key: rulespec.ToKey(r)})}
		if slices.ContainsFunc(a, func(s rulespec.Step) bool { return s.Each == '*' }) {
			x.grouped = append(x.grouped, al)
			continue
		}
		x.byKey[rulespec.ToKey(r)] = append(x.byKey[rulespec.ToKey(r)], al)
		x.all = append(x.all, al)
	}
	return x
}

// under returns the path of the secret at secret under the alias's key:
// where its target is the secret's place or a value holding it; nil
// where it is neither, or the alias key lies inside the secret's value
// already (hidden with it). Names are compared as the secret path reads
// them ({} and patterns are taken to match, hiding more rather than
// less).
func (al *aliasTarget) under(secret []rulespec.Step) []rulespec.Step {
	if len(secret) < len(al.target) {
		return nil
	}
	for i, g := range al.target {
		if !sameStep(secret[i], g) {
			return nil
		}
	}
	return append(slices.Clone(al.at), secret[len(al.at):]...)
}

// sameStep reports whether a step of a secret path and one of an alias
// path may name the same place, as under compares them.
func sameStep(s, g rulespec.Step) bool {
	switch {
	case s.Each == '[' || g.Each == '[':
		return s.Each == g.Each
	case s.Each == 0 && g.Each == 0:
		return s.Key == g.Key
	case s.Each == '~' && g.Each == 0:
		return s.Pattern.MatchString(g.Key)
	case s.Each == 0 && g.Each == '~':
		return g.Pattern.MatchString(s.Key)
	}
	return true
}

// unrolled is under for an alias whose path goes through groups: the
// paths of the secret at secret under the alias's key, one for each way
// the groups repeat to reach it. A secret path is finite, so the groups
// are unrolled no further than it goes.
func (al *aliasTarget) unrolled(secret []rulespec.Step) [][]rulespec.Step {
	var out [][]rulespec.Step
	last := al.at[len(al.at)-1]
	var walk func(pat []rulespec.Step, i int, path []rulespec.Step)
	walk = func(pat []rulespec.Step, i int, path []rulespec.Step) {
		if len(pat) == 0 {
			if i < len(secret) && sameStep(secret[i], rulespec.Step{Key: rulespec.ToKey(al.r)}) {
				p := append(slices.Clone(path), last)
				out = append(out, append(p, secret[i+1:]...))
			}
			return
		}
		if g := pat[0]; g.Each == '*' {
			walk(pat[1:], i, path) // the group no more
			for _, alt := range g.Alts {
				if len(alt) > 0 { // (each alternative takes a step down: the walk ends)
					walk(append(slices.Clone(alt), pat...), i, path)
				}
			}
			return
		}
		if i < len(secret) && sameStep(secret[i], pat[0]) {
			walk(pat[1:], i+1, append(path[:len(path):len(path)], pat[0]))
		}
	}
	walk(al.at[:len(al.at)-1], 0, nil)
	return out
}

// addNames adds the tools that have secret rules of their own to named.
func (x secretIndex) addNames(named map[string]bool) {
	for t := range x.byTool {
		named[t] = true
	}
}

// attach gives each rule set of idx its tool's secrets.
func (x secretIndex) attach(idx *ruleIndex) {
	idx.wildcard.secret = x.wildcard
	for t, rs := range idx.byTool {
		if s, ok := x.byTool[t]; ok {
			rs.secret = s
		} else {
			rs.secret = x.wildcard
		}
	}
}

// step is one step of a concrete JSON path: a key, or an index.
type step struct {
	key   string
	index bool
}

// concreteSteps splits a path as fix records write it ("creds[2].token",
// `opts["x.y"]`) into steps; false when it does not read as one.
func concreteSteps(p string) ([]step, bool) {
	var out []step
	for i := 0; i < len(p); {
		switch {
		case p[i] == '.':
			i++
		case p[i] == '[' && i+1 < len(p) && p[i+1] == '"':
			q, err := strconv.QuotedPrefix(p[i+1:])
			if err != nil {
				return nil, false
			}
			k, _ := strconv.Unquote(q)
			out = append(out, step{key: k})
			i += 1 + len(q) + 1
		case p[i] == '[':
			j := strings.IndexByte(p[i:], ']')
			if j < 0 {
				return nil, false
			}
			out = append(out, step{index: true})
			i += j + 1
		default:
			j := strings.IndexAny(p[i:], ".[")
			if j < 0 {
				j = len(p) - i
			}
			out = append(out, step{key: p[i : i+j]})
			i += j
		}
	}
	return out, true
}

// covers reports whether the value at the concrete path p is secret or
// holds a secret: at, inside or around one of the secret paths (a struct
// sent as JSON text holds its secret field). A path that does not read as
// one is taken as secret.
func (s *secrets) covers(p string) bool {
	if s == nil {
		return false
	}
	steps, ok := concreteSteps(p)
	if !ok {
		return true
	}
	for _, segs := range s.paths {
		if stepsMatch(steps, segs) {
			return true
		}
	}
	return false
}

// stepsMatch reports whether steps and segs agree as far as both go.
func stepsMatch(steps []step, segs []rulespec.Step) bool {
	for i, g := range segs[:min(len(segs), len(steps))] {
		st := steps[i]
		switch g.Each {
		case '[':
			if !st.index {
				return false
			}
		case '{':
			if st.index {
				return false
			}
		case '~':
			if st.index || !g.Pattern.MatchString(st.key) {
				return false
			}
		default:
			if st.index || st.key != g.Key {
				return false
			}
		}
	}
	return true
}

// redact hides the secret values of a Normalizer's fix records, in place:
// the from and to of every record at a secret path (an alias's from and
// to are keys, and are kept).
func (s *secrets) redact(applied []Applied) []Applied {
	if s == nil {
		return applied
	}
	for i := range applied {
		a := &applied[i]
		if a.Type == lenient.RuleParamAlias || a.Type == lenient.RuleNestedAlias || !s.covers(a.Param) {
			continue
		}
		if a.From != "" {
			a.From = string(redact.JSON(len(a.From)))
		}
		if a.To != "" {
			a.To = string(redact.JSON(len(a.To)))
		}
	}
	return applied
}

// hiddenKey reports whether the member key of an object in which the
// secret paths ps continue is secret (a path ends at it; or it reads as a
// misspelling of a key a path ends at), and returns the paths that go on
// inside its value.
func hiddenKey(ps [][]rulespec.Step, key string, index bool) (bool, [][]rulespec.Step) {
	var next [][]rulespec.Step
	for _, p := range ps {
		g := p[0]
		var match bool
		switch g.Each {
		case '[':
			match = index
		case '{':
			match = !index
		case '~':
			match = !index && g.Pattern.MatchString(key)
		default:
			match = !index && key == g.Key
			if !match && !index {
				// a misspelling of a key on the path, as of its last
				// (a typo rule, or a misnamed-key answer the model
				// follows, reads it as the key), or a key near it as a
				// misnamed_key rule reads one (api_token for token)
				_, match = jsonwire.Misspelling(key, g.Key)
				match = match || jsonwire.NearKey(key, g.Key) != jsonwire.NotNear
			}
		}
		if match {
			if len(p) == 1 {
				return true, nil
			}
			next = append(next, p[1:])
		}
	}
	return false, next
}

// redactJSON returns args (valid JSON) with each secret value replaced by
// the JSON string [secret, N bytes], every other byte as it was; args
// itself when nothing is secret.
func (s *secrets) redactJSON(args []byte) []byte {
	if s == nil {
		return args
	}
	var spans [][2]int
	i := jsonwire.SkipSpace(args, 0)
	if i < len(args) {
		secretSpans(args, i, s.paths, &spans)
	}
	if len(spans) == 0 {
		return args
	}
	out := make([]byte, 0, len(args))
	at := 0
	for _, sp := range spans {
		out = append(out, args[at:sp[0]]...)
		out = append(out, redact.JSON(sp[1]-sp[0])...)
		at = sp[1]
	}
	return append(out, args[at:]...)
}

// secretSpans appends the spans of the secret values inside the value at
// data[i] (where the paths ps continue) to spans, in order. A string
// that holds JSON text where a path goes on is secret whole, and so is a
// string, number or boolean where a path goes on into an array's items:
// a wrap or a split makes it the item (a lone token where tokens[] is
// secret).
func secretSpans(data []byte, i int, ps [][]rulespec.Step, spans *[][2]int) {
	c := data[i]
	if c != '{' && c != '[' {
		end := jsonwire.SkipValue(data, i)
		switch {
		case c == 'n':
		case intoItems(ps):
			*spans = append(*spans, [2]int{i, end})
		case c == '"':
			if t := jsonwire.KeyText(data[i:end]); len(t) > 0 && jsonText(string(t)) {
				*spans = append(*spans, [2]int{i, end})
			}
		}
		return
	}
	i = jsonwire.SkipSpace(data, i+1)
	for data[i] != '}' && data[i] != ']' {
		var key string
		if c == '{' {
			end, _, _ := jsonwire.StringScan(data, i)
			key = string(jsonwire.KeyText(data[i:end]))
			i = jsonwire.SkipSpace(data, end)
			i = jsonwire.SkipSpace(data, i+1) // ':'
		}
		end := jsonwire.SkipValue(data, i)
		switch hide, next := hiddenKey(ps, key, c == '['); {
		case hide:
			*spans = append(*spans, [2]int{i, end})
		case len(next) > 0:
			secretSpans(data, i, next, spans)
		}
		i = jsonwire.SkipSpace(data, end)
		if data[i] == ',' {
			i = jsonwire.SkipSpace(data, i+1)
		}
	}
}

// redactMap returns args with each secret value replaced by the string
// [secret, N bytes] (N the length of its JSON text): args itself when
// nothing is secret, else a copy (args is the caller's, and is not
// changed).
func (s *secrets) redactMap(args map[string]any) map[string]any {
	if s == nil {
		return args
	}
	v, _ := redactAny(args, s.paths).(map[string]any)
	return v
}

func redactAny(v any, ps [][]rulespec.Step) any {
	switch x := v.(type) {
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			hide, next := hiddenKey(ps, k, false)
			var r any = e
			switch {
			case hide:
				r = redactedValue(e)
			case len(next) > 0:
				r = redactAny(e, next)
			default:
				continue
			}
			if out == nil {
				out = make(map[string]any, len(x))
				for k2, e2 := range x {
					out[k2] = e2
				}
			}
			out[k] = r
		}
		if out == nil {
			return x
		}
		return out
	case []any:
		hide, next := hiddenKey(ps, "", true)
		if !hide && len(next) == 0 {
			return x
		}
		out := make([]any, len(x))
		for i, e := range x {
			if hide {
				out[i] = redactedValue(e)
			} else {
				out[i] = redactAny(e, next)
			}
		}
		return out
	case nil:
		return nil
	case string:
		if jsonText(x) || intoItems(ps) {
			return redactedValue(x)
		}
		return x
	}
	if intoItems(ps) {
		return redactedValue(v) // a number or boolean: secretSpans says why
	}
	return v
}

// intoItems reports whether one of the secret paths ps goes on into an
// array's items.
func intoItems(ps [][]rulespec.Step) bool {
	return slices.ContainsFunc(ps, func(p []rulespec.Step) bool { return p[0].Each == '[' })
}

// redactedValue is [secret, N bytes] for the value v.
func redactedValue(v any) any {
	b, err := marshalNoEscape(v)
	if err != nil {
		return redact.Text(0)
	}
	return redact.Text(len(bytes.TrimSpace(b)))
}

// redactCall is redactJSON for arguments as a call sent them: arguments
// that are not valid JSON, of a tool with secrets, are hidden whole (the
// JSON string [secret, N bytes]), since their text may hold a secret.
func (s *secrets) redactCall(args []byte) []byte {
	if s == nil {
		return args
	}
	if jsonwire.Valid(args) != nil {
		return redact.JSON(len(args))
	}
	return s.redactJSON(args)
}
