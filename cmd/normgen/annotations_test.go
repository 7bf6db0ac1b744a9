package main

import (
	"bytes"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/jsonnode"
)

// TestCatalogVendorKeywords: GitHub's MCP server marks its owner and repo
// arguments with x-mcp-header (SEP-2243: a client mirrors them into HTTP
// headers), a vendor keyword, which JSON Schema 2020-12 reads as an
// annotation. Through catalog -from its catalog gives the rewrite it
// gives without the keyword (kept where it stands), with no warning; a
// keyword of another draft that may constrain (draft-03's divisibleBy)
// leaves its fields strict with one warning for all of them.
func TestCatalogVendorKeywords(t *testing.T) {
	plain := mustRead(t, catalogFile("github-mcp-server.json"))
	marked, headers, _ := withKeyword(t, plain, func(name string, s *derive.Node) (string, *derive.Node) {
		if name == "owner" || name == "repo" {
			return "x-mcp-header", jsonnode.String(strings.ToUpper(name[:1]) + name[1:])
		}
		return "", nil
	})
	if headers < 100 {
		t.Fatalf("%d owner and repo arguments marked, want over 100", headers)
	}
	want, warnPlain := catalogFromFile(t, plain)
	got, warnMarked := catalogFromFile(t, marked)
	if warnMarked != warnPlain {
		t.Errorf("x-mcp-header changed the warnings:\n%s\nwant\n%s", warnMarked, warnPlain)
	}
	if n := bytes.Count(got, []byte(`"x-mcp-header"`)); n != headers {
		t.Errorf("x-mcp-header kept %d times, want %d", n, headers)
	}
	stripped, _, _ := withKeyword(t, got, nil)
	if !bytes.Equal(stripped, mustNode(t, string(want)).Marshal()) {
		t.Errorf("x-mcp-header changed the rewrite of its fields")
	}

	// divisibleBy on every integer argument: one warning.
	constrained, n, _ := withKeyword(t, plain, func(name string, s *derive.Node) (string, *derive.Node) {
		if typ, _ := s.Get("type").AsString(); typ == "number" || typ == "integer" {
			return "divisibleBy", mustNode(t, `1`)
		}
		return "", nil
	})
	_, warns := catalogFromFile(t, constrained)
	if c := strings.Count(warns, `unknown keyword "divisibleBy"`); c != 1 || n < 10 {
		t.Errorf("divisibleBy on %d fields: %d warnings naming it, want 1:\n%s", n, c, warns)
	}
	if !strings.Contains(warns, `left strict here and at `+strconv.Itoa(n-1)+` more fields`) {
		t.Errorf("the warning does not count the %d other fields:\n%s", n-1, warns)
	}
}

// withKeyword returns catalog (compact) with the keyword add returns for
// each top-level argument set on its schema (add nil: every x-mcp-header
// removed), and how many it set.
func withKeyword(t *testing.T, catalog []byte, add func(name string, s *derive.Node) (string, *derive.Node)) ([]byte, int, error) {
	t.Helper()
	root, err := derive.ParseNode(catalog)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tool := range root.Get("tools").Items() {
		props := tool.Get("inputSchema").Get("properties")
		if props == nil {
			continue
		}
		for i, name := range props.Keys {
			s := props.Vals[i]
			if add == nil {
				if s.Get("x-mcp-header") != nil {
					s.Delete("x-mcp-header")
				}
				for _, b := range s.Get("anyOf").Items() {
					if b.Get("x-mcp-header") != nil {
						b.Delete("x-mcp-header")
					}
				}
				continue
			}
			if k, v := add(name, s); k != "" {
				s.Set(k, v)
				n++
			}
		}
	}
	return root.Marshal(), n, nil
}

// catalogFromFile runs catalog -from on catalog and returns its output
// and the warnings it logged.
func catalogFromFile(t *testing.T, catalog []byte) ([]byte, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(file, catalog, 0o644); err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	code, out := capture(t, func() int { return subcommands["catalog"]([]string{"-from", file}) })
	if code != 0 {
		t.Fatalf("catalog -from: exit %d\n%s", code, logged.String())
	}
	return out, logged.String()
}

func mustNode(t *testing.T, text string) *derive.Node {
	t.Helper()
	n, err := derive.ParseNode([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return n
}
