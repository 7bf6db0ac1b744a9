package jsonwire

import (
	"math"
	"strconv"
)

// MaxDepth bounds nesting so that hostile input cannot exhaust the stack
// (encoding/json uses the same limit).
const MaxDepth = 10000

// SyntaxError is a JSON syntax error at a byte offset of the document.
type SyntaxError struct {
	Offset int    // byte offset of the problem
	Msg    string // what is wrong
}

// Error formats the error with its offset.
func (e *SyntaxError) Error() string {
	return "invalid JSON at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// DuplicateKeyError reports a key given twice in one JSON object.
type DuplicateKeyError struct {
	Path   string // JSON path of the object holding the key ("" for the root)
	Key    string // the key
	Offset int    // byte offset of the key's second opening quote
}

// Error names the key and where it is.
func (e *DuplicateKeyError) Error() string {
	p := joinPath(e.Path, e.Key)
	return p + ": key " + strconv.Quote(e.Key) + " is given twice"
}

// joinPath appends an object key to a path.
func joinPath(path, key string) string { return string(AppendKey([]byte(path), key)) }

// Valid checks that data is exactly one JSON value (with surrounding white
// space) and that no object in it has a duplicate key. It returns a
// *SyntaxError or a *DuplicateKeyError.
func Valid(data []byte) error {
	var v Validator
	return v.Valid(data)
}

// Validate is Valid, returning the members of a root object. (Members are
// returned, not written through a pointer: a pointer passed to a function
// escapes, and the normalizer's clean call allocates nothing.)
func Validate(data []byte) (Members, error) {
	m := Members{OK: true}
	v := Validator{Rec: &m}
	err := v.Valid(data)
	return m, err
}

// Valid validates one document, recording the root object's members when
// v.Rec is set and writing its tape when v.T is.
func (v *Validator) Valid(data []byte) error {
	i := SkipSpace(data, 0)
	end, err := v.value(data, i, 0)
	if err != nil {
		return err
	}
	end = SkipSpace(data, end)
	if end != len(data) {
		if end < len(data) && len(data) > 0 {
			return &SyntaxError{end, "unexpected " + quoteChar(data[end]) + AfterValue}
		}
	}
	return nil
}

// AfterValue ends the message of a SyntaxError for content after the
// document's value.
const AfterValue = " after the top-level value"

// A Validator validates JSON: the one validating scan, which also writes
// the tape lenient's decoders read. When Rec is set it records the members of a
// root object (the normalizer screens them without scanning again); when T
// is set it writes the document's tape (the Decoder walks it).
type Validator struct {
	Rec *Members
	// T, when set, receives the document's tape.
	T *Tape
	// Collect, when set, makes duplicate keys no error: the offset of
	// each (the first MaxDups of them; NDups counts all) is kept in Dups
	// and validation goes on, so that a Decoder reports them among its
	// other problems. Their paths are found afterwards (DupAt), so that
	// documents without duplicates cost nothing more.
	Collect bool
	Dups    [MaxDups]int // a fixed array: appending would move the Validator to the heap
	NDups   int
}

// MaxDups bounds the duplicate keys a Decoder reports one by one.
const MaxDups = 20

// DupAt returns the duplicate key whose opening quote is at offset off of
// the validated document data, with the path of the object holding it.
func DupAt(data []byte, off int) *DuplicateKeyError {
	var path []byte
	i := SkipSpace(data, 0)
	for {
		open := data[i]
		if open != '{' && open != '[' {
			return &DuplicateKeyError{Path: string(path), Offset: off}
		}
		i = SkipSpace(data, i+1)
		for n := 0; ; n++ {
			if i < len(data) && data[i] == ',' {
				i = SkipSpace(data, i+1)
			}
			var key []byte
			if open == '{' {
				kend, _, _ := StringScan(data, i)
				key = KeyText(data[i:kend])
				if i == off {
					return &DuplicateKeyError{Path: string(path), Key: string(key), Offset: off}
				}
				i = SkipSpace(data, SkipSpace(data, kend)+1) // past ':'
			}
			end := SkipValue(data, i)
			if off > i && off < end {
				if open == '{' {
					path = AppendKey(path, string(key))
				} else {
					path = AppendIndex(path, n)
				}
				break
			}
			i = SkipSpace(data, end)
		}
	}
}

// ValueAt validates the value at data[i], nested depth levels deep, and
// returns the index after it.
func (v *Validator) ValueAt(data []byte, i, depth int) (int, error) { return v.value(data, i, depth) }

// value validates the value at data[i] and returns the index after it.
func (v *Validator) value(data []byte, i, depth int) (int, error) {
	if i >= len(data) {
		return i, &SyntaxError{i, "unexpected end of input"}
	}
	switch c := data[i]; {
	case c == '{':
		return v.object(data, i, depth+1)
	case c == '[':
		return v.array(data, i, depth+1)
	case c == '"':
		end, _, ok := stringScanInto(data, i, v.T)
		if !ok {
			return end, badString(end)
		}
		return end, nil
	case c == '-' || c >= '0' && c <= '9':
		end, ok := NumberEnd(data, i)
		if !ok {
			return end, &SyntaxError{i, "invalid number"}
		}
		if v.T != nil {
			v.T.add(i, end, 0)
		}
		return end, nil
	case c == 't':
		return v.literal(data, i, "true")
	case c == 'f':
		return v.literal(data, i, "false")
	case c == 'n':
		return v.literal(data, i, "null")
	default:
		return i, &SyntaxError{i, "unexpected " + quoteChar(c)}
	}
}

// TooDeep is the SyntaxError message of a value nested more than
// MaxDepth levels (lenient reports it as a problem of KindDepth).
const TooDeep = "nested too deeply"

// badString is the error of a string that is not valid, at data[end].
func badString(end int) error { return &SyntaxError{end, "invalid string"} }

// plainAux is a string's tape aux: tapePlain when it is plain.
func plainAux(plain bool) int32 {
	if plain {
		return TapePlain
	}
	return 0
}

func (v *Validator) literal(data []byte, i int, lit string) (int, error) {
	if len(data)-i >= len(lit) && string(data[i:i+len(lit)]) == lit {
		if v.T != nil {
			v.T.add(i, i+len(lit), 0)
		}
		return i + len(lit), nil
	}
	return i, &SyntaxError{i, "invalid literal"}
}

func quoteChar(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return "byte 0x" + strconv.FormatUint(uint64(c), 16)
	}
	return strconv.QuoteRune(rune(c))
}

func (v *Validator) array(data []byte, i, depth int) (int, error) {
	if depth > MaxDepth {
		return i, &SyntaxError{i, TooDeep}
	}
	var k int32
	if v.T != nil {
		k = v.T.open(i)
	}
	i = SkipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		if v.T != nil {
			v.T.close(k, i+1, 0)
		}
		return i + 1, nil
	}
	for n := 0; ; n++ {
		if i < len(data) && data[i] == '"' {
			// Strings and numbers, the commonest elements, without the
			// call to value.
			end, _, ok := stringScanInto(data, i, v.T)
			if !ok {
				return end, badString(end)
			}
			i = end
		} else if i < len(data) && (data[i] == '-' || data[i]-'0' <= 9) {
			end, ok := IntEnd(data, i)
			if !ok {
				return end, &SyntaxError{i, "invalid number"}
			}
			if v.T != nil {
				v.T.add(i, end, 0)
			}
			i = end
		} else {
			end, err := v.value(data, i, depth)
			if err != nil {
				if d, ok := err.(*DuplicateKeyError); ok {
					d.Path = "[" + strconv.Itoa(n) + "]" + childSuffix(d.Path)
				}
				return end, err
			}
			i = end
		}
		i = SkipSpace(data, i)
		if i >= len(data) {
			return i, &SyntaxError{i, "unexpected end of input in array"}
		}
		switch data[i] {
		case ',':
			i = SkipSpace(data, i+1)
		case ']':
			if v.T != nil {
				v.T.close(k, i+1, n+1)
			}
			return i + 1, nil
		default:
			return i, &SyntaxError{i, "expected ',' or ']' in array"}
		}
	}
}

// childSuffix prepares a child's path for appending to its parent's: a path
// that begins with a key gets its separating dot.
func childSuffix(p string) string {
	if p == "" || p[0] == '[' {
		return p
	}
	return "." + p
}

// smallKeys is the number of keys per object checked for duplicates
// through a filter and pairwise comparisons before a keySet takes over.
const smallKeys = 32

// keySpans holds the first smallKeys keys of an object for the duplicate
// check: the span of each quoted key in the document (offsets, so that
// the table holds no pointer and costs no write barrier), its sum, and
// which keys are plain (their text is their bytes).
type keySpans struct {
	span  [smallKeys][2]int32
	sums  [smallKeys]uint32
	plain uint32    // bit j: key j is plain
	seen  keyFilter // the sums seen
}

// text returns the text of key j of data.
func (ks *keySpans) text(data []byte, j int) []byte {
	return quotedText(data, int(ks.span[j][0]), int(ks.span[j][1]), ks.plain&(1<<j) != 0)
}

// add records key n (the text key, quoted at data[i:end]) and reports
// whether an earlier key has the same text.
func (ks *keySpans) add(data []byte, n, i, end int, key []byte, plain bool) bool {
	sum := keySum(key)
	// A key whose bit is not set yet is new, and most keys are, so the
	// pairwise loop seldom runs.
	w, bit := ks.seen.bit(sum)
	dup := false
	if ks.seen[w]&bit != 0 {
		for j := range n {
			if ks.sums[j] == sum && string(ks.text(data, j)) == string(key) {
				dup = true
				break
			}
		}
	}
	ks.seen[w] |= bit
	ks.span[n], ks.sums[n] = [2]int32{int32(i), int32(end)}, sum
	if plain {
		ks.plain |= 1 << n
	}
	return dup
}

func (v *Validator) object(data []byte, i, depth int) (int, error) {
	if depth > MaxDepth {
		return i, &SyntaxError{i, TooDeep}
	}
	t := v.T
	if t == nil {
		return v.objectScan(data, i, depth)
	}
	k := t.open(i)
	i = SkipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		t.close(k, i+1, 0)
		return i + 1, nil
	}
	var seen keyFilter
	var many keySet // past smallKeys keys
	n := 0
	for {
		if i >= len(data) {
			return i, &SyntaxError{i, "unexpected end of input in object"}
		}
		if data[i] != '"' {
			return i, &SyntaxError{i, "expected a string key in object"}
		}
		kend, plain, ok := StringScan(data, i)
		if !ok {
			return kend, badString(kend)
		}
		// The object's earlier keys are on the tape: they are looked at
		// only when a key's bit is set already, which most keys' is not,
		// and the key's own text only then (a plain key's sum is read
		// off its bytes).
		keyStart := i
		dup := false
		if n < smallKeys {
			var sum uint32
			if plain {
				sum = quotedSum(data, i, kend)
			} else {
				sum = keySum(KeyText(data[i:kend]))
			}
			w, bit := seen.bit(sum)
			if seen[w]&bit != 0 {
				dup = t.hasKey(k, quotedText(data, i, kend, plain))
			}
			seen[w] |= bit
		} else {
			if many.Len() == 0 {
				for j := k + 1; j < int32(len(t.E)); j = t.E[j+1].Next {
					many.Add(t.keyText(j))
				}
			}
			dup = many.Add(quotedText(data, i, kend, plain))
		}
		if dup {
			if !v.Collect {
				return i, &DuplicateKeyError{Key: string(quotedText(data, i, kend, plain)), Offset: i}
			}
			v.dup(i)
		}
		n++
		t.add(i, kend, plainAux(plain))
		i = kend
		if i >= len(data) || data[i] != ':' {
			i = SkipSpace(data, i)
			if i >= len(data) || data[i] != ':' {
				return i, &SyntaxError{i, "expected ':' after object key"}
			}
		}
		i = SkipSpace(data, i+1)
		var end int
		if i < len(data) && data[i] == '"' {
			// A string, the commonest value, without the call to value.
			if end, _, ok = stringScanInto(data, i, t); !ok {
				return end, badString(end)
			}
		} else {
			var err error
			if end, err = v.value(data, i, depth); err != nil {
				if d, ok := err.(*DuplicateKeyError); ok {
					key := quotedText(data, keyStart, kend, plain)
					d.Path = joinPath("", string(key)) + childSuffix(d.Path)
				}
				return end, err
			}
		}
		i = SkipSpace(data, end)
		if i >= len(data) {
			return i, &SyntaxError{i, "unexpected end of input in object"}
		}
		switch data[i] {
		case ',':
			i = SkipSpace(data, i+1)
		case '}':
			t.close(k, i+1, n)
			return i + 1, nil
		default:
			return i, &SyntaxError{i, "expected ',' or '}' in object"}
		}
	}
}

// quotedText is the text of the string quoted at data[i:end], plain or
// not as the scan found.
func quotedText(data []byte, i, end int, plain bool) []byte {
	if plain {
		return data[i+1 : end-1]
	}
	return KeyText(data[i:end])
}

// quotedSum is the keySum of the plain string quoted at data[i:end].
func quotedSum(data []byte, i, end int) uint32 {
	if end-i == 2 {
		return 0
	}
	return uint32(end-i-2)<<16 | uint32(data[i+1])<<8 | uint32(data[end-2])
}

// keyFilter has a bit for each key sum of an object's keys seen so far
// (of 256: an object of 22 keys sets a bit set already once on average).
type keyFilter [4]uint64

// bit returns the word and bit of sum.
func (*keyFilter) bit(sum uint32) (int, uint64) {
	h := uint64(sum) * 0x9E3779B97F4A7C15 >> 56
	return int(h >> 6), 1 << (h & 63)
}

// objectScan is object without a tape (Valid, the normalizer's screen, a
// document too large for a tape): the keys are kept in a table of their
// own for the duplicate check.
func (v *Validator) objectScan(data []byte, i, depth int) (int, error) {
	var small keySpans
	var many keySet // past smallKeys keys, or in documents past 2 GB
	n := 0
	i = SkipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(data) {
			return i, &SyntaxError{i, "unexpected end of input in object"}
		}
		if data[i] != '"' {
			return i, &SyntaxError{i, "expected a string key in object"}
		}
		kend, plain, ok := StringScan(data, i)
		if !ok {
			return kend, badString(kend)
		}
		key := data[i+1 : kend-1]
		if !plain {
			key = KeyText(data[i:kend])
		}
		if n < smallKeys && kend <= math.MaxInt32 {
			if small.add(data, n, i, kend, key, plain) {
				if !v.Collect {
					return i, &DuplicateKeyError{Key: string(key), Offset: i}
				}
				v.dup(i)
			}
		} else {
			if many.Len() == 0 {
				for j := range min(n, smallKeys) {
					many.Add(small.text(data, j))
				}
			}
			if many.Add(key) {
				if !v.Collect {
					return i, &DuplicateKeyError{Key: string(key), Offset: i}
				}
				v.dup(i)
			}
		}
		n++
		keyStart := i
		i = SkipSpace(data, kend)
		if i >= len(data) || data[i] != ':' {
			return i, &SyntaxError{i, "expected ':' after object key"}
		}
		i = SkipSpace(data, i+1)
		end, err := v.value(data, i, depth)
		if v.Rec != nil && depth == 1 && err == nil {
			if r := v.Rec; r.N < len(r.M) && end <= math.MaxInt32 {
				r.M[r.N] = Member{K0: int32(keyStart + 1), K1: int32(kend - 1), V0: int32(i), V1: int32(end), Plain: plain}
				r.N++
			} else {
				r.OK = false
			}
		}
		if err != nil {
			if d, ok := err.(*DuplicateKeyError); ok {
				d.Path = joinPath("", string(key)) + childSuffix(d.Path)
			}
			return end, err
		}
		i = SkipSpace(data, end)
		if i >= len(data) {
			return i, &SyntaxError{i, "unexpected end of input in object"}
		}
		switch data[i] {
		case ',':
			i = SkipSpace(data, i+1)
		case '}':
			return i + 1, nil
		default:
			return i, &SyntaxError{i, "expected ',' or '}' in object"}
		}
	}
}

// dup records the offset of a duplicate key (collect mode).
func (v *Validator) dup(off int) {
	if v.NDups < MaxDups {
		v.Dups[v.NDups] = off
	}
	v.NDups++
}

// keySum is a cheap hash of a key: its length and its first and last bytes.
func keySum(k []byte) uint32 {
	if len(k) == 0 {
		return 0
	}
	return uint32(len(k))<<16 | uint32(k[0])<<8 | uint32(k[len(k)-1])
}
