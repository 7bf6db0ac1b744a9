package normalize

import (
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"slices"
	"time"

	"github.com/normgen/normgen/internal/jsonwire"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// screen is NormalizeJSON's no-rule check for one rule set, built once by
// New: could any rule change arguments with these top-level
// members? It answers from one walk over the members the validation
// recorded, with a few comparisons per member and no allocation (but
// for a key written with escapes or invalid UTF-8, read as the decoders
// read it). It is conservative: when it says yes
// the rules are applied, and their records decide; it says no only
// when no rule can change anything.
//
// Each rule reads one top-level member (the first key of its path, past
// the guards that may start it; a top-level alias also the key it
// renames to); the members those guards read are keys tested for
// nothing (a guard only narrows what a rule reads), which a map's tree
// holds (newMapTree). A member is found by a
// small hash table of those keys; its first byte, and for a few rules its
// text, tells whether a rule on it may apply (a coercion needs a string,
// a path going deeper needs an object, an array or JSON text). Defaults
// apply to an absent key, aliases to a given key (whose target is absent,
// or holds the same value): both are read from the set of keys given.
//
// Most members are passed over before the table is read: a key of a
// length no rule's key has, or a value of a kind no rule reads whose key
// is of a length no default's or alias's key has (so that it can neither
// let a rule apply nor be one of the keys whose presence counts).
type screen struct {
	all     bool        // too many keys to index: every call takes the rules' path
	every   bool        // a rule reads each member ({} or a pattern step first): all too
	keys    []string    // the top-level keys the rules read (also when all)
	entries []screenKey // what each key's member is tested for
	lens    uint64      // the lengths of the keys (bit 63: 63 bytes or more)
	// counted is the lengths of the keys in absent and aliases, whose
	// presence alone may let a rule apply (bits as in lens).
	counted uint64
	// kinds is the kinds of value (kindString...) that may let some
	// key's rule apply: the union of what each entry's may tests.
	kinds uint8
	slots []uint16 // hash slot -> 1 + the index of the first key there, 0 for none
	chain []uint16 // key index -> 1 + the index of the next key in its slot
	mult  uint64   // the hash's multiplier
	shift uint     // the hash's shift: 64 - log2(len(slots))
	// absent marks the keys a default sets when they are absent.
	absent keyBits
	// aliases are the top-level aliases, which may apply when from is
	// given and to is not.
	aliases []struct{ from, to uint16 }
}

// screenKey is one key of a screen and what makes its member's value
// worth the rules' look: the union of its rules' tests.
type screenKey struct {
	w keyWords
	valueTest
}

// valueTest is what makes a top-level member's value worth a rule's look.
type valueTest struct {
	first uint8 // the kinds of value (kindString...) that may let a rule apply
	empty bool  // null or "" (a default that also fills empty values)
	num   bool  // a number literal that is not a plain integer (an int coercion, a duration in ns)
}

// testOf is the test of the value of a rule's top-level member (the
// first key of its path): the first test the rule's own code makes
// (pathRule, memberRule, valueRule). A top-level alias reads its key
// alone, and its test is empty.
func testOf(b boundRule) valueTest {
	r := b.r
	var t valueTest
	if len(b.keyed) > 1 {
		// A path going deeper: an object, an array, or JSON text.
		t.first = kindString | kindArray | kindObject
		return t
	}
	switch r.Type {
	case lenient.RuleParamDefault:
		t.empty = ruleWhen(r) == lenient.WhenAbsentOrEmpty || ruleWhen(r) == lenient.WhenAbsentOrNull
	case lenient.RuleAbsent:
		t.empty = true // null or ""
	case lenient.RuleSplit, lenient.RuleNullText:
		t.first = kindString
	case lenient.RuleTypeCoerce:
		if r.CoerceTo != "int_literal" {
			t.first = kindString
		}
		switch unit, _ := rulespec.DurationTarget(r.CoerceTo); {
		case unit > time.Nanosecond:
			t.first |= kindNumber // any number: 90 is 90 units
		case unit == time.Nanosecond || intTarget(r.CoerceTo):
			t.num = true
		}
	case lenient.RuleJSONAcceptBoth:
		if r.To == "native" {
			t.first = kindString // JSON text to a native value
		} else {
			t.first = kindArray | kindObject | kindBool | kindNumber // anything but a string or null to text
		}
	case lenient.RuleWrap:
		t.first = kindString | kindBool | kindNumber // a scalar but null
	case lenient.RuleUnescape, lenient.RuleValueAlias, lenient.RuleEnumCase:
		t.first = kindString | kindArray
	case lenient.RuleEnumDigits:
		t.first = kindString
	case lenient.RuleEnumText:
		t.first = kindBool | kindNumber
	}
	return t
}

// The kinds of JSON value, by first byte (valueKind).
const (
	kindString uint8 = 1 << iota
	kindArray
	kindObject
	kindBool
	kindNull
	kindNumber
)

// valueKind maps the first byte of a JSON value to its kind.
var valueKind = func() (t [256]uint8) {
	t['"'], t['['], t['{'], t['t'], t['f'], t['n'], t['-'] = kindString, kindArray, kindObject, kindBool, kindBool, kindNull, kindNumber
	for c := '0'; c <= '9'; c++ {
		t[c] = kindNumber
	}
	return t
}()

// keyBits is a set of up to 256 key indexes.
type keyBits [4]uint64

func (b *keyBits) add(i int)      { b[i>>6] |= 1 << (i & 63) }
func (b *keyBits) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }

// maxScreenKeys bounds the keys a screen indexes.
const maxScreenKeys = 256

// newScreen builds the screen of a phase-ordered rule set. Its tests are
// exactly those the rules' own code makes first (pathRule, memberRule,
// valueRule): each is a necessary condition for a rule to change
// something.
func newScreen(rules []boundRule) screen {
	var s screen
	index := map[string]int{}
	key := func(k string) int {
		i, ok := index[k]
		if !ok {
			i = len(s.keys)
			index[k] = i
			s.keys = append(s.keys, k)
			s.entries = append(s.entries, screenKey{w: wordsOf([]byte(k))})
		}
		return i
	}
	every := false
	for _, b := range rules {
		r := b.r
		if b.every {
			every = true
			continue
		}
		for _, g := range b.guards {
			// (the members the guards that start its path read: held
			// by a map's tree, mapTree, and tested for nothing, as a
			// guard only narrows what a rule reads)
			key(g.Key)
		}
		k := key(b.keyed[0].Key)
		if len(b.keyed) == 1 && r.Type == lenient.RuleParamAlias {
			s.aliases = append(s.aliases, struct{ from, to uint16 }{uint16(k), uint16(key(rulespec.ToKey(r)))})
			continue
		}
		if len(b.keyed) == 1 && r.Type == lenient.RuleParamDefault {
			s.absent.add(k)
		}
		e, t := &s.entries[k], testOf(b)
		e.first |= t.first
		e.empty = e.empty || t.empty
		e.num = e.num || t.num
	}
	if every {
		return screen{all: true, every: true, keys: s.keys}
	}
	if len(s.keys) > maxScreenKeys {
		return screen{all: true, keys: s.keys}
	}
	for i, k := range s.keys {
		s.lens |= lenBit(len(k))
		e := s.entries[i]
		s.kinds |= e.first
		if e.empty {
			s.kinds |= kindNull | kindString // null or ""
		}
		if e.num {
			s.kinds |= kindNumber
		}
	}
	for i, w := range s.absent {
		for w != 0 {
			s.counted |= lenBit(len(s.keys[i*64+bits.TrailingZeros64(w)]))
			w &= w - 1
		}
	}
	for _, a := range s.aliases {
		s.counted |= lenBit(len(s.keys[a.from])) | lenBit(len(s.keys[a.to]))
	}
	s.hash()
	return s
}

// lenBit is the bit of a key length in screen.lens and screen.counted.
func lenBit(n int) uint64 { return 1 << min(n, 63) }

// hash builds the key table: a multiplicative hash of a key's words,
// with the multiplier that spreads the keys best among a few tried. Keys
// sharing a slot are chained, so the table is right whatever the spread.
func (s *screen) hash() {
	size := 8
	for size < 2*len(s.keys) {
		size *= 2
	}
	s.shift = uint(64 - bits.TrailingZeros(uint(size)))
	best, bestMult := -1, uint64(0)
	seed := uint64(0x9e3779b97f4a7c15)
	used := make([]bool, size)
	for try := 0; try < 64 && best != 0; try++ {
		s.mult = seed | 1
		seed = seed*6364136223846793005 + 1442695040888963407
		clear(used)
		clash := 0
		for _, e := range s.entries {
			h := s.slot(e.w)
			if used[h] {
				clash++
			}
			used[h] = true
		}
		if best < 0 || clash < best {
			best, bestMult = clash, s.mult
		}
	}
	s.mult = bestMult
	s.slots = make([]uint16, size)
	s.chain = make([]uint16, len(s.keys))
	for i := len(s.keys) - 1; i >= 0; i-- {
		h := s.slot(s.entries[i].w)
		s.chain[i] = s.slots[h]
		s.slots[h] = uint16(i + 1)
	}
}

// keyWords are a key's length and two words that hold all of its bytes
// when it has 16 or fewer: its first and last 8 bytes, or its first and
// last 4, or its first, middle and last bytes. Longer keys are compared
// in full too.
type keyWords struct {
	n    int
	a, b uint64
}

func wordsOf(k []byte) keyWords {
	if n := len(k); n >= 8 {
		return keyWords{n, binary.LittleEndian.Uint64(k), binary.LittleEndian.Uint64(k[n-8:])}
	}
	return shortWords(k)
}

// shortWords is wordsOf for a key shorter than 8 bytes.
func shortWords(k []byte) keyWords {
	n := len(k)
	switch {
	case n >= 4:
		return keyWords{n, uint64(binary.LittleEndian.Uint32(k)), uint64(binary.LittleEndian.Uint32(k[n-4:]))}
	case n > 0:
		return keyWords{n, uint64(k[0]) | uint64(k[n/2])<<8 | uint64(k[n-1])<<16, 0}
	}
	return keyWords{}
}

// slot is the hash slot of a key's words.
func (s *screen) slot(w keyWords) uint64 {
	return ((w.a ^ w.b*0xff51afd7ed558ccd) + uint64(w.n)) * s.mult >> s.shift
}

// find returns 1 + the index of the key with words w, 0 for none.
func (s *screen) find(w keyWords, key []byte) uint16 {
	i := s.slots[s.slot(w)]
	for i != 0 && (s.entries[i-1].w != w || w.n > 16 && s.keys[i-1] != string(key)) {
		i = s.chain[i-1]
	}
	return i
}

// applies reports whether a rule may change the validated arguments
// object args, whose members the validation recorded in m.
func (s *screen) applies(args []byte, m *jsonwire.Members) bool {
	if s.all {
		return true
	}
	if len(s.keys) == 0 {
		return false
	}
	var given keyBits
	if !m.OK {
		return s.iterate(args, &given)
	}
	lens, counted, kinds := s.lens, s.counted, s.kinds
	ms := m.M[:m.N]
	for j := range ms {
		e := &ms[j]
		if kinds&valueKind[args[e.V0]] == 0 && (counted == 0 || e.Plain && counted&lenBit(int(e.K1-e.K0)) == 0) {
			// No rule reads a value of this kind, and the key's presence
			// counts for no rule (a plain key's length is its text's).
			continue
		}
		if e.Plain && lens&lenBit(int(e.K1-e.K0)) == 0 {
			continue // no rule reads a key this long
		}
		key := args[e.K0:e.K1]
		if !e.Plain {
			key = jsonwire.KeyText(args[e.K0-1 : e.K1+1])
		}
		var w keyWords // wordsOf(key), written out: it is not inlined
		if n := len(key); n >= 8 {
			w = keyWords{n, binary.LittleEndian.Uint64(key), binary.LittleEndian.Uint64(key[n-8:])}
		} else {
			w = shortWords(key)
		}
		i := s.find(w, key)
		if i == 0 {
			continue
		}
		given.add(int(i - 1))
		if s.entries[i-1].may(args[e.V0:e.V1]) {
			return true
		}
	}
	return s.missing(&given)
}

// iterate is applies for an object with more members than the
// validation records.
func (s *screen) iterate(args []byte, given *keyBits) bool {
	var it lenientimpl.ObjectIter
	it.Reset(args)
	for it.Next() {
		i := s.find(wordsOf(it.Key), it.Key)
		if i == 0 {
			continue
		}
		given.add(int(i - 1))
		if s.entries[i-1].may(it.Value) {
			return true
		}
	}
	return s.missing(given)
}

// has reports whether key is one the rules read.
func (s *screen) has(key string) bool {
	if s.all {
		return slices.Contains(s.keys, key)
	}
	b := []byte(key)
	return s.find(wordsOf(b), b) != 0
}

// missing reports whether a default or an alias may apply for want of a
// key: a default's key is not given, or an alias is given (without its
// target, or beside it with the same value, which merges).
func (s *screen) missing(given *keyBits) bool {
	if s.counted == 0 {
		return false // no default, no alias
	}
	for i, w := range s.absent {
		if w&^given[i] != 0 {
			return true
		}
	}
	for _, a := range s.aliases {
		if given.has(int(a.from)) {
			// (beside its target too: the same value sent twice merges)
			return true
		}
	}
	return false
}

// may reports whether the value v of the key's member may let a rule
// apply.
func (e *valueTest) may(v []byte) bool {
	return e.first&valueKind[v[0]] != 0 || (e.empty || e.num) && e.more(v)
}

// more is the tests of a member's value that read more than its first
// byte.
func (e *valueTest) more(v []byte) bool {
	return e.empty && (string(v) == "null" || string(v) == `""`) ||
		e.num && jsonwire.IsNumber(v) && !plainInteger(v)
}

// mayAny is may for a decoded value (Normalize): its Go type gives its
// kind; a json.Number is taken for a number that may not be a plain
// integer, and a value of a type a decoded object does not hold may let
// any rule apply.
func (e *valueTest) mayAny(v any) bool {
	var k uint8
	switch x := v.(type) {
	case string:
		if e.empty && x == "" {
			return true
		}
		k = kindString
	case json.Number, float64:
		k = kindNumber
		if e.num {
			return true
		}
	case bool:
		k = kindBool
	case nil:
		k = kindNull
		if e.empty {
			return true
		}
	case []any:
		k = kindArray
		if x == nil { // (null, as encoding/json writes it)
			k = kindNull
			if e.empty {
				return true
			}
		}
	case map[string]any:
		k = kindObject
		if x == nil {
			k = kindNull
			if e.empty {
				return true
			}
		}
	default:
		return true
	}
	return e.first&k != 0
}
