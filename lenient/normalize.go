package lenient

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// Applied records one fix the normalizer made.
type Applied struct {
	RuleID string   `json:"rule_id"`        // the rule that applied
	Type   RuleType `json:"type"`           // its type
	Param  string   `json:"param"`          // the argument (payload.path.field for nested rules)
	From   string   `json:"from,omitempty"` // what was there: a key, a string form, "array"...
	To     string   `json:"to,omitempty"`   // what it became
}

// Normalizer fixes tool arguments by rules before any handler runs. It
// never fails a request: what it cannot fix it leaves for the decoder to
// reject. It is safe for concurrent use.
//
// Rules apply by phase (aliases, defaults, coercions, accept-both, nested)
// so that an alias followed by a coercion always composes; within a phase,
// a tool's own rules come before wildcard rules, then file order.
type Normalizer struct {
	byTool   map[string][]*Rule // the phase-ordered rules of each named tool
	wildcard []*Rule            // the phase-ordered rules of other tools
	stats    *statsRecorder     // nil without a log folder
}

var phaseOf = map[RuleType]int{
	RuleParamAlias: 0, RuleParamDefault: 1, RuleTypeCoerce: 2, RuleJSONAcceptBoth: 3, RuleNestedAlias: 4, RuleNestedDefault: 4, RuleValueAlias: 4,
}

// NewNormalizer validates rules (see ValidateRules) and indexes them by
// tool. Options add persisted statistics.
func NewNormalizer(rules []Rule, opts ...Option) (*Normalizer, error) {
	if err := ValidateRules(rules, nil); err != nil {
		return nil, err
	}
	rs := make([]Rule, len(rules))
	copy(rs, rules)
	n := &Normalizer{byTool: map[string][]*Rule{}}
	var wild []*Rule
	named := map[string]bool{}
	for i := range rs {
		for _, t := range rs[i].Tools {
			if t == "*" {
				wild = append(wild, &rs[i])
			} else {
				named[t] = true
			}
		}
	}
	n.wildcard = order(nil, wild)
	for tool := range named {
		var own []*Rule
		for i := range rs {
			for _, t := range rs[i].Tools {
				if t == tool {
					own = append(own, &rs[i])
					break
				}
			}
		}
		n.byTool[tool] = order(own, wild)
	}
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.logDir != "" {
		s, err := newStatsRecorder(cfg)
		if err != nil {
			return nil, err
		}
		n.stats = s
	}
	return n, nil
}

// order merges a tool's rules and the wildcard rules phase by phase.
func order(own, wild []*Rule) []*Rule {
	var out []*Rule
	for phase := 0; phase <= 4; phase++ {
		for _, group := range [][]*Rule{own, wild} {
			for _, r := range group {
				if phaseOf[r.Type] == phase {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

func (n *Normalizer) rulesFor(tool string) []*Rule {
	if rs, ok := n.byTool[tool]; ok {
		return rs
	}
	return n.wildcard
}

// Close stops the statistics flusher and writes the statistics a last time.
func (n *Normalizer) Close() error {
	if n.stats == nil {
		return nil
	}
	return n.stats.close()
}

// Stats returns a snapshot of the statistics (zero without a log folder).
func (n *Normalizer) Stats() Stats {
	if n.stats == nil {
		return Stats{}
	}
	return n.stats.snapshot()
}

// Normalize fixes args (a decoded arguments object) in place and returns
// it with the fixes made. Coerced numbers are json.Number, so that no
// integer goes through float64; defaults and parsed JSON text are decoded
// the same way.
func (n *Normalizer) Normalize(tool string, args map[string]any) (map[string]any, []Applied) {
	if args == nil {
		args = map[string]any{}
	}
	var applied []Applied
	for _, r := range n.rulesFor(tool) {
		if a, ok := applyMap(r, args); ok {
			applied = append(applied, a)
		}
	}
	if n.stats != nil {
		n.stats.record(tool, applied)
	}
	return args, applied
}

func applyMap(r *Rule, args map[string]any) (Applied, bool) {
	a := Applied{RuleID: r.ID, Type: r.Type, Param: r.From}
	switch r.Type {
	case RuleValueAlias:
		return applyValueAliasMap(r, args)
	case RuleParamAlias:
		v, ok := args[r.From]
		if _, taken := args[r.To]; !ok || taken {
			return a, false
		}
		args[r.To] = v
		delete(args, r.From)
		a.From, a.To = r.From, r.To
		return a, true
	case RuleParamDefault:
		if _, ok := args[r.From]; ok {
			return a, false
		}
		args[r.From] = decodeAny(r.Value)
		a.To = string(r.Value)
		return a, true
	case RuleTypeCoerce:
		var s string
		switch v := args[r.From].(type) {
		case string:
			s = v
		case json.Number:
			if r.CoerceTo != "int" || plainInteger([]byte(v)) {
				return a, false
			}
			nv, text, ok := integerLiteral(string(v))
			if !ok {
				return a, false
			}
			args[r.From] = nv
			a.From, a.To = string(v), text
			return a, true
		case float64:
			if r.CoerceTo != "int" || v != math.Trunc(v) || math.Abs(v) > 1<<53 {
				return a, false
			}
			t := strconv.FormatFloat(v, 'f', -1, 64)
			args[r.From] = json.Number(t)
			a.From, a.To = strconv.FormatFloat(v, 'g', -1, 64), t
			return a, t != a.From
		default:
			return a, false
		}
		v, text, ok := coerce(s, r.CoerceTo)
		if !ok {
			return a, false
		}
		args[r.From] = v
		a.From, a.To = s, text
		return a, true
	case RuleJSONAcceptBoth:
		v := args[r.From]
		if r.To == "native" {
			s, ok := v.(string)
			if !ok || !jsonText(s) {
				return a, false
			}
			args[r.From] = decodeAny([]byte(s))
			a.From, a.To = "string", kindName(s)
			return a, true
		}
		switch v.(type) {
		case []any, map[string]any:
		default:
			return a, false
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if enc.Encode(v) != nil {
			return a, false
		}
		args[r.From] = strings.TrimSuffix(buf.String(), "\n")
		a.From, a.To = kindOf(v), "string"
		return a, true
	case RuleNestedAlias, RuleNestedDefault:
		a.Param = r.InPayload + "." + r.ArrayPath + "." + r.From
		a.From, a.To = r.From, r.To
		switch p := args[r.InPayload].(type) {
		case string:
			if !jsonText(p) {
				return a, false
			}
			node := parseNode([]byte(p))
			if !applyNested(r, node) {
				return a, false
			}
			args[r.InPayload] = string(node.encode(nil))
			return a, true
		case []any, map[string]any:
			if r.Type == RuleNestedDefault {
				a.To = string(r.Value)
			}
			return a, applyNestedNative(r, p)
		}
	}
	return a, false
}

// coerce reads the string form s as coerceTo, with exactly the forms the
// generated decoders accept: the new value and its JSON text.
func coerce(s, coerceTo string) (any, string, bool) {
	switch coerceTo {
	case "bool":
		b, ok := ParseBool(s, false)
		return b, strconv.FormatBool(b), ok
	case "int":
		if n, err := ParseIntString(s, 64); err == nil {
			t := strconv.FormatInt(n, 10)
			return json.Number(t), t, true
		}
		if n, err := ParseUintString(s, 64); err == nil {
			t := strconv.FormatUint(n, 10)
			return json.Number(t), t, true
		}
	case "float":
		if _, err := ParseFloat(s, 64); err == nil {
			return json.Number(s), s, true
		}
	}
	return nil, "", false
}

// integerLiteral rewrites an integer-valued number literal (5.0, 1e3) as
// a plain integer, as the generated decoders read it.
func integerLiteral(num string) (any, string, bool) {
	if n, err := ParseIntNumber(num, 64); err == nil {
		t := strconv.FormatInt(n, 10)
		return json.Number(t), t, true
	}
	if n, err := ParseUintNumber(num, 64); err == nil {
		t := strconv.FormatUint(n, 10)
		return json.Number(t), t, true
	}
	return nil, "", false
}

// jsonText reports whether s holds JSON array or object text.
func jsonText(s string) bool {
	i := skipSpace([]byte(s), 0)
	return i < len(s) && (s[i] == '[' || s[i] == '{') && Valid([]byte(s)) == nil
}

func kindName(s string) string {
	if s[skipSpace([]byte(s), 0)] == '[' {
		return "array"
	}
	return "object"
}

func kindOf(v any) string {
	if _, ok := v.([]any); ok {
		return "array"
	}
	return "object"
}

// decodeAny decodes validated JSON with numbers as json.Number.
func decodeAny(b []byte) any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	dec.Decode(&v)
	return v
}

// applyNested applies a nested rule to the array at the rule's path in an
// ordered payload node.
func applyNested(r *Rule, payload *jnode) bool {
	arr := payload.arrayAt(r.ArrayPath)
	if arr == nil {
		return false
	}
	changed := false
	for i, item := range arr.vals {
		if item.kind != '{' {
			continue
		}
		switch r.Type {
		case RuleNestedAlias:
			if from := item.index(r.From); from >= 0 && item.index(r.To) < 0 {
				item.keys[from] = r.To
				changed = true
			}
		case RuleNestedDefault:
			val := nestedValue(r.Value, i)
			if at := item.index(r.From); at < 0 {
				item.keys = append(item.keys, r.From)
				item.vals = append(item.vals, &jnode{raw: val})
				changed = true
			} else if item.vals[at].empty() {
				item.vals[at] = &jnode{raw: val}
				changed = true
			}
		}
	}
	return changed
}

// nestedValue is a nested default's JSON for element i: a string value's
// {{index}} is replaced by i.
func nestedValue(v json.RawMessage, i int) []byte {
	if len(v) > 0 && v[0] == '"' && bytes.Contains(v, []byte("{{index}}")) {
		return appendQuoted(nil, Expand(StringValue(v), i))
	}
	return v
}

// applyNestedNative applies a nested rule to a payload that arrived as a
// native value.
func applyNestedNative(r *Rule, payload any) bool {
	cur := payload
	if p := strings.TrimSuffix(r.ArrayPath, "[]"); p != "" {
		for _, part := range strings.Split(p, ".") {
			m, ok := cur.(map[string]any)
			if !ok {
				return false
			}
			cur = m[part]
		}
	}
	arr, ok := cur.([]any)
	if !ok {
		return false
	}
	changed := false
	for i, item := range arr {
		m, ok := item.(map[string]any)
		if !ok {
			continue
		}
		switch r.Type {
		case RuleNestedAlias:
			v, has := m[r.From]
			if _, taken := m[r.To]; has && !taken {
				m[r.To] = v
				delete(m, r.From)
				changed = true
			}
		case RuleNestedDefault:
			if v, has := m[r.From]; !has || v == nil || v == "" {
				m[r.From] = decodeAny(nestedValue(r.Value, i))
				changed = true
			}
		}
	}
	return changed
}

// NormalizeJSON is Normalize for raw arguments: bytes in, bytes out. When
// no rule applies it returns args itself, byte for byte; a changed object
// is re-encoded compactly with its key order kept, unchanged values
// verbatim, and no HTML escaping. Input that is not a JSON object is
// returned unchanged with an error, for the caller to report.
func (n *Normalizer) NormalizeJSON(tool string, args []byte) ([]byte, []Applied, error) {
	if err := Valid(args); err != nil {
		return args, nil, err
	}
	i := skipSpace(args, 0)
	if i >= len(args) || args[i] != '{' {
		return args, nil, &SyntaxError{Offset: i, Msg: "arguments must be a JSON object"}
	}
	rules := n.rulesFor(tool)
	if !n.anyApplies(rules, args) {
		if n.stats != nil {
			n.stats.record(tool, nil)
		}
		return args, nil, nil
	}
	root := parseNode(args)
	var applied []Applied
	for _, r := range rules {
		if a, ok := applyNode(r, root); ok {
			applied = append(applied, a)
		}
	}
	if n.stats != nil {
		n.stats.record(tool, applied)
	}
	if len(applied) == 0 {
		return args, nil, nil
	}
	return root.encode(nil), applied, nil
}

// anyApplies is a cheap pre-check, without allocating: could any rule
// change these arguments?
func (n *Normalizer) anyApplies(rules []*Rule, args []byte) bool {
	var t topKeys
	if !t.read(args) {
		return true // too many keys to index: take the slow path
	}
	lookup := t.lookup
	for _, r := range rules {
		switch r.Type {
		case RuleParamAlias:
			if _, ok := lookup(r.From); ok {
				if _, taken := lookup(r.To); !taken {
					return true
				}
			}
		case RuleParamDefault:
			if _, ok := lookup(r.From); !ok {
				return true
			}
		case RuleTypeCoerce:
			if v, ok := lookup(r.From); ok && (v[0] == '"' || r.CoerceTo == "int" && isNumber(v) && !plainInteger(v)) {
				return true
			}
		case RuleJSONAcceptBoth:
			if v, ok := lookup(r.From); ok && (r.To == "native") == (v[0] == '"') && v[0] != 'n' {
				return true
			}
		case RuleNestedAlias, RuleNestedDefault:
			if _, ok := lookup(r.InPayload); ok {
				return true
			}
		case RuleValueAlias:
			key := r.From
			if r.InPayload != "" {
				key = r.InPayload
			}
			if v, ok := lookup(key); ok && (v[0] == '"' || v[0] == '[' || v[0] == '{') {
				return true
			}
		}
	}
	return false
}

// topKeys indexes the top-level members of a small arguments object
// without allocating.
type topKeys struct {
	n    int
	keys [32][]byte
	vals [32][]byte
}

// read indexes a validated object; false when it has too many members.
func (t *topKeys) read(obj []byte) bool {
	var it ObjectIter
	it.Reset(obj)
	for it.Next() {
		if t.n == len(t.keys) {
			return false
		}
		t.keys[t.n], t.vals[t.n] = it.Key, it.Value
		t.n++
	}
	return true
}

// lookup returns the raw value of a top-level key.
func (t *topKeys) lookup(key string) ([]byte, bool) {
	for i, k := range t.keys[:t.n] {
		if string(k) == key {
			return t.vals[i], true
		}
	}
	return nil, false
}

func applyNode(r *Rule, args *jnode) (Applied, bool) {
	a := Applied{RuleID: r.ID, Type: r.Type, Param: r.From}
	at := args.index(r.From)
	switch r.Type {
	case RuleValueAlias:
		return applyValueAliasNode(r, args)
	case RuleParamAlias:
		if at < 0 || args.index(r.To) >= 0 {
			return a, false
		}
		args.keys[at] = r.To
		a.From, a.To = r.From, r.To
		return a, true
	case RuleParamDefault:
		if at >= 0 {
			return a, false
		}
		args.keys = append(args.keys, r.From)
		args.vals = append(args.vals, parseNode(r.Value))
		a.To = string(r.Value)
		return a, true
	case RuleTypeCoerce:
		if at < 0 || args.vals[at].kind != 0 {
			return a, false
		}
		raw := args.vals[at].raw
		var s, text string
		var ok bool
		switch {
		case raw[0] == '"':
			s = StringValue(raw)
			_, text, ok = coerce(s, r.CoerceTo)
		case r.CoerceTo == "int" && isNumber(raw) && !plainInteger(raw):
			s = string(raw)
			_, text, ok = integerLiteral(s)
		}
		if !ok {
			return a, false
		}
		args.vals[at] = &jnode{raw: []byte(text)}
		a.From, a.To = s, text
		return a, true
	case RuleJSONAcceptBoth:
		if at < 0 {
			return a, false
		}
		v := args.vals[at]
		if r.To == "native" {
			if !v.isString() || !jsonText(StringValue(v.raw)) {
				return a, false
			}
			s := StringValue(v.raw)
			args.vals[at] = parseNode([]byte(s))
			a.From, a.To = "string", kindName(s)
			return a, true
		}
		if v.kind == 0 {
			return a, false
		}
		kind := map[byte]string{'[': "array", '{': "object"}[v.kind]
		args.vals[at] = &jnode{raw: appendQuoted(nil, string(v.encode(nil)))}
		a.From, a.To = kind, "string"
		return a, true
	case RuleNestedAlias, RuleNestedDefault:
		a.Param = r.InPayload + "." + r.ArrayPath + "." + r.From
		a.From, a.To = r.From, r.To
		p := args.index(r.InPayload)
		if p < 0 {
			return a, false
		}
		payload := args.vals[p]
		if payload.isString() {
			s := StringValue(payload.raw)
			if !jsonText(s) {
				return a, false
			}
			node := parseNode([]byte(s))
			if !applyNested(r, node) {
				return a, false
			}
			args.vals[p] = &jnode{raw: appendQuoted(nil, string(node.encode(nil)))}
			return a, true
		}
		return a, applyNested(r, payload)
	}
	return a, false
}
