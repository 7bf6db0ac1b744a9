package suggest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
)

// Options tunes Analyse.
type Options struct {
	// Min is the fewest calls a failure must be seen in for an edit to be
	// suggested, over all the calls given (the CLI's -min, 2 by default
	// there; a value below 1 counts as 1).
	Min int
}

// Report is what Analyse found.
type Report struct {
	// Calls is the number of calls analysed.
	Calls int
	// Failed counts the calls of declared tools that failed.
	Failed int
	// UnknownTool counts the calls of tools the package does not declare.
	UnknownTool int
	// Edits are the suggested tag edits, most frequent first.
	Edits []*Edit
	// Ambiguous lists keys that two or more fields claim alike: no edit
	// is suggested for them.
	Ambiguous []Ambiguity
	// Patterns are every failure group, most frequent first; those an
	// edit would accept point to it.
	Patterns []Pattern
}

// EditKind is the norm option an Edit adds.
type EditKind string

// The kinds of Edit.
const (
	// Alias adds alias=KEY: the field also reads the key KEY.
	Alias EditKind = "alias"
	// ValueAlias adds value_alias=WRONG:VALUE: the enum field also reads
	// WRONG, as VALUE.
	ValueAlias EditKind = "value_alias"
)

// Edit is one suggested change to a field's norm tag.
type Edit struct {
	// Tool is the tool whose calls suggest it.
	Tool string
	// Field is the struct field to change, Struct the struct holding it
	// (a struct may serve several tools and paths).
	Field  *gen.Field
	Struct *gen.Struct
	// Path is the field's path template in the arguments ("pattern",
	// "filter.query", "steps[].action").
	Path string
	// Kind is the option added.
	Kind EditKind
	// Key is the alias key (Alias), or the wrong value (ValueAlias).
	Key string
	// To is the enum value a ValueAlias maps Key to; "" when no value is
	// clearly meant, and then Choices lists the enum values.
	To      string
	Choices []string
	// Count is the number of calls that suggest the edit; Example is the
	// first of them.
	Count   int
	Example Call
	// Together counts the calls that sent Key with the (required) field
	// present, which weigh against an Alias.
	Together int
	// Optional is set for an Alias of an optional field: calls sent Key
	// with the field left out, and no other field of the object fit its
	// value.
	Optional bool
}

// Option is the norm option the edit adds: "alias=glob",
// "value_alias=cp:copy", or "value_alias=zz:?" when To is unknown.
func (e *Edit) Option() string {
	if e.Kind == Alias {
		return "alias=" + e.Key
	}
	to := e.To
	if to == "" {
		to = "?"
	}
	return "value_alias=" + e.Key + ":" + to
}

// Resolved reports whether the edit can be written as it is (a
// ValueAlias needs its To).
func (e *Edit) Resolved() bool { return e.Kind == Alias || e.To != "" }

// Position is the field's file:line:col, the file relative to the
// working directory when it is below it.
func (e *Edit) Position() string {
	p := e.Field.Pos
	name := p.Filename
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}

// Ambiguity is a key that several fields claim alike.
type Ambiguity struct {
	// Tool is the tool whose calls sent Key.
	Tool string
	// Key is the unknown key.
	Key string
	// Count is the number of calls that sent Key.
	Count int
	// Paths are the fields' path templates, the likeliest first.
	Paths []string
	// Optional is set when the fields are optional ones that the calls
	// left out and Key's value fits; otherwise they are required fields
	// that the calls missed as often.
	Optional bool
}

// Pattern is one group of failures: calls of one tool that failed in one
// way at one field.
type Pattern struct {
	// Tool is the tool called.
	Tool string
	// Field is the path template of the value that failed; "" for the
	// call as a whole.
	Field string
	// Kind is the decoder's lenient.ProblemKind; "" for a failure that is
	// no decoder's problem (a tool the package does not declare,
	// arguments that are not an object).
	Kind lenient.ProblemKind
	// Pattern says what went wrong ("missing, with unknown key(s) glob",
	// "\"cp\" is not one of ...").
	Pattern string
	// Count is the number of calls that showed it; Example is the first.
	Count   int
	Example Call
	// Edit is the suggested edit that would accept these calls, nil when
	// there is none.
	Edit *Edit

	keys  []string // Kind missing: the unknown keys sent beside the field
	value string   // Kind enum: the wrong value, when a string
}

// Suggest replays calls through pkg's generated decoders and analyses the
// failures: Replay, then Analyse.
func Suggest(ctx context.Context, pkg *gen.Package, calls []Call, opts Options) (*Report, error) {
	results, err := Replay(ctx, pkg, calls)
	if err != nil {
		return nil, err
	}
	return Analyse(pkg, calls, results, opts), nil
}

// Analyse groups the failures of calls (results[i] is the verdict on
// calls[i]) and derives tag edits from them.
func Analyse(pkg *gen.Package, calls []Call, results []Result, opts Options) *Report {
	tools := map[string]*gen.Tool{}
	for _, t := range pkg.Tools {
		tools[t.Name] = t
	}
	min := max(opts.Min, 1)
	tl := newTallies()
	rep := &Report{Calls: len(calls)}
	for i, c := range calls {
		r := results[i]
		switch {
		case !r.Known:
			rep.UnknownTool++
		case r.Failed():
			rep.Failed++
		}
		tl.observe(tools[c.Tool], c, r)
	}
	edits, ambiguous, used := requiredAliases(tools, tl, min)
	rep.Edits, rep.Ambiguous = edits, ambiguous
	edits, ambiguous = optionalAliases(tools, tl, min, used)
	rep.Edits, rep.Ambiguous = append(rep.Edits, edits...), append(rep.Ambiguous, ambiguous...)
	rep.Edits = append(rep.Edits, valueAliases(tools, tl, min)...)
	sortEdits(rep.Edits)
	rep.Patterns = tl.patterns(rep.Edits)
	return rep
}

// decodeObject reads v as a JSON object, or as a string holding one's
// text (a form the decoders take); nil when it is neither.
func decodeObject(v json.RawMessage) map[string]json.RawMessage {
	var obj map[string]json.RawMessage
	if json.Unmarshal(v, &obj) == nil && obj != nil {
		return obj
	}
	var text string
	if json.Unmarshal(v, &text) == nil && json.Unmarshal([]byte(text), &obj) == nil {
		return obj
	}
	return nil
}
