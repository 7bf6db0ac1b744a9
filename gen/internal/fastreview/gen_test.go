package fastreview

import (
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// docGen generates documents for a struct type: mostly clean (what the
// fast path reads to the end), with the edges of what it reads now and
// then: white space everywhere, escapes, non-ASCII and invalid UTF-8,
// containers as JSON text (nested), string forms of scalars, numbers at
// each width's edges, duplicate, unknown, alias and escaped keys, absent
// fields, null, and now and then a broken document.
type docGen struct {
	rng *rand.Rand
	// mess is 1 in how many choices make a document less clean.
	mess int
	// ok, when set, reports whether a top-level member decodes without
	// a problem; clean members are drawn until it does (a few tries).
	ok func(member string) bool
	// strict is set while a strict field's value is generated cleanly:
	// no string forms, no JSON text.
	strict bool
}

func (g *docGen) chance(n int) bool { return g.rng.Intn(n) == 0 }

func (g *docGen) messy() bool { return g.chance(g.mess) }

func (g *docGen) pick(s ...string) string { return s[g.rng.Intn(len(s))] }

// ws is white space, usually none.
func (g *docGen) ws() string {
	if !g.chance(6) {
		return ""
	}
	var b strings.Builder
	for n := 1 + g.rng.Intn(3); n > 0; n-- {
		b.WriteString(g.pick(" ", "\t", "\n", "\r", "  "))
	}
	return b.String()
}

// quote quotes s as a JSON string, now and then escaping more than it
// must (\u forms, \/).
func (g *docGen) quote(s string) string { return g.quoteEsc(s, g.chance(8)) }

// key quotes a key: with extra escapes only when messy.
func (g *docGen) key(s string) string { return g.quoteEsc(s, g.messy()) }

func (g *docGen) quoteEsc(s string, esc bool) string {
	b := []byte{'"'}
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r < 0x20:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[r>>4], "0123456789abcdef"[r&15])
		case esc && g.chance(3) && r < 0x10000 && r != utf8.RuneError:
			b = append(b, `\u`...)
			h := strconv.FormatInt(int64(r), 16)
			b = append(b, strings.Repeat("0", 4-len(h))+h...)
		case esc && r == '/' && g.chance(2):
			b = append(b, `\/`...)
		default:
			b = append(b, string(r)...)
		}
	}
	return string(append(b, '"'))
}

// rawQuote quotes text (JSON text) as a JSON string: escapes only the
// quotes and backslashes (and the white space JSON strings cannot hold).
func (g *docGen) rawQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// text is a container's JSON text, now and then sent as a string (which
// may hold JSON text of its own inside).
func (g *docGen) text(v string) string {
	if !g.strict && g.chance(7) {
		if g.chance(2) {
			return g.rawQuote(g.ws() + v + g.ws())
		}
		return g.quote(v)
	}
	return v
}

var words = []string{
	"", "a", "ab", "abc", "abcd", "abcde", "é", "naïve", "日本語", "😀", "x y", "tab\there", "line\nbreak",
	"quote\"d", `back\slash`, `lit\nn`, `lit\tt`, "1234567", "12345678", "123456789", "123456789012345",
	"1234567890123456", "12345678901234567", strings.Repeat("s", 63), strings.Repeat("m", 64), strings.Repeat("l", 65),
	strings.Repeat("é", 40), "[1]", "{\"n\":1}", "null", "true", "5", "\u2028", "\x7f", "<&>", "on", "off", "x", "y", "c",
	"\\n", "\x01", "ctl\x1f",
}

// rawWords are JSON string literals that quote cannot make: invalid
// UTF-8, lone surrogates, odd escapes.
var rawWords = []string{
	"\"\xff\"", "\"a\xc3\"", "\"\xc3\xa9\xff\"", `"\ud800"`, `"\udc00x"`, `"\ud83d\ude00"`, `"\u0000"`, `"\u00e9"`,
	`"\/"`, `"\b\f\r"`, "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", `"a\u0062c"`, "\"" + strings.Repeat("\xff", 30) + "\"",
	"\"" + strings.Repeat("é", 20) + "\xff\"", `"x\\ny"`, `"\\t"`,
}

func (g *docGen) str(enum []string) string {
	if len(enum) > 0 && g.chance(5) {
		// a boolean or number for a string enum: read where the enum
		// holds its text (lenientimpl.EnumTexts), refused elsewhere
		return g.pick("true", "false", "1", "2", "3", "2.0", "4", "-0", "1e0")
	}
	if len(enum) > 0 && !g.messy() {
		if g.chance(6) {
			// an enum value in another letter case
			return g.quote(strings.ToUpper(g.pick(enum...)))
		}
		return g.quote(g.pick(enum...))
	}
	if g.chance(5) {
		return g.pick(rawWords...)
	}
	if len(enum) > 0 && !g.messy() {
		return g.quote(g.pick(enum...))
	}
	return g.quote(g.pick(words...))
}

// intText are integer literals at the edges of every width, and forms
// just past what the fast path reads inline (18 digits).
var intText = []string{
	"0", "1", "-1", "-0", "2", "3", "5", "7", "9", "10", "11", "127", "128", "-128", "-129", "255", "256", "32767", "32768",
	"-32768", "-32769", "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
	"999999999999999999", "-999999999999999999", "1000000000000000000", "9223372036854775807", "9223372036854775808",
	"-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "00", "01", "-01",
	"1.0", "1.5", "1e2", "1E0", "1e-2", "-0.0", "0e5", "100000000000000000000000", "1.", ".5", "-", "+1", "0x10", "1e", "2.0e0",
}

var intStrings = []string{
	`"5"`, `" 5"`, `"5 "`, `"+5"`, `"-0"`, `"010"`, `"1e2"`, `"1.0"`, `"0x10"`, `"1_000"`, `"٣"`, `"5\u0030"`, `""`,
	`"9223372036854775808"`, `"-129"`, `"256"`, `"65536"`, `"abc"`, `"1.5"`, `"-1"`, `"18446744073709551615"`,
}

var floatText = []string{
	"0", "-0", "1.5", "0.1", "0.3", "0.2", "1e2", "99.99", "100", "-2", "3.4028235e38", "3.4028236e38", "3.5e38", "1e39",
	"1e-46", "1e-45", "1.4e-45", "4.9e-324", "2e-324", "1e308", "1e309", "1e400", "123456789012345678901234567890",
	"0.30000000000000004", "0.1000000000000000055511151231257827", "1.00000000000000000001", "5e-1", "1E+2", "0.0e0",
	"-0.0", "1.5e", "01.5", "1.e5",
}

var floatStrings = []string{
	`"1.5"`, `" 1.5"`, `"NaN"`, `"Inf"`, `"+Inf"`, `"-Infinity"`, `"0x1p-2"`, `"1_0"`, `"1e39"`, `"-0"`, `""`, `"x"`, `"1.5\u0030"`,
	`"0.1"`, `".5"`, `"5."`, `"+1"`,
}

var boolText = []string{"true", "false", `"true"`, `"false"`, `"yes"`, `"no"`, `"TRUE"`, `"True"`, `"1"`, `"0"`, `"on"`,
	`"t"`, `"tru\u0065"`, `" true"`, "1", "0", `""`, "tru", "falsey", "null"}

// cleanInt is an integer literal t holds: small ones mostly, its
// limits now and then.
func (g *docGen) cleanInt(t reflect.Type) string {
	if !g.chance(4) {
		return strconv.Itoa(g.rng.Intn(12))
	}
	bits := t.Bits()
	switch t.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		max := uint64(1)<<(bits-1)*2 - 1
		return strconv.FormatUint(g.pick3u(max, max-1, max/2), 10)
	}
	hi := int64(1)<<(bits-1) - 1
	lo := -hi - 1
	return strconv.FormatInt([]int64{hi, lo, hi - 1, lo + 1, -1, -g.rng.Int63n(100), 999999999999999999 % (hi + 1)}[g.rng.Intn(7)], 10)
}

func (g *docGen) pick3u(a, b, c uint64) uint64 { return []uint64{a, b, c}[g.rng.Intn(3)] }

// value generates a value of t; f carries the field's tags.
func (g *docGen) value(t reflect.Type, tag reflect.StructTag, depth int) string {
	if t.Kind() == reflect.Pointer {
		if g.chance(4 * g.mess) {
			return "null"
		}
		t = t.Elem()
	}
	if g.chance(8 * g.mess) {
		return g.pick("null", `""`, "true", "7", `"x"`, "[]", "{}", `"[]"`, `"{}"`, "-", `"`)
	}
	norm := tag.Get("norm")
	schema := tag.Get("jsonschema")
	if strings.Contains(","+norm+",", ",strict,") && !g.strict && !g.messy() {
		// Strict fields (and their elements) take JSON's own forms.
		g.strict = true
		defer func() { g.strict = false }()
	}
	if strings.Contains(norm, "unescape") && !g.messy() {
		return g.quote(g.pick("a", "plain text", "é", "日本語", "", strings.Repeat("u", 70)))
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if g.messy() {
			if g.chance(3) {
				return g.pick(intStrings...)
			}
			return g.pick(intText...)
		}
		v := g.cleanInt(t)
		if !g.strict && g.chance(6) {
			return `"` + v + `"`
		}
		return v
	case reflect.Float32, reflect.Float64:
		if g.messy() {
			if g.chance(3) {
				return g.pick(floatStrings...)
			}
			if g.chance(3) {
				return g.pick(intText...)
			}
			return g.pick(floatText...)
		}
		v := g.pick("1.5", "0.25", "2", "50", "0.2", "-1", "0.1", "0.3", "1e2", "1E-2", "-0", "0", "99.99", "1e-45",
			"0.30000000000000004", "123456789012345678901234567890", "1.00000000000000000001", "3.4028235e38", "1e-46", "5e-1")
		if t.Kind() == reflect.Float64 {
			v = g.pick(v, "4.9e-324", "1e308", "1.7976931348623157e308", "2.2250738585072014e-308")
		}
		if !g.strict && g.chance(6) {
			return `"` + v + `"`
		}
		return v
	case reflect.Bool:
		if g.messy() {
			return g.pick(boolText...)
		}
		if !g.strict && g.chance(6) {
			return g.pick(`"true"`, `"false"`, `"yes"`, `"no"`, `"1"`, `"0"`, `"TRUE"`)
		}
		return g.pick("true", "false")
	case reflect.String:
		var enum []string
		for _, opt := range strings.Split(schema, ",") {
			if e, ok := strings.CutPrefix(opt, "enum="); ok {
				enum = append(enum, e)
			}
		}
		for _, opt := range strings.Split(norm, ",") {
			if va, ok := strings.CutPrefix(opt, "value_alias="); ok {
				for _, pair := range strings.Split(va, "|") {
					from, _, _ := strings.Cut(pair, ":")
					enum = append(enum, from)
				}
			}
		}
		return g.str(enum)
	case reflect.Slice:
		if strings.Contains(norm, "wrap") && g.chance(4) {
			return g.value(t.Elem(), "", depth+1)
		}
		n := g.rng.Intn(4)
		if g.chance(10) {
			n = 9 + g.rng.Intn(10) // past the 8 elements gathered on the stack
		}
		if depth > 6 {
			n = 0
		}
		var parts []string
		for i := 0; i < n; i++ {
			parts = append(parts, g.ws()+g.value(t.Elem(), elemTag(tag), depth+1)+g.ws())
		}
		if g.chance(8 * g.mess) {
			parts = append(parts, "")
		}
		return g.text("[" + strings.Join(parts, ",") + g.ws() + "]")
	case reflect.Map:
		n := g.rng.Intn(4)
		if depth > 6 {
			n = 0
		}
		var parts []string
		for i := 0; i < n; i++ {
			key := g.key(g.pick("k", "a b", "x.y", "K", "", "12345678", "123456789012345678", "\x7f") + strconv.Itoa(i))
			if g.messy() {
				key = g.pick(append([]string{`"é"`, `"k"`, `"\u006b"`, `"k0"`}, rawWords...)...)
			}
			parts = append(parts, g.ws()+key+g.ws()+":"+g.ws()+g.value(t.Elem(), elemTag(tag), depth+1)+g.ws())
		}
		return g.text("{" + strings.Join(parts, ",") + g.ws() + "}")
	case reflect.Struct:
		if depth > 6 {
			return "{}"
		}
		return g.text(g.object(t, depth))
	}
	panic("no value for " + t.String())
}

// elemTag is the tag an element is generated with: the field's, without
// wrap.
func elemTag(tag reflect.StructTag) reflect.StructTag {
	return reflect.StructTag(strings.ReplaceAll(string(tag), "wrap", ""))
}

// member is one wire field.
type member struct {
	name    string
	aliases []string
	typ     reflect.Type
	tag     reflect.StructTag
}

func members(t reflect.Type) []member {
	var out []member
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			out = append(out, members(f.Type)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		m := member{name: name, typ: f.Type, tag: f.Tag}
		for _, opt := range strings.Split(f.Tag.Get("norm"), ",") {
			if a, ok := strings.CutPrefix(opt, "alias="); ok {
				m.aliases = strings.Split(a, "|")
			}
		}
		out = append(out, m)
	}
	return out
}

func (g *docGen) object(t reflect.Type, depth int) string {
	var parts []string
	for _, m := range members(t) {
		if g.chance(3) && strings.Contains(m.tag.Get("json"), "omitempty") {
			continue
		}
		if g.chance(3 * g.mess) {
			continue
		}
		key := g.key(m.name)
		switch {
		case len(m.aliases) > 0 && g.messy():
			key = g.quote(g.pick(m.aliases...))
		case g.chance(2 * g.mess):
			key = `"\u00` + strconv.FormatInt(int64(m.name[0]), 16) + m.name[1:] + `"`
		case g.chance(4 * g.mess):
			key = g.quote(strings.ToUpper(m.name))
		}
		v := g.value(m.typ, m.tag, depth+1)
		for try := 0; depth == 0 && g.ok != nil && try < 8 && !g.messy() && !g.ok("{"+g.quote(m.name)+":"+v+"}"); try++ {
			v = g.value(m.typ, m.tag, depth+1)
		}
		parts = append(parts, g.ws()+key+g.ws()+":"+g.ws()+v+g.ws())
		if g.chance(3 * g.mess) {
			parts = append(parts, g.ws()+g.quote(m.name)+":"+g.value(m.typ, m.tag, depth+1))
		}
	}
	if g.chance(3 * g.mess) {
		parts = append(parts, g.pick(`"zz":1`, `"é":2`, `"\u0041":3`, `"":null`))
	}
	g.rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
	return "{" + strings.Join(parts, ",") + g.ws() + "}"
}

// doc generates a document for t, broken now and then.
func (g *docGen) doc(t reflect.Type) []byte {
	d := []byte(g.ws() + g.object(t, 0) + g.ws())
	if g.chance(3 * g.mess) {
		switch g.rng.Intn(5) {
		case 0: // truncated
			d = d[:g.rng.Intn(len(d)+1)]
		case 1: // a byte dropped
			i := g.rng.Intn(len(d))
			d = append(d[:i:i], d[i+1:]...)
		case 2: // a byte inserted
			i := g.rng.Intn(len(d) + 1)
			c := g.pick(",", "}", "]", `"`, `\`, ":", " ", "0", "\xff", "\x00", "{", "[", "x")
			d = append(d[:i:i], append([]byte(c), d[i:]...)...)
		case 3: // trailing bytes
			d = append(d, g.pick("x", "{}", " 1", "\x00", "]")...)
		case 4: // a byte changed
			d[g.rng.Intn(len(d))] = g.pick(",", "}", "]", `"`, `\`, ":", "0", "{", "[")[0]
		}
	}
	return d
}
