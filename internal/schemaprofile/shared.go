package schemaprofile

import "github.com/normgen/normgen/internal/jsonnode"

// A tool's openai-strict schema describes its fields as the portable one
// does, but for the notes each profile adds (a default, "Required."), and
// descriptions are most of its text. Generated code therefore carries the
// openai-strict schema less the descriptions it shares with the portable
// one (Root.StripShared), and the runtime puts them back (Root.FillShared)
// when a server starts. The two walk the schemas alike (eachShared), so
// that FillShared(StripShared(s)) is s wherever no field of s lacks a
// description that p's same field has; the generator checks it for each
// tool, byte for byte, and writes the whole schema where it is not.

// stripShared removes from strict each field description that portable
// gives the same field, as the same JSON text.
func stripShared(portable, strict *jsonnode.Node) {
	eachShared(strict, portable, func(s, p *jsonnode.Node) {
		if d := s.Get("description"); d != nil && sameText(d, p.Get("description")) {
			s.Delete("description")
		}
	})
}

// fillShared gives each field of stripped that has no description the one
// portable gives it, where invopop's marshaller writes it.
func fillShared(portable, stripped *jsonnode.Node) {
	eachShared(stripped, portable, func(s, p *jsonnode.Node) {
		if d := p.Get("description"); d != nil && s.Get("description") == nil {
			insert(s, "description", d)
		}
	})
}

// sameText reports whether two JSON values are the same text.
func sameText(a, b *jsonnode.Node) bool {
	return a != nil && b != nil && string(a.Marshal()) == string(b.Marshal())
}

// eachShared calls f with each pair of nodes of s and p that describe the
// same field: the schemas of a property of the same name in objects
// reached by the same path, of their arrays' items, and of the same $defs
// entry, each taken at its first anyOf branch, where both profiles put a
// field's description (the native branch). Only object nodes are paired.
func eachShared(s, p *jsonnode.Node, f func(s, p *jsonnode.Node)) {
	if s.Kind != '{' || p.Kind != '{' {
		return
	}
	for _, key := range [...]string{"properties", "$defs"} {
		sm, pm := s.Get(key), p.Get(key)
		if sm == nil || pm == nil || sm.Kind != '{' || pm.Kind != '{' {
			continue
		}
		for i, name := range sm.Keys {
			if pv := pm.Get(name); pv != nil {
				eachField(sm.Vals[i], pv, f)
			}
		}
	}
	if si, pi := s.Get("items"), p.Get("items"); si != nil && pi != nil {
		eachField(si, pi, f)
	}
}

// eachField is eachShared for the schemas of one field: its first anyOf
// branch, where it has one, is the node that holds its description and
// its members.
func eachField(s, p *jsonnode.Node, f func(s, p *jsonnode.Node)) {
	s, p = firstBranch(s), firstBranch(p)
	if s.Kind != '{' || p.Kind != '{' {
		return
	}
	f(s, p)
	eachShared(s, p, f)
}

// firstBranch returns the first branch of a schema's anyOf, or the schema.
func firstBranch(s *jsonnode.Node) *jsonnode.Node {
	if b := s.Get("anyOf").Items(); len(b) > 0 {
		return b[0]
	}
	return s
}

// StripShared returns, compact, the openai-strict schema strict (JSON
// text) less each field description the root gives the same field, as
// the same JSON text.
func (r Root) StripShared(strict []byte) ([]byte, error) {
	s, err := parseObject(strict, "openai-strict")
	if err != nil {
		return nil, err
	}
	stripShared(r.node, s)
	return s.Marshal(), nil
}

// FillShared returns, compact, stripped (JSON text) with the description
// the root gives each of its fields that has none, where invopop's
// marshaller writes it: the openai-strict schema that StripShared
// stripped.
func (r Root) FillShared(stripped []byte) ([]byte, error) {
	s, err := parseObject(stripped, "openai-strict")
	if err != nil {
		return nil, err
	}
	fillShared(r.node, s)
	return s.Marshal(), nil
}
