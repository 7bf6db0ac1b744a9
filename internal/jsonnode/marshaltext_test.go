package jsonnode

import (
	"sync"
	"testing"
)

// TestMarshalText: MarshalText is Marshal's text and SameJSON compares
// Marshal's bytes, from buffers reused across calls and goroutines: a
// text returned stays as it was after the buffer writes another.
func TestMarshalText(t *testing.T) {
	docs := []string{`{"a":[1,"x\u2028",{"b":null}],"c":"é"}`, `"s"`, `[]`, `{"a":[1,"x\u2028",{"b":null}],"c":"e"}`, `{"type":"integer","description":"n"}`}
	nodes := make([]*Node, len(docs))
	texts := make([]string, len(docs))
	for i, d := range docs {
		n, err := Parse([]byte(d))
		if err != nil {
			t.Fatal(err)
		}
		nodes[i], texts[i] = n, n.MarshalText()
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, n := range nodes {
				if got := n.MarshalText(); got != string(n.Marshal()) || got != texts[i] {
					t.Errorf("MarshalText = %s, Marshal = %s, first %s", got, n.Marshal(), texts[i])
				}
				for _, m := range nodes {
					if got, want := SameJSON(n, m), string(n.Marshal()) == string(m.Marshal()); got != want {
						t.Errorf("SameJSON(%s, %s) = %v", n.Marshal(), m.Marshal(), got)
					}
				}
			}
		}()
	}
	wg.Wait()
}
