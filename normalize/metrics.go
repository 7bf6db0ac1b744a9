package normalize

import (
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
)

// Metrics receives one Count for each call a generated decoder (through a
// tool list Instrument returned) or a Normalizer (WithMetrics) handled:
// the hook metrics libraries implement (github.com/normgen/normgen/otel
// counts them as OpenTelemetry metrics). Count is called on the call's
// goroutine, concurrently from many: it must be safe for concurrent use,
// cheap, and must not keep c.Fixes after it returns.
type Metrics interface {
	Count(c Counted)
}

// MetricsBinder is implemented by a Metrics that counts one tool's calls
// faster when told the tool beforehand: Instrument binds each tool once
// and calls the bound Metrics' Count for its calls (with the same Tool
// and Stage as Bind was given).
type MetricsBinder interface {
	Bind(tool string, stage Stage) Metrics
}

// Stage names where a call was counted: by which part of normgen.
type Stage string

// The stages that count calls.
const (
	// StageDecoder is a generated decoder, called through Tool.Decode.
	StageDecoder Stage = "decoder"
	// StageNormalizer is a Normalizer (the SDK adapters' too).
	StageNormalizer Stage = "normalizer"
)

// Counted is one call as Metrics receive it. Every string in it is of
// bounded cardinality, declared by the server, never taken from what the
// caller sent, except Tool for a Normalizer (the name a call gives; the
// statistics' bound of 4096 names, then OtherTools, holds).
type Counted struct {
	// Tool is the tool's name.
	Tool string
	// Stage is where the call was counted.
	Stage Stage
	// Refused is true when the decoder refused the call (for a
	// Normalizer: arguments that are not a JSON object, which the
	// server's decoder then refuses).
	Refused bool
	// Fixes are the fixes made, one per changed value; nil for a clean
	// call. A refused call may have some.
	Fixes []CountedFix
}

// CountedFix is one fix as Metrics count it: where, as declared, and what
// was done.
type CountedFix struct {
	// Path is the declared path of the value, in the rule path grammar:
	// member names joined by ".", "[]" for an array element, "{}" for a
	// map value ("limit", "steps[].id", "env{}.port"). A key the tool
	// does not declare (an unknown key, or a value beyond the schema) is
	// "*" at its place ("*", "opts.*"): never the key the caller sent.
	Path string
	// Kind is what was done (FixStringToInt, FixAlias, FixDefault, ...;
	// for a Normalizer's json_accept_both rule that writes a native value
	// as JSON text, FixToJSONText).
	Kind lenient.FixKind
}

// FixToJSONText is the kind of fix of a json_accept_both rule that writes
// a native array or object as JSON text (the original convention of the
// rule, for servers whose field is a string).
const FixToJSONText lenient.FixKind = "to_json_text"

// Instrument returns a copy of tools whose Decode reports each call to m:
// the tool's name, whether the call was refused, and each fix with its
// declared path (read from the tool's InputSchema, once, here). With m
// nil it returns tools itself. A clean call costs m.Count (through
// MetricsBinder's Bind when m implements it) and nothing else: no
// allocation.
func Instrument(tools []lenient.Tool, m Metrics) []lenient.Tool {
	if m == nil {
		return tools
	}
	out := make([]lenient.Tool, len(tools))
	for i, t := range tools {
		out[i] = t
		if t.Decode == nil {
			continue
		}
		decode, name := t.Decode, t.Name
		sh, err := newShape(t.InputSchema)
		if err != nil {
			slog.Warn(fmt.Sprintf("metrics: tool %s: input schema not read (%v); its fixes are counted at the path *", name, err), "component", "normgen normalize.Instrument")
		}
		m := m
		if b, ok := m.(MetricsBinder); ok {
			m = b.Bind(name, StageDecoder)
		}
		out[i].Decode = func(args []byte) (any, []lenient.Fix, error) {
			v, fixes, err := decode(args)
			c := Counted{Tool: name, Stage: StageDecoder, Refused: err != nil}
			if len(fixes) > 0 {
				c.Fixes = make([]CountedFix, len(fixes))
				for j := range fixes {
					c.Fixes[j] = CountedFix{Path: sh.declared(fixes[j].Param), Kind: fixes[j].Kind}
				}
			}
			m.Count(c)
			return v, fixes, err
		}
	}
	return out
}

// shape is what a schema declares of a value's place in the arguments:
// the members of an object, the elements of an array, the values of a
// map. Built from a tool's input schema, it maps a fix's path (which
// holds array indexes and map keys the caller sent) to its declared path.
type shape struct {
	name  string // the member's name, for a member of an object
	props map[string]*shape
	items *shape // array elements
	extra *shape // map values (additionalProperties)
}

// newShape reads a JSON Schema: properties, items, additionalProperties,
// through anyOf, oneOf and allOf (a nullable or string-or-array field's
// branches) and $ref to a local definition. A schema it cannot read gives
// an empty shape (every path is then "*") and the error.
func newShape(schema []byte) (*shape, error) {
	sh := &shape{}
	root, err := jsonnode.ParseLastKeyWins(schema)
	if err != nil {
		return sh, err
	}
	if root.Kind != '{' && root.Kind != 'n' {
		return sh, fmt.Errorf("the schema is %s, not an object", root.Marshal())
	}
	sh.add(root, root, 0)
	return sh, nil
}

// maxShapeDepth bounds how deep $refs are followed (a recursive type's
// schema refers to itself).
const maxShapeDepth = 32

func (sh *shape) add(s, root *jsonnode.Node, depth int) {
	if s == nil || s.Kind != '{' || depth > maxShapeDepth {
		return
	}
	if ref, ok := s.Get("$ref").AsString(); ok {
		target, _ := jsonnode.Resolve(root, ref)
		sh.add(target, root, depth+1)
	}
	for _, b := range s.Branches() {
		sh.add(b, root, depth+1)
	}
	if props := s.Get("properties"); props != nil && props.Kind == '{' {
		if sh.props == nil {
			sh.props = map[string]*shape{}
		}
		for i, name := range props.Keys {
			if sh.props[name] == nil {
				sh.props[name] = &shape{name: name}
			}
			sh.props[name].add(props.Vals[i], root, depth+1)
		}
	}
	if items := s.Get("items"); items != nil && items.Kind == '{' {
		if sh.items == nil {
			sh.items = &shape{}
		}
		sh.items.add(items, root, depth+1)
	}
	switch extra := s.Get("additionalProperties"); {
	case extra == nil:
	case extra.Kind == '{':
		if sh.extra == nil {
			sh.extra = &shape{}
		}
		sh.extra.add(extra, root, depth+1)
	case extra.Kind == 't' && extra.Text() == "true":
		if sh.extra == nil {
			sh.extra = &shape{}
		}
	}
}

// declared maps a fix's path ("steps[3].id", "env.db.port",
// `opts["x.y"]`) to its declared path ("steps[].id", "env{}.port"): an
// index becomes "[]", a map key "{}", and a key the shape does not
// declare "*", where the path ends.
func (sh *shape) declared(path string) string {
	if p := sh.props[path]; p != nil && !rulespec.NeedsQuotes(path) {
		return p.name // a top-level member, the most common: no allocation
	}
	var b strings.Builder
	for i := 0; i < len(path); {
		var key string
		switch {
		case path[i] == '.':
			i++
			continue
		case path[i] == '[' && i+1 < len(path) && path[i+1] == '"':
			// a quoted key: ["x.y"]
			q, err := strconv.QuotedPrefix(path[i+1:])
			if err != nil {
				return b.String() + "*"
			}
			key, _ = strconv.Unquote(q)
			i += 1 + len(q) + 1
		case path[i] == '[':
			// an index
			j := strings.IndexByte(path[i:], ']')
			if j < 0 {
				j = len(path) - i - 1
			}
			i += j + 1
			b.WriteString("[]")
			if sh != nil {
				sh = sh.items
			}
			continue
		default:
			j := strings.IndexAny(path[i:], ".[")
			if j < 0 {
				j = len(path) - i
			}
			key = path[i : i+j]
			i += j
		}
		switch {
		case sh != nil && sh.props[key] != nil:
			if rulespec.NeedsQuotes(key) {
				b.WriteString("[" + strconv.Quote(key) + "]")
			} else {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(key)
			}
			sh = sh.props[key]
		case sh != nil && sh.extra != nil:
			b.WriteString("{}")
			sh = sh.extra
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteByte('*')
			return b.String()
		}
	}
	return b.String()
}

// countedFixes maps a Normalizer's fixes to their declared paths (the
// target of the rule that made each) and kinds.
func (rs *ruleSet) countedFixes(applied []Applied) []CountedFix {
	out := make([]CountedFix, len(applied))
	j := 0
	for i := range applied {
		a := &applied[i]
		// A rule's fixes come together, in rule order (statsRecorder.record).
		for j < len(rs.rules) && rs.rules[j].r.ID != a.RuleID {
			j++
		}
		if j == len(rs.rules) {
			j = 0
			out[i] = CountedFix{Path: "*", Kind: lenient.FixKind(a.Type)}
			continue
		}
		b := &rs.rules[j]
		out[i] = CountedFix{Path: declaredTarget(b), Kind: appliedKind(b.r, a)}
	}
	return out
}

// declaredTarget is the declared path of the value a rule changes: its
// target; for an alias, the canonical key's place.
func declaredTarget(b *boundRule) string {
	if rulespec.Kind(b.r) != lenient.RuleParamAlias {
		return rulespec.PathString(b.segs)
	}
	segs := append([]rulespec.Step(nil), b.segs...)
	segs[len(segs)-1] = rulespec.Step{Key: rulespec.ToKey(b.r)}
	return rulespec.PathString(segs)
}

// appliedKind is the fix kind of a Normalizer's fix: the kind the
// generated decoder records for the same change.
func appliedKind(r *lenient.Rule, a *Applied) lenient.FixKind {
	switch r.Type {
	case lenient.RuleParamAlias, lenient.RuleNestedAlias:
		return lenient.FixAlias
	case lenient.RuleParamDefault, lenient.RuleNestedDefault:
		return lenient.FixDefault
	case lenient.RuleWrap:
		return lenient.FixWrap
	case lenient.RuleUnescape:
		return lenient.FixUnescape
	case lenient.RuleValueAlias:
		return lenient.FixValueAlias
	case lenient.RuleJSONAcceptBoth:
		if r.To == "native" {
			return lenient.FixJSONText
		}
		return FixToJSONText
	case lenient.RuleTypeCoerce:
		if k := rulespec.TimeFixKind(r.CoerceTo); k != "" {
			return k
		}
		if !strings.HasPrefix(a.From, `"`) {
			return lenient.FixNumberToInt
		}
		switch r.CoerceTo {
		case "bool", "bool_strict":
			return lenient.FixStringToBool
		case "float":
			return lenient.FixStringToFloat
		}
		return lenient.FixStringToInt
	}
	return lenient.FixKind(r.Type)
}
