//go:build !go1.27

package runtimesize_test

// maxRatio is how much larger than the encoding/json program the
// generated one may be: 1.122 since one scalar value given under two
// spellings of a field is taken, as the normalizer's alias rule merges
// it (claim compares the values; lenientimpl.GivenTwice words the
// refusal for both): 1,040 bytes, 3,289,120 against 2,933,596,
// 1.12119x; 1.121 since a key with the letters of two
// fields' keys is refused naming both (lenientimpl.sameLetters and
// misnamed's switch), a wrap field whose items take "null" keeps it
// (NullTextKept: leftMask reads sixteen forms) and a white-space
// separator's items are trimmed: 3,211 bytes, 3,288,065 against
// 2,933,596, 1.12083x; 1.120 since a key in another letter case names
// the declared key its field's keys say it is a variant of (declaredOf,
// Fields.Keys given to foldedKey): 2,505 bytes, 3,284,107 against
// 2,933,596, 1.11948x; 1.119 since the gemini profile a server derives
// says what Gemini's keys cannot (an integer's exclusive bound as the
// inclusive one, in decimal arithmetic; the rest in the description;
// keys kept and dropped in switches, not maps), a key one abbreviation
// away from a field is near it (jsonwire.NearAbbrev, its table one
// string), a field given again reads its object once (Decoder.twice, a
// bound of 64 reads), and a spelling variant in another letter case
// names the key the schema says (foldedKey): 7,528 bytes, 3,281,602
// against 2,933,596, 1.11863x; 1.117 since a wrap field's empty string is refused
// without suggesting [] where minItems refuses it (lenientimpl.Filled), a
// key given twice carries its offset (DuplicateKeyError.Offset), per_page
// is near no page (jsonwire.rateWord), and a unit duration's exponent is
// held in range (durationOf): 768 bytes, 3,274,074 against 2,933,596,
// 1.11606x; 1.116 since a closed object's unknown key asks
// for the accepted key it is a near spelling of, where the object gives
// no key of that field (lenientimpl.nearestKey, Decoder.holds, which
// reads the object's keys once for all its unknown keys, and the given
// function of UnknownIn: about 2,300 bytes of code, the rest their functions'
// tables; 3,271,578 bytes against 2,933,596, 1.1152x); 1.114 since a
// misnamed key near a field as its
// sibling or by a word more of its own is refused naming each field left
// out that has the word that differs, and a key naming a property of a
// field's thing (page_size for page) or a bound on it (max_page) is near
// none (lenientimpl.Misnamed, nearField, jsonwire.propertyWord and
// boundWord: about 5,500 bytes of code and data, the rest their
// functions' tables; 3,266,530 bytes against 2,933,596, 1.1135x); 1.112
// since the generated-code ABI is a package
// of its own, runtime/lenientimpl (issue 41 item 1): the longer path in
// each of its functions' names adds 7,842 bytes of symbol names and no
// code (go tool nm -size: the symbols' sizes differ by 23 bytes;
// 3,257,765 bytes against 2,933,596, 1.1105x); 1.109 since Fast.Int and
// Fast.Uint are one body,
// which gives Uint Int's fast path (twice as fast; 3,251,550 bytes
// against 2,933,596, 1.1084x); 1.108 since a JSON boolean or number is read as a
// string enum's text and a digit string as an integer enum's value (issue
// 40 item 3: Decoder.EnumString and EnumInt, lenientimpl.EnumTexts; with the
// misnamed check reading a field sent as null or "" as left out: 3,247,761
// bytes against 2,933,596, 1.1071x); 1.107 since "null" is read as text where a field
// may be null (issue 40 item 3: lenientimpl.NullText and NullTextValue, the
// null_text reading beside absent: 3,244,726 bytes against 2,933,596,
// 1.1061x); 1.105 before, since an unknown key near the spelling of a
// field left out is refused by name (issue 40 item 4: jsonwire.NearKey,
// lenient's nearField and Decoder.UnknownIn, 13,633 bytes: 3,240,614
// against 2,933,596, 1.1047x). Before: issue 26's 1.10, and 26 bytes more since a
// declared alias's spelling variants are read as its field (issue 39):
// the search tool's path (alias file_path) has filePath, file-path and
// FilePath among its keys and rules, 86 bytes of data. Under Go 1.26 the
// generated program is 1.10001x (sections 3,226,981 bytes against
// 2,933,596); it was 1.09998x (3,226,895, 60
// bytes to spare, since the fast path switches on a field's name only
// and reads an alias through Fast.AliasIn; 3,226,276 before, since a
// type's Fields holds its keys and the list of known keys is made only for
// an unknown key on the Decoder path; 3,226,702 before; 3,224,920
// before the Decoder found fields in lenientimpl.Fields, Decoder.Field, and
// the fast path read []string with ReadStrings; 3,227,163 with them before
// Fields.Known became a pointer, which needs no code at start, and
// Fields.find two plain loops, and without Fast.Aliased, whose one line an
// alias case did not pay for its bytes here). It was
// 2.32x (6.85 MB) before the stats page left lenient, 1.18x before the
// normalizer (and log/slog) left it and time.Duration's arithmetic gave
// up math/big, 1.11x before the runtime stopped linking library code for
// one call each on error paths (strings.ReplaceAll, bytes.EqualFold,
// bytes.IndexAny, json.Marshal of a string, []rune conversions, two maps
// built at start), 1.101x before its error messages were built in fewer
// instructions (strings.Join, which encoding/json links, instead of a
// strings.Builder; one Problem appended where there were two). What is
// left beyond encoding/json is lenient's own code (the validator, the
// fast path, the decoder's methods), encoding/binary and hash/maphash.
// Go 1.27's larger encoding/json makes the ratio 1.076x
// (maxratio_go127_test.go).
const maxRatio = 1.122
