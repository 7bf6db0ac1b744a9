package benchcov

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/rulespec"
	"github.com/normgen/normgen/lenient"
	"github.com/normgen/normgen/lint"
)

var (
	update = flag.Bool("update", false, "run every schema and rewrite docs/coverage.md and testdata/baseline.json")
	all    = flag.Bool("all", false, "run every schema (not the sample) and compare with the baseline")
)

// archive is JSONSchemaBench's data, beside the repository (CI has it).
const archive = "../../../shared/testdata/jsonschemabench/data.tar.xz"

// sampleEvery: go test runs every sampleEvery-th schema (by set and file
// name); -all and -update run all of them.
const sampleEvery = 8

// Limits per schema (the issue's): time and memory allocated.
const (
	maxTime  = time.Second
	maxBytes = 1 << 30
	// hang: reported as a hang, and the run goes on. Wall time on a
	// shared runner: 20 s once cut a schema's instance check that takes
	// about a second, with other jobs on both cores, which then read as
	// a schema with no instance and changed docs/coverage.md.
	hang = 60 * time.Second
	// slack: a schema fails past slack times maxTime of wall time (a
	// loaded runner); those past maxTime are counted in the log.
	slack = 5
)

// baseline is testdata/baseline.json: what the last -update measured.
type baseline struct {
	Sample result `json:"sample"`
	All    result `json:"all"`
}

type result struct {
	Schemas int `json:"schemas"`
	Values  int `json:"values"`
	Lenient int `json:"lenient"`
}

// TestCoverage runs the schemas of JSONSchemaBench through what
// `normgen catalog -from`, `rules -catalog` and `check -host all` do
// (derive.Catalog, lint.CheckHosts), each schema within maxTime and
// maxBytes, counts their typed values and what the deriver makes of
// each, and fails when fewer are lenient than the baseline says. With
// -update it runs every schema and rewrites docs/coverage.md and the
// baseline: go test ./internal/benchcov -update
func TestCoverage(t *testing.T) {
	files := corpus(t)
	full := *all || *update
	sets := map[string]*Summary{}
	total := &Summary{}
	var slowest, heaviest string
	var maxT time.Duration
	var maxB uint64
	silent, over := 0, 0
	var st instStats
	st.skipped = map[string]int{}
	start := time.Now()
	// Every schema on every CPU: measured, then its instances checked
	// (unchanged), which finds its derivation in the process's cache.
	type outcome struct {
		m    measured
		err  error
		inst instances
	}
	out := make([]outcome, len(files))
	onEachCPU(len(files), func(i int) {
		data, err := os.ReadFile(files[i])
		if err != nil {
			out[i].err = err
			return
		}
		out[i].m, out[i].err = measure(data)
		if out[i].err == nil {
			// (sent as a model might: in CI's run of every schema)
			out[i].inst = unchanged(schemaName(files[i]), data, full)
		}
	})
	// Measured beside other work, a schema's time and allocation are at
	// most what it takes alone (the process's allocation counts the
	// other CPUs' too): those past half a bound, and the slowest and the
	// most allocating, are measured again alone.
	slow, heavy := -1, -1
	for i, o := range out {
		if o.err != nil {
			continue
		}
		if slow < 0 || o.m.elapsed > out[slow].m.elapsed {
			slow = i
		}
		if heavy < 0 || o.m.bytes > out[heavy].m.bytes {
			heavy = i
		}
	}
	for i := range out {
		o := &out[i]
		if o.err != nil || i != slow && i != heavy && o.m.elapsed <= maxTime/2 && o.m.bytes <= maxBytes/2 {
			continue
		}
		data, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		alone, err := measureAs("alone", data) // (derived again, not found)
		if err != nil {
			o.err = err
			continue
		}
		o.m.elapsed, o.m.bytes = alone.elapsed, alone.bytes
	}
	var insts []instances
	var checks []string // the schemas whose instances were checked
	for i, f := range files {
		set := filepath.Base(filepath.Dir(f))
		name := schemaName(f)
		m, err := out[i].m, out[i].err
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if m.elapsed > maxT {
			maxT, slowest = m.elapsed, name
		}
		if m.bytes > maxB {
			maxB, heaviest = m.bytes, name
		}
		if m.elapsed > maxTime {
			over++
			if m.elapsed > slack*maxTime { // wall time, on a shared machine
				t.Errorf("%s: %v, more than %d times %v", name, m.elapsed, slack, maxTime)
			}
		}
		if m.bytes > maxBytes {
			t.Errorf("%s: %d bytes allocated, more than %d", name, m.bytes, maxBytes)
		}
		for _, v := range m.values {
			if strings.HasPrefix(v.Reason, ReasonNone) {
				silent++
				if silent <= 5 {
					// (never dropped silently: a value left strict is
					// named, with why)
					t.Errorf("%s: %s (%s) left strict without a warning", name, v.Path, v.Type)
				}
			}
		}
		checks = append(checks, f)
		insts = append(insts, out[i].inst)
		if m.recursive {
			st.recursive++
		}
		if sets[set] == nil {
			sets[set] = &Summary{}
		}
		sets[set].Add(m.values)
		total.Add(m.values)
	}
	for i, inst := range insts {
		name := schemaName(checks[i])
		if inst.unequal > 0 {
			t.Errorf("%s: %d of %d strict-valid instances sent as a model might: %s", name, inst.unequal, inst.sent, inst.unequalExample)
		}
		st.sent += inst.sent
		switch {
		case inst.failed > 0:
			t.Errorf("%s: normalize changed %d of %d strict-valid instances (%d of them with another's JSON text in their strings): %s", name, inst.failed, inst.valid+inst.crossed, inst.crossed, inst.example) // or the rules did not load
		case inst.skipped != "":
			st.skipped[inst.skipped]++
		default:
			st.checked++
		}
		st.valid += inst.valid
		st.crossed += inst.crossed
	}
	if silent > 5 {
		t.Errorf("%d typed values left strict without a warning in all", silent)
	}
	t.Logf("%d schemas over %v (wall time)", over, maxTime)
	t.Logf("strict-valid instances: %d, from %d schemas (%d sent as a model might, %d more with another's JSON text in their strings); schemas not checked: %v", st.valid, st.checked, st.sent, st.crossed, st.skipped)
	t.Logf("%s in %v; slowest %s (%v), most allocated %s (%d MB)", total, time.Since(start).Round(time.Millisecond), slowest, maxT, heaviest, maxB>>20)
	for k, v := range total.Reasons {
		if v > total.Values/200 {
			t.Logf("%6d %s", v, k)
		}
	}
	got := result{Schemas: total.Schemas, Values: total.Values, Lenient: total.Lenient}

	var base baseline
	if b, err := os.ReadFile("testdata/baseline.json"); err == nil {
		if err := json.Unmarshal(b, &base); err != nil {
			t.Fatal(err)
		}
	} else if !*update {
		t.Fatalf("%v; run go test ./internal/benchcov -update", err)
	}
	if *update {
		base.All = got
		base.Sample = sampleResult(t, files)
		b, _ := json.MarshalIndent(base, "", "  ")
		if err := os.WriteFile("testdata/baseline.json", append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("../../docs/coverage.md", []byte(report(sets, total, st)), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := base.Sample
	if full {
		want = base.All
	}
	if got.Schemas != want.Schemas {
		t.Errorf("%d schemas, the baseline has %d (go test ./internal/benchcov -update rewrites it)", got.Schemas, want.Schemas)
	}
	if got.Lenient < want.Lenient || got.Values != want.Values {
		t.Errorf("coverage dropped: %d of %d typed values lenient, the baseline has %d of %d (go test ./internal/benchcov -update rewrites it where that is meant)", got.Lenient, got.Values, want.Lenient, want.Values)
	}
	if full {
		doc, err := os.ReadFile("../../docs/coverage.md")
		if err != nil {
			t.Fatal(err)
		}
		if string(doc) != report(sets, total, st) {
			t.Errorf("docs/coverage.md is not what this run gives: go test ./internal/benchcov -update")
		}
	}
}

// sampleResult measures the sample of files (which -update ran whole).
func sampleResult(t *testing.T, files []string) result {
	s := &Summary{}
	for i, f := range files {
		if i%sampleEvery != 0 {
			continue
		}
		data, _ := os.ReadFile(f)
		if m, err := measure(data); err == nil {
			s.Add(m.values)
		}
	}
	return result{Schemas: s.Schemas, Values: s.Values, Lenient: s.Lenient}
}

// corpus extracts JSONSchemaBench's data into a temporary directory and
// returns its schema files: every one with -all or -update, else the
// sample (one in sampleEvery). Outside CI, without the data, the test
// is skipped.
func corpus(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(archive); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("JSONSchemaBench's data is not at %s (CI has ../shared beside the clone): %v", archive, err)
		}
		t.Skipf("JSONSchemaBench's data is not at %s (../shared beside the clone); skipped outside CI", archive)
	}
	dir := t.TempDir()
	if out, err := exec.Command("tar", "-xJf", archive, "-C", dir).CombinedOutput(); err != nil {
		t.Fatalf("tar -xJf %s: %v\n%s", archive, err, out)
	}
	files := schemaFiles(t, filepath.Join(dir, "data"))
	if *all || *update {
		return files
	}
	var sample []string
	for i, f := range files {
		if i%sampleEvery == 0 {
			sample = append(sample, f)
		}
	}
	return sample
}

func schemaFiles(t *testing.T, dir string) []string {
	var files []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

type measured struct {
	values    []Value
	recursive bool // a recursive definition read at every depth (a group path)
	elapsed   time.Duration
	bytes     uint64
}

// measure runs one schema as a one-tool catalog through derive.Catalog
// (catalog -from, rules -catalog) and lint.CheckHosts (check -host all),
// timing that and counting what it allocates, and then lists its typed
// values (the measure's own work, not timed); a run past hang is an
// error. The tool is named t.
func measure(schema []byte) (measured, error) { return measureAs("t", schema) }

// measureAs is measure with the tool named tool: a name the process has
// not derived the schema for makes sure it is derived, not found in the
// cache of derivations.
func measureAs(tool string, schema []byte) (measured, error) {
	type result struct {
		m   measured
		err error
	}
	done := make(chan result, 1)
	go func() {
		var m measured
		defer func() {
			if r := recover(); r != nil {
				done <- result{m, fmt.Errorf("panic: %v", r)}
			}
		}()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		root, err := jsonnode.Parse(schema)
		if err != nil {
			done <- result{m, nil} // not JSON: nothing to count
			return
		}
		if err := deriveAndCheck(tool, root); err != nil {
			done <- result{m, err}
			return
		}
		m.elapsed = time.Since(start)
		runtime.ReadMemStats(&after)
		m.bytes = after.TotalAlloc - before.TotalAlloc
		d := derive.FromNode(tool, root) // (the derivation Catalog made, for the process)
		m.values = Values(root, d)
		m.recursive = slices.ContainsFunc(d.Rules, func(r lenient.Rule) bool {
			// (a group step: a pattern step may spell ")*" too)
			segs, err := rulespec.ParsePath(r.Path)
			return err == nil && slices.ContainsFunc(segs, func(s rulespec.Step) bool { return s.Each == '*' })
		})
		done <- result{m, nil}
	}()
	select {
	case r := <-done:
		return r.m, r.err
	case <-time.After(hang):
		return measured{}, errors.New("no result in " + hang.String() + " (a hang)")
	}
}

// deriveAndCheck does what TestCoverage bounds for one schema: what
// `normgen catalog -from`, `rules -catalog` and `check -host all` do
// (derive.Catalog, lint.CheckHosts) with a catalog of one tool, named
// tool, whose input schema is root.
func deriveAndCheck(tool string, root *jsonnode.Node) error {
	catalog := []byte(`{"tools":[{"name":` + strconv.Quote(tool) + `,"inputSchema":` + string(root.Marshal()) + `}]}`)
	if _, err := derive.Catalog(catalog); err != nil {
		return err
	}
	_, err := lint.CheckHosts(catalog, lint.Hosts())
	return err
}

// schemaName names a schema file by its set and file name.
func schemaName(f string) string {
	return filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f)
}

// instStats totals what unchanged found.
type instStats struct {
	checked, valid int            // schemas with strict-valid instances, and those instances
	sent           int            // of those, sent as a model might and judged (unchanged)
	crossed        int            // strict-valid ones with another's JSON text in their strings (crossTexts)
	recursive      int            // schemas with a recursive definition read at every depth
	skipped        map[string]int // schemas without, by why
}

// report is docs/coverage.md.
func report(sets map[string]*Summary, total *Summary, st instStats) string {
	var b strings.Builder
	b.WriteString(`# Coverage on JSONSchemaBench

[normgen](../README.md) · part of its documentation.

What the deriver (package [` + "`derive`" + `](adapters.md), ` + "`normgen catalog -from`" + `)
makes lenient in the 9,557 real-world JSON Schemas of JSONSchemaBench
(Geng et al., "Generating Structured Outputs from Language Models:
Benchmark and Studies", arXiv:2501.10868; guidance-ai/jsonschemabench),
each schema taken as a tool's input schema. A typed value is a value
that a schema types integer, number, boolean, array or object, at any
depth (below the root; a root that is not an object counts as one), named
by its rule path: lenient where a rule reads its string form or its JSON
text, else left strict for the reason given. Every schema went through
what ` + "`catalog -from`" + `, ` + "`rules -catalog`" + ` and ` + "`check -host all`" + `
do, each within 1 GB and five seconds of wall time (the test's bounds;
it logs the schemas past one second, the target). This page is written by
` + "`go test ./internal/benchcov -update`" + `; ` + "`go test ./...`" + ` checks a
sample of one schema in 8 against ` + "`internal/benchcov/testdata/baseline.json`" + `
and fails when fewer values are lenient, and CI checks every schema.

| set | schemas | typed values | lenient | share |
|---|---:|---:|---:|---:|
`)
	names := make([]string, 0, len(sets))
	for n := range sets {
		names = append(names, n)
	}
	slices.Sort(names)
	row := func(name string, s *Summary) {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.1f%% |\n", name, s.Schemas, s.Values, s.Lenient, s.Percent())
	}
	for _, n := range names {
		row(n, sets[n])
	}
	row("**all**", total)
	notObject := 0
	for k, v := range total.Reasons {
		if strings.HasPrefix(k, "the input schema is not ") {
			notObject += v
		}
	}
	if values := total.Values - notObject; values > 0 {
		fmt.Fprintf(&b, `
A tool's arguments are a JSON object (MCP's `+"`inputSchema`"+` is of type
object), so a schema whose root is not an object cannot be a tool's input
schema as it is: of the values of the other schemas, %d of %d are
lenient (%.1f%%).
`, total.Lenient, values, 100*float64(total.Lenient)/float64(values))
		if anyString := total.Reasons[ReasonAnyString]; anyString > 0 {
			fmt.Fprintf(&b, `
A value whose union takes any string already takes its string form or
JSON text as it is: nothing is left to read there. Counted with the
lenient ones, %d of those %d values are taken in their string form
(%.1f%%); the figures above do not count them.
`, total.Lenient+anyString, values, 100*float64(total.Lenient+anyString)/float64(values))
		}
	}
	b.WriteString("\nWhy the other values are left strict:\n\n| reason | values |\n|---|---:|\n")
	type kv struct {
		k string
		v int
	}
	var reasons []kv
	for k, v := range total.Reasons {
		reasons = append(reasons, kv{k, v})
	}
	slices.SortFunc(reasons, func(a, b kv) int {
		if a.v != b.v {
			return b.v - a.v
		}
		return strings.Compare(a.k, b.k)
	})
	for _, r := range reasons {
		fmt.Fprintf(&b, "| %s | %d |\n", strings.ReplaceAll(r.k, "|", `\|`), r.v)
	}
	fmt.Fprintf(&b, `
A reason that begins "the input schema" is the root's: such a schema is
kept as it is, and each of its values counts as left strict for it. A
value behind a reference the deriver keeps (a recursive one, one past
the size bound) counts once, at the reference, and so does one below a
recursive definition the deriver reads at every depth (its rules'
paths repeat the steps of its references to itself, `+"`tree(.kids[])*.value`"+`:
%d schemas), at its first depth; the members of a map
declared beside its pattern, with its values' schema, are its values
(one path, at `+"`{}`"+`); the values of another pattern of
`+"`patternProperties`"+` are named by its pattern step
(`+"`env{\"^[A-Z_]+$\"}`"+`), one path for each pattern. A reason that begins
"inside a value left strict" is the warning of the nearest value above
it, which the deriver keeps as it is with what it holds (a `+"`$ref`"+` with
siblings, say).

Normalize changes nothing a strict schema takes: from each schema,
%d candidate arguments objects are generated (`+"`internal/schemagen`"+`, the
generator of the adapters' property test), those the strict schema
validates (santhosh-tekuri/jsonschema, in the draft its `+"`$schema`"+` names)
are normalized with the derived rules, and each comes out byte for byte
as it went in, with no fix recorded: %d instances from %d schemas; so
does each made by writing, in the strings of one, the JSON text of the
array or object that another holds at the same place, where the
strict schema takes it (a string a rule path for another branch's array
there would read as JSON text): %d more.
Those among the first %d candidates of each schema are also sent as a
model might (numbers and booleans as their text, arrays and objects
below the arguments as JSON text, at random), and the rewrite admits
each exactly where the rules, then the strict schema, take it, as
`+"`FuzzDeriveEquivalentShapes`"+` holds it (JSON text that parses but holds no
valid value, and a number's text held to no bound, apart): %d instances,
where the rewrite compiles (in the run of every schema, not the sample);
and each of them that the strict schema takes as it is sent comes out of
normalize unchanged too.
`, st.recursive, perSchema, st.valid, st.checked, st.crossed, sentAsModel, st.sent)
	var whys []string
	for k := range st.skipped {
		whys = append(whys, k)
	}
	slices.Sort(whys)
	if len(whys) > 0 {
		b.WriteString("Schemas with no such instance:")
		for i, k := range whys {
			if i > 0 {
				b.WriteString(";")
			}
			fmt.Fprintf(&b, " %d %s", st.skipped[k], k)
		}
		b.WriteString(".\n")
	}
	return b.String()
}
