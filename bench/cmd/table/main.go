// Command table reads the output of the bench module's benchmarks (go test
// -bench, any -count) and prints Markdown tables of medians with ratios
// taken within the same run.
//
// Usage:
//
//	table [-v2 FILE] [-other FILE] FILE
//	table -icount FILE
//
// FILE is the output of BenchmarkDecode; -v2 the output of the same
// benchmarks built with GOEXPERIMENT=jsonv2; -other the output of other
// benchmarks (the normalizer's, the generator's), listed by name. With
// -icount, FILE holds instruction counts per decode, a benchmark name and
// a count a line (icount.sh writes it), printed as one table.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// result holds the samples of one benchmark.
type result struct {
	ns, allocs []float64
}

// run holds one go test output: results by benchmark name (without the
// -GOMAXPROCS suffix), in first-seen order.
type run struct {
	names   []string
	results map[string]*result
	env     []string // goos, goarch, cpu lines
}

var line = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(.*)$`)
var allocsField = regexp.MustCompile(`([\d.]+) allocs/op`)

func parse(r io.Reader) (*run, error) {
	out := &run{results: map[string]*result{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		t := sc.Text()
		if strings.HasPrefix(t, "cpu:") || strings.HasPrefix(t, "goos:") || strings.HasPrefix(t, "goarch:") {
			if !slices.Contains(out.env, t) {
				out.env = append(out.env, t)
			}
			continue
		}
		m := line.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		ns, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			return nil, err
		}
		res := out.results[m[1]]
		if res == nil {
			res = &result{}
			out.results[m[1]] = res
			out.names = append(out.names, m[1])
		}
		res.ns = append(res.ns, ns)
		if a := allocsField.FindStringSubmatch(m[3]); a != nil {
			n, _ := strconv.ParseFloat(a[1], 64)
			res.allocs = append(res.allocs, n)
		}
	}
	return out, sc.Err()
}

// parseCounts reads lines of a BenchmarkDecode name and an instruction
// count into a run whose samples are the counts.
func parseCounts(r io.Reader) (*run, error) {
	out := &run{results: map[string]*result{}}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 {
			return nil, fmt.Errorf("line %d: want a benchmark name and a count, have %q", n, sc.Text())
		}
		c, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if out.results[f[0]] == nil {
			out.results[f[0]] = &result{}
			out.names = append(out.names, f[0])
		}
		out.results[f[0]].ns = append(out.results[f[0]].ns, c)
	}
	return out, sc.Err()
}

// cases lists the payloads of r's BenchmarkDecode results in first-seen
// order.
func (r *run) cases() []string {
	var out []string
	for _, n := range r.names {
		if c, _, ok := strings.Cut(strings.TrimPrefix(n, "BenchmarkDecode/"), "/"); ok && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

func readRun(path string) *run {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	r, err := parse(f)
	if err != nil {
		log.Fatalf("%s: %v", path, err)
	}
	return r
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := slices.Clone(x)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// get returns the median ns/op and allocs/op of BenchmarkDecode/c/k.
func (r *run) get(c, k string) (ns, allocs float64, ok bool) {
	res := r.results["BenchmarkDecode/"+c+"/"+k]
	if res == nil {
		return 0, 0, false
	}
	return median(res.ns), median(res.allocs), true
}

// samples is the largest sample count of the run.
func (r *run) samples() int {
	n := 0
	for _, res := range r.results {
		n = max(n, len(res.ns))
	}
	return n
}

func fmtTime(ns float64) string {
	unit, v := "ns", ns
	switch {
	case ns >= 1e9:
		unit, v = "s", ns/1e9
	case ns >= 1e6:
		unit, v = "ms", ns/1e6
	case ns >= 1e3:
		unit, v = "µs", ns/1e3
	}
	return threeDigits(v) + " " + unit
}

// fmtCount writes an instruction count as fmtTime writes a time: 820,
// 11.9k, 1.46M.
func fmtCount(n float64) string {
	switch {
	case n >= 1e6:
		return threeDigits(n/1e6) + "M"
	case n >= 1e3:
		return threeDigits(n/1e3) + "k"
	}
	return strconv.FormatFloat(n, 'f', 0, 64)
}

// threeDigits writes v (under 1000) with three significant digits, or
// none after the point from 100 on.
func threeDigits(v float64) string {
	switch {
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func fmtRatio(x float64) string {
	if x >= 10 {
		return fmt.Sprintf("%.0fx", x)
	}
	return fmt.Sprintf("%.2fx", x)
}

// labels name the payloads in the tables.
var labels = map[string]string{
	"search_clean":          "search-like call, 12 fields, clean",
	"search_string_scalars": "search-like call, scalars as strings",
	"search_stringified":    "search-like call, scalars as strings, arrays as JSON text",
	"review_clean":          "code-review call, 22 fields + 3 comments, clean",
	"review_string_scalars": "code-review call, scalars as strings",
}

func label(c string) string {
	if l, ok := labels[c]; ok {
		return l
	}
	kind, size, _ := strings.Cut(c, "_")
	if strings.HasPrefix(size, "text_") {
		kind, size = kind+"_text", strings.TrimPrefix(size, "text_")
	}
	switch kind {
	case "string":
		return size + " string field (source text: escapes, non-ASCII)"
	case "strings":
		return size + " array of strings"
	case "ints":
		return size + " array of ints"
	case "strings_text":
		return size + " array of strings sent as JSON text"
	case "ints_text":
		return size + " array of ints sent as JSON text"
	}
	return c
}

var sizes = []string{"1KB", "64KB", "1MB"}

func cleanCases() []string {
	out := []string{"search_clean", "review_clean"}
	for _, kind := range []string{"string", "strings", "ints"} {
		for _, s := range sizes {
			out = append(out, kind+"_"+s)
		}
	}
	return out
}

type column struct{ codec, title string }

var libraries = []column{
	{"encoding_json", "encoding/json"},
	{"encoding_json_v2", "encoding/json/v2"},
	{"easyjson", "easyjson"},
	{"goccy_go_json", "goccy/go-json"},
	{"sonic", "sonic"},
	{"segmentio", "segmentio"},
	{"map_weakdecode", "map + WeakDecode"},
	{"normgen", "**normgen**"},
}

// present keeps the columns that have at least one result in r.
func present(r *run, cols []column, cases []string) []column {
	var out []column
	for _, col := range cols {
		for _, c := range cases {
			if _, _, ok := r.get(c, col.codec); ok {
				out = append(out, col)
				break
			}
		}
	}
	return out
}

func header(w io.Writer, first string, cols []column) {
	fmt.Fprintf(w, "| %s |", first)
	for _, c := range cols {
		fmt.Fprintf(w, " %s |", c.title)
	}
	fmt.Fprint(w, "\n|---|")
	for range cols {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
}

// versus prints, per case, each column's median (a time, or what format
// writes) and its ratio to the base column.
func versus(w io.Writer, r *run, cases []string, cols []column, base string, format func(float64) string) {
	header(w, "payload", cols)
	for _, c := range cases {
		b, _, okb := r.get(c, base)
		if !slices.ContainsFunc(cols, func(col column) bool { _, _, ok := r.get(c, col.codec); return ok }) {
			continue // a payload none of the columns was run on
		}
		fmt.Fprintf(w, "| %s |", label(c))
		for _, col := range cols {
			ns, _, ok := r.get(c, col.codec)
			switch {
			case !ok:
				fmt.Fprint(w, " — |")
			case col.codec == base || !okb:
				fmt.Fprintf(w, " %s |", format(ns))
			default:
				fmt.Fprintf(w, " %s (%s) |", format(ns), fmtRatio(ns/b))
			}
		}
		fmt.Fprintln(w)
	}
}

func allocTable(w io.Writer, r *run, cases []string, cols []column) {
	header(w, "allocs/op", cols)
	for _, c := range cases {
		fmt.Fprintf(w, "| %s |", label(c))
		for _, col := range cols {
			if _, a, ok := r.get(c, col.codec); ok {
				fmt.Fprintf(w, " %.0f |", a)
			} else {
				fmt.Fprint(w, " — |")
			}
		}
		fmt.Fprintln(w)
	}
}

// lenientTable compares normgen on lenient payloads with normgen on the
// clean payload carrying the same value.
func lenientTable(w io.Writer, r *run) {
	type row struct{ c, clean string }
	rows := []row{{"search_string_scalars", "search_clean"}, {"search_stringified", "search_clean"}, {"review_string_scalars", "review_clean"}}
	for _, kind := range []string{"strings", "ints"} {
		for _, s := range sizes {
			rows = append(rows, row{kind + "_text_" + s, kind + "_" + s})
		}
	}
	fmt.Fprintln(w, "| payload | normgen | vs the same value sent clean | map + WeakDecode |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, x := range rows {
		ns, _, ok := r.get(x.c, "normgen")
		if !ok {
			continue
		}
		ratio := "—"
		if b, _, ok := r.get(x.clean, "normgen"); ok {
			ratio = fmtRatio(ns / b)
		}
		weak := "cannot read it"
		if m, _, ok := r.get(x.c, "map_weakdecode"); ok {
			weak = fmtTime(m) + " (" + fmtRatio(m/ns) + " normgen's)"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", label(x.c), fmtTime(ns), ratio, weak)
	}
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("table: ")
	v2 := flag.String("v2", "", "output of the same benchmarks built with GOEXPERIMENT=jsonv2")
	other := flag.String("other", "", "output of other benchmarks to list")
	icount := flag.Bool("icount", false, "FILE holds instruction counts (icount.sh)")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: table [-v2 FILE] [-other FILE] FILE, or table -icount FILE")
	}
	if *icount {
		f, err := os.Open(flag.Arg(0))
		if err != nil {
			log.Fatal(err)
		}
		r, err := parseCounts(f)
		f.Close()
		if err != nil {
			log.Fatalf("%s: %v", flag.Arg(0), err)
		}
		fmt.Fprintln(os.Stdout, "Instructions per decode, and ratio to encoding/json's:")
		fmt.Fprintln(os.Stdout)
		cases := r.cases()
		versus(os.Stdout, r, cases, present(r, libraries, cases), "encoding_json", fmtCount)
		return
	}
	r := readRun(flag.Arg(0))
	w := os.Stdout
	cases := cleanCases()

	fmt.Fprintf(w, "Decode time, median of %d, and ratio to encoding/json in the same run (lower is faster):\n\n", r.samples())
	versus(w, r, cases, present(r, libraries, cases), "encoding_json", fmtTime)

	fmt.Fprintln(w, "\nAllocations per decode:")
	fmt.Fprintln(w)
	small := []string{"search_clean", "review_clean"}
	allocTable(w, r, small, present(r, libraries, small))

	fmt.Fprintln(w, "\nLenient input (what only normgen, and partly map + WeakDecode, read):")
	fmt.Fprintln(w)
	lenientTable(w, r)

	fmt.Fprintln(w, "\nnormgen's entry points, ratio to strict encoding/json:")
	fmt.Fprintln(w)
	entry := []column{
		{"encoding_json", "encoding/json (strict)"},
		{"normgen", "`x.UnmarshalJSON`"},
		{"normgen_json_unmarshal", "`json.Unmarshal(data, &x)`"},
		{"json_unmarshal_floor", "`json.Unmarshal` into a no-op `UnmarshalJSON` (its floor)"},
		{"normgen_tool_decode", "`Tool.Decode` (fixes recorded)"},
	}
	ecases := []string{"search_clean", "search_stringified", "review_clean", "review_string_scalars", "string_1MB", "strings_1MB", "ints_1MB"}
	versus(w, r, ecases, present(r, entry, ecases), "encoding_json", fmtTime)

	if *v2 != "" {
		r2 := readRun(*v2)
		fmt.Fprintf(w, "\nBuilt with `GOEXPERIMENT=jsonv2` (encoding/json runs on the v2 engine), median of %d:\n\n", r2.samples())
		cols := []column{{"encoding_json", "encoding/json (v2 engine)"}, {"encoding_json_v2", "encoding/json/v2"}, {"normgen", "**normgen**"}}
		versus(w, r2, cases, present(r2, cols, cases), "encoding_json", fmtTime)
		fmt.Fprintln(w, "\nThrough `json.Unmarshal` on the v2 engine, ratio to strict encoding/json (v2 engine):")
		fmt.Fprintln(w)
		cols = []column{{"encoding_json", "encoding/json (v2 engine)"}, {"normgen_json_unmarshal", "`json.Unmarshal(data, &x)`"}, {"json_unmarshal_floor", "no-op `UnmarshalJSON` (floor)"}}
		versus(w, r2, ecases, present(r2, cols, ecases), "encoding_json", fmtTime)
	}
	if *other != "" {
		ro := readRun(*other)
		fmt.Fprintf(w, "\nOther benchmarks (median of %d):\n\n", ro.samples())
		fmt.Fprintln(w, "| benchmark | time | allocs |")
		fmt.Fprintln(w, "|---|---|---|")
		for _, n := range ro.names {
			res := ro.results[n]
			a := "—"
			if len(res.allocs) > 0 {
				a = strconv.FormatFloat(median(res.allocs), 'f', -1, 64)
			}
			fmt.Fprintf(w, "| %s | %s | %s |\n", n, fmtTime(median(res.ns)), a)
		}
	}
	for _, e := range r.env {
		if strings.HasPrefix(e, "cpu:") {
			fmt.Fprintf(w, "\n%s\n", e)
		}
	}
}
