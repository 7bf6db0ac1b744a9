package lenientimpl

import (
	"reflect"
	"strings"
	"testing"
)

// stringsRead is ReadStrings.
var stringsRead = bulkRead[string]{
	name: "ReadStrings",
	read: ReadStrings,
	elem: ReadString[string],
	dec:  func(d *Decoder, v []byte, m Mode) string { return d.String(v, "", m) },
}

// readStringsSeeds are arrays of strings in the forms the Decoder reads
// or refuses: escapes, bytes outside ASCII and invalid UTF-8, literal \n
// (Unescape), JSON text (plain, escaped, nested), white space, null, a
// lone value (Wrap), values of other types, malformed arrays, and arrays
// longer than the eight elements gathered on the stack.
var readStringsSeeds = []string{
	`[]`, `[ ]`, `["a"]`, `["a","b","c"]`, `[ "a" , "b" ]`, "[\"a\",\n\"b\"\t]", `[""]`, `["h\u00e9llo","\u00e9"]`,
	`["tab\there"]`, `["l1\\nl2"]`, `["\ud800"]`, "[\"na\xefve\"]", "[\"\xff\"]", `["a\"b"]`, "[\"a\nb\"]",
	`[null]`, `["a",null]`, `null`, `"a"`, `5`, `[5]`, `[true]`, `[["a"]]`, `[{}]`, `{}`, `["a",]`, `[,"a"]`, `["a" "b"]`, `["a"`, `["a`,
	`"[\"a\",\"b\"]"`, `" [ \"a\" ] "`, `"[\"a\\\\nb\"]"`, `"[\"\\u00e9\"]"`, `"[\"[\\\"a\\\"]\"]"`, `"[\"a\",\n\"b\"]"`,
	`"[\"a\",\\n\"b\"]"`, `"[\"a\"] x"`, `"[\"a\""`, `"[]"`, `""`, `"[5]"`,
	`[` + strings.Repeat(`"abcdefgh",`, 40) + `"z"]`,
	`[` + strings.Repeat(`"a\nb",`, 12) + `"c"]`,
	`"[` + strings.Repeat(`\"ab\",`, 20) + `\"c\"]"`,
}

var readStringsModes = []Mode{0, Strict, Wrap, Unescape, Strict | Wrap, Secret}

// TestReadStrings: on every seed, in every mode, recording fixes or not,
// ReadStrings gives what the loop it stands for gives, and the Decoder
// what ReadStrings finishes (checkBulk).
func TestReadStrings(t *testing.T) {
	read, fixed := 0, 0
	for _, s := range readStringsSeeds {
		for _, m := range readStringsModes {
			checkBulk(t, stringsRead, []byte(s), m, false)
			checkBulk(t, stringsRead, []byte(s), m, true)
			if _, fixes, _, ok := fastBulk(stringsRead, []byte(s), m, true, true); ok {
				read++
				if len(fixes) > 0 {
					fixed++
				}
			}
		}
	}
	// The seeds are not all given up on, nor all read without a fix.
	if read < len(readStringsSeeds) || fixed == 0 {
		t.Errorf("ReadStrings read %d seeds in Report mode, %d with fixes", read, fixed)
	}
}

// TestReadStringsTakes: ReadStrings reads clean arrays and JSON text, and
// the slice it makes holds no more room than its elements.
func TestReadStringsTakes(t *testing.T) {
	long := make([]string, 20)
	for i := range long {
		long[i] = "abcdefgh"
	}
	for _, c := range []struct {
		v    string
		want []string
	}{
		{`[]`, []string{}},
		{`["a","b\n","\u00e9"]`, []string{"a", "b\n", "é"}},
		{`"[\"a\"]"`, []string{"a"}},
		{`[` + strings.Repeat(`"abcdefgh",`, 19) + `"abcdefgh"]`, long},
	} {
		got, _, _, ok := fastBulk(stringsRead, []byte(c.v), 0, false, true)
		if !ok || !reflect.DeepEqual(got, c.want) || cap(got) != len(got) {
			t.Errorf("%s: ReadStrings = %q (capacity %d), %v; want %q", c.v, got, cap(got), ok, c.want)
		}
	}
}

// FuzzReadStrings is TestReadStrings on fuzzed values.
func FuzzReadStrings(f *testing.F) {
	for _, s := range readStringsSeeds {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, v []byte, sel uint8) {
		m := readStringsModes[int(sel)%len(readStringsModes)]
		checkBulk(t, stringsRead, v, m, sel&0x80 != 0)
	})
}
