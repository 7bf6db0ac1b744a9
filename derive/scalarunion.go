package derive

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// scalarStrings reads, in a union (out, a bare anyOf in portable form)
// of one scalar type (integer, number or boolean; null allowed) beside
// strings that its string form's texts never are (an enum or const of
// other texts, a pattern that rules them out), the scalar's string form
// as at a lone scalar: a type_coerce rule at path (and a null_text rule
// where the value may be null), and the string form's branch added to
// into (out, or unionEnumCase's rewrite of it) before null. No text the
// rule reads is a string the strict schema takes, so no call it takes is
// changed.
//
// It returns the scalar's type with the rewrite; or with why its string
// form stays unread (a string branch may take one of its texts, no rule
// reaches path); or with neither where path is kept for another rule.
// typ is "" where out is no such union (scalarBeside).
//
// An integer branch held to an enum (digits: the texts of its values,
// intEnumTexts) is read as a lone integer enum is (intEnum): an
// enum_digits rule reads those texts alone, and a string enum of them is
// the branch added; not at the elements of an array with uniqueItems,
// two of which a text could make one.
func (d *deriver) scalarStrings(path string, at place, out, into *Node) (typ string, res *Node, why string) {
	typ, nullable, strs, digits := scalarBeside(d.root, out)
	if typ == "" {
		return "", nil, ""
	}
	for _, s := range strs {
		if why := textsHeldOff(d.root, s, typ, nullable && d.scalarNullText(path, at)); why != "" {
			return typ, nil, why
		}
	}
	if reach, why := d.reach(path, at); !reach {
		return typ, nil, why
	}
	if digits != nil && d.uniqueElem(path, at) {
		return typ, nil, uniqueDigitsWhy
	}
	if d.keep[path] {
		return typ, nil, ""
	}
	var form *Node
	if digits != nil {
		form = d.enumDigits(path, at, digits, nullable && d.scalarNullText(path, at))
	} else {
		pattern := d.coerceScalar(path, at, typ, nullable, out.Get("anyOf").Items()...) // as at a lone scalar (field)
		form = obj("type", jstr("string"), "pattern", jstr(pattern))
	}
	branches := beforeNull(into.Get("anyOf").Items(), form)
	return typ, obj("anyOf", jsonnode.Array(branches...)), ""
}

// scalarOf is the one scalar type a union's scalar branches read as,
// where one more branch of type t joins those read so far as typ ("" for
// none): t where typ is "" or t; number for an integer and a number
// (pydantic's int | float), whose text read as a number is a value one of
// them takes where either would take it (JSON Schema reads 5 and 5.0
// as integers, and every number a number's), so long as the union is an
// anyOf (a oneOf refuses 5, which matches both: portable keeps it a
// oneOf, which no reader of scalar unions takes); "" for two others (a
// boolean's text "1" could be a number's).
func scalarOf(typ, t string) string {
	switch {
	case typ == "" || typ == t:
		return t
	case typ == "integer" && t == "number" || typ == "number" && t == "integer":
		return "number"
	}
	return ""
}

// beforeNull returns a copy of a union's branches with b inserted before
// its null branches, which the portable form writes last.
func beforeNull(branches []*Node, b *Node) []*Node {
	i := len(branches)
	for i > 0 && isNull(branches[i-1]) {
		i--
	}
	return slices.Insert(slices.Clone(branches), i, b)
}

// typelessValues reports whether the union branch b names no type but
// an enum or const (maybe of strings alone: a string branch), in root
// (constOf).
func typelessValues(root, b *Node) bool {
	return b.Kind == '{' && b.Get("type") == nil && (b.Get("enum") != nil || constOf(root, b) != nil)
}

// scalarBeside reads out (a bare anyOf in portable form) as a union of
// one scalar type (typ: integer, number or boolean) whose branches hold
// it to no keyword its string form could not be held to alike (unfit),
// beside string branches (strs, at least one; typeless branches held to
// an enum or const of strings count as strings), maybe null, and maybe
// arrays and objects (ESLint's rule levels: 0 to 2, "off", "warn" or
// "error", or an array of a level and options). typ is
// "" where out is not of that shape, or a string branch takes every text
// of the scalar's string form already (takesForm). root is out's
// document, whose validators' reading of each branch counts (branchType;
// a const its draft has none of holds nothing: constOf).
func scalarBeside(root, out *Node) (typ string, nullable bool, strs []*Node, digits []string) {
	list := out.Get("anyOf")
	if list == nil || len(out.Keys) != 1 || list.Kind != '[' {
		return "", false, nil, nil
	}
	scalars := 0
	for _, b := range list.Items() {
		if isNull(b) {
			nullable = true
			continue
		}
		t, values := branchType(root, b)
		switch {
		case values:
			if _, isStr := stringValues(root, b); !isStr {
				return "", false, nil, nil
			}
			strs = append(strs, b)
		case t == "integer" || t == "number" || t == "boolean":
			if typ = scalarOf(typ, t); typ == "" {
				return "", false, nil, nil // several types: scalarUnion, unionGap
			}
			scalars++
			if unfit(b, t) == "" {
				break
			}
			texts, ok := intEnumTexts(root, b, t)
			if !ok || t != "integer" {
				return "", false, nil, nil // unionGap warns
			}
			digits = texts
		case t == "string":
			strs = append(strs, b)
		case t == "array" || t == "object":
			// (a branch that takes no string: the string form's texts
			// are none of its values; its JSON text stays unread)
		default:
			return "", false, nil, nil
		}
	}
	if digits != nil && scalars > 1 {
		// (another integer or number branch would read other texts)
		return "", false, nil, nil
	}
	if typ == "" || len(strs) == 0 || slices.ContainsFunc(strs, func(b *Node) bool { return takesForm(b, typ) }) {
		return "", false, nil, nil
	}
	return typ, nullable, strs, digits
}

// takesText reports whether the string schema b takes every text of a
// number's or boolean's string form: one character or more (takesTexts,
// a maxLength too, that only texts longer than any such value in use
// fail). A union with such a branch takes the string form as it is:
// there is nothing to coerce.
func takesText(b *Node) bool { return takesTexts(b, 1, true) }

// takesTexts reports whether the string schema b takes every text of
// shortest characters or more: it holds a string to nothing but a
// minLength of at most shortest, a maxLength where capped is allowed,
// and annotations (not format, which a validator may assert). An array's
// or object's JSON text has 2 characters or more ("[]", "{}").
func takesTexts(b *Node, shortest int, capped bool) bool {
	for i, k := range b.Keys {
		switch {
		case k == "type":
			if t, _ := b.Vals[i].AsString(); t != "string" {
				return false
			}
		case k == "format":
			return false
		case k == "maxLength" && capped, annotation(k):
		case k == "minLength":
			if n, err := strconv.Atoi(b.Vals[i].Text()); err != nil || n < 0 || n > shortest {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// takesForm reports whether the string schema b takes every text of the
// string form of a value of type typ: takesText, or b is that string
// form as the deriver writes it (its pattern, maybe with "null" and "").
func takesForm(b *Node, typ string) bool {
	if takesText(b) {
		return true
	}
	p, ok := b.Get("pattern").AsString()
	if !ok || slices.ContainsFunc(b.Keys, func(k string) bool { return k != "type" && k != "pattern" && !annotation(k) || k == "format" }) {
		return false
	}
	var forms []string
	switch typ {
	case "integer":
		forms = []string{lenientimpl.IntPattern, lenientimpl.UintPattern}
	case "number":
		forms = []string{lenientimpl.FloatPattern}
	case "boolean":
		forms = []string{lenientimpl.BoolPattern, lenientimpl.StrictBoolPattern, truePattern, falsePattern, strictTruePattern, strictFalsePattern}
	}
	for _, f := range forms {
		if p == f || p == lenientimpl.OrNullPattern(f) || p == lenientimpl.OrEmptyPattern(f) {
			return true
		}
	}
	return false
}

// textsHeldOff says why the string branch s of a union of a scalar of
// type typ may take a text that the scalar's string form reads (or
// "null", where null reads it: nullText), or "" where it never does: its
// enum or const holds no such text (in no letter case: an enum_case rule
// may read it), or its pattern matches a part of none (patternMeets;
// patternRulesOut where that cannot tell).
// ("" never reads as the value left out here: the union takes strings,
// so absent does not read it.) root is s's document (constOf).
func textsHeldOff(root, s *Node, typ string, nullText bool) string {
	vals, ok := stringValues(root, s)
	if !ok && s.Get("const") == nil && !refIgnoresSiblings(root, s) {
		// (beside its type string, an enum's other values are refused,
		// and are no value of the branch: {"type": "string", "enum":
		// ["smart", true]} takes "smart" alone)
		vals, ok = typedStrings(s)
	}
	if ok {
		for _, v := range vals {
			if readsAs(typ, v) || nullText && strings.EqualFold(v, "null") {
				return fmt.Sprintf("a string branch takes %q, which its string form reads", v)
			}
		}
		return ""
	}
	if p, ok := s.Get("pattern").AsString(); ok {
		if meets, known := patternMeets(p, typ, nullText); known && !meets || !known && patternRulesOut(p, scalarStart(typ, nullText)) {
			return ""
		}
		return "a string branch's pattern may take its string form"
	}
	for _, k := range s.Keys {
		if k != "type" && !annotation(k) || k == "format" {
			return fmt.Sprintf("a string branch held by %q may take its string form", k)
		}
	}
	return "a string branch may take its string form"
}

// typedStrings returns the strings of the enum of s, a schema of the one
// type string (which refuses the enum's other values).
func typedStrings(s *Node) ([]string, bool) {
	if t, ok := s.Get("type").AsString(); !ok || t != "string" || s.Get("enum") == nil {
		return nil, false
	}
	var vals []string
	for _, v := range s.Get("enum").Items() {
		if str, ok := v.AsString(); ok {
			vals = append(vals, str)
		}
	}
	return vals, true
}

var (
	intText   = regexp.MustCompile(lenientimpl.IntPattern)
	floatText = regexp.MustCompile(lenientimpl.FloatPattern)
	boolText  = regexp.MustCompile(lenientimpl.BoolPattern)
)

// readsAs reports whether a type_coerce rule for typ reads the string v
// (the string form's pattern takes it).
func readsAs(typ, v string) bool {
	switch typ {
	case "integer":
		return intText.MatchString(v)
	case "number":
		return floatText.MatchString(v)
	}
	return boolText.MatchString(v)
}

// scalarStart is every character the string form of a value of type
// typ may start with (and a sign or a point, that a parser might one day
// read), and "null"'s letter where nullText.
func scalarStart(typ string, nullText bool) string {
	start := "0123456789-+."
	if typ == "boolean" {
		start = "01tTfFyYnN"
	}
	if nullText {
		start += "nN"
	}
	return start
}

// patternRulesOut reports whether no string the pattern p matches
// starts with one of the characters start: p is anchored (^) in every
// alternative, and the first character it then requires is never one of
// them. A pattern rulespec.ParseAlike refuses, or whose classes Go and
// ECMAScript read otherwise (rulespec.ClassesDiffer), proves nothing.
func patternRulesOut(p, start string) bool {
	re, ok := rulespec.ParseAlike(p)
	if !ok || rulespec.ClassesDiffer(p) != "" {
		return false // (^[^][0-9] takes "55" in ECMAScript)
	}
	first, ok := anchoredFirst(re.Simplify())
	return ok && !slices.ContainsFunc([]rune(start), func(c rune) bool { return matchesRune(first, c) })
}

// anchoredFirst returns the first character class that every match of
// re requires right after a start-of-text anchor, where every
// alternative of re begins with one.
func anchoredFirst(re *syntax.Regexp) ([]*syntax.Regexp, bool) {
	switch re.Op {
	case syntax.OpCapture:
		return anchoredFirst(re.Sub[0])
	case syntax.OpAlternate:
		var all []*syntax.Regexp
		for _, s := range re.Sub {
			f, ok := anchoredFirst(s)
			if !ok {
				return nil, false
			}
			all = append(all, f...)
		}
		return all, true
	case syntax.OpConcat:
		if len(re.Sub) > 1 && re.Sub[0].Op == syntax.OpBeginText {
			return firstChar(re.Sub[1:])
		}
		if len(re.Sub) > 0 && (re.Sub[0].Op == syntax.OpCapture || re.Sub[0].Op == syntax.OpAlternate) {
			// ^(a|b)... : each alternative anchored inside the group
			// and what follows it never read first
			return anchoredFirst(re.Sub[0])
		}
	}
	return nil, false
}

// firstChar returns the one-character schemas (literals, classes) one of
// which the first character of every match of the sequence seq is.
func firstChar(seq []*syntax.Regexp) ([]*syntax.Regexp, bool) {
	if len(seq) == 0 {
		return nil, false
	}
	re := seq[0]
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil, false
		}
		return []*syntax.Regexp{{Op: syntax.OpLiteral, Rune: re.Rune[:1], Flags: re.Flags}}, true
	case syntax.OpCharClass:
		return []*syntax.Regexp{re}, true
	case syntax.OpCapture, syntax.OpPlus:
		return firstChar(append([]*syntax.Regexp{re.Sub[0]}, seq[1:]...))
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return firstChar(append([]*syntax.Regexp{re.Sub[0]}, seq[1:]...))
		}
		fallthrough
	case syntax.OpQuest, syntax.OpStar:
		// the repeated character, or what follows
		f, ok := firstChar([]*syntax.Regexp{re.Sub[0]})
		rest, okRest := firstChar(seq[1:])
		return append(f, rest...), ok && okRest
	case syntax.OpConcat:
		return firstChar(append(slices.Clone(re.Sub), seq[1:]...))
	case syntax.OpAlternate:
		var all []*syntax.Regexp
		for _, s := range re.Sub {
			f, ok := firstChar(append([]*syntax.Regexp{s}, seq[1:]...))
			if !ok {
				return nil, false
			}
			all = append(all, f...)
		}
		return all, true
	}
	return nil, false
}

// matchesRune reports whether one of the one-character schemas first
// matches c (in any letter case, where a literal folds).
func matchesRune(first []*syntax.Regexp, c rune) bool {
	for _, f := range first {
		switch f.Op {
		case syntax.OpLiteral:
			r := f.Rune[0]
			if r == c || f.Flags&syntax.FoldCase != 0 && strings.EqualFold(string(r), string(c)) {
				return true
			}
		case syntax.OpCharClass:
			for i := 0; i+1 < len(f.Rune); i += 2 {
				if f.Rune[i] <= c && c <= f.Rune[i+1] {
					return true
				}
			}
		}
	}
	return false
}

// unionKind is what the survey records (record) of a union that split
// cannot read as one type: "other", its keyword and its branches'
// keywords but annotations. A rule reads a key in every branch of an
// enclosing union alike, and another union there may take as it is a
// text this one's rule reads (a string branch beside the integer and
// object that scalarBesideContainers reads): two unions at one path
// read alike only where they are the same.
func unionKind(out *Node) string {
	if len(out.Keys) != 1 || out.Vals[0].Kind != '[' {
		return "other " + rulespec.Unannotated(out).MarshalText()
	}
	kind := "other " + out.Keys[0]
	for _, b := range out.Vals[0].Items() {
		c := b.Clone()
		for _, k := range b.Keys {
			if annotation(k) && k != "format" {
				c.Delete(k)
			}
		}
		kind += " " + c.MarshalText()
	}
	return kind
}

// numberOrBoolean reads out, a union (in portable form) of numbers
// (integer or number) and booleans alone, maybe null, at path: JSHint's
// maxcomplexity (false or a number), an indent of 2 or false. A number's
// text is the number (a type_coerce rule to int or float) and "true" or
// "false" the boolean (bool_strict, which reads no other text: no text
// is both), and the rewrite gains one string branch taking both texts
// (and "null" where null is taken). ok tells that out is such a union;
// read is nil where it is left strict, with why where a rule cannot
// reach its place (reach) or a branch holds its value to more than its
// string form could be held to alike (unfit: an integer enum; bounds are
// class (a), as for a number alone); "" where a rules file's rule
// replaces its rules (keep), which that replacement's warning says.
func (d *deriver) numberOrBoolean(path string, at place, out *Node) (read *Node, why string, ok bool) {
	list := out.Get("anyOf")
	if list == nil || list.Kind != '[' || len(out.Keys) != 1 {
		return nil, "", false
	}
	num, nullable, bad := "", false, ""
	var bools []*Node
	for _, b := range list.Items() {
		t := scalarBranchType(d.root, b)
		switch {
		case isNull(b):
			nullable = true
			continue
		case t == "boolean":
			bools = append(bools, b)
		case t == "integer" || t == "number":
			num = scalarOf(num, t)
		default:
			return nil, "", false
		}
		if k := unfit(b, t); bad == "" {
			bad = k
		}
	}
	if num == "" || len(bools) == 0 {
		return nil, "", false
	}
	if bad != "" {
		return nil, fmt.Sprintf("a branch of its union holds it to %q, which its string form could not be held to alike", bad), true
	}
	if reach, why := d.reach(path, at); !reach {
		return nil, why, true
	}
	if d.keep[path] {
		return nil, "", true // (a rules file's rule replaces its rules, and says so)
	}
	coerceTo, numPattern := "int", lenientimpl.IntPattern
	if num == "number" {
		coerceTo, numPattern = "float", lenientimpl.FloatPattern
	}
	boolText := boolPattern(d.root, bools, true)
	pattern := "^(" + numPattern[1:len(numPattern)-1] + "|" + boolText[1:len(boolText)-1] + ")$"
	if d.nullText(path, at, nullable, false) {
		pattern = lenientimpl.OrNullPattern(pattern)
	}
	d.addRule(path, at, lenient.RuleTypeCoerce, "coerce", coerceTo, "")
	d.addRule(path, at, lenient.RuleTypeCoerce, "coerce_bool", "bool_strict", "")
	return obj("anyOf", jsonnode.Array(beforeNull(list.Items(), obj("type", jstr("string"), "pattern", jstr(pattern)))...)), "", true
}
