package suggest

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report as normgen suggest prints it: the counts,
// the edits (most frequent first, each with where to add what and an
// example call), the ambiguous keys, then the other failure groups.
func (r *Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%d call(s) replayed, %d failed", r.Calls, r.Failed)
	if r.UnknownTool > 0 {
		fmt.Fprintf(w, ", %d for tools the package does not declare", r.UnknownTool)
	}
	fmt.Fprintf(w, "; %d edit(s) suggested\n", len(r.Edits))
	for _, e := range r.Edits {
		e.writeText(w)
	}
	for _, a := range r.Ambiguous {
		if a.Optional {
			fmt.Fprintf(w, "\nambiguous: %s: %q came in %d call(s) with optional %s left out, which its value fits alike: no alias suggested\n",
				a.Tool, a.Key, a.Count, strings.Join(a.Paths, ", "))
		} else {
			fmt.Fprintf(w, "\nambiguous: %s: %q came in %d call(s) missing %s, and as often with %s missing: no alias suggested\n",
				a.Tool, a.Key, a.Count, a.Paths[0], strings.Join(a.Paths[1:], ", "))
		}
	}
	var other []Pattern
	for _, p := range r.Patterns {
		if p.Edit == nil {
			other = append(other, p)
		}
	}
	if len(other) > 0 {
		fmt.Fprintf(w, "\nother failures (no tag edit suggested):\n")
		for _, p := range other {
			field := p.Field
			if field == "" {
				field = "-"
			}
			fmt.Fprintf(w, "\t%d\t%s\t%s\t%s\n", p.Count, p.Tool, field, p.Pattern)
		}
	}
}

// writeText writes one edit of WriteText: a blank line, where to add
// what, why, and an example call.
func (e *Edit) writeText(w io.Writer) {
	goName := strings.Join(e.Field.GoName, ".")
	ex, _ := json.Marshal(&e.Example)
	switch {
	case e.Kind == Alias:
		if e.Optional {
			fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) sent %q, not a key, with the optional %q left out (the one field its value fits)\n", e.Position(), e.Tool, goName, e.Option(), e.Count, e.Key, e.Path)
			break
		}
		fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) missed %q and sent %q", e.Position(), e.Tool, goName, e.Option(), e.Count, e.Path, e.Key)
		if e.Together > 0 {
			fmt.Fprintf(w, " (%d call(s) sent it with %q present)", e.Together, e.Path)
		}
		fmt.Fprintln(w)
	case e.To != "":
		fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"%s\"\n\t%d call(s) sent %q for %q\n", e.Position(), e.Tool, goName, e.Option(), e.Count, e.Key, e.Path)
	default:
		fmt.Fprintf(w, "\n%s: %s: %s: add norm:\"value_alias=%s:VALUE\", VALUE one of %s (no value is clearly meant; -w skips this one)\n\t%d call(s) sent %q for %q\n",
			e.Position(), e.Tool, goName, e.Key, strings.Join(e.Choices, ", "), e.Count, e.Key, e.Path)
	}
	fmt.Fprintf(w, "\te.g. %s: %s\n", e.Example.At, ex)
}
