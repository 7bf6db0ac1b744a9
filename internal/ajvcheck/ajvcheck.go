// Package ajvcheck validates JSON instances against JSON Schemas with AJV
// (draft 2020-12, strict mode with union types allowed), the validator inside JavaScript MCP hosts,
// by running node on check.mjs with the repository's node_modules.
//
// Tests call it in one batch per test so that node starts once (a batch
// of several hundred cases is shared among one node process per CPU).
// Where node
// or the ajv package is missing the test is skipped, except when the CI
// environment variable is "true": there it fails, so CI cannot pass
// without running AJV.
package ajvcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
)

// Case is one schema with the instances to validate against it.
type Case struct {
	Schema    json.RawMessage   `json:"schema"`
	Instances []json.RawMessage `json:"instances"`
	// OwnRefused says that AJV refuses the server's own schema, of which
	// Schema is a rewrite, for the same reason (a draft AJV's 2020-12
	// build does not know, a strict-mode complaint about its shape): a
	// host then lists no such tool, with or without the rewrite. Where
	// AJV cannot compile such a case its instances go unjudged instead
	// of failing the test.
	OwnRefused bool `json:"-"`
	// Discriminator turns on AJV's discriminator option, under which it
	// enforces OpenAPI's discriminator (a tag naming the oneOf branch an
	// object is held to), as hosts that set it do; AJV then refuses a
	// discriminator with a mapping, which it does not support.
	Discriminator bool `json:"discriminator,omitempty"`
}

type result struct {
	Error string `json:"error"`
	Valid []bool `json:"valid"`
}

// Validate returns, per case, whether AJV accepts each instance. A schema
// AJV refuses to compile fails the test, but for a case marked
// OwnRefused (whose answer is then nil).
func Validate(t testing.TB, cases []Case) [][]bool {
	t.Helper()
	out, err := run(cases)
	if err != nil {
		if errors.Is(err, errUnavailable) && os.Getenv("CI") != "true" {
			t.Skipf("AJV check skipped: %v (run `npm ci` at the repository root)", err)
		}
		t.Fatalf("AJV: %v", err)
	}
	valid := make([][]bool, len(out))
	for i, r := range out {
		if r.Error != "" {
			if cases[i].OwnRefused {
				continue
			}
			t.Errorf("AJV cannot compile schema %d: %s\n%s", i, r.Error, cases[i].Schema)
			continue
		}
		valid[i] = r.Valid
	}
	return valid
}

// Available reports whether AJV can judge here (node, and the
// repository's ajv from npm ci): where not, ValidateOrNone answers
// nothing, and a check that needs AJV's answer cannot be made.
func Available() bool {
	_, err := available()
	return err == nil
}

// ValidateOrNone is Validate for a check where AJV is one judge beside
// others (the Go validator): outside CI, without node or ajv, it logs so
// and answers for no case (each nil), so that the caller's other judges
// still run; Validate would skip the whole test there, the Go
// validator's judgement with it.
func ValidateOrNone(t testing.TB, cases []Case) [][]bool {
	t.Helper()
	if os.Getenv("CI") != "true" {
		if _, err := available(); err != nil {
			t.Logf("AJV's judgement left out: %v (run `npm ci` at the repository root)", err)
			return make([][]bool, len(cases))
		}
	}
	return Validate(t, cases)
}

var errUnavailable = errors.New("node or ajv is not installed")

// available returns node's path, or errUnavailable where node or the
// repository's ajv (npm ci) is missing.
func available() (string, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return "", fmt.Errorf("%w: %v", errUnavailable, err)
	}
	if _, err := os.Stat(filepath.Join(repoRoot(), "node_modules", "ajv", "package.json")); err != nil {
		return "", fmt.Errorf("%w: %v", errUnavailable, err)
	}
	return node, nil
}

// run judges cases in node: in one process, or, for a large batch, in
// one process per CPU at once, each a share of the cases in order (AJV
// runs on one thread: a batch of a thousand schemas judged in one
// process leaves the other CPUs idle).
func run(cases []Case) ([]result, error) {
	n := min(runtime.GOMAXPROCS(0), len(cases)/minShare)
	if n <= 1 {
		return run1(cases)
	}
	out := make([][]result, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		share := cases[i*len(cases)/n : (i+1)*len(cases)/n]
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = run1(share)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return slices.Concat(out...), nil
}

// minShare is the fewest cases a node process judges when a batch is
// shared among several.
const minShare = 100

// run1 judges cases in one node process.
func run1(cases []Case) ([]result, error) {
	root := repoRoot()
	script := filepath.Join(root, "internal", "ajvcheck", "check.mjs")
	node, err := available()
	if err != nil {
		return nil, err
	}
	in, err := json.Marshal(cases)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(node, script)
	cmd.Dir = root
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node %s: %v: %s", script, err, stderr.String())
	}
	var out []result
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("reading AJV's answer: %v", err)
	}
	if len(out) != len(cases) {
		return nil, fmt.Errorf("AJV answered %d cases for %d", len(out), len(cases))
	}
	return out, nil
}

// repoRoot is the repository root, found from this file's location.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}
