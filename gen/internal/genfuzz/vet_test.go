package genfuzz

import (
	"context"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/assign"
	"golang.org/x/tools/go/analysis/passes/bools"
	"golang.org/x/tools/go/analysis/passes/composite"
	"golang.org/x/tools/go/analysis/passes/copylock"
	"golang.org/x/tools/go/analysis/passes/nilfunc"
	"golang.org/x/tools/go/analysis/passes/shift"
	"golang.org/x/tools/go/analysis/passes/stdmethods"
	"golang.org/x/tools/go/analysis/passes/structtag"
	"golang.org/x/tools/go/analysis/passes/unreachable"
	"golang.org/x/tools/go/packages"
)

// vetAnalyzers are go vet's analyzers that need no facts from other
// packages: they run in this process on one package, in a fuzz input's
// time. structtag is the one that reads struct tags as reflect does;
// stdmethods checks the generated UnmarshalJSON's signature.
var vetAnalyzers = []*analysis.Analyzer{structtag.Analyzer, stdmethods.Analyzer, assign.Analyzer, bools.Analyzer, composite.Analyzer, copylock.Analyzer, nilfunc.Analyzer, shift.Analyzer, unreachable.Analyzer}

// vetInProcess type-checks the package in dir with its generated code and
// runs vetAnalyzers on it: what go build and go vet would say of it.
func vetInProcess(ctx context.Context, t *testing.T, dir string) {
	t.Helper()
	cfg := &packages.Config{Context: ctx, Dir: dir, Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedTypesSizes}
	pkgs, err := packages.Load(cfg, ".")
	if ctx.Err() != nil {
		t.Skipf("out of the input's time (%v) on this machine", inputTime)
	}
	if err != nil || len(pkgs) != 1 {
		t.Fatalf("loading %s: %v (%d packages)", dir, err, len(pkgs))
	}
	p := pkgs[0]
	for _, e := range p.Errors {
		t.Errorf("the generated code does not compile: %v", e)
	}
	if t.Failed() {
		return
	}
	results := map[*analysis.Analyzer]any{}
	var run func(a *analysis.Analyzer) any
	run = func(a *analysis.Analyzer) any {
		if r, ok := results[a]; ok {
			return r
		}
		if len(a.FactTypes) > 0 {
			t.Fatalf("vet analyzer %s needs facts: it cannot run on one package", a.Name)
		}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       p.Fset,
			Files:      p.Syntax,
			Pkg:        p.Types,
			TypesInfo:  p.TypesInfo,
			TypesSizes: p.TypesSizes,
			ResultOf:   map[*analysis.Analyzer]any{},
			Report: func(d analysis.Diagnostic) {
				t.Errorf("go vet (%s): %s: %s", a.Name, p.Fset.Position(d.Pos), d.Message)
			},
			ReadFile:          func(string) ([]byte, error) { return nil, nil },
			ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
			ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
			ExportObjectFact:  func(types.Object, analysis.Fact) {},
			ExportPackageFact: func(analysis.Fact) {},
		}
		for _, req := range a.Requires {
			pass.ResultOf[req] = run(req)
		}
		r, err := a.Run(pass)
		if err != nil {
			t.Fatalf("vet analyzer %s: %v", a.Name, err)
		}
		if a.ResultType != nil && r != nil && reflect.TypeOf(r) != a.ResultType {
			t.Fatalf("vet analyzer %s: result %T", a.Name, r)
		}
		results[a] = r
		return r
	}
	for _, a := range vetAnalyzers {
		run(a)
	}
}
