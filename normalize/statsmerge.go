package normalize

import (
	"slices"
	"sort"
)

// MergeStats merges the statistics of several normalizers (the
// StatsFile of each replica of a server, say) into one: the totals and
// each tool's counts are summed; each rule's hits are summed and its
// tools joined (sorted), the rule's type being the first one met; the
// recent normalizations are the newest across all of them (at most 50,
// oldest first, as in one file; entries at the same time keep the order
// of list); LastUpdated is the latest. The inputs are not changed; the
// merged recent entries share their Applied slices with them.
func MergeStats(list ...Stats) Stats {
	m := Stats{ByTool: map[string]*ToolStats{}, ByRule: map[string]*RuleStats{}}
	var recent []Recent
	for _, s := range list {
		m.TotalProcessed += s.TotalProcessed
		m.TotalNormalized += s.TotalNormalized
		m.TotalInvalid += s.TotalInvalid
		if s.LastUpdated.After(m.LastUpdated) {
			m.LastUpdated = s.LastUpdated
		}
		for name, t := range s.ByTool {
			if t == nil {
				continue
			}
			sum := m.ByTool[name]
			if sum == nil {
				sum = new(ToolStats)
				m.ByTool[name] = sum
			}
			sum.Processed += t.Processed
			sum.Normalized += t.Normalized
			sum.Invalid += t.Invalid
		}
		for id, r := range s.ByRule {
			if r == nil {
				continue
			}
			sum := m.ByRule[id]
			if sum == nil {
				sum = &RuleStats{RuleID: id, Type: r.Type}
				m.ByRule[id] = sum
			}
			if sum.Type == "" {
				sum.Type = r.Type
			}
			sum.Hits += r.Hits
			for _, tool := range r.Tools {
				if i, found := slices.BinarySearch(sum.Tools, tool); !found {
					sum.Tools = slices.Insert(sum.Tools, i, tool)
				}
			}
		}
		recent = append(recent, s.Recent...)
	}
	sort.SliceStable(recent, func(i, j int) bool { return recent[i].Time.Before(recent[j].Time) })
	m.Recent, _ = boundRecent(recent)
	return m
}
