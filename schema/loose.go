package schema

import "fmt"

// The reasons a value's schema in a struct of another package takes
// values encoding/json refuses there (Type.Loose): what a JSON Schema
// cannot say, or what Go 1.26 and Go 1.27 read otherwise, where the
// schema takes what either takes. docs/semantics.md calls them class (i).
const (
	// LooseRecursion: a named type met again inside itself (a recursive
	// struct, type List []List), any value at its second depth.
	LooseRecursion = "a type met again inside itself"
	// LooseVersions: Go 1.26 and Go 1.27 read it otherwise (a named
	// pointer type to a type with a decoding method of its own or to a
	// time.Time, a struct embedding a json.Number, a named pointer type
	// tagged with the json option string), any value.
	LooseVersions = "Go 1.26 and Go 1.27 read it otherwise"
	// LooseNumber: a json.Number, a number or text holding one, any value.
	LooseNumber = "a json.Number: a number, or text holding one"
	// LooseOwn: a type decoded by its own UnmarshalJSON, any value.
	LooseOwn = "decoded by its own UnmarshalJSON, which normgen cannot see into"
	// LooseKind: a Go type encoding/json cannot decode into (a channel,
	// a function, a complex number), any value.
	LooseKind = "a type encoding/json cannot decode into"
	// LooseMethods: an interface with methods, which encoding/json sets
	// from null alone, any value.
	LooseMethods = "an interface with methods, which encoding/json sets from null alone"
	// LooseFixed: a fixed-size array ([N]T), whose elements encoding/json
	// reads up to its length and skips past it unread, an array of any
	// values.
	LooseFixed = "a fixed-size array, whose elements past its length encoding/json skips unread"
	// LooseKeys: a map whose keys are not strings (integers, or read by
	// their own UnmarshalText), any key.
	LooseKeys = "keys that are not strings, or read by their own UnmarshalText"
	// LooseKeyKind: a map whose keys are of a kind Go 1.26 reads no key
	// into (a bool, a float, a struct, an array, a pointer, an
	// interface, without an UnmarshalText of their own): Go 1.26
	// refuses every object there, {} too, where Go 1.27 reads each key
	// as a value of that kind; any key.
	LooseKeyKind = "keys of a kind Go 1.26 reads no key into (it refuses every object there, {} too; Go 1.27 reads each key as a value of that kind, where it can)"
)

// KeysLoose returns the Loose reason of a map, in a struct of another
// package, whose keys are strings (str) or integers (integer) of any
// size, or of another kind; text: the key type has an UnmarshalText of
// its own, which both versions call. "" for strings, LooseKeys for
// integers and text, LooseKeyKind for the kinds Go 1.26 reads no key
// into.
func KeysLoose(str, integer, text bool) string {
	switch {
	case text, integer:
		return LooseKeys
	case str:
		return ""
	}
	return LooseKeyKind
}

// AnyLoose is any value, taken in a struct of another package for the
// reason why (one of the Loose reasons).
func AnyLoose(why string) *Type { return &Type{Kind: Any, Loose: why} }

// LooseParts lists where the description t of a value takes values
// encoding/json refuses (Type.Loose) or leaves out members it cannot set
// (Type.Unset), each as its path below t (members by their wire names,
// [] an element, {} a map's value) and the reason: for the warning that
// tells a server's author what the schema of a struct of another
// package does not say. nil where there is none.
func LooseParts(t *Type) []string {
	var out []string
	var walk func(t *Type, path string, depth int)
	walk = func(t *Type, path string, depth int) {
		if t == nil || depth > 64 {
			return
		}
		at := path
		if at == "" {
			at = "the value"
		}
		switch {
		case t.Loose == LooseKeys, t.Loose == LooseKeyKind:
			out = append(out, fmt.Sprintf("%s: any key (%s)", at, t.Loose))
		case t.Loose == LooseFixed:
			out = append(out, fmt.Sprintf("%s: any elements (%s)", at, t.Loose))
		case t.Loose != "":
			out = append(out, fmt.Sprintf("%s: any value (%s)", at, t.Loose))
		}
		for _, name := range t.Unset {
			out = append(out, join(path, name)+": not declared (promoted through an embedded pointer to a struct of an unexported type, which encoding/json cannot set: a call giving it fails)")
		}
		if t.Def == nil {
			for _, f := range t.Fields {
				walk(f.Type, join(path, f.Name), depth+1)
			}
		}
		switch t.Kind {
		case Map:
			walk(t.Elem, path+"{}", depth+1)
		default:
			walk(t.Elem, path+"[]", depth+1)
		}
	}
	walk(t, "", 0)
	return out
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
