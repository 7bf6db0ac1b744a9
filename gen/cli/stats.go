package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/normgen/normgen/gen/suggest"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
	"github.com/normgen/normgen/normalize/statsview"
)

// StatsView is the stats view of the statistics files of logDirs, merged
// (normalize.MergeStats) and read again on each request. A log folder
// with no statistics file yet (the normalizer writes it on its first
// flush) counts as no calls until the file appears, with a note; so does
// a rule id with different types in two files (replicas with different
// rule tables). A file that cannot be read is an error naming it, now
// and on the page.
func StatsView(logDirs []string) (v *statsview.View, notes []string, err error) {
	paths := make([]string, len(logDirs))
	var errs []error
	for i, dir := range logDirs {
		paths[i] = filepath.Join(dir, normalize.StatsFile)
		_, err := normalize.ReadStatsFile(paths[i])
		switch {
		case errors.Is(err, fs.ErrNotExist):
			notes = append(notes, fmt.Sprintf("%s has no %s yet: the page counts no calls from it until the normalizer writes it (every 30 s, and on Close)", dir, normalize.StatsFile))
		case err != nil:
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, notes, fmt.Errorf("no statistics to show: %w", errors.Join(errs...))
	}
	read := func() (normalize.Stats, error) {
		all := make([]normalize.Stats, 0, len(paths))
		for _, p := range paths {
			s, err := normalize.ReadStatsFile(p)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return normalize.Stats{}, err
			}
			all = append(all, s)
		}
		return normalize.MergeStats(all...), nil
	}
	title := paths[0]
	if len(paths) > 1 {
		title = normalize.StatsFile + " of " + PathsNote(logDirs, "log folders")
		notes = append(notes, ruleTypeConflicts(paths)...)
	}
	return &statsview.View{Stats: read, Title: title}, notes, nil
}

// ruleTypeConflicts warns when a rule id has different types in two
// statistics files (replicas running different rule tables): the merged
// page sums their hits under the first type.
func ruleTypeConflicts(paths []string) []string {
	type seen struct {
		typ  lenient.RuleType
		path string
	}
	var warnings []string
	first := map[string]seen{}
	for _, p := range paths {
		s, err := normalize.ReadStatsFile(p)
		if err != nil {
			continue // missing: no rules yet (a corrupt file was refused)
		}
		for id, r := range s.ByRule {
			if r == nil {
				continue
			}
			if f, ok := first[id]; !ok {
				first[id] = seen{r.Type, p}
			} else if f.typ != r.Type {
				warnings = append(warnings, fmt.Sprintf("warning: rule %q is a %s in %s and a %s in %s (replicas with different rule tables?); the page sums its hits as a %s", id, f.typ, f.path, r.Type, p, f.typ))
			}
		}
	}
	return warnings
}

// ErrorPatterns are a suggest report's failure groups as the stats page
// shows them.
func ErrorPatterns(r *suggest.Report) []statsview.ErrorPattern {
	ps := make([]statsview.ErrorPattern, len(r.Patterns))
	for i, p := range r.Patterns {
		ps[i] = statsview.ErrorPattern{Tool: p.Tool, Field: p.Field, Kind: p.Kind, Pattern: p.Pattern, Count: p.Count, Example: string(p.Example.Args)}
		if p.Edit != nil {
			ps[i].Edit = p.Edit.Position() + ": " + p.Edit.Option()
		}
	}
	return ps
}
