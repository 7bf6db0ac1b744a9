// Package statsview serves a normalizer's statistics as a web page and as
// JSON (the page `normgen stats` serves). It is the one package of normgen
// that imports net/http and html/template, so that a server that only
// decodes with generated code links neither.
package statsview

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"sort"
	"time"

	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/normalize"
)

// ErrorPattern is one recurring failure of a tool's calls, as
// `normgen suggest` groups them: what kept going wrong, how often, an
// example call, and the tag edit that would accept it (when there is one).
// Kind classifies the failure; Pattern is its text for a reader, not for
// code to match.
type ErrorPattern struct {
	Tool    string              `json:"tool"`           // the tool called
	Field   string              `json:"field"`          // the field's path ("pattern", "steps[].action")
	Kind    lenient.ProblemKind `json:"kind,omitempty"` // the decoder's problem kind (lenient.KindMissing, ...); "" for no decoder's problem (as suggest.Pattern.Kind)
	Pattern string              `json:"pattern"`        // what went wrong ("unknown key \"glob\" while pattern is missing")
	Count   int                 `json:"count"`          // calls that showed it
	Example string              `json:"example"`        // one such call's arguments, as received
	Edit    string              `json:"edit,omitempty"` // the suggested tag edit, with file:line:col
}

// View serves a normalizer's statistics over HTTP: an HTML page at
// "/" (totals, by tool, by rule, recent normalizations, error patterns),
// the statistics as JSON at "/stats.json" (the format of StatsFile) and
// the error patterns as JSON at "/patterns.json". The page needs nothing
// but itself: no script, no asset fetched from elsewhere; every tool
// name and value on it is HTML-escaped.
type View struct {
	// Stats returns the statistics to show; it is called once per request.
	Stats func() (normalize.Stats, error)
	// Patterns returns the error patterns to show; nil shows none.
	Patterns func() []ErrorPattern
	// Title heads the page ("normgen normalizer" when empty).
	Title string
}

// Handler serves n's live statistics (see View).
func Handler(n *normalize.Normalizer) http.Handler {
	return &View{Stats: func() (normalize.Stats, error) { return n.Stats(), nil }}
}

// FileHandler serves the statistics persisted at path (a
// normalizer_stats.json), read again on each request (see View).
func FileHandler(path string) http.Handler {
	return &View{Stats: func() (normalize.Stats, error) { return normalize.ReadStatsFile(path) }, Title: path}
}

//go:embed statsview.html
var statsViewFS embed.FS

var statsPage = template.Must(template.New("statsview.html").Funcs(template.FuncMap{
	"pct": func(part, whole int64) string {
		if whole == 0 {
			return "0%"
		}
		return fmt.Sprintf("%.1f%%", float64(part)*100/float64(whole))
	},
	"when": func(t time.Time) string {
		if t.IsZero() {
			return "never"
		}
		return t.UTC().Format("2006-01-02 15:04:05 UTC")
	},
}).ParseFS(statsViewFS, "statsview.html"))

// viewTool is a by-tool row of the page.
type viewTool struct {
	Name string
	normalize.ToolStats
}

// statsPageData is what the page template reads.
type statsPageData struct {
	Title    string
	Stats    normalize.Stats
	Tools    []viewTool
	Rules    []*normalize.RuleStats
	Recent   []normalize.Recent
	Patterns []ErrorPattern
}

// ServeHTTP serves the page and the two JSON documents.
func (v *View) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	switch r.URL.Path {
	case "/", "/index.html", "/stats.json", "/patterns.json":
	default:
		http.NotFound(w, r)
		return
	}
	var patterns []ErrorPattern
	if v.Patterns != nil {
		patterns = v.Patterns()
	}
	if r.URL.Path == "/patterns.json" {
		if patterns == nil {
			patterns = []ErrorPattern{}
		}
		writeJSON(w, patterns)
		return
	}
	s, err := v.Stats()
	if err != nil {
		http.Error(w, "statistics unavailable: "+err.Error(), http.StatusInternalServerError)
		return
	}
	if r.URL.Path == "/stats.json" {
		writeJSON(w, &s)
		return
	}
	d := statsPageData{Title: v.Title, Stats: s, Patterns: patterns}
	if d.Title == "" {
		d.Title = "normgen normalizer"
	}
	for name, t := range s.ByTool {
		d.Tools = append(d.Tools, viewTool{Name: name, ToolStats: *t})
	}
	sort.Slice(d.Tools, func(i, j int) bool {
		a, b := d.Tools[i], d.Tools[j]
		if a.Processed != b.Processed {
			return a.Processed > b.Processed
		}
		return a.Name < b.Name
	})
	for _, rs := range s.ByRule {
		d.Rules = append(d.Rules, rs)
	}
	sort.Slice(d.Rules, func(i, j int) bool {
		a, b := d.Rules[i], d.Rules[j]
		if a.Hits != b.Hits {
			return a.Hits > b.Hits
		}
		return a.RuleID < b.RuleID
	})
	for i := len(s.Recent) - 1; i >= 0; i-- { // newest first
		d.Recent = append(d.Recent, s.Recent[i])
	}
	var buf bytes.Buffer
	if err := statsPage.Execute(&buf, &d); err != nil {
		http.Error(w, "rendering the page: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Write(buf.Bytes())
}

func writeJSON(w http.ResponseWriter, v any) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(data, '\n'))
}
