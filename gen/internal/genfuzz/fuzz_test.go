package genfuzz

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/gen/internal/profilecheck"
	"github.com/normgen/normgen/internal/tempmodule"
	"github.com/normgen/normgen/schema"
)

// The generator fuzzer. Its one property, for a random tool package:
// normgen refuses it with diagnostics that all have a position, or emits
// code that compiles, passes go vet, and keeps the invariant on calls
// generated from each tool's type (internal/rulecheck: rules equal the
// decoder, the fallback decoder and the fast path agree with it;
// internal/invariant: the schema accepts what the decoder accepts, and
// what the decoder refuses that a validator takes is a documented class).
// And no construct the generator must refuse is accepted in silence: a
// refused package loses the declarations the diagnostics stand on and is
// generated again, until normgen takes what is left, which must then hold
// no such construct.
//
// Go's fuzzing engine gives each input 10 seconds, less than a go vet and
// a go test of a fresh package take on a busy machine, so the property is
// checked in two parts:
//
//   - FuzzGenerate, per input (one package of a few tool types), in this
//     process: the diagnostics, nothing refused accepted, and the
//     generated code type-checked with the package and vetted by go vet's
//     analyzers that need no facts from other packages (structtag,
//     stdmethods, ...);
//   - TestCorpus (the checked-in corpus, testdata/fuzz/FuzzGenerate, and
//     the seeds) and TestRandom (-genfuzz.n fresh packages), in one
//     temporary module each: all of the above, then one go vet and one go
//     test of every package generated, which run the invariant and the
//     rules.
//
//	go test ./gen/internal/genfuzz -run '^$' -fuzz '^FuzzGenerate$' -fuzztime 200x
//	go test ./gen/internal/genfuzz -run '^TestRandom$' -genfuzz.n 20

var randomN = flag.Int("genfuzz.n", 0, "TestRandom: how many random packages to check (0: skip)")

func TestMain(m *testing.M) {
	// The temporary modules name only this repository in go.mod: the
	// generator's package loading and the go commands read them with
	// -mod=mod (t.Setenv is not for fuzz targets' workers).
	os.Setenv("GOFLAGS", "-mod=mod")
	os.Exit(m.Run())
}

// seeds are the fuzz target's seeds beside the corpus files.
var seeds = []string{"", "seed", "\x00\x01\x02\x03\x04\x05", "normgen"}

func FuzzGenerate(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !fuzzing() {
			t.Skip("the corpus runs in TestCorpus, in one batch")
		}
		mod := t.TempDir()
		if err := tempmodule.Write(mod, modulePath, nil); err != nil {
			t.Fatal(err)
		}
		// The engine kills a worker whose input takes 10 s (and reports
		// a crash); on a busy machine a package load or three may: such
		// an input is skipped, and TestRandom checks without a clock.
		ctx, cancel := context.WithTimeout(context.Background(), inputTime)
		defer cancel()
		p, _ := generate(ctx, t, mod, New("p", NewSource(data)))
		if p != nil && !t.Failed() {
			vetInProcess(ctx, t, filepath.Join(mod, "p"))
		}
	})
}

// fuzzing reports whether the test binary is fuzzing (-test.fuzz given).
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// TestCorpus runs the whole property on the checked-in corpus and the
// seeds, in one batch.
func TestCorpus(t *testing.T) {
	var inputs [][]byte
	for _, s := range seeds {
		inputs = append(inputs, []byte(s))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzGenerate", "*"))
	sort.Strings(files)
	for _, name := range files {
		data, err := readCorpusFile(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		inputs = append(inputs, data)
	}
	var pkgs []*Package
	for i, data := range inputs {
		pkgs = append(pkgs, New(fmt.Sprintf("p%d", i), NewSource(data)))
	}
	check(t, pkgs)
}

// TestRandom runs the whole property on -genfuzz.n fresh packages, in one
// batch; a failure names the seed that writes the package again.
func TestRandom(t *testing.T) {
	if *randomN == 0 {
		t.Skip("-genfuzz.n is 0")
	}
	base := time.Now().UnixNano()
	var pkgs []*Package
	for i := 0; i < *randomN; i++ {
		seed := strconv.FormatInt(base+int64(i), 36)
		t.Logf("p%d: seed %q (add it to the corpus as []byte(%q) to keep the case)", i, seed, seed)
		pkgs = append(pkgs, New(fmt.Sprintf("p%d", i), NewSource([]byte(seed))))
	}
	check(t, pkgs)
}

// inputTime is what a fuzz input may take, within the engine's 10 s.
const inputTime = 7 * time.Second

// modulePath is the temporary module's path: inside this repository's
// (a replace points it to the checkout), so that the generated packages'
// tests may import its internal packages.
const modulePath = "github.com/normgen/normgen/fuzzcases"

// readCorpusFile reads a Go fuzz corpus file holding one []byte value.
func readCorpusFile(name string) ([]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "[]byte(") || !strings.HasSuffix(lines[1], ")") {
		return nil, fmt.Errorf("not a corpus file of one []byte")
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	return []byte(s), err
}

// genTest is the test each generated package gets: the invariant and the
// rules on calls generated from each tool's type.
const genTest = `package %s

import (
	"testing"

	"github.com/normgen/normgen/internal/invariant"
	"github.com/normgen/normgen/internal/rulecheck"
)

func TestGenerated(t *testing.T) {
	tools := NormgenTools()
	rulecheck.Run(t, tools, nil, 150)
	calls, err := rulecheck.Calls(tools, 100)
	if err != nil {
		t.Fatal(err)
	}
	invariant.CheckGenerated(t, tools, calls)
}
`

// check runs the property on pkgs, in one temporary module.
func check(t *testing.T, pkgs []*Package) {
	mod := t.TempDir()
	if err := tempmodule.Write(mod, modulePath, nil); err != nil {
		t.Fatal(err)
	}
	var sources []string // of the packages generated, for failures
	tools, refused := 0, 0
	for _, p := range pkgs {
		refused += p.Refusals()
		final, src := generate(context.Background(), t, mod, p)
		if final != nil {
			sources = append(sources, src)
			tools += final.Tools()
		}
	}
	t.Logf("%d package(s): %d generated, with %d tool(s); %d construct(s) refused", len(pkgs), len(sources), tools, refused)
	if t.Failed() || len(sources) == 0 {
		return
	}
	show := func() string {
		return "\nthe packages:\n" + strings.Join(sources, "\n----\n")
	}
	if out, err := tempmodule.Go(mod, "vet", "./..."); err != nil {
		t.Fatalf("%v: the generated code does not build or vet:\n%s%s", err, out, show())
	}
	if out, err := tempmodule.Go(mod, "test", "-count=1", "./..."); err != nil {
		t.Fatalf("%v: the generated code breaks the invariant:\n%s%s", err, out, show())
	}
}

// generate generates p in mod, dropping the declarations normgen refuses
// until it takes the rest; it returns the package it generated (nil when
// nothing was left) and its source.
func generate(ctx context.Context, t *testing.T, mod string, p *Package) (*Package, string) {
	dir := filepath.Join(mod, p.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A package normgen refuses whole is left out of the build.
	defer func() {
		if _, err := os.Stat(filepath.Join(dir, "generated_test.go")); err != nil {
			os.RemoveAll(dir)
		}
	}()
	for {
		if p.Tools() == 0 {
			return nil, ""
		}
		src, expect := p.File()
		if err := os.WriteFile(filepath.Join(dir, p.Name+".go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		// Warnings (fields the openai-strict profile cannot express,
		// decoders of their own) are not what this property is about.
		files, diags := gen.Generate(ctx, gen.Config{Dir: dir, OnWarning: func(gen.Diagnostic) {}})
		if ctx.Err() != nil {
			t.Skipf("out of the input's time (%v) on this machine", inputTime)
		}
		if len(diags) == 0 {
			for _, e := range expect {
				t.Errorf("%s: normgen accepts %s (line %d) without a word\n%s", p.Name, e.Why, e.Lines[0], numbered(src))
			}
			for _, f := range files {
				if err := os.WriteFile(f.Path, f.Content, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			os.WriteFile(filepath.Join(dir, "generated_test.go"), fmt.Appendf(nil, genTest, p.Name), 0o644)
			checkDerived(ctx, t, dir)
			return p, src
		}
		lines := map[int]bool{}
		for _, d := range diags {
			switch {
			case strings.Contains(d.Msg, "normgen needs the package to type-check"):
				t.Fatalf("%s: the fuzzer wrote a package that does not compile: %s\n%s", p.Name, d, numbered(src))
			case d.Pos.Filename == "" || d.Pos.Line == 0:
				t.Errorf("%s: a diagnostic without a position: %s\n%s", p.Name, d, numbered(src))
			}
			lines[d.Pos.Line] = true
		}
		if t.Failed() {
			return nil, ""
		}
		next := p.Without(lines)
		if len(next.decls) == len(p.decls) {
			t.Errorf("%s: normgen refuses the package, but on no line of a declaration:\n%v\n%s", p.Name, diags, numbered(src))
			return nil, ""
		}
		p = next
	}
}

// checkDerived checks the typearray and gemini schemas of the tools
// generated in dir (internal/profilecheck): a server derives from each
// tool's portable schema what the generator writes, and what
// schemabuild.RootProfile gives in invopop's model.
func checkDerived(ctx context.Context, t *testing.T, dir string) {
	m, diags := gen.Load(ctx, gen.Config{Dir: dir, OnWarning: func(gen.Diagnostic) {}})
	if ctx.Err() != nil {
		t.Skipf("out of the input's time (%v) on this machine", inputTime)
	}
	if len(diags) > 0 {
		t.Errorf("%s: loaded again: %v", dir, diags)
		return
	}
	for _, tool := range m.Tools {
		problems, _ := profilecheck.Tool(tool.Name, gen.SchemaType(&gen.TypeRef{Kind: schema.Object, Struct: tool.Input}, 0))
		for _, p := range problems {
			t.Error(p)
		}
	}
}

// numbered is src with line numbers, for failure messages.
func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d %s\n", i+1, l)
	}
	return b.String()
}
