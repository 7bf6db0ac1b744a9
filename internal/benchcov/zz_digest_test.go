package benchcov

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/internal/jsonnode"
)

// TestZZDigest writes, for every corpus schema, a digest of what derive
// makes of it, to ZZ_OUT.
func TestZZDigest(t *testing.T) {
	out := os.Getenv("ZZ_OUT")
	if out == "" {
		t.Skip()
	}
	files := schemaFiles(t, "/work/jsb/data")
	lines := make([]string, len(files))
	var wg sync.WaitGroup
	ch := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				data, _ := os.ReadFile(files[i])
				root, err := jsonnode.Parse(data)
				name := filepath.Base(filepath.Dir(files[i])) + "/" + filepath.Base(files[i])
				if err != nil {
					lines[i] = name + " notjson"
					continue
				}
				d := derive.FromNode("t", root)
				rules, _ := json.Marshal(d.Rules)
				w, _ := json.Marshal(d.Warnings)
				h := sha256.New()
				h.Write(d.Schema.Marshal())
				h.Write(rules)
				h.Write(w)
				lines[i] = fmt.Sprintf("%s %x", name, h.Sum(nil)[:8])
			}
		}()
	}
	for i := range files {
		ch <- i
	}
	close(ch)
	wg.Wait()
	sort.Strings(lines)
	os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}
