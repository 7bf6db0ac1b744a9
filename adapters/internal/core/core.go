// Package core is what both SDK adapters share: per-tool rules and
// lenient schemas derived from each tool's own strict input schema,
// merged with the rules of an optional rules.json (derive.WithRules: a
// rule of the file that overlaps a derived rule replaces it for that value
// only, and the lenient schema admits what the file's rules take), run by
// one normalize.Normalizer.
package core

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/lru"
	"github.com/normgen/normgen/internal/redact"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"

	"github.com/normgen/normgen/normalize"
)

// Options configure an adapter.
type Options struct {
	// RulesFile is a rules.json to apply besides the derived rules (aliases,
	// defaults, value aliases: what a schema cannot say). Where one of its
	// rules writes a value a derived rule writes, it replaces the derived
	// rule there (with a warning when they differ), and the advertised
	// schema admits what it takes. Optional.
	RulesFile string
	// Rules are more rules, as RulesFile.
	Rules []lenient.Rule
	// LogDir keeps the normalizer's statistics (normalizer_stats.json),
	// reloaded on start. Without it they are counted in memory (Stats).
	// Optional.
	LogDir string
	// OnFix receives the fixes made to each call that needed some.
	OnFix func(tool string, applied []normalize.Applied)
	// OnWarning receives each field the deriver left strict, each derived
	// rule a rule of RulesFile replaces in another way, and problems that
	// do not stop the adapter (the normalizer's too). Without it they go
	// to log/slog's default logger (slog.Warn). What the deriver says of a
	// tool's schema is said once per process, by the adapter that derives
	// it first (an unknown keyword once per tools/list page): adapters
	// built later for the same schema and rules (one per request) find it
	// derived, and say nothing.
	OnWarning func(msg string)
	// Metrics counts each call the adapter normalizes, with its fixes at
	// their declared paths (normalize.WithMetrics; the otel module's
	// normotel.Metrics counts them as OpenTelemetry metrics). Optional.
	Metrics normalize.Metrics
	// NormalizerOptions are passed to normalize.New.
	NormalizerOptions []normalize.Option
	// Secrets names the secret fields (a password, a token, a connection
	// string) of the tools, which a server that cannot regenerate cannot
	// tag norm:"secret": tool name ("*" for every tool) to paths in the
	// rule path grammar ("password", "db.dsn", "creds[].token",
	// "env{}"). Their values are read as they come, and shown as
	// [secret, N bytes] in fix records (OnFix), statistics and the call
	// log; each is a rule of type secret (lenient.RuleSecret), as a
	// RulesFile may also hold. Optional.
	Secrets map[string][]string
}

// Core derives and caches per tool, and normalizes.
type Core struct {
	opts    Options
	user    []lenient.Rule
	userKey [sha256.Size]byte     // what the user's rules derive with
	n       *normalize.Normalizer // for the adapter's life; SetRules on change
	mu      sync.RWMutex
	tools   map[string]*learned
	// strict holds the tools whose derived rules are not in use, because
	// they do not load together with the user's rules and those of the
	// tools before them in name order (Core.install): each is advertised
	// with its own strict schema, and its calls get the user's rules
	// alone. The other tools keep theirs.
	strict map[string]bool
	// partial is set where the process knows which tools' rules load
	// together: then n holds the user's rules and the derived rules of
	// the tools in active only, those called so far, and a tool's are
	// added when a call to it comes (a server built per request pays for
	// the tool it serves, not for the catalog). The normalizer applies a
	// call's tool's rules and wildcard rules alone, so a call is
	// normalized as with every tool's rules.
	partial bool
	active  map[string]bool
	// unlisted are the tools called that the server's tools, listed for
	// them, did not hold (a model calls a tool that does not exist):
	// calls to them list the tools again only once a listing is learned
	// (Learn), not on each call. At most maxUnlisted names.
	unlisted map[string]bool
}

// maxUnlisted bounds Core.unlisted: past it, the names are forgotten
// (a model sending ever new names costs one listing per name still).
const maxUnlisted = 1024

// learned is a tool as the adapter knows it.
type learned struct {
	key string // its strict schema, compact: what a change is told by
	e   *entry
}

// entry is what is derived of a tool's strict schema with the user's
// rules, shared by every Core of the process (see derived): never
// modified once made.
type entry struct {
	strict  []byte // the strict schema, as seen (compact)
	lenient []byte // its rewrite
	rules   []lenient.Rule
	derived *derive.Derivation // nil when the schema could not be read
}

// entrySize is how many tool derivations the process keeps (the least
// recently used go first; and no more than derive.CacheBytes of their
// strict schemas' and rewrites' text), and setSize how many sets of tools
// it knows the rules of to load together: an adapter built per request (a
// server per request, as github-mcp-server's HTTP transport builds one)
// finds its catalog derived and checked, and distinct schemas or rules
// never make the process hold more than these.
const (
	entrySize = derive.CacheSize
	setSize   = 256
)

var (
	// derived holds each tool's entry by a hash of its name, its compact
	// strict schema and the user's rules (Core.entry). An entry is
	// derived, and its warnings given, once per process while it is held
	// here.
	derived = newEntries(derive.CacheBytes)
	// loads holds, by a hash of a Core's tools (names and schemas) and its
	// user's rules (Core.rebuild), the tools whose derived rules do not
	// load together with the others' (Core.install): none, nearly always.
	loads = lru.New[[sha256.Size]byte, []string](setSize)
)

// newEntries returns a cache of entries bounded by entrySize and maxBytes
// of their text (strict and lenient).
func newEntries(maxBytes int64) *lru.Cache[[sha256.Size]byte, *entry] {
	return lru.NewWeighted[[sha256.Size]byte](entrySize, maxBytes, func(e *entry) int64 { return int64(len(e.strict) + len(e.lenient)) })
}

// New loads the user's rules and builds the normalizer.
func New(opts Options) (*Core, error) {
	c := &Core{opts: opts, tools: map[string]*learned{}}
	if opts.RulesFile != "" {
		rules, err := normalize.LoadRulesFile(opts.RulesFile, nil)
		if err != nil {
			return nil, err
		}
		c.user = rules
	}
	c.user = append(c.user, opts.Rules...)
	sec, err := secretRules(opts.Secrets)
	if err != nil {
		return nil, err
	}
	c.user = append(c.user, sec...)
	if err := normalize.ValidateRules(c.user, nil); err != nil {
		return nil, err
	}
	c.userKey = sha256.Sum256(must(json.Marshal(c.user)))
	o := append([]normalize.Option(nil), opts.NormalizerOptions...)
	if opts.LogDir != "" {
		o = append(o, normalize.WithLogDir(opts.LogDir))
	}
	if opts.Metrics != nil {
		o = append(o, normalize.WithMetrics(opts.Metrics))
	}
	if opts.OnWarning != nil {
		o = append(o, normalize.WithWarnings(func(err error) { opts.OnWarning(err.Error()) }))
	}
	n, err := normalize.New(c.user, o...)
	if err != nil {
		return nil, err
	}
	c.n = n
	return c, nil
}

// Tool is one tool's name and strict input schema, as the server lists it.
type Tool struct {
	Name   string
	Schema []byte
}

// Learn derives the tools whose schema is new or changed, and puts their
// rules in use (or, where partial, those of the tools called). Tools not
// given are kept. What the process has derived
// already (the same name, schema and user's rules, in any Core) is not
// derived again, nor warned about again; the warnings of the tools
// derived name each unknown keyword once (derive.OnePerKeyword).
func (c *Core) Learn(tools []Tool) {
	type change struct {
		name, key string
	}
	c.mu.Lock()
	c.unlisted = nil // (a listing: a name may be there now)
	c.mu.Unlock()
	c.mu.RLock()
	var changed []change
	for _, t := range tools {
		key := compact(t.Schema)
		if l, ok := c.tools[t.Name]; !ok || l.key != key {
			changed = append(changed, change{t.Name, key})
		}
	}
	c.mu.RUnlock()
	if len(changed) == 0 {
		return
	}
	var warns []derive.Warning
	got := make([]*learned, len(changed))
	for i, t := range changed {
		got[i] = c.entry(t.name, t.key, &warns)
	}
	for _, w := range derive.OnePerKeyword(warns) {
		c.warn(w.String())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, t := range changed {
		c.tools[t.name] = got[i]
	}
	c.rebuild()
}

// entry returns what is derived of tool's strict schema (compact) with
// the user's rules: the process's entry, or one derived now, whose
// warnings it appends to warns.
func (c *Core) entry(tool, strict string, warns *[]derive.Warning) *learned {
	h := sha256.New()
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write([]byte(strict))
	h.Write(c.userKey[:])
	var key [sha256.Size]byte
	h.Sum(key[:0])
	if e, ok := derived.Get(key); ok {
		return &learned{key: strict, e: e}
	}
	mark := len(*warns)
	e := &entry{strict: []byte(strict), lenient: []byte(strict)}
	root, err := derive.ParseNode(e.strict)
	if err != nil {
		*warns = append(*warns, derive.Warning{Tool: tool, Message: fmt.Sprintf("input schema not read: %v; kept as it is", err)})
	} else {
		d := derive.WithRules(tool, root, c.user)
		e.lenient, e.rules, e.derived = d.Schema.Marshal(), d.Rules, d
		d.Schema = nil // (held as its text, lenient; Explain reads the strict schema)
		*warns = append(*warns, d.Warnings...)
	}
	if held := derived.Add(key, e); held != e {
		// Another Core derived it meanwhile, and warned.
		*warns = (*warns)[:mark]
		return &learned{key: strict, e: held}
	}
	return &learned{key: strict, e: e}
}

// rebuild puts the user's rules and every tool's derived rules in use,
// or, where the process knows which load together, those of the tools
// called so far (partial). Called with c.mu held.
func (c *Core) rebuild() {
	h := sha256.New()
	h.Write(c.userKey[:])
	for _, name := range c.names() {
		h.Write([]byte(name))
		h.Write([]byte{0})
		h.Write([]byte(c.tools[name].key))
		h.Write([]byte{0})
	}
	var set [sha256.Size]byte
	h.Sum(set[:0])
	strict, known := loads.Get(set)
	if !known {
		loads.Add(set, c.install())
		return
	}
	// What does not load was warned about by the Core that found it.
	c.strict, c.partial = nil, true
	for _, name := range strict {
		c.setStrict(name)
	}
	if len(c.active) > 0 || len(strict) > 0 { // a tool called before may have changed
		c.setActive()
	}
}

// setStrict records that tool's derived rules are not in use. Called
// with c.mu held.
func (c *Core) setStrict(tool string) {
	if c.strict == nil {
		c.strict = map[string]bool{}
	}
	c.strict[tool] = true
}

// ready puts the rules of tool in use, where they are not yet (partial).
func (c *Core) ready(tool string) {
	c.mu.RLock()
	_, learned := c.tools[tool]
	todo := c.partial && learned && !c.active[tool] && !c.strict[tool]
	c.mu.RUnlock()
	if !todo {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, learned := c.tools[tool]; c.partial && learned && !c.active[tool] && !c.strict[tool] {
		if c.active == nil {
			c.active = map[string]bool{}
		}
		c.active[tool] = true
		c.setActive()
	}
}

// setActive puts the user's rules and those of the active tools in use.
// Called with c.mu held.
func (c *Core) setActive() {
	rules := append([]lenient.Rule(nil), c.user...)
	for _, name := range c.names() {
		if c.active[name] && !c.strict[name] {
			rules = append(rules, c.tools[name].e.rules...)
		}
	}
	if err := c.n.SetRules(rules); err != nil {
		// Part of what loaded together in another Core: not expected.
		c.allStrict(err)
	}
}

// install puts the user's rules and every tool's derived rules in use,
// and returns the tools whose rules it left out. Called with c.mu held.
//
// Where they do not load together, a tool whose rule ids the user's
// rules or a tool before it in name order hold too (derive.SharedIDs: a
// dotted tool name) is left strict, with a warning naming it, and the
// catalog's other tools keep their leniency; anything else leaves every
// tool strict (allStrict). Never advertise what is not served.
func (c *Core) install() []string {
	c.partial, c.active, c.strict = false, nil, nil
	names := c.names()
	rules := append([]lenient.Rule(nil), c.user...)
	for _, name := range names {
		rules = append(rules, c.tools[name].e.rules...)
	}
	if c.n.SetRules(rules) == nil {
		return nil
	}
	shared := derive.SharedIDs(c.user, "a rule of the user's (Options.Rules, RulesFile or Secrets)", names, func(name string) []lenient.Rule { return c.tools[name].e.rules })
	rules = append(rules[:0:0], c.user...)
	var strict []string
	for _, name := range names {
		if why, ok := shared[name]; ok {
			c.warn(fmt.Sprintf("%s: derived rules not used, the tool is advertised with its own strict schema: %s", name, why))
			strict = append(strict, name)
			c.setStrict(name)
			continue
		}
		rules = append(rules, c.tools[name].e.rules...)
	}
	if err := c.n.SetRules(rules); err != nil { // not expected
		c.allStrict(err)
		return names
	}
	return strict
}

// allStrict leaves every tool strict, with the user's rules alone in use,
// after err: not expected. Called with c.mu held.
func (c *Core) allStrict(err error) {
	c.warn(fmt.Sprintf("derived rules not used, every tool advertised with its own strict schema: %v", err))
	c.partial, c.active, c.strict = false, nil, nil
	for name := range c.tools {
		c.setStrict(name)
	}
	if err := c.n.SetRules(c.user); err != nil {
		c.warn(err.Error())
	}
}

// names returns the names of the tools learned, in order.
func (c *Core) names() []string {
	names := make([]string, 0, len(c.tools))
	for name := range c.tools {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Warn reports a problem that does not stop the adapter: to
// Options.OnWarning, or to log/slog's default logger.
func (c *Core) Warn(msg string) { c.warn(msg) }

func (c *Core) warn(msg string) {
	if c.opts.OnWarning != nil {
		c.opts.OnWarning(msg)
		return
	}
	slog.Warn(msg, "component", "normgen adapter")
}

// Learnable reports whether a call to tool should list the server's
// tools to learn its schema: it is not known, and no listing since the
// last one learned (Learn) left it out (Unlisted).
func (c *Core) Learnable(tool string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, ok := c.tools[tool]
	return !ok && !c.unlisted[tool]
}

// Unlisted records that the server's tools, listed for a call to tool,
// do not hold it: further calls to it do not list them again until a
// listing is learned.
func (c *Core) Unlisted(tool string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.unlisted == nil || len(c.unlisted) >= maxUnlisted {
		c.unlisted = map[string]bool{}
	}
	c.unlisted[tool] = true
}

// LeftAlone warns where the user's rules (RulesFile, Rules) name tool, a
// typed tool whose calls its generated decoder reads as sent (how, says
// how it was registered: "its handler is mcpgo.NewTypedToolHandler's"),
// so that those rules are not applied to them: once per process for the
// tool and those rules (an adapter built per request warns once). prefix
// names the adapter ("mcpgo").
func (c *Core) LeftAlone(prefix, tool, how string) {
	ids := c.UserRules(tool)
	if len(ids) == 0 {
		return
	}
	if _, done := ruledTyped.LoadOrStore(tool+"\x00"+strings.Join(ids, "\x00"), struct{}{}); done {
		return
	}
	named := strings.Join(ids[:min(len(ids), 5)], ", ")
	if len(ids) > 5 {
		named += fmt.Sprintf(" and %d more", len(ids)-5)
	}
	c.Warn(fmt.Sprintf("%s: %s: %s, whose generated decoder reads its calls as sent, so the %d rules of Options.RulesFile and Options.Rules that name it are not applied to them (%s): rules made for it by normgen rules are its decoder's own, and what the decoder should read besides belongs in its input type's tags (then go generate)", prefix, tool, how, len(ids), named))
}

// ruledTyped holds the typed tools, with the rules naming them, that a
// warning said are not applied to them (LeftAlone).
var ruledTyped sync.Map // tool and rule ids → struct{}

// UserRules returns the ids of the user's rules (RulesFile, Rules) that
// name tool, not as "*", but for secret rules (which hide values rather
// than change them): an adapter that leaves a tool's calls alone warns
// that they are not applied (LeftAlone).
func (c *Core) UserRules(tool string) []string {
	var ids []string
	for _, r := range c.user {
		if r.Type != lenient.RuleSecret && slices.Contains(r.Tools, tool) {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// Known reports whether a tool's schema has been learned.
func (c *Core) Known(tool string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, ok := c.tools[tool]
	return ok
}

// Advertised returns the schema to advertise for a tool learned: the
// rewrite of its strict schema (its strict schema while the derived rules
// are not in use). The bytes are the caller's.
func (c *Core) Advertised(tool string) ([]byte, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	l, ok := c.tools[tool]
	switch {
	case !ok:
		return nil, false
	case c.strict[tool]:
		return bytes.Clone(l.e.strict), true
	}
	return bytes.Clone(l.e.lenient), true
}

// LenientSchema returns the rewrite of a tool's strict schema, learning it
// when new. The bytes are the caller's.
func (c *Core) LenientSchema(tool string, strict []byte) []byte {
	c.Learn([]Tool{{tool, strict}})
	b, _ := c.Advertised(tool)
	return b
}

// Normalize fixes a call's raw arguments: bytes in, bytes out (the same
// bytes when nothing applies). It never fails a call: arguments it cannot
// read are returned as they came, for the SDK to reject.
// Arguments left out (or null) are read as {}, as MCP means them and as
// generated decoders and the normalizer read them: defaults fill them, and
// they come out as {} when nothing applies, so that a handler validating
// against the tool's schema sees an object.
//
// refused is the one refusal the normalizer makes, which the strict
// schema cannot (it takes unknown keys): a key near the spelling of a
// property the call left out (the derived misnamed_key rules), in the
// generated decoders' words ("uri: is not a known key; did you mean
// url?"). An adapter refuses the call with it, as a tool error result,
// instead of running the handler with the property at its default.
func (c *Core) Normalize(tool string, args []byte) (out []byte, applied []normalize.Applied, refused error) {
	c.ready(tool)
	in := args
	absent := false
	if t := bytes.TrimSpace(args); len(t) == 0 || string(t) == "null" {
		in, absent = []byte("{}"), true
	}
	c.mu.RLock()
	fallback := c.strict[tool]
	c.mu.RUnlock()
	out, applied, err := c.n.NormalizeJSON(tool, in)
	var le *lenient.Error
	if errors.As(err, &le) && !fallback {
		refused = err
	} else if err != nil {
		return args, nil, nil
	}
	if len(applied) == 0 {
		if absent {
			return in, nil, refused
		}
		return args, nil, refused
	}
	if c.opts.OnFix != nil {
		c.opts.OnFix(tool, applied)
	}
	return out, applied, refused
}

// Misnamed is the refusal of Normalize alone (normalize's Misnamed), for
// arguments normalized already, counting nothing: nil where the derived
// rules are not in use.
func (c *Core) Misnamed(tool string, args []byte) error {
	c.mu.RLock()
	fallback := c.strict[tool]
	c.mu.RUnlock()
	if fallback {
		return nil
	}
	if t := bytes.TrimSpace(args); len(t) == 0 || string(t) == "null" {
		return nil
	}
	return c.n.Misnamed(tool, args)
}

// Explain says why a tool's strict schema refuses args, its arguments as
// normalized (derive.Derivation.Explain), applied the fixes that made
// them (nil where not known: a value read from JSON text is then shown
// as read): each problem at its path, in
// the generated decoders' words, with what to send. It is "" when it
// finds nothing to say, for a tool it does not know, and while the
// derived rules are not in use (what it would say to send is then not
// advertised). An adapter gives it to the client in place of the SDK's
// validation message.
func (c *Core) Explain(tool string, args []byte, applied []normalize.Applied) string {
	c.mu.RLock()
	l, fallback := c.tools[tool], c.strict[tool]
	c.mu.RUnlock()
	if l == nil || l.e.derived == nil || fallback {
		return ""
	}
	e := l.e
	if t := bytes.TrimSpace(args); len(t) == 0 || string(t) == "null" {
		args = []byte("{}")
	}
	err := e.derived.Explain(args)
	if err == nil {
		return ""
	}
	if le, ok := err.(*lenient.Error); ok {
		le.Problems = duplicatesAlone(args, le.Problems)
		sentAs(le.Problems, applied)
		var doc *jsonnode.Node
		for i := range le.Problems {
			p := &le.Problems[i]
			if p.Value == "" || !c.n.Secret(tool, p.Path) {
				continue
			}
			// (Options.Secrets) [secret, N bytes], N the length of the
			// value's JSON text: its Value is cut at 48 bytes
			if doc == nil {
				doc, _ = jsonnode.Parse(args)
			}
			if sentAsText(p, applied) {
				// the text the client sent, as the fix record holds it:
				// hidden there already ("[secret, N bytes]", quoted)
				if t, err := strconv.Unquote(p.Value); err == nil && strings.HasPrefix(t, "[secret, ") {
					p.Value = t
					continue
				}
			} else if v := valueAt(doc, p.Path); v != nil {
				p.Value = string(v.Marshal())
			}
			lenientimpl.RedactProblem(p)
		}
	}
	return err.Error()
}

// Withheld is the message an adapter gives in place of another's (an
// SDK's refusal of a call) that may show a secret value it cannot find
// in it (Withhold).
const Withheld = "the arguments do not match the tool's input schema; the validator's message is not shown, since it may show the value of a secret field"

// Withhold returns msg, another's message on a call of tool whose
// arguments are args (an SDK's refusal of them, where Explain has nothing
// to say), with each secret value of args (Options.Secrets, and the
// secret rules) hidden: a string's text, in each form a validator quotes
// it in (as JSON, Go-quoted, or bare), replaced with [secret, N bytes],
// N the length of its JSON text. A secret of another type (a number, a
// boolean, an object or an array) has no one form to look for (go-sdk
// writes 1.5 as 3/2), and one of under 4 bytes would be found in the
// message's own words (an "e" in "schema"): where args holds one, the
// message is Withheld.
func (c *Core) Withhold(tool string, args []byte, msg string) string {
	for _, v := range c.n.SecretValues(tool, args) {
		if v[0] != '"' {
			return Withheld
		}
		var text string
		if json.Unmarshal(v, &text) != nil || len(text) < 4 {
			// (a text of a few letters would be found inside the
			// message's own words, and their gaps would show it)
			return Withheld
		}
		hidden := redact.Text(len(v))
		forms := []string{string(v), strconv.Quote(text), strconv.QuoteToASCII(text), text}
		for _, f := range forms {
			if f != "" {
				msg = strings.ReplaceAll(msg, f, hidden)
			}
		}
	}
	return msg
}

// valueAt returns the value at the decoder path p in doc
// ("creds[2].token", `opts["x.y"]`, "" for doc itself), nil where there
// is none or p does not read as a path.
func valueAt(doc *jsonnode.Node, p string) *jsonnode.Node {
	for v := doc; v != nil; {
		switch {
		case p == "":
			return v
		case p[0] == '.':
			p = p[1:]
		case strings.HasPrefix(p, `["`):
			q, err := strconv.QuotedPrefix(p[1:])
			if err != nil || !strings.HasPrefix(p[1+len(q):], "]") {
				return nil
			}
			k, _ := strconv.Unquote(q)
			v, p = v.Get(k), p[len(q)+2:]
		case p[0] == '[':
			end := strings.IndexByte(p, ']')
			i, err := strconv.Atoi(p[1:max(end, 1)])
			if end < 0 || err != nil || v.Kind != '[' || i < 0 || i >= len(v.Items()) {
				return nil
			}
			v, p = v.Items()[i], p[end+1:]
		default:
			end := strings.IndexAny(p, ".[")
			if end < 0 {
				end = len(p)
			}
			if v.Kind != '{' {
				return nil
			}
			v, p = v.Get(p[:end]), p[end:]
		}
	}
	return nil
}

// sentAsText reports whether sentAs showed, in p, the text the client
// sent (a string holding JSON text), which the arguments as normalized
// no longer hold.
func sentAsText(p *lenient.Problem, applied []normalize.Applied) bool {
	return slices.ContainsFunc(applied, func(a normalize.Applied) bool {
		return a.Param == p.Path && a.Type == lenient.RuleJSONAcceptBoth && a.From == p.Value
	})
}

// duplicatesAlone returns, of a call's problems, only the keys given
// twice where args itself gives one twice: the normalizer reads no such
// call (NormalizeJSON refuses it unread), so the call's other problems
// may be string forms the schema advertises and normgen takes once each
// key is given once; said, they would ask the client to change what it
// may send. (A key given twice inside JSON text a string holds is one
// problem among the others: the normalizer read the call.)
func duplicatesAlone(args []byte, problems []lenient.Problem) []lenient.Problem {
	var dup *lenient.DuplicateKeyError
	if !errors.As(jsonwire.Valid(args), &dup) {
		return problems
	}
	return slices.DeleteFunc(problems, func(p lenient.Problem) bool { return p.Kind != lenient.KindDuplicate })
}

// sentAs shows, in each problem at a value a json_accept_both rule read
// from JSON text (applied: the call's fixes), the text the client sent,
// not the value the rule made of it: `labels: "[\"team\"]" is not an
// object`, as the generated decoders say, where `labels: ["team"] is not
// an object` hid that a string was sent.
func sentAs(problems []lenient.Problem, applied []normalize.Applied) {
	for i := range problems {
		p := &problems[i]
		for _, a := range applied {
			if a.Param == p.Path && a.Type == lenient.RuleJSONAcceptBoth && strings.HasPrefix(a.From, `"`) && p.Value != "" {
				p.Value = a.From
			}
		}
	}
}

// Stats returns the normalizer's statistics.
func (c *Core) Stats() normalize.Stats { return c.n.Stats() }

// Close flushes the statistics.
func (c *Core) Close() error { return c.n.Close() }

// must returns b, for what cannot fail.
func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func compact(b []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return string(b)
	}
	return buf.String()
}

// secretRules turns Options.Secrets into rules of type secret, in tool
// and path order; a bad path is an error naming the tool and the path.
func secretRules(secrets map[string][]string) ([]lenient.Rule, error) {
	tools := make([]string, 0, len(secrets))
	for t := range secrets {
		tools = append(tools, t)
	}
	sort.Strings(tools)
	var rules []lenient.Rule
	for _, t := range tools {
		for _, p := range secrets[t] {
			rules = append(rules, lenient.Rule{ID: "secret:" + t + ":" + p, Tools: []string{t}, Type: lenient.RuleSecret, Path: p})
		}
	}
	if err := normalize.ValidateRules(rules, nil); err != nil {
		return nil, fmt.Errorf("Options.Secrets: %w", err)
	}
	return rules, nil
}
