// Package runtimesize_test measures what generated code costs a server:
// the packages and the bytes that a program using only a generated
// decoder links (cmd/generated), against the same program with
// encoding/json alone (cmd/encodingjson).
package runtimesize_test

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/linkdeps"
)

// heavy are packages a program that only decodes tool arguments has no
// use for. The lenient runtime must not bring them in: a server built on
// generated code should link what encoding/json links, not an HTTP stack,
// TLS, templates or regular expressions it never calls (the search tool
// has no pattern tag, so its generated code imports no regexp either), nor
// the normalizer's log/slog or arbitrary-precision math/big.
var heavy = []string{"net/http", "crypto/tls", "html/template", "text/template", "regexp", "net", "log/slog", "math/big"}

// TestRuntimeDeps lists the packages the generated program and the lenient
// runtime link (go list -deps) and fails on any of heavy, naming the
// chain of imports that brings it in.
func TestRuntimeDeps(t *testing.T) {
	for _, pkg := range []string{"./cmd/generated", "github.com/normgen/normgen/lenient"} {
		g, err := linkdeps.List(".", pkg)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range heavy {
			if chain := g.Chain(h); chain != nil {
				t.Errorf("%s links %s: %s", pkg, h, strings.Join(chain, " -> "))
			}
		}
	}
}

// TestBinarySize builds both programs and fails when the generated one is
// more than maxRatio times the encoding/json one's size. The size is the
// sum of the binary's sections (those stored in the file), which moves
// with the code byte by byte: the file itself grows in 4 KB steps, as each
// segment starts on a page, so near the bound its size would say more
// about where a page ends than about the code. Both programs are built
// with -trimpath and -buildvcs=false, so that neither the checkout's path
// (written once per source file) nor its git state enters the size.
func TestBinarySize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs")
	}
	dir := t.TempDir()
	size := func(pkg string) int64 {
		bin := filepath.Join(dir, filepath.Base(pkg))
		if out, err := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-o", bin, pkg).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", pkg, err, out)
		}
		return binarySize(t, bin)
	}
	gen, std := size("./cmd/generated"), size("./cmd/encodingjson")
	ratio := float64(gen) / float64(std)
	t.Logf("generated decoder program %d bytes, encoding/json program %d bytes: %.3fx", gen, std, ratio)
	if ratio > maxRatio {
		t.Errorf("the program using the generated decoder is %d bytes, %.3fx the encoding/json program's %d; want at most %.3fx", gen, ratio, std, maxRatio)
	}
}

// binarySize is the sum of the sizes of bin's sections that the file
// stores, as stored (compressed debug sections compressed; not .bss), or,
// for a binary that is not ELF, the file's size.
func binarySize(t *testing.T, bin string) int64 {
	f, err := elf.Open(bin)
	if err != nil {
		fi, err := os.Stat(bin)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s is not ELF: comparing file sizes", bin)
		return fi.Size()
	}
	defer f.Close()
	var n int64
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOBITS {
			n += int64(s.FileSize)
		}
	}
	return n
}
