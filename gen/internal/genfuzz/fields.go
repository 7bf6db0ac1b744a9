package genfuzz

import (
	"fmt"
	"strings"
)

// fieldSpec is one struct field being written.
type fieldSpec struct {
	goName   string
	t        *typ
	json     string   // the json tag's value ("" for none)
	wire     string   // the wire name ("" when the field is not on the wire)
	optional bool     // omitempty or omitzero
	schema   []string // jsonschema key list entries
	desc     string   // a plain (jsonschema-go dialect) description instead
	norm     []string
	refuse   []string
	enum     bool // the schema has an enum
	lengths  bool // minLength/maxLength/pattern
	malform  string
}

// field writes one field of d.
func (b *builder) field(d *decl, goName string, depth int, prefix string, used, aliases map[string]bool) {
	s := b.src
	f := &fieldSpec{goName: goName}
	switch s.Intn(24) {
	case 0: // unexported: not on the wire, whatever its type
		f.goName = strings.ToLower(goName)
		f.t = b.basic()
		b.finish(d, f)
		return
	case 1: // skipped with json:"-"
		f.t = b.basic()
		f.json = "-"
		b.finish(d, f)
		return
	}
	f.t = b.fieldType(depth + 1)
	d.uses = append(d.uses, f.t.uses...)
	if f.t.refuse != "" {
		f.refuse = append(f.refuse, f.t.refuse)
	}
	switch r := s.Intn(30); {
	case r == 0: // no json tag: the Go name is the wire name, required
		f.wire = goName
	case r == 1 && len(used) > 0 && !b.clean: // a wire name another field has
		for n := range used {
			f.wire = n
			break
		}
		f.json = f.wire + ",omitempty"
		f.optional = true
		f.refuse = append(f.refuse, "two fields with one wire name")
	case r == 2 && !b.clean:
		f.wire = b.wireName(prefix, used)
		f.json = f.wire + ",string"
		f.refuse = append(f.refuse, "the json option string")
	case r == 3:
		f.wire = b.wireName(prefix, used)
		f.json = f.wire + ",omitzero"
		f.optional = true
	default:
		f.wire = b.wireName(prefix, used)
		f.json = f.wire
		if s.chance(2) {
			f.json += ",omitempty"
			f.optional = true
		}
	}
	b.schemaTag(f)
	b.normTag(f, used, aliases)
	if b.bad(12) {
		f.malform = pick(s, "backslash-comma", "no-space", "unquoted", "unterminated", "space-in-json")
		f.refuse = append(f.refuse, "a malformed struct tag ("+f.malform+")")
	}
	if depth > 1 && !used["field Self"] && b.bad(10) {
		used["field Self"] = true
		// A struct that holds itself.
		self := &fieldSpec{goName: "Self", t: &typ{code: "*" + d.name, kind: "struct", ptr: true}, json: "self,omitempty", wire: "self"}
		self.refuse = []string{"a recursive type"}
		b.finishWith(d, self, d.name)
	}
	b.finish(d, f)
}

// schemaTag gives f a jsonschema tag fitting its type, or broken.
func (b *builder) schemaTag(f *fieldSpec) {
	s := b.src
	k := f.t.kind
	if f.t.kind == "slice" && s.chance(3) {
		f.schema = append(f.schema, pick(s, "minItems=1", "maxItems=5", "minItems=0,maxItems=3"))
	}
	switch r := s.Intn(12); {
	case r == 0:
		f.desc = pick(s, "the thing to find, relative to the root", "how many, at most", "a note")
		return
	case r == 1:
		f.schema = append(f.schema, pick(s, `description=a list\\, with commas`, "title=Title", "deprecated", "description=plain"))
	case r == 2 && !b.clean:
		bad := pick(s, "colour=red", "format=email", "multipleOf=2", "minimum=abc", "pattern=(?i)abc", "pattern=[", "maxLength=-1")
		f.schema = append(f.schema, bad)
		f.refuse = append(f.refuse, "jsonschema "+bad)
		return
	}
	switch {
	case k == "string":
		switch s.Intn(5) {
		case 0:
			f.schema = append(f.schema, "enum=copy", "enum=move", "enum=delete")
			f.enum = true
		case 1:
			f.schema = append(f.schema, "minLength=1", "maxLength=20")
			f.lengths = true
		case 2:
			f.schema = append(f.schema, "pattern=^[a-z]+$")
			f.lengths = true
		}
	case (k == "slice" || k == "map") && f.t.elem.kind == "string" && s.chance(4):
		// the enum of the items or values
		f.schema = append(f.schema, "enum=copy", "enum=move", "enum=delete")
		f.enum = true
	case k == "int" || k == "uint" || k == "float":
		switch s.Intn(5) {
		case 0:
			f.schema = append(f.schema, "minimum=1", "maximum=100")
		case 1:
			f.schema = append(f.schema, "exclusiveMinimum=0")
		case 2:
			f.schema = append(f.schema, "maximum=1000")
		}
	}
	if s.chance(4) {
		b.defaultOf(f)
	}
}

// defaultOf gives f a default: a valid one for an optional scalar field,
// else one the generator must refuse.
func (b *builder) defaultOf(f *fieldSpec) {
	k := f.t.kind
	var v string
	switch k {
	case "string":
		v = "abc"
		if f.enum {
			v = "move"
		}
	case "bool":
		v = "true"
	case "int", "uint":
		v = "5"
	case "float":
		v = "1.5"
	default:
		if b.clean {
			return
		}
		f.schema = append(f.schema, "default=x")
		f.refuse = append(f.refuse, "a default on a "+k+" field")
		return
	}
	if b.bad(6) && k != "string" {
		v = "abc"
		f.refuse = append(f.refuse, "a default that does not parse")
	}
	if !f.optional {
		if b.clean {
			return
		}
		f.refuse = append(f.refuse, "a default on a required field")
	}
	f.schema = append(f.schema, "default="+v)
}

// normTag gives f a norm tag fitting its type, or broken.
func (b *builder) normTag(f *fieldSpec, used, aliases map[string]bool) {
	s := b.src
	if s.chance(3) {
		b.aliases++
		a := fmt.Sprintf("alt_%d", b.aliases)
		if b.bad(6) && len(used) > 1 {
			for n := range used {
				if n != f.wire {
					a = n
					f.refuse = append(f.refuse, "an alias that is another field's name")
					break
				}
			}
		}
		aliases[a] = true
		if s.chance(3) {
			b.aliases++
			a += fmt.Sprintf("|alt_%d", b.aliases)
		}
		f.norm = append(f.norm, "alias="+a)
	}
	if !s.chance(3) {
		return
	}
	k, elem := f.t.kind, ""
	if f.t.elem != nil {
		elem = f.t.elem.kind
	}
	var opt, wrong string
	switch r := s.Intn(8); {
	case r == 0:
		opt = "strict"
	case r == 1:
		opt = "bool=strict"
		if k != "bool" && !(k == "slice" && elem == "bool") {
			wrong = "bool=strict on a " + k + " field"
		}
	case r == 2:
		opt = "wrap"
		if k != "slice" || !f.t.elem.scalar() {
			wrong = "wrap on a " + k + " field"
		}
	case r == 3:
		opt = "unescape"
		if k != "string" {
			wrong = "unescape on a " + k + " field"
		} else if f.enum || f.lengths {
			wrong = "unescape with enum, lengths or pattern"
		}
	case r == 4 && (k == "string" || k == "slice" && elem == "string"):
		opt = "value_alias=cp:copy|rm:delete"
	case r == 5 && !b.clean:
		opt = pick(s, "frob", "unknown=error", "alias=", "value_alias=x")
		wrong = "norm " + opt
	}
	if opt == "" || wrong != "" && b.clean {
		return
	}
	f.norm = append(f.norm, opt)
	if wrong != "" {
		f.refuse = append(f.refuse, wrong)
	}
}

// finish writes f as a line of d.
func (b *builder) finish(d *decl, f *fieldSpec) { b.finishWith(d, f) }

func (b *builder) finishWith(d *decl, f *fieldSpec, with ...string) {
	var tags []string
	if f.json != "" {
		tags = append(tags, `json:"`+f.json+`"`)
	}
	if f.desc != "" {
		tags = append(tags, `jsonschema:"`+f.desc+`"`)
	} else if len(f.schema) > 0 {
		tags = append(tags, `jsonschema:"`+strings.Join(f.schema, ",")+`"`)
	}
	if len(f.norm) > 0 {
		tags = append(tags, `norm:"`+strings.Join(f.norm, ",")+`"`)
	}
	tag := strings.Join(tags, " ")
	switch f.malform {
	case "backslash-comma":
		tag += ` jsonschema:"pattern=^[a-z]{1\,3}$"`
	case "no-space":
		tag = `json:"` + f.wire + `"norm:"strict"`
	case "unquoted":
		tag = `json:` + strings.ReplaceAll(f.wire, " ", "_")
	case "unterminated":
		tag = `json:"` + f.wire
	case "space-in-json":
		tag = `json:"` + f.wire + `, omitempty"`
	}
	text := "\t" + f.goName + " " + f.t.code
	if tag != "" {
		text += " `" + tag + "`"
	}
	l := line{text: text, with: with}
	if len(f.refuse) > 0 {
		l.refuse = strings.Join(f.refuse, "; ")
	}
	// A struct type holding a field the generator refuses is refused
	// where it is declared, or where the field is: the field's line.
	d.lines = append(d.lines, l)
}
