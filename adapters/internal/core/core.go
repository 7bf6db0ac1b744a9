// Package core is what both SDK adapters share: per-tool rules and
// lenient schemas derived from each tool's own strict input schema
// (schema.DeriveNode), merged with the rules of an optional rules.json,
// run by one lenient.Normalizer.
package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/schema"
)

// Options configure an adapter.
type Options struct {
	// RulesFile is a rules.json to apply besides the derived rules (aliases,
	// defaults, value aliases: what a schema cannot say). Optional.
	RulesFile string
	// Rules are more rules, as RulesFile.
	Rules []lenient.Rule
	// LogDir keeps the normalizer's statistics (normalizer_stats.json),
	// reloaded on start. Optional.
	LogDir string
	// OnFix receives the fixes made to each call that needed some.
	OnFix func(tool string, applied []lenient.Applied)
	// OnWarning receives each field the deriver left strict (once per
	// tool schema) and problems that do not stop the adapter.
	OnWarning func(msg string)
	// NormalizerOptions are passed to lenient.NewNormalizer.
	NormalizerOptions []lenient.Option
}

// Core derives and caches per tool, and normalizes.
type Core struct {
	opts  Options
	user  []lenient.Rule
	mu    sync.RWMutex
	tools map[string]*entry
	n     *lenient.Normalizer
}

type entry struct {
	strict  string // the strict schema, compact, as seen
	lenient []byte // its rewrite
	rules   []lenient.Rule
}

// New loads the user's rules and builds the normalizer.
func New(opts Options) (*Core, error) {
	c := &Core{opts: opts, tools: map[string]*entry{}}
	if opts.RulesFile != "" {
		rules, err := lenient.LoadRulesFile(opts.RulesFile, nil)
		if err != nil {
			return nil, err
		}
		c.user = rules
	}
	c.user = append(c.user, opts.Rules...)
	if err := lenient.ValidateRules(c.user, nil); err != nil {
		return nil, err
	}
	n, err := c.normalizer(c.user)
	if err != nil {
		return nil, err
	}
	c.n = n
	return c, nil
}

func (c *Core) normalizer(rules []lenient.Rule) (*lenient.Normalizer, error) {
	o := append([]lenient.Option(nil), c.opts.NormalizerOptions...)
	if c.opts.LogDir != "" {
		o = append(o, lenient.WithLogDir(c.opts.LogDir))
	}
	if c.opts.OnWarning != nil {
		o = append(o, lenient.WithWarnings(func(err error) { c.opts.OnWarning(err.Error()) }))
	}
	return lenient.NewNormalizer(rules, o...)
}

// Tool is one tool's name and strict input schema, as the server lists it.
type Tool struct {
	Name   string
	Schema []byte
}

// Learn derives the tools whose schema is new or changed, and rebuilds the
// normalizer when one was. Tools not given are kept.
func (c *Core) Learn(tools []Tool) {
	c.mu.RLock()
	var changed []Tool
	for _, t := range tools {
		if e, ok := c.tools[t.Name]; !ok || e.strict != compact(t.Schema) {
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
		e := &entry{strict: compact(t.Schema), lenient: t.Schema}
		d, err := schema.DeriveTool(t.Name, t.Schema)
		if err != nil {
			c.warn(fmt.Sprintf("%s: input schema not read: %v; kept as it is", t.Name, err))
		} else {
			// A field the user's alias and default rules can fill is not
			// required in what hosts see.
			schema.ApplyRules(t.Name, d.Schema, c.user)
			e.lenient, e.rules = d.Schema.Marshal(), d.Rules
			for _, w := range d.Warnings {
				c.warn(w.String())
			}
		}
		c.tools[t.Name] = e
	}
	c.rebuild()
}

// rebuild makes a normalizer of the user's rules and every tool's derived
// rules (a derived rule whose id the user's rules already use is left
// out: the user's rule wins). Called with c.mu held.
func (c *Core) rebuild() {
	rules := append([]lenient.Rule(nil), c.user...)
	ids := map[string]bool{}
	for _, r := range c.user {
		ids[r.ID] = true
	}
	names := make([]string, 0, len(c.tools))
	for name := range c.tools {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, r := range c.tools[name].rules {
			if !ids[r.ID] {
				ids[r.ID] = true
				rules = append(rules, r)
			}
		}
	}
	// Statistics live in the log folder: close the old normalizer first
	// (it writes them), then the new one reloads them.
	if err := c.n.Close(); err != nil {
		c.warn(err.Error())
	}
	n, err := c.normalizer(rules)
	if err != nil {
		c.warn(fmt.Sprintf("derived rules not used: %v", err))
		if n, err = c.normalizer(c.user); err != nil {
			c.warn(err.Error())
			return
		}
	}
	c.n = n
}

func (c *Core) warn(msg string) {
	if c.opts.OnWarning != nil {
		c.opts.OnWarning(msg)
	}
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
	return c.tools[tool].lenient
}

// Normalize fixes a call's raw arguments: bytes in, bytes out (the same
// bytes when nothing applies). It never fails a call: arguments it cannot
// read are returned as they came, for the SDK to reject.
func (c *Core) Normalize(tool string, args []byte) ([]byte, []lenient.Applied) {
	if len(bytes.TrimSpace(args)) == 0 {
		return args, nil
	}
	c.mu.RLock()
	n := c.n
	c.mu.RUnlock()
	out, applied, err := n.NormalizeJSON(tool, args)
	if err != nil {
		return args, nil
	}
	if len(applied) > 0 && c.opts.OnFix != nil {
		c.opts.OnFix(tool, applied)
	}
	return out, applied
}

// Stats returns the normalizer's statistics (zero without a LogDir).
func (c *Core) Stats() lenient.Stats {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.n.Stats()
}

// Close flushes the statistics.
func (c *Core) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n.Close()
}

func compact(b []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return string(b)
	}
	return buf.String()
}
