// Package strict is an issue tracker served the way most Go MCP servers
// are written today, with no normgen code in it: on the go-sdk, plain
// input structs whose strict schemas the SDK infers, with typed handlers;
// on mcp-go, schemas built with mcp.WithNumber, mcp.WithBoolean, ... and
// input validation on. Each server is made lenient by two lines of the
// normgen adapters (github.com/normgen/normgen/adapters): tools/list
// advertises schemas derived from the strict ones, and tools/call
// arguments are normalized before the SDK validates them.
package strict

import (
	"fmt"
	"strings"
)

// SearchInput is the input of search_issues: go-sdk description tags,
// nothing else.
type SearchInput struct {
	Query    string   `json:"query" jsonschema:"words to find in the title, without letter case"`
	Limit    int      `json:"limit,omitempty" jsonschema:"most results to return; 0 returns all"`
	Open     *bool    `json:"open,omitempty" jsonschema:"true for open issues only, false for closed ones only"`
	Labels   []string `json:"labels,omitempty" jsonschema:"issues carrying all of these labels"`
	MinScore float64  `json:"min_score,omitempty" jsonschema:"lowest score to include"`
	IDs      *Range   `json:"ids,omitempty" jsonschema:"only issues whose id is in this range"`
}

// Range is an inclusive range of issue ids.
type Range struct {
	From int64 `json:"from" jsonschema:"the lowest id"`
	To   int64 `json:"to" jsonschema:"the highest id"`
}

// GetInput is the input of get_issue.
type GetInput struct {
	ID int64 `json:"id" jsonschema:"the issue's id"`
}

// Issue is one tracked issue.
type Issue struct {
	ID     int64
	Title  string
	Open   bool
	Labels []string
	Score  float64
}

// Tracker holds the issues.
type Tracker struct {
	Issues []Issue
}

// Sample is a tracker with a few issues, one with an id above 2^53.
func Sample() *Tracker {
	return &Tracker{Issues: []Issue{
		{ID: 1, Title: "Crash on empty config", Open: true, Labels: []string{"bug", "p1"}, Score: 9.5},
		{ID: 2, Title: "Config reload is slow", Open: true, Labels: []string{"perf"}, Score: 4},
		{ID: 3, Title: "Document config keys", Open: false, Labels: []string{"docs"}, Score: 2.5},
		{ID: 4, Title: "Crash when config has tabs", Open: true, Labels: []string{"bug"}, Score: 7},
		{ID: 9007199254740993, Title: "Imported from the old tracker", Open: true, Labels: []string{"bug"}, Score: 1},
	}}
}

// Search lists the matching issues, one per line.
func (t *Tracker) Search(in SearchInput) string {
	var lines []string
	for _, is := range t.Issues {
		switch {
		case !strings.Contains(strings.ToLower(is.Title), strings.ToLower(in.Query)),
			in.Open != nil && *in.Open != is.Open,
			is.Score < in.MinScore,
			in.IDs != nil && (is.ID < in.IDs.From || is.ID > in.IDs.To),
			!hasAll(is.Labels, in.Labels):
			continue
		}
		lines = append(lines, fmt.Sprintf("#%d %s (score %g)", is.ID, is.Title, is.Score))
		if in.Limit > 0 && len(lines) == in.Limit {
			break
		}
	}
	return fmt.Sprintf("%d issue(s)\n%s", len(lines), strings.Join(lines, "\n"))
}

// Get describes one issue.
func (t *Tracker) Get(id int64) (string, error) {
	for _, is := range t.Issues {
		if is.ID == id {
			state := "closed"
			if is.Open {
				state = "open"
			}
			return fmt.Sprintf("#%d %s [%s] labels=%s", is.ID, is.Title, state, strings.Join(is.Labels, ",")), nil
		}
	}
	return "", fmt.Errorf("no issue #%d", id)
}

func hasAll(have, want []string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			found = found || h == w
		}
		if !found {
			return false
		}
	}
	return true
}
