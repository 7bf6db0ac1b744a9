package derive

import (
	"encoding/binary"
	"regexp/syntax"
	"slices"
	"sync"
	"unicode"

	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/runtime/lenientimpl"
)

// meetBudget bounds the pairs of states patternMeets visits: past it, it
// cannot tell.
const meetBudget = 1 << 12

// meetWork bounds the instructions patternMeets's closures visit in all
// (a state's closure may visit the whole pattern, once per character),
// and meetInsts the pattern's compiled instructions: past either, it
// cannot tell. ([0-9]{1000} repeated compiles to tens of thousands.)
const (
	meetWork  = 1 << 21
	meetInsts = 2048
)

// formAlphabetMax bounds the characters a string form's texts may hold
// that patternMeets tries one by one.
const formAlphabetMax = 256

// patternMeets reports whether the pattern p of a string branch matches
// some text of the string form of a value of type typ (the texts its
// type_coerce rule reads: formProg; "null" too where nullText), and
// whether it could tell. p is read as JSON Schema reads a pattern: it
// matches a text where it matches part of it. It cannot tell where p is
// one Go's regexp and ECMAScript may read otherwise on such a text
// (rulespec.ParseAlike, rulespec.ClassesDiffer), or past meetBudget.
//
// It walks the two automata together (a product, by subsets) over the
// characters the form's texts are made of: a text the form reads, all
// of whose characters are tried, which p matches a part of. Both
// engines read p alike on such texts (ASCII letters, digits, signs and
// points: \d, \w, \b, \s and "." hold the same ones of them).
func patternMeets(p, typ string, nullText bool) (meets, known bool) {
	re, ok := rulespec.ParseAlike(p)
	if !ok || rulespec.ClassesDiffer(p) != "" {
		return false, false
	}
	pat, err := syntax.Compile(re.Simplify())
	if err != nil || len(pat.Inst) > meetInsts {
		return false, false
	}
	form := formProg(typ, nullText)
	if form == nil {
		return false, false
	}
	return meet(pat, form.prog, form.alphabet)
}

// form is a string form's language: its automaton, and every character
// its texts may hold.
type form struct {
	prog     *syntax.Prog
	alphabet []rune
}

var stringForms sync.Map // typ+nullText -> *form (nil: cannot say)

// formProg returns the string form of type typ (its pattern, as
// readsAs reads it), with "null" where nullText, compiled; nil where its
// texts may hold more than formAlphabetMax characters.
func formProg(typ string, nullText bool) *form {
	key := typ
	if nullText {
		key += "+null"
	}
	if f, ok := stringForms.Load(key); ok {
		return f.(*form)
	}
	var pattern string
	switch typ {
	case "integer":
		pattern = lenientimpl.IntPattern
	case "number":
		pattern = lenientimpl.FloatPattern
	case "boolean":
		pattern = lenientimpl.BoolPattern
	default:
		return nil
	}
	if nullText {
		pattern = "(?:" + pattern + ")|^null$"
	}
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		panic("derive: string form " + pattern + ": " + err.Error())
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		panic("derive: string form " + pattern + ": " + err.Error())
	}
	f := &form{prog: prog, alphabet: progAlphabet(prog)}
	if f.alphabet == nil {
		f = nil
	}
	stringForms.Store(key, f)
	return f
}

// progAlphabet returns every character a text prog matches may hold
// (its letter-case folds too), or nil where it takes any character or
// more than formAlphabetMax.
func progAlphabet(prog *syntax.Prog) []rune {
	seen := map[rune]bool{}
	for _, in := range prog.Inst {
		switch in.Op {
		case syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			return nil
		case syntax.InstRune, syntax.InstRune1:
			ranges := in.Rune // (pairs, but one rune alone for InstRune1)
			if len(ranges) == 1 {
				ranges = []rune{ranges[0], ranges[0]}
			}
			fold := syntax.Flags(in.Arg)&syntax.FoldCase != 0
			for i := 0; i+1 < len(ranges); i += 2 {
				if ranges[i+1]-ranges[i] > formAlphabetMax {
					return nil
				}
				for r := ranges[i]; r <= ranges[i+1]; r++ {
					seen[r] = true
					for f := unicode.SimpleFold(r); fold && f != r; f = unicode.SimpleFold(f) {
						seen[f] = true
					}
				}
			}
		}
		if len(seen) > formAlphabetMax {
			return nil
		}
	}
	out := make([]rune, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// meetState is where the product walk stands after a text: the form's
// instructions waiting for a character, the pattern's (a match begun at
// each earlier place), the character before (for ^, $ and \b), and
// whether the pattern has matched a part of the text already (then its
// instructions no longer count).
type meetState struct {
	form, pat string // (instruction numbers, as a key)
	prev      rune   // -1 at the start
	matched   bool
}

// meet walks pat (matching anywhere) and form (matching the whole text)
// together over alphabet, breadth first: whether some text form matches
// holds a part pat matches, and whether it could tell (meetBudget).
func meet(pat, form *syntax.Prog, alphabet []rune) (meets, known bool) {
	key := func(s meetState) meetState {
		// (the character before counts by what ^, $ and \b read of it)
		switch {
		case s.prev < 0:
		case s.prev == '\n':
		case syntax.IsWordChar(s.prev):
			s.prev = 'a'
		default:
			s.prev = ' '
		}
		return s
	}
	start := meetState{form: pcsKey([]uint32{uint32(form.Start)}), prev: -1}
	seen := map[meetState]bool{key(start): true}
	queue := []meetState{start}
	var work int
	fw, pw := walker{prog: form, work: &work}, walker{prog: pat, work: &work}
	// (the pattern's instructions from which no text of the alphabet
	// reaches a match are dropped as they are met: a pattern that needs a
	// character no text of the form holds ends the walk at once)
	live := liveInsts(pat, alphabet)
	for len(queue) > 0 {
		if work > meetWork {
			return false, false
		}
		s := queue[0]
		queue = queue[1:]
		pats := append(pcsOf(s.pat), uint32(pat.Start))
		forms := pcsOf(s.form)
		// the text ends here
		ctx := syntax.EmptyOpContext(s.prev, -1)
		if _, fm := fw.closure(forms, ctx); fm {
			if s.matched {
				return true, true
			}
			if _, pm := pw.closure(pats, ctx); pm {
				return true, true
			}
		}
		for _, c := range alphabet {
			ctx := syntax.EmptyOpContext(s.prev, c)
			fc, _ := fw.closure(forms, ctx)
			fn := step(form, fc, c)
			if len(fn) == 0 {
				continue
			}
			next := meetState{form: pcsKey(fn), prev: c, matched: s.matched}
			if !next.matched {
				pc, pm := pw.closure(pats, ctx)
				if pm {
					next.matched = true
				} else {
					next.pat = pcsKey(slices.DeleteFunc(step(pat, pc, c), func(pc uint32) bool { return !live[pc] }))
				}
			}
			if k := key(next); !seen[k] {
				if len(seen) >= meetBudget {
					return false, false
				}
				seen[k] = true
				queue = append(queue, next)
			}
		}
	}
	return false, true
}

// liveInsts returns which instructions of prog reach a match reading
// characters of alphabet alone (an empty-width assertion read as one
// that may hold).
func liveInsts(prog *syntax.Prog, alphabet []rune) []bool {
	live := make([]bool, len(prog.Inst))
	reads := make([]bool, len(prog.Inst)) // (a character of alphabet)
	for pc := range prog.Inst {
		reads[pc] = slices.ContainsFunc(alphabet, func(c rune) bool { return len(step(prog, []uint32{uint32(pc)}, c)) > 0 })
	}
	for changed := true; changed; {
		changed = false
		for pc := range prog.Inst {
			if live[pc] {
				continue
			}
			in := &prog.Inst[pc]
			switch in.Op {
			case syntax.InstMatch:
				live[pc] = true
			case syntax.InstAlt, syntax.InstAltMatch:
				live[pc] = live[in.Out] || live[in.Arg]
			case syntax.InstCapture, syntax.InstNop, syntax.InstEmptyWidth:
				live[pc] = live[in.Out]
			case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
				live[pc] = live[in.Out] && reads[pc]
			}
			changed = changed || live[pc]
		}
	}
	return live
}

// walker takes the closures of one program's instructions.
type walker struct {
	prog  *syntax.Prog
	mark  []uint32 // the walk that last reached each instruction
	walks uint32
	work  *int // instructions visited, counted (meetWork); nil: not
}

// closure returns the instructions that read a character reached from
// pcs without reading one, where ctx holds (syntax.EmptyOpContext), and
// whether a match is among them.
func (w *walker) closure(pcs []uint32, ctx syntax.EmptyOp) (out []uint32, match bool) {
	if w.mark == nil {
		w.mark = make([]uint32, len(w.prog.Inst))
	}
	w.walks++
	stack := slices.Clone(pcs)
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if w.mark[pc] == w.walks {
			continue
		}
		w.mark[pc] = w.walks
		if w.work != nil {
			*w.work++
		}
		in := &w.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, in.Out, in.Arg)
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, in.Out)
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^ctx == 0 {
				stack = append(stack, in.Out)
			}
		case syntax.InstMatch:
			match = true
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			out = append(out, pc)
		}
	}
	slices.Sort(out)
	return out, match
}

// step returns the instructions the ones in pcs go on to where they read
// the character c.
func step(prog *syntax.Prog, pcs []uint32, c rune) []uint32 {
	var out []uint32
	for _, pc := range pcs {
		in := &prog.Inst[pc]
		var ok bool
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1:
			ok = in.MatchRune(c)
		case syntax.InstRuneAny:
			ok = true
		case syntax.InstRuneAnyNotNL:
			ok = c != '\n'
		}
		if ok {
			out = append(out, in.Out)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// pcsKey spells instruction numbers as a map key, four bytes each.
func pcsKey(pcs []uint32) string {
	b := make([]byte, 0, 4*len(pcs))
	for _, pc := range pcs {
		b = binary.LittleEndian.AppendUint32(b, pc)
	}
	return string(b)
}

// pcsOf reads a pcsKey.
func pcsOf(key string) []uint32 {
	out := make([]uint32, 0, len(key)/4)
	for i := 0; i+4 <= len(key); i += 4 {
		out = append(out, binary.LittleEndian.Uint32([]byte(key[i:i+4])))
	}
	return out
}
