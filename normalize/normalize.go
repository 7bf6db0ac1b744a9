package normalize

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// Applied records one value the normalizer changed. Param is the value's
// JSON path as decoder reports write it ("limit", "steps[0].id",
// "services.db.ports[1]"; an alias's canonical key). For an alias From
// and To are the two keys; for a changed value they are its JSON text
// before and after (`"5"` and 5; `"[\"a\"]"` and ["a"] for JSON text
// read as its value); a default has only To. Texts longer than 200 bytes are cut,
// with their length noted.
type Applied struct {
	RuleID string           `json:"rule_id"`        // the rule that applied
	Type   lenient.RuleType `json:"type"`           // its type
	Param  string           `json:"param"`          // where: the decoder's path of the value
	From   string           `json:"from,omitempty"` // what was there
	To     string           `json:"to,omitempty"`   // what it became
}

// Normalizer fixes tool arguments by rules before any handler runs. It
// never fails a request: what it cannot fix it leaves for the decoder to
// reject. It is safe for concurrent use.
//
// Rules apply by phase (aliases and nested aliases; null as text and
// absent values; defaults and nested defaults; splits; wraps; coercions,
// unescapes, enum cases and enum readings; accept-both; value aliases:
// docs/normalizer.md) so that an alias followed by a coercion always
// composes; within a phase, a tool's own rules come before wildcard
// rules, then file order.
type Normalizer struct {
	rules atomic.Pointer[ruleIndex] // the rules in use (SetRules replaces them)
	stats *statsRecorder            // in memory; with WithLogDir, also in a file
	calls *callLog                  // nil without WithCallLog (calllog.go)
	// metrics counts each call (WithMetrics; nil without)
	metrics Metrics
	logger  *slog.Logger // WithLogger; nil for log/slog's default (fixlog.go)
	// closed is set by Close; late, once a call after it was warned of
	closed, late atomic.Bool
}

// ruleIndex is a normalizer's rules, indexed by tool.
type ruleIndex struct {
	byTool   map[string]*ruleSet // the rules of each named tool
	wildcard *ruleSet            // the rules of other tools
}

// ruleSet is the phase-ordered rules of one tool (or the wildcard rules
// alone), each with what applying it needs, and their no-rule screen.
type ruleSet struct {
	rules  []boundRule
	screen screen
	named  bool     // the rules of one named tool, not the wildcard set
	secret *secrets // the tool's secret paths (secret.go); nil for none
	// misnamed holds the tool's misnamed_key rules (misnamed.go), which
	// NormalizeJSON checks the normalized arguments against.
	misnamed misnamedRules
	counts   atomic.Pointer[callCounts] // a named tool's call counters, from its first call
}

// boundRule is a rule with its target path and, for an alias, the keys of
// the other aliases of the same target in the same object: when one of
// them is given too, the call names the field twice and no alias applies.
//
// Normalize tests the value of a rule's top-level member first, as the
// screen does (testOf): a rule whose member is absent, or whose value
// cannot let it apply, is passed over without its call.
type boundRule struct {
	r    *lenient.Rule
	segs []rulespec.Step
	// keyed is segs past the guards that may start them (on the
	// arguments object itself): its first step is the top-level member
	// the rule reads, which the screen and a map's nodes go by
	keyed []rulespec.Step
	// guards are the guards that start segs
	guards []rulespec.Step
	// others are the keys of every alias of an alias rule's target, its
	// own among them: one list its aliases share; for a default, those
	// of its key
	others []string
	// split marks a wrap rule whose value a split rule of its set reads
	// (boundRule.leaves)
	split  bool
	tested bool      // the rule reads its top-level member's value (not a top-level alias, default or absent)
	onKeys bool      // a top-level alias, default or absent, which Normalize tests by its keys (and test)
	alias  bool      // a top-level alias
	every  bool      // its path starts at each of the arguments' members ({} or a pattern step), not at one by name
	test   valueTest // what that value is tested for
	hits   *hitSlot  // its hit counter in a named tool's set (see statsRecorder.record)
}

// hitSlot holds a rule's hit counter for one tool, from its first hit.
type hitSlot struct{ p atomic.Pointer[ruleHits] }

// phaseOf orders rule types: aliases (nested ones too: an alias feeds
// the rules of its target), null as text and absent values (in file
// order: a null_text rule before its absent rule), defaults (nested ones
// too: a default fills what an absent rule read as left out), splits
// (before wraps: a split field's string is its items, not one), wraps (a
// wrapped value's element is then coerced), coercions, unescapes and
// enum cases and readings across JSON types, accept-both, and value
// aliases (after enum cases: "CP" is "cp", then "copy").
var phaseOf = map[lenient.RuleType]int{
	lenient.RuleParamAlias: 0, lenient.RuleNestedAlias: 0, lenient.RuleNullText: 1, lenient.RuleAbsent: 1,
	lenient.RuleParamDefault: 2, lenient.RuleNestedDefault: 2, lenient.RuleSplit: 3, lenient.RuleWrap: 4,
	lenient.RuleTypeCoerce: 5, lenient.RuleUnescape: 5, lenient.RuleEnumCase: 5, lenient.RuleEnumText: 5, lenient.RuleEnumDigits: 5, lenient.RuleJSONAcceptBoth: 6,
	lenient.RuleValueAlias: 7,
}

// lastPhase is the highest value of phaseOf.
const lastPhase = 7

// New validates rules (see ValidateRules) and indexes them by
// tool. Statistics are counted in memory (Stats); options keep them in a
// log folder, log calls, and take warnings.
func New(rules []lenient.Rule, opts ...Option) (*Normalizer, error) {
	targets, err := validateTargets(rules, nil)
	if err != nil {
		return nil, err
	}
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	calls, err := openCallLog(cfg)
	if err != nil {
		return nil, err
	}
	stats, err := newStatsRecorder(cfg)
	if err != nil {
		calls.close()
		return nil, err
	}
	n := &Normalizer{stats: stats, calls: calls, metrics: cfg.metrics, logger: cfg.logger}
	n.install(rules, targets)
	return n, nil
}

// SetRules replaces the normalizer's rules, validated as New
// validates them; on an error the rules in use are kept. Calls already
// running finish with the rules they started with. Statistics, the call
// log and the options stay: an adapter that learns new tool schemas
// changes its rules without losing its counts.
func (n *Normalizer) SetRules(rules []lenient.Rule) error {
	targets, err := validateTargets(rules, nil)
	if err != nil {
		return err
	}
	n.install(rules, targets)
	return nil
}

// install indexes validated rules by tool and puts them in use; targets
// are their steps (rulespec.Target), as validating them parsed them.
func (n *Normalizer) install(rules []lenient.Rule, targets [][]rulespec.Step) {
	byID := make(map[string][]rulespec.Step, len(rules)) // (ids are unique: validated)
	for i := range rules {
		byID[rules[i].ID] = targets[i]
	}
	rs, sec := splitSecrets(rules) // a copy, without the secret rules
	rs, mis := splitMisnamed(rs)
	paths := make(map[*lenient.Rule][]rulespec.Step, len(rs))
	for i := range rs {
		paths[&rs[i]] = byID[rs[i].ID]
	}
	var wild []*lenient.Rule
	named := map[string]bool{}
	ownRules := map[string][]*lenient.Rule{} // a tool's own rules, in order
	for i := range rs {
		for j, t := range rs[i].Tools {
			if t == "*" {
				wild = append(wild, &rs[i])
			} else if !slices.Contains(rs[i].Tools[:j], t) {
				named[t] = true
				ownRules[t] = append(ownRules[t], &rs[i])
			}
		}
	}
	sec.addNames(named)
	for _, r := range mis {
		for _, t := range r.Tools {
			if t != "*" {
				named[t] = true
			}
		}
	}
	idx := &ruleIndex{byTool: map[string]*ruleSet{}, wildcard: bind(order(nil, wild), paths)}
	idx.wildcard.misnamed = bindMisnamed(mis, "")
	for tool := range named {
		set := bind(order(ownRules[tool], wild), paths)
		set.named = true
		set.misnamed = bindMisnamed(mis, tool)
		idx.byTool[tool] = set
	}
	sec.attach(idx)
	n.rules.Store(idx)
}

// order merges a tool's rules and the wildcard rules phase by phase.
func order(own, wild []*lenient.Rule) []*lenient.Rule {
	var out []*lenient.Rule
	for phase := 0; phase <= lastPhase; phase++ {
		for _, group := range [][]*lenient.Rule{own, wild} {
			for _, r := range group {
				if phaseOf[r.Type] == phase {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// bind gives each of a tool's phase-ordered rules its path and, for an
// alias, the keys of the other aliases of the same target in the same
// object, and builds the set's screen.
func bind(rules []*lenient.Rule, paths map[*lenient.Rule][]rulespec.Step) *ruleSet {
	set := &ruleSet{rules: make([]boundRule, len(rules))}
	// The aliases of each target in each object, in rule order: one pass,
	// where looking through every rule for each alias took a tool with
	// thousands of spelling variants seconds.
	type target struct{ to, at string }
	var aliasOf []target // by rule index, for the aliases
	aliases := map[target][]*lenient.Rule{}
	for i, r := range rules {
		if rulespec.Kind(r) != lenient.RuleParamAlias {
			continue
		}
		if aliasOf == nil {
			aliasOf = make([]target, len(rules))
		}
		segs := paths[r]
		aliasOf[i] = target{rulespec.ToKey(r), rulespec.PathString(segs[:len(segs)-1])}
		aliases[aliasOf[i]] = append(aliases[aliasOf[i]], r)
	}
	aliasKeys := map[target][]string{}
	splits := map[string]bool{} // the paths split rules read
	for i, r := range rules {
		b := boundRule{r: r, segs: paths[r], hits: new(hitSlot)}
		b.keyed = rulespec.PastGuards(b.segs) // (ValidateRules: a step follows guards)
		b.guards = b.segs[:len(b.segs)-len(b.keyed)]
		k := rulespec.Kind(r)
		b.tested, b.test = len(b.keyed) > 1 || !onMember(k), testOf(b)
		b.onKeys = !b.tested
		b.alias = b.onKeys && k == lenient.RuleParamAlias
		if first := b.keyed[0].Each; first == '{' || first == '~' {
			// (no member by name to test: it may apply to any call)
			b.every, b.tested, b.onKeys, b.alias = true, false, false, false
		}
		switch r.Type {
		case lenient.RuleSplit:
			// (splits come before wraps in phase order: a wrap finds its
			// value's split here)
			splits[rulespec.PathString(b.segs)] = true
		case lenient.RuleWrap:
			b.split = splits[rulespec.PathString(b.segs)]
		}
		if k == lenient.RuleParamDefault && aliasOf != nil {
			// (the keys of its key's aliases: one left after the aliases
			// means the call gives the field twice, and no default applies)
			segs := paths[r]
			t := target{segs[len(segs)-1].Key, rulespec.PathString(segs[:len(segs)-1])}
			for _, q := range aliases[t] {
				qs := paths[q]
				b.others = append(b.others, qs[len(qs)-1].Key)
			}
		}
		if k == lenient.RuleParamAlias {
			// (one list of the keys of a target's aliases, shared by them
			// all: a list each of the others grew as their count squared)
			t := aliasOf[i]
			if _, ok := aliasKeys[t]; !ok {
				for _, q := range aliases[t] {
					qs := paths[q]
					aliasKeys[t] = append(aliasKeys[t], qs[len(qs)-1].Key)
				}
			}
			b.others = aliasKeys[t]
		}
		set.rules[i] = b
	}
	set.screen = newScreen(set.rules)
	return set
}

// Secret reports whether, for tool, the value at the concrete path p (as
// fix records and decode problems write it: "creds[2].token", "" for the
// arguments) is secret or holds a secret: at, inside or around a secret
// rule's path (a struct sent as JSON text holds its secret field), or a
// path that does not read as one. An adapter hides such a value in what
// it says of a call, as the call log and the fix records do.
func (n *Normalizer) Secret(tool, p string) bool { return n.rulesFor(tool).secret.covers(p) }

// SecretValues returns the JSON text of each secret value in args, a
// call of tool (the values its call log hides, as [secret, N bytes]), in
// order: nil where there is none, or where args is not valid JSON. An
// adapter hides them in a message of another's that may quote them (an
// SDK's validation of the call).
func (n *Normalizer) SecretValues(tool string, args []byte) [][]byte {
	s := n.rulesFor(tool).secret
	if s == nil || jsonwire.Valid(args) != nil {
		return nil
	}
	var spans [][2]int
	if i := jsonwire.SkipSpace(args, 0); i < len(args) {
		secretSpans(args, i, s.paths, &spans)
	}
	var out [][]byte
	for _, sp := range spans {
		out = append(out, args[sp[0]:sp[1]])
	}
	return out
}

// rulesFor returns a tool's rule set.
func (n *Normalizer) rulesFor(tool string) *ruleSet {
	idx := n.rules.Load()
	if rs, ok := idx.byTool[tool]; ok {
		return rs
	}
	return idx.wildcard
}

// countsOf returns the call counters of tool, whose rules are rs: kept
// in rs for a named tool, so that its calls do not look them up.
func (n *Normalizer) countsOf(rs *ruleSet, tool string) *callCounts {
	if c := rs.counts.Load(); c != nil {
		return c
	}
	c := n.stats.counts(tool)
	if rs.named {
		rs.counts.Store(c)
	}
	return c
}

// Close stops the statistics flusher and writes the statistics a last
// time (with a log folder), and closes the call log. A call after it is
// still normalized and counted in memory, but written to neither, with a
// warning (once).
func (n *Normalizer) Close() error {
	n.closed.Store(true)
	return errors.Join(n.stats.close(), n.calls.close())
}

// afterClose warns, once, of a call made after Close where the
// normalizer writes its statistics or its calls: the call is normalized
// and counted in memory, but written to neither.
func (n *Normalizer) afterClose(tool string) {
	if !n.closed.Load() || n.stats.path == "" && n.calls == nil || !n.late.CompareAndSwap(false, true) {
		return
	}
	n.stats.warn(fmt.Errorf("a call of %q after Close: it is normalized and counted in memory, but neither its counts nor its line in the call log are written (and no later call's); close the normalizer once the server takes no more calls", shortText(tool)))
}

// Stats returns a snapshot of the statistics: counted in memory from the
// start (or, with WithLogDir, from the counts reloaded from the folder).
func (n *Normalizer) Stats() Stats {
	return n.stats.snapshot()
}

// Normalize fixes args (a decoded arguments object) in place and returns
// it with the fixes made, one per changed value; the fix list is the
// caller's own (the statistics keep a copy). It runs NormalizeJSON's
// rules on the members they read, made into nodes (mapTree): a value no
// rule replaced stays the caller's own (a float64 a float64, a nested map
// the same map, changed in place), and a changed value is what
// encoding/json decodes of its new JSON with UseNumber (coerced numbers
// are json.Number, so that no integer goes through float64). A value of
// another Go type is read as the JSON encoding/json writes for it, and
// where a rule changes it, becomes that JSON decoded; a float64 is left
// as it is by a coercion (but a duration's in a unit).
func (n *Normalizer) Normalize(tool string, args map[string]any) (map[string]any, []Applied) {
	n.afterClose(tool)
	if args == nil {
		args = map[string]any{}
	}
	rs := n.rulesFor(tool)
	n.calls.logMap(tool, args, rs.secret)
	applied := rs.applyMap(args)
	c := n.countsOf(rs, tool)
	applied = rs.secret.redact(applied)
	n.stats.record(rs, c, tool, applied)
	n.count(rs, c, applied)
	n.logFixes(rs, tool, applied)
	return args, applied
}

// applyMap applies the rules to a caller's arguments map, in place. A
// rule that cannot change its top-level member, the common case, is
// passed over before the map is read as nodes (firstMayApply, then
// mapTree.ready): when none can, nothing is made.
func (rs *ruleSet) applyMap(args map[string]any) []Applied {
	i := firstMayApply(rs.rules, args)
	if i == len(rs.rules) {
		return nil
	}
	t := newMapTree(args, &rs.screen)
	applied := make([]Applied, 0, min(len(rs.rules)-i, maxFirstRecords))
	var texts textCache
	for ; i < len(rs.rules); i++ {
		if b := &rs.rules[i]; t.ready(b) {
			applied = pathRule(applied, b, &t.root, t, &texts)
		}
	}
	texts.flush()
	t.writeBack(args)
	if len(applied) == 0 {
		return nil
	}
	return applied
}

// firstMayApply returns the index of the first of rules that may change
// args (boundRule.may), len(rules) for none.
func firstMayApply(rules []boundRule, args map[string]any) int {
	for i := range rules {
		b := &rules[i]
		v, has := args[b.keyed[0].Key]
		if b.tested {
			if has && b.test.mayAny(v) {
				return i
			}
			continue // the common case: nothing for the rule to change
		}
		if b.may(v, has, true, b.alias && given(args, rulespec.ToKey(b.r))) {
			return i
		}
	}
	return len(rules)
}

// given reports whether args has key.
func given(args map[string]any, key string) bool {
	_, ok := args[key]
	return ok
}

// maxFirstRecords bounds the room a call whose rules may apply makes for
// its records at once (appended one by one, a slice grows four times for
// five records).
const maxFirstRecords = 8

// count reports a call to the Metrics of WithMetrics, under the tool
// name the statistics count it by.
func (n *Normalizer) count(rs *ruleSet, c *callCounts, applied []Applied) {
	if n.metrics == nil {
		return
	}
	k := Counted{Tool: c.name, Stage: StageNormalizer}
	if len(applied) > 0 {
		k.Fixes = rs.countedFixes(applied)
	}
	n.metrics.Count(k)
}

// coerce reads the string form s as coerceTo, with exactly the forms the
// generated decoders accept: the new value's JSON text.
func coerce(s, coerceTo string) (string, bool) {
	switch coerceTo {
	case "bool", "bool_strict":
		b, ok := lenientimpl.ParseBool(s, coerceTo == "bool_strict")
		return strconv.FormatBool(b), ok
	case "int":
		n, err := lenientimpl.ParseIntString(s, 64)
		if err == nil {
			return strconv.FormatInt(n, 10), true
		}
		if err == lenientimpl.ErrRange {
			return wideInteger(s), true
		}
	case "uint":
		n, err := lenientimpl.ParseUintString(s, 64)
		if err == nil {
			return strconv.FormatUint(n, 10), true
		}
		if err == lenientimpl.ErrRange {
			return wideInteger(s), true
		}
	case "float":
		// Number text beyond float64 (1e400, 1e-400) stays text: AJV,
		// which reads numbers as float64, refuses the number 1e400 where
		// Go's validators take it, and the decoders refuse both (class
		// (a) of docs/semantics.md).
		if _, err := lenientimpl.ParseFloat(s, 64); err == nil {
			return s, true
		}
	default:
		return coerceTime(s, coerceTo)
	}
	return "", false
}

// wideInteger writes a digit string beyond 64 bits (ParseIntString's or
// ParseUintString's range error: its syntax is theirs) as the integer it
// means, without leading zeros. The string form a derived schema
// advertises (IntPattern) takes any number of digits, and the strict
// schema's integer any integer: a server decoding into a Go integer
// refuses it as it refuses the same JSON number (class (a) of
// docs/semantics.md), and any other reads the value sent.
func wideInteger(s string) string {
	neg := s[0] == '-'
	digits := strings.TrimLeft(strings.TrimPrefix(s, "-"), "0")
	if neg {
		return "-" + digits // never -0: out of range, it is not zero
	}
	return digits
}

// intTarget reports whether a type_coerce target is an integer one, whose
// rule rewrites integer-valued number literals (integerLiteral).
func intTarget(coerceTo string) bool {
	return coerceTo == "int" || coerceTo == "uint" || coerceTo == "int_literal"
}

// plainInteger reports whether an integer literal is written as the
// generated decoders and encoding/json both read it: plain digits, and not
// -0, which encoding/json refuses for an unsigned field (the decoders read
// it as 0, as JSON Schema does).
func plainInteger[T ~string | ~[]byte](num T) bool {
	return jsonwire.PlainInteger([]byte(num)) && string(num) != "-0"
}

// integerLiteral rewrites an integer-valued number literal (5.0, 1e3, -0)
// as a plain integer, as the generated decoders read it.
func integerLiteral(num string) (string, bool) {
	if n, err := lenientimpl.ParseIntNumber(num, 64); err == nil {
		return strconv.FormatInt(n, 10), true
	}
	if n, err := lenientimpl.ParseUintNumber(num, 64); err == nil {
		return strconv.FormatUint(n, 10), true
	}
	return "", false
}

// jsonText reports whether s holds JSON array or object text.
func jsonText(s string) bool {
	i := jsonwire.SkipSpace([]byte(s), 0)
	return i < len(s) && (s[i] == '[' || s[i] == '{') && jsonwire.Valid([]byte(s)) == nil
}

// nestedValue is a nested default's JSON for element i: {{index}} is
// replaced by i in each string it holds (rulespec.ExpandIndex).
func nestedValue(v json.RawMessage, i int) []byte {
	return rulespec.ExpandIndex(v, i)
}

// NormalizeJSON is Normalize for raw arguments: bytes in, bytes out. When
// no rule applies it returns args itself, byte for byte; a changed object
// is re-encoded compactly with its key order kept, unchanged values
// verbatim, and no HTML escaping. Arguments that are null are
// read as {}, as MCP means a call without arguments and as Normalize reads
// a nil map and Tool.Decode reads null: the rules apply to {} (defaults
// fill it) and the result is an object. Other input that is not a JSON
// object is returned unchanged with an error, for the caller to report,
// and counted as an invalid call. A call that a misnamed_key rule
// refuses (a key near the spelling of a field it left out) is returned
// normalized with a *lenient.Error naming each such key and the field it
// resembles (lenient.KindMisnamed), for the caller to refuse the call
// with.
func (n *Normalizer) NormalizeJSON(tool string, args []byte) ([]byte, []Applied, error) {
	n.afterClose(tool)
	rs := n.rulesFor(tool)
	n.calls.logJSON(tool, args, rs.secret)
	if string(bytes.Trim(args, " \t\r\n")) == "null" {
		args = []byte("{}")
	}
	// One pass validates (as Valid does) and records the root's members
	// for the screen.
	members, err := jsonwire.Validate(args)
	if err != nil {
		n.countInvalid(tool)
		return args, nil, err
	}
	i := jsonwire.SkipSpace(args, 0)
	if i >= len(args) || args[i] != '{' {
		n.countInvalid(tool)
		return args, nil, fmt.Errorf("%w, not %s", ErrNotObject, jsonKind(args[i:]))
	}
	c := n.countsOf(rs, tool)
	if !rs.screen.applies(args, &members) {
		n.stats.record(rs, c, tool, nil)
		n.count(rs, c, nil)
		if len(rs.misnamed.rules) > 0 {
			return args, nil, refuseMisnamed(rs.misnamed, args, args, &members, nil)
		}
		return args, nil, nil
	}
	out, applied := rs.applyJSON(args)
	applied = rs.secret.redact(applied)
	n.stats.record(rs, c, tool, applied)
	n.count(rs, c, applied)
	n.logFixes(rs, tool, applied)
	if len(rs.misnamed.rules) > 0 {
		return out, applied, refuseMisnamed(rs.misnamed, out, args, &members, applied)
	}
	return out, applied, nil
}

// applyJSON applies the rules to a validated arguments object: args itself
// when no rule changes anything, otherwise the re-encoded object.
func (rs *ruleSet) applyJSON(args []byte) ([]byte, []Applied) {
	root := jsonnode.ParseValid(args)
	var applied []Applied
	var texts textCache
	for i := range rs.rules {
		applied = pathRule(applied, &rs.rules[i], root, nil, &texts)
	}
	if len(applied) == 0 {
		return args, nil
	}
	texts.flush()
	return root.Marshal(), applied
}

// ErrNotObject is the error of NormalizeJSON for arguments that are valid
// JSON but not an object.
var ErrNotObject = errors.New("arguments must be a JSON object")

// jsonKind names the kind of the JSON value v starts.
func jsonKind(v []byte) string {
	if len(v) == 0 {
		return "empty"
	}
	switch v[0] {
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// countInvalid counts a call whose arguments are not a JSON object.
func (n *Normalizer) countInvalid(tool string) {
	c := n.stats.recordInvalid(tool)
	if n.metrics != nil {
		n.metrics.Count(Counted{Tool: c.name, Stage: StageNormalizer, Refused: true})
	}
}
