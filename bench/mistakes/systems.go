package mistakes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"

	"github.com/go-viper/mapstructure/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/bench/mistakes/tools"
	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// Outcome is what a system made of one case's arguments.
type Outcome int

const (
	// Recovered: accepted, with the value the caller meant (for a control
	// that must be refused: refused).
	Recovered Outcome = iota
	// Rejected: refused with an error (for a control that must be
	// refused, that is Recovered).
	Rejected
	// Corrupted: accepted with a value other than the one meant, or
	// accepted where no honest reading exists.
	Corrupted
)

// String names the outcome as the report's tables do.
func (o Outcome) String() string {
	return [...]string{"recovered", "rejected", "corrupted"}[o]
}

// Result is one case through one system.
type Result struct {
	Case    *Case
	Outcome Outcome
	Got     string // the value the system accepted (JSON where it has one)
	Want    string // the value meant ("" for a case to reject)
	Err     string // why the system refused the arguments
	// Problems are the refusal's problems, where the system gives them
	// as a *lenient.Error (normgen's systems), each with its path and kind.
	Problems []lenient.Problem
}

// System reads a case's arguments as one kind of server does.
type System struct {
	// Key names the system in the baseline file and the command's flags.
	Key string
	// Name is its row in the table.
	Name string
	// run reads c's arguments; refused (with the reason) or the value
	// taken and the value meant, in one comparable form.
	run func(c *Case) (got, want string, err error)
}

// Run puts every case through sys.
func (sys System) Run(cases []Case) []Result {
	out := make([]Result, len(cases))
	for i := range cases {
		c := &cases[i]
		r := Result{Case: c}
		got, want, err := sys.run(c)
		var le *lenient.Error
		if errors.As(err, &le) {
			r.Problems = le.Problems
		}
		switch {
		case err != nil && c.Reject:
			r.Outcome, r.Err = Recovered, err.Error()
		case err != nil:
			r.Outcome, r.Err = Rejected, err.Error()
		case c.Reject:
			r.Outcome, r.Got = Corrupted, got
		case got == want:
			r.Outcome, r.Got, r.Want = Recovered, got, want
		default:
			r.Outcome, r.Got, r.Want = Corrupted, got, want
		}
		out[i] = r
	}
	return out
}

// goTypes maps a tool (case id) to its generated decoder and Go type.
var goTypes = func() map[string]lenient.Tool {
	m := map[string]lenient.Tool{}
	for _, t := range tools.NormgenTools() {
		m[t.Name] = t
	}
	return m
}()

// goType returns the Go type of c's tool.
func goType(c *Case) (lenient.Tool, reflect.Type, error) {
	t, ok := goTypes[c.ID]
	if !ok {
		return t, nil, fmt.Errorf("harness: package tools declares no tool %q", c.ID)
	}
	v, _, _ := t.Decode([]byte("{}")) // a *T whatever the error
	return t, reflect.TypeOf(v).Elem(), nil
}

// wantGo is the value meant, as encoding/json decodes the intended
// arguments into the case's Go type (numbers in any-typed values kept as
// json.Number), in the comparable form of goValue.
func wantGo(c *Case, typ reflect.Type) string {
	if c.Reject {
		return ""
	}
	p := reflect.New(typ)
	dec := json.NewDecoder(bytes.NewReader(c.Intended))
	dec.UseNumber()
	if err := dec.Decode(p.Interface()); err != nil {
		// a corpus fault: TestCorpus reports it
		return "harness: intended arguments do not decode: " + err.Error()
	}
	return goValue(p.Interface())
}

// goValue is a Go value in comparable form: its JSON with every number in
// a canonical spelling (5 and 5.0 alike, 2^53+1 kept exact), or the Go
// syntax of a value encoding/json cannot write (an infinite float).
func goValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", reflect.ValueOf(v).Elem().Interface()) // an infinite float
	}
	return Canonical(b)
}

// Generated is normgen's generated decoder (UnmarshalJSONReport, as
// Tool.Decode and the SDK adapters call it) for the case's Go type.
var Generated = System{
	Key:  "normgen-generated",
	Name: "normgen, generated decoders",
	run: func(c *Case) (string, string, error) {
		t, typ, err := goType(c)
		if err != nil {
			return "", "", err
		}
		v, _, err := t.Decode(c.Args)
		if err != nil {
			return "", "", err
		}
		return goValue(v), wantGo(c, typ), nil
	},
}

// Catalog is normgen's path for servers that cannot regenerate: the rules
// `normgen rules -catalog` derives from the case's own schema
// (derive.Tool), applied by normalize.Normalizer, then strict
// validation against that schema, as a server does after normalizing. A
// refusal is explained as the adapters explain it to the client
// (Derivation.Explain), or else given in the validator's words.
var Catalog = System{
	Key:  "normgen-catalog",
	Name: "normgen, rules derived from the schema (`rules -catalog`, the adapters)",
	run: func(c *Case) (string, string, error) {
		d, err := derive.Tool(c.ID, c.Schema)
		if err != nil {
			return "", "", err
		}
		n, err := normalize.New(d.Rules)
		if err != nil {
			return "", "", err
		}
		out, _, err := n.NormalizeJSON(c.ID, c.Args)
		if err != nil {
			return "", "", err
		}
		if err := validate(c, out); err != nil {
			if why := d.Explain(out); why != nil {
				return "", "", why
			}
			return "", "", err
		}
		return Canonical(out), wantJSON(c), nil
	},
}

// Strict is strict validation alone: the arguments as sent, against the
// case's schema.
var Strict = System{
	Key:  "strict",
	Name: "strict validation (santhosh-tekuri/jsonschema)",
	run: func(c *Case) (string, string, error) {
		if err := validate(c, c.Args); err != nil {
			return "", "", err
		}
		return Canonical(c.Args), wantJSON(c), nil
	},
}

// WeakDecode is mapstructure's weak decoding into the case's Go type, as
// servers use it: the arguments decoded by encoding/json into an any (the
// map an SDK hands a handler), then mapstructure with WeaklyTypedInput and
// the json tags. mapstructure has no notion of a required field; a
// required field it left unset (Metadata.Unset) counts as a refusal, as a
// handler checking for it would refuse.
var WeakDecode = System{
	Key:  "weakdecode",
	Name: "mapstructure WeakDecode (json tags)",
	run: func(c *Case) (string, string, error) {
		_, typ, err := goType(c)
		if err != nil {
			return "", "", err
		}
		var m any
		if err := json.Unmarshal(c.Args, &m); err != nil {
			return "", "", err
		}
		p := reflect.New(typ)
		var md mapstructure.Metadata
		dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
			WeaklyTypedInput: true, TagName: "json", Result: p.Interface(), Metadata: &md,
		})
		if err != nil {
			return "", "", err
		}
		if err := dec.Decode(m); err != nil {
			return "", "", err
		}
		unset := map[string]bool{}
		for _, k := range md.Unset {
			unset[k] = true
		}
		var missing []string
		for _, k := range required(c.Schema) {
			if unset[k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			return "", "", fmt.Errorf("required field(s) left unset: %v", missing)
		}
		return goValue(p.Interface()), wantGo(c, typ), nil
	},
}

// required lists the top-level required properties of a schema.
func required(s json.RawMessage) []string {
	var v struct {
		Required []string `json:"required"`
	}
	json.Unmarshal(s, &v)
	sort.Strings(v.Required)
	return v.Required
}

// wantJSON is the intended arguments in comparable form.
func wantJSON(c *Case) string {
	if c.Reject {
		return ""
	}
	return Canonical(c.Intended)
}

// validate checks args against the case's schema with the Go validator
// (draft 2020-12, numbers read exactly).
func validate(c *Case, args []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(c.Schema))
	if err != nil {
		return fmt.Errorf("harness: schema: %v", err)
	}
	comp := jsonschema.NewCompiler()
	loc := "mem://mistakes/" + c.ID + ".json"
	if err := comp.AddResource(loc, doc); err != nil {
		return fmt.Errorf("harness: schema: %v", err)
	}
	sch, err := comp.Compile(loc)
	if err != nil {
		return fmt.Errorf("harness: schema: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}

// Systems returns the measured systems in the table's order, pydantic's
// from its committed results.
func Systems(pydantic *PydanticResults) []System {
	return []System{Generated, Catalog, Strict, WeakDecode, Pydantic(pydantic)}
}
