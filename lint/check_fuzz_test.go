package lint

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/internal/jsonnode"
)

// catalogGen builds a small tool catalog from fuzz bytes: schemas with
// $defs and $refs between them (cycles too), anyOf/oneOf/allOf, items,
// properties, additionalProperties, boolean schemas, type arrays, enums
// and patterns. Every choice reads one byte; when the bytes run out the
// rest is the simplest choice, so any input gives a bounded catalog.
type catalogGen struct {
	data    []byte
	ndefs   int
	acyclic bool // a def refers only to defs after it, so inlining ends
	inDef   int  // the def being built (acyclic mode), -1 outside defs
}

func (g *catalogGen) next(n int) int {
	if len(g.data) == 0 || n <= 1 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return int(b) % n
}

var (
	genTypes    = []string{"string", "integer", "number", "boolean", "array", "object", "null"}
	genPatterns = []string{`^-?[0-9]+$`, `(?i)^(true|false)$`, `^[0-9.]+$`, `^(true|false)$`, `[`, `^a(?=b)`}
	genNames    = []string{"a", "b", "c", "n", "list", "x.y", "", "~1"}
)

// node returns one schema as a Go value ready for encoding/json.
func (g *catalogGen) node(depth int) any {
	if depth <= 0 {
		return map[string]any{"type": genTypes[g.next(len(genTypes))]}
	}
	switch g.next(12) {
	case 0:
		return map[string]any{"type": genTypes[g.next(len(genTypes))]}
	case 1:
		return map[string]any{"type": []any{genTypes[g.next(len(genTypes))], genTypes[g.next(len(genTypes))]}, "pattern": genPatterns[g.next(len(genPatterns))]}
	case 2, 3:
		if ref, ok := g.ref(); ok {
			return map[string]any{"$ref": ref}
		}
		return map[string]any{}
	case 4:
		k := []string{"anyOf", "oneOf", "allOf"}[g.next(3)]
		var branches []any
		for i := 0; i <= g.next(3); i++ {
			branches = append(branches, g.node(depth-1))
		}
		s := map[string]any{k: branches}
		if g.next(3) == 0 {
			s["description"] = "d"
		}
		return s
	case 5:
		s := map[string]any{"type": "array"}
		if g.next(4) != 0 {
			s["items"] = g.node(depth - 1)
		}
		return s
	case 6:
		props := map[string]any{}
		for i := 0; i <= g.next(3); i++ {
			props[genNames[g.next(len(genNames))]] = g.node(depth - 1)
		}
		s := map[string]any{"type": "object", "properties": props}
		if g.next(3) == 0 {
			s["additionalProperties"] = g.node(depth - 1)
		}
		if g.next(4) == 0 {
			s["required"] = []any{"a", 1}
		}
		return s
	case 7:
		return g.next(2) == 0 // a boolean schema
	case 8:
		return map[string]any{"type": "string", "enum": []any{"a", g.next(3), nil}}
	case 9:
		return map[string]any{"anyOf": []any{
			map[string]any{"type": genTypes[g.next(len(genTypes))]},
			map[string]any{"type": "string", "pattern": genPatterns[g.next(len(genPatterns))]},
			map[string]any{"type": "null"},
		}}
	case 10:
		return map[string]any{"type": "array", "items": []any{g.node(depth - 1)}}
	default:
		return map[string]any{"type": "integer", "minimum": 0, "exclusiveMinimum": g.next(2) == 0}
	}
}

// ref picks a $ref target: a def (in acyclic mode, only one after the def
// being built), or in cyclic mode sometimes the root or a dangling name.
func (g *catalogGen) ref() (string, bool) {
	if g.acyclic {
		from := g.inDef + 1
		if from >= g.ndefs {
			return "", false
		}
		return fmt.Sprintf("#/$defs/d%d", from+g.next(g.ndefs-from)), true
	}
	switch g.next(8) {
	case 0:
		return "#", true
	case 1:
		return "#/$defs/missing", true
	case 2:
		return "#/properties", true
	}
	return fmt.Sprintf("#/$defs/d%d", g.next(g.ndefs+1)), true
}

// catalog returns the catalog as a Go value and as JSON.
func (g *catalogGen) catalog() []any {
	var tools []any
	for t := 0; t <= g.next(3); t++ {
		g.ndefs = g.next(7)
		defs := map[string]any{}
		for i := 0; i < g.ndefs; i++ {
			g.inDef = i
			defs[fmt.Sprintf("d%d", i)] = g.node(3)
		}
		g.inDef = -1
		props := map[string]any{}
		for i := 0; i <= g.next(4); i++ {
			props[genNames[g.next(len(genNames))]] = g.node(3)
		}
		root := map[string]any{"type": "object", "$defs": defs, "properties": props}
		switch g.next(8) {
		case 0:
			root["type"] = "string"
		case 1:
			root["anyOf"] = []any{map[string]any{"required": []any{"a"}}}
		}
		tools = append(tools, map[string]any{"name": fmt.Sprintf("t%d", t), "inputSchema": root})
	}
	return tools
}

// inline replaces every local "#/$defs/dN" $ref by a copy of its target
// (acyclic catalogs only); false when the result would be too large.
func inline(v any, defs map[string]any, budget *int) (any, bool) {
	*budget--
	if *budget < 0 {
		return nil, false
	}
	switch x := v.(type) {
	case map[string]any:
		if ref, ok := x["$ref"].(string); ok && len(x) == 1 && strings.HasPrefix(ref, "#/$defs/") {
			// A boolean target stays a $ref: "additionalProperties": true
			// is a keyword's use, a $ref to true a boolean schema.
			if target, isMap := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any); isMap {
				return inline(target, defs, budget)
			}
		}
		out := map[string]any{}
		for k, e := range x {
			var ok bool
			if out[k], ok = inline(e, defs, budget); !ok {
				return nil, false
			}
		}
		return out, true
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			var ok bool
			if out[i], ok = inline(e, defs, budget); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return v, true
}

// checkBoth runs CheckCatalog and CheckHosts for every host, failing the
// test if either has not returned after a generous time (a hang guard; the
// speed is measured in BenchmarkHostileCatalogs).
func checkBoth(t *testing.T, data []byte) (leniency, hosts []Finding, err1, err2 error) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		leniency, err1 = CheckCatalog(data)
		hosts, err2 = CheckHosts(data, Hosts())
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("check did not return in 10s on %d bytes:\n%.2000s", len(data), data)
	}
	return
}

// kindSet is the set of finding kinds per tool, without the kinds that
// depend on how a schema is spelled rather than what it says ($ref itself,
// a ref branch's type, the cap, and the optional properties of Claude's
// grammar note, which count a shared definition once).
func kindSet(fs []Finding) map[string]bool {
	set := map[string]bool{}
	for _, f := range fs {
		switch f.Kind {
		case KindRef, KindMore, KindBranchNoType, KindStrictGrammar:
			continue
		}
		set[f.Tool+" "+f.Host+" "+f.Kind] = true
	}
	return set
}

func checkInvariants(t *testing.T, what string, fs []Finding, data []byte) {
	t.Helper()
	perTool := map[string]int{}
	for i, f := range fs {
		perTool[f.Tool]++
		if perTool[f.Tool] > MaxFindingsPerTool+1 {
			t.Fatalf("%s: tool %s has more than %d findings\n%s", what, f.Tool, MaxFindingsPerTool+1, data)
		}
		if f.Kind == KindMore && i+1 < len(fs) && fs[i+1].Tool == f.Tool {
			t.Fatalf("%s: %s is not the last finding of tool %s", what, KindMore, f.Tool)
		}
		if f.Message == "" || f.Kind == "" {
			t.Fatalf("%s: finding without kind or message: %#v", what, f)
		}
	}
	sorted := sort.SliceIsSorted(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		if a.Kind == KindMore || b.Kind == KindMore {
			return b.Kind == KindMore && a.Kind != KindMore
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Host != b.Host {
			return a.Host < b.Host
		}
		return a.Kind < b.Kind
	})
	if !sorted {
		t.Fatalf("%s: findings are not sorted: %v", what, fs)
	}
}

// FuzzCheckCatalog: on random catalogs with $refs (cycles, dangling and
// root refs, shared defs), CheckCatalog and CheckHosts return (no crash,
// no hang), cap findings per tool, sort them, give the same answer twice,
// and, on acyclic catalogs, find the same kinds as on the same catalog
// with every $ref inlined. A first byte divisible by 4 feeds the rest of
// the input to the checks as the catalog text itself.
func FuzzCheckCatalog(f *testing.F) {
	for _, cat := range hostileCatalogs() {
		f.Add(append([]byte{0}, cat...))
	}
	f.Add([]byte{0, '[', ']', ' ', 'x'})
	f.Add([]byte{1, 1, 4, 6, 2, 3, 4, 0, 2, 5, 6, 7, 8, 9})
	f.Add([]byte{2, 2, 6, 4, 2, 2, 1, 9, 0, 3, 2, 4, 6, 8, 10, 3, 3})
	f.Add([]byte("\x03 anyOf refs and more bytes to drive the generator somewhere"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		if len(data) > 4096 {
			data = data[:4096]
		}
		if data[0]%4 == 0 {
			raw := data[1:]
			l, h, err1, err2 := checkBoth(t, raw)
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("CheckCatalog error %v, CheckHosts error %v", err1, err2)
			}
			if err1 == nil {
				checkInvariants(t, "leniency", l, raw)
				checkInvariants(t, "hosts", h, raw)
			}
			return
		}
		g := &catalogGen{data: data[1:], acyclic: data[0]%2 == 1, inDef: -1}
		cat := g.catalog()
		text, err := json.Marshal(cat)
		if err != nil {
			t.Fatal(err)
		}
		l, h, err1, err2 := checkBoth(t, text)
		if err1 != nil || err2 != nil {
			t.Fatalf("a generated catalog is an error: %v %v\n%s", err1, err2, text)
		}
		checkInvariants(t, "leniency", l, text)
		checkInvariants(t, "hosts", h, text)
		if parsed, err := jsonnode.ParseLastKeyWins(text); err == nil {
			for _, tool := range parsed.Items() {
				if schema := tool.Get("inputSchema"); schema != nil {
					checkRefusesRef(t, schema)
				}
			}
		}
		l2, h2, _, _ := checkBoth(t, text)
		if !reflect.DeepEqual(l, l2) || !reflect.DeepEqual(h, h2) {
			t.Fatalf("two runs differ on\n%s", text)
		}
		if !g.acyclic {
			return
		}
		// The same catalog with each $ref replaced by its target: the same
		// kinds of findings, tool by tool, as long as no cap was hit.
		flat := make([]any, len(cat))
		for i, tool := range cat {
			tm := tool.(map[string]any)
			root := tm["inputSchema"].(map[string]any)
			budget := 20000
			in, ok := inline(root, root["$defs"].(map[string]any), &budget)
			if !ok {
				return
			}
			flat[i] = map[string]any{"name": tm["name"], "inputSchema": in}
		}
		flatText, _ := json.Marshal(flat)
		fl, fh, _, _ := checkBoth(t, flatText)
		for _, fs := range [][]Finding{l, h, fl, fh} {
			for _, f := range fs {
				if f.Kind == KindMore {
					return
				}
			}
		}
		for _, pair := range []struct {
			what      string
			ref, flat []Finding
		}{{"leniency", l, fl}, {"hosts", h, fh}} {
			a, b := kindSet(pair.ref), kindSet(pair.flat)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: kinds with $refs %v, inlined %v\nwith refs: %s\ninlined: %s", pair.what, keys(a), keys(b), text, flatText)
			}
		}
	})
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// anyOfRefChain is a catalog whose defs d0..d(n-1) are each an anyOf of a
// $ref to the next def and null (d(n) is an integer), with one property
// per def: the shape of a long chain of nullable references.
func anyOfRefChain(n int) []byte {
	var defs, props []string
	for i := 0; i < n; i++ {
		defs = append(defs, fmt.Sprintf(`"d%d":{"anyOf":[{"$ref":"#/$defs/d%d"},{"type":"null"}]}`, i, i+1))
		props = append(props, fmt.Sprintf(`"p%d":{"$ref":"#/$defs/d%d"}`, i, i))
	}
	defs = append(defs, fmt.Sprintf(`"d%d":{"type":"integer"}`, n))
	return []byte(`[{"name":"t","inputSchema":{"type":"object","$defs":{` + strings.Join(defs, ",") + `},"properties":{` + strings.Join(props, ",") + `}}}]`)
}

// BenchmarkCheckAnyOfRefChain measures both checks on anyOfRefChain at
// growing sizes: with a cost linear in the catalog's size, doubling n
// doubles the time per op.
func BenchmarkCheckAnyOfRefChain(b *testing.B) {
	for _, n := range []int{250, 500, 1000} {
		cat := anyOfRefChain(n)
		b.Run(fmt.Sprintf("leniency/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				CheckCatalog(cat)
			}
		})
		b.Run(fmt.Sprintf("hosts/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				CheckHosts(cat, Hosts())
			}
		})
	}
}
