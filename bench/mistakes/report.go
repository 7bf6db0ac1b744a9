package mistakes

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Report holds every system's results over one corpus.
type Report struct {
	Cases   []Case
	Systems []System
	Results [][]Result // Results[i][j]: system i, case j
}

// NewReport runs every case through every system.
func NewReport(cases []Case, systems ...System) *Report {
	r := &Report{Cases: cases, Systems: systems}
	for _, s := range systems {
		r.Results = append(r.Results, s.Run(cases))
	}
	return r
}

// Tally counts one system's outcomes, real cases and controls apart.
type Tally struct {
	Real, Controls      int
	Recovered, Rejected int // real cases
	Corrupted           int // real cases
	ControlsCorrupted   int
}

// Tally counts the outcomes of the system with the given key.
func (r *Report) Tally(key string) Tally {
	var t Tally
	for _, res := range r.results(key) {
		if res.Case.Control {
			t.Controls++
			if res.Outcome == Corrupted {
				t.ControlsCorrupted++
			}
			continue
		}
		t.Real++
		switch res.Outcome {
		case Recovered:
			t.Recovered++
		case Rejected:
			t.Rejected++
		case Corrupted:
			t.Corrupted++
		}
	}
	return t
}

// results returns the results of the system with the given key.
func (r *Report) results(key string) []Result {
	for i, s := range r.Systems {
		if s.Key == key {
			return r.Results[i]
		}
	}
	return nil
}

// Markdown is docs/mistakes.md's table: per system the real cases recovered,
// rejected and corrupted and the controls corrupted, then each system's
// corruptions.
func (r *Report) Markdown() string {
	var b strings.Builder
	t0 := r.Tally(r.Systems[0].Key)
	fmt.Fprintf(&b, "%d real cases, %d controls:\n\n", t0.Real, t0.Controls)
	b.WriteString("| system | real cases recovered | rejected | corrupted | controls corrupted |\n")
	b.WriteString("|---|--:|--:|--:|--:|\n")
	for _, s := range r.Systems {
		t := r.Tally(s.Key)
		fmt.Fprintf(&b, "| %s | %d (%d%%) | %d | %d | %d |\n",
			s.Name, t.Recovered, percent(t.Recovered, t.Real), t.Rejected, t.Corrupted, t.ControlsCorrupted)
	}
	b.WriteString("\nCorruptions (a member as sent → as taken; `id` is the case in the corpus):\n\n")
	for i, s := range r.Systems {
		var items []string
		for _, res := range r.Results[i] {
			if res.Outcome == Corrupted {
				items = append(items, fmt.Sprintf("`%s` %s", res.Case.ID, changed(res)))
			}
		}
		if len(items) == 0 {
			items = []string{"none"}
		}
		fmt.Fprintf(&b, "- %s: %s\n", s.Name, strings.Join(items, "; "))
	}
	return b.String()
}

// changed shows a corruption: the top-level members whose value taken is
// not the one meant, as sent and as taken (or the whole value, where it is
// not an object).
func changed(res Result) string {
	var sent, got, want map[string]json.RawMessage
	if json.Unmarshal(res.Case.Args, &sent) != nil || json.Unmarshal([]byte(res.Got), &got) != nil {
		return fmt.Sprintf("`%s` → `%s`", short(Canonical(res.Case.Args)), short(res.Got))
	}
	if !res.Case.Reject {
		json.Unmarshal([]byte(res.Want), &want)
	}
	keys := map[string]bool{}
	for k := range sent {
		keys[k] = true
	}
	for k := range got {
		keys[k] = true
	}
	var names []string
	for k := range keys {
		if res.Case.Reject || Canonical(got[k]) != Canonical(want[k]) {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	var parts []string
	for _, k := range names {
		parts = append(parts, fmt.Sprintf("`%s: %s` → `%s`", k, short(orAbsent(sent[k])), short(orAbsent(got[k]))))
	}
	return strings.Join(parts, ", ")
}

// orAbsent spells a missing member.
func orAbsent(v json.RawMessage) string {
	if v == nil {
		return "(absent)"
	}
	return Canonical(v)
}

// ByClass is a table of the real cases each system recovers, by class (a
// case with several classes counts in each).
func (r *Report) ByClass() string {
	counts := map[string]int{}
	for _, c := range r.Cases {
		if !c.Control {
			for _, k := range c.Class {
				counts[k]++
			}
		}
	}
	var classes []string
	for _, k := range Classes {
		if counts[k] > 0 {
			classes = append(classes, k)
		}
	}
	var b strings.Builder
	b.WriteString("| class | cases |")
	for _, s := range r.Systems {
		b.WriteString(" " + s.Key + " |")
	}
	b.WriteString("\n|---|--:|" + strings.Repeat("--:|", len(r.Systems)) + "\n")
	for _, k := range classes {
		fmt.Fprintf(&b, "| %s | %d |", k, counts[k])
		for i := range r.Systems {
			n := 0
			for _, res := range r.Results[i] {
				if !res.Case.Control && res.Outcome == Recovered && has(res.Case.Class, k) {
					n++
				}
			}
			fmt.Fprintf(&b, " %d |", n)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Rejections lists the real cases the system with the given key refuses,
// with its error message.
func (r *Report) Rejections(key string) string {
	var lines []string
	for _, res := range r.results(key) {
		if !res.Case.Control && res.Outcome == Rejected {
			lines = append(lines, fmt.Sprintf("%s [%s]: %s", res.Case.ID, strings.Join(res.Case.Class, ","), res.Err))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func percent(n, of int) int {
	if of == 0 {
		return 0
	}
	return (200*n + of) / (2 * of) // rounded half up
}

// short cuts a value for the table.
func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:37]) + "..."
	}
	return s
}
