// Package core is what both SDK adapters share: per-tool rules and
// lenient schemas derived from each tool's own strict input schema,
// merged with the rules of an optional rules.json (derive.WithRules: a
// rule of the file that overlaps a derived rule replaces it for that value
// only, and the lenient schema admits what the file's rules take), run by
// one normalize.Normalizer.
package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"sort"
	"sync"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/lenient"

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
	// OnWarning receives each field the deriver left strict (once per
	// tool schema), each derived rule a rule of RulesFile replaces in
	// another way, and problems that do not stop the adapter (the
	// normalizer's too). Without it they go to log/slog's default logger
	// (slog.Warn).
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
	opts  Options
	user  []lenient.Rule
	n     *normalize.Normalizer // for the adapter's life; SetRules on change
	mu    sync.RWMutex
	tools map[string]*entry
	// fallback is set when the rules of every tool could not be used
	// together: the user's rules alone run, and every tool is advertised
	// as its strict schema has it.
	fallback bool
}

type entry struct {
	strict  []byte // the strict schema, as seen
	key     string // strict, compact: what a change is told by
	lenient []byte // its rewrite
	rules   []lenient.Rule
	derived *derive.Derivation // nil when the schema could not be read
}

// New loads the user's rules and builds the normalizer.
func New(opts Options) (*Core, error) {
	c := &Core{opts: opts, tools: map[string]*entry{}}
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
// rules in use. Tools not given are kept.
func (c *Core) Learn(tools []Tool) {
	c.mu.RLock()
	var changed []Tool
	for _, t := range tools {
		if e, ok := c.tools[t.Name]; !ok || e.key != compact(t.Schema) {
			changed = append(changed, t)
		}
	}
	c.mu.RUnlock()
	if len(changed) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range changed {
		e := &entry{strict: t.Schema, key: compact(t.Schema), lenient: t.Schema}
		root, err := derive.ParseNode(t.Schema)
		if err != nil {
			c.warn(fmt.Sprintf("%s: input schema not read: %v; kept as it is", t.Name, err))
		} else {
			d := derive.WithRules(t.Name, root, c.user)
			e.lenient, e.rules, e.derived = d.Schema.Marshal(), d.Rules, d
			for _, w := range d.Warnings {
				c.warn(w.String())
			}
		}
		c.tools[t.Name] = e
	}
	c.rebuild()
}

// rebuild puts the user's rules and every tool's derived rules in use.
// Called with c.mu held.
func (c *Core) rebuild() {
	rules := append([]lenient.Rule(nil), c.user...)
	names := make([]string, 0, len(c.tools))
	for name := range c.tools {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		rules = append(rules, c.tools[name].rules...)
	}
	err := c.n.SetRules(rules)
	if err == nil {
		c.fallback = false
		return
	}
	// Not expected (derive.WithRules leaves out what overlaps the user's rules;
	// two tools' derived rules never share an id unless their names and
	// paths spell one alike). Never advertise what is not served: the
	// user's rules alone, and the strict schemas.
	c.warn(fmt.Sprintf("derived rules not used, every tool advertised with its own strict schema: %v", err))
	c.fallback = true
	if err := c.n.SetRules(c.user); err != nil {
		c.warn(err.Error())
	}
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

// Known reports whether a tool's schema has been learned.
func (c *Core) Known(tool string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, ok := c.tools[tool]
	return ok
}

// LenientSchema returns the rewrite of a tool's strict schema, learning it
// when new.
func (c *Core) LenientSchema(tool string, strict []byte) []byte {
	c.Learn([]Tool{{tool, strict}})
	c.mu.RLock()
	defer c.mu.RUnlock()
	e := c.tools[tool]
	if c.fallback {
		return e.strict
	}
	return e.lenient
}

// Normalize fixes a call's raw arguments: bytes in, bytes out (the same
// bytes when nothing applies). It never fails a call: arguments it cannot
// read are returned as they came, for the SDK to reject.
// Arguments left out (or null) are read as {}, as MCP means them and as
// generated decoders and the normalizer read them: defaults fill them, and
// they come out as {} when nothing applies, so that a handler validating
// against the tool's schema sees an object.
func (c *Core) Normalize(tool string, args []byte) ([]byte, []normalize.Applied) {
	in := args
	absent := false
	if t := bytes.TrimSpace(args); len(t) == 0 || string(t) == "null" {
		in, absent = []byte("{}"), true
	}
	out, applied, err := c.n.NormalizeJSON(tool, in)
	if err != nil {
		return args, nil
	}
	if len(applied) == 0 {
		if absent {
			return in, nil
		}
		return args, nil
	}
	if len(applied) > 0 && c.opts.OnFix != nil {
		c.opts.OnFix(tool, applied)
	}
	return out, applied
}

// Explain says why a tool's strict schema refuses args, its arguments as
// normalized (derive.Derivation.Explain): each problem at its path, in
// the generated decoders' words, with what to send. It is "" when it
// finds nothing to say, for a tool it does not know, and while the
// derived rules are not in use (what it would say to send is then not
// advertised). An adapter gives it to the client in place of the SDK's
// validation message.
func (c *Core) Explain(tool string, args []byte) string {
	c.mu.RLock()
	e, fallback := c.tools[tool], c.fallback
	c.mu.RUnlock()
	if e == nil || e.derived == nil || fallback {
		return ""
	}
	if t := bytes.TrimSpace(args); len(t) == 0 || string(t) == "null" {
		args = []byte("{}")
	}
	if err := e.derived.Explain(args); err != nil {
		return err.Error()
	}
	return ""
}

// Stats returns the normalizer's statistics.
func (c *Core) Stats() normalize.Stats { return c.n.Stats() }

// Close flushes the statistics.
func (c *Core) Close() error { return c.n.Close() }

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
