package derive

import (
	"crypto/sha256"
	"encoding/json"
	"slices"

	"github.com/normgen/normgen/internal/lru"
	"github.com/normgen/normgen/lenient"
)

// CacheSize is how many tool derivations the process keeps: what
// FromNode, Tool, WithRules and Catalog derived, by what each derives
// from (the tool's name, its strict schema as JSON, and the rules given
// to WithRules that apply to the tool). Deriving a schema again costs a
// lookup and a copy; past CacheSize, or CacheBytes, the least recently
// used derivation is dropped (and derived again when asked for), so
// distinct inputs never make the cache grow without bound.
const CacheSize = 2048

// CacheBytes bounds the derivations the process keeps by their size: the
// JSON text of their strict schemas and rewrites, together, at most this
// (but for the derivation made last, which is kept however large). A
// real server's catalog is some hundreds of kilobytes of such text, so
// the bound is met only by many large schemas (a gateway's, or
// JSONSchemaBench's 9,557), whose derivations, held as trees, take ten to
// twenty times their text in memory.
const CacheBytes = 16 << 20

// derivations are the process's derivations, by cacheKey. A cached
// Derivation is never handed out: callers get a copy (clone).
var derivations = newDerivations(CacheBytes)

// newDerivations returns a cache of derivations bounded by CacheSize and
// maxBytes of their text (Derivation.text).
func newDerivations(maxBytes int64) *lru.Cache[[sha256.Size]byte, *Derivation] {
	return lru.NewWeighted[[sha256.Size]byte](CacheSize, maxBytes, func(d *Derivation) int64 { return d.text })
}

// cacheKey is the key of a derivation of tool from the strict schema
// text strict, with rules (those of WithRules that apply to the tool;
// nil for FromNode).
func cacheKey(tool string, strict []byte, rules []lenient.Rule) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write(strict)
	h.Write([]byte{0})
	if len(rules) > 0 {
		b, _ := json.Marshal(rules) // a Rule always marshals
		h.Write(b)
	}
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// cached returns a copy of the derivation of tool from root with rules,
// deriving it with derive (given a private copy of root) when the
// process has none.
func cached(tool string, root *Node, rules []lenient.Rule, derive func(root *Node) *Derivation) *Derivation {
	strict := root.Marshal()
	key := cacheKey(tool, strict, rules)
	if d, ok := derivations.Get(key); ok {
		return d.clone()
	}
	d := derive(root.Clone()) // Explain reads it: never the caller's node
	d.text = int64(len(strict) + len(d.Schema.Marshal()))
	return derivations.Add(key, d).clone()
}

// clone returns a copy of d that shares nothing a caller can change with
// d (the strict schema, which only Explain reads, is shared).
func (d *Derivation) clone() *Derivation {
	out := &Derivation{Schema: d.Schema.Clone(), strict: d.strict}
	out.Rules = cloneRules(d.Rules)
	out.Warnings = slices.Clone(d.Warnings)
	out.fields = slices.Clone(d.fields)
	if d.Replaced != nil {
		out.Replaced = make([]Replacement, len(d.Replaced))
		for i, r := range d.Replaced {
			r.Derived, r.By = cloneRule(r.Derived), cloneRule(r.By)
			out.Replaced[i] = r
		}
	}
	return out
}

func cloneRules(rules []lenient.Rule) []lenient.Rule {
	if rules == nil {
		return nil
	}
	out := make([]lenient.Rule, len(rules))
	for i, r := range rules {
		out[i] = cloneRule(r)
	}
	return out
}

// cloneRule copies a rule's slices.
func cloneRule(r lenient.Rule) lenient.Rule {
	r.Tools = slices.Clone(r.Tools)
	r.Value = slices.Clone(r.Value)
	return r
}
