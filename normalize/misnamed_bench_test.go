package normalize

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// BenchmarkMisnamedCaseOnly: a clean call to a tool with objects whose
// fields are all required (a misnamed_key rule each, which refuses a key
// in another letter case alone) against the same call to the tool
// without those rules: the cost of looking for such a key, by how many
// such objects the tool has.
func BenchmarkMisnamedCaseOnly(b *testing.B) {
	for _, objects := range []int{0, 1, 4, 16} {
		var rules []lenient.Rule
		var call strings.Builder
		call.WriteString(`{"query":"find the open issues labelled bug","limit":30`)
		for i := range objects {
			rules = append(rules, lenient.Rule{ID: fmt.Sprintf("m%d", i), Tools: []string{"t"}, Type: lenient.RuleMisnamedKey,
				Path: fmt.Sprintf("o%d", i), Value: json.RawMessage(fmt.Sprintf(`[{"keys":["owner_%d"],"required":true},{"keys":["repo_%d"],"required":true}]`, i, i))})
		}
		for i := range 16 {
			fmt.Fprintf(&call, `,"o%d":{"owner_%d":"normgen","repo_%d":"normgen"}`, i, i, i)
		}
		call.WriteString(`}`)
		rules = append(rules, lenient.Rule{ID: "c", Tools: []string{"t"}, Type: lenient.RuleTypeCoerce, From: "limit", CoerceTo: "int"})
		n, err := New(rules)
		if err != nil {
			b.Fatal(err)
		}
		args := []byte(call.String())
		b.Run(fmt.Sprintf("objects=%d", objects), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(args)))
			for b.Loop() {
				if _, _, err := n.NormalizeJSON("t", args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMisnamedManyKeys: a refused call whose arguments hold n
// unknown keys, each a near spelling of a field it leaves out, against
// encoding/json reading the same call into a map: the rule reads the
// object's keys once for them all (heldKeys), so its cost grows with n
// as the baseline's does, not as n².
func BenchmarkMisnamedManyKeys(b *testing.B) {
	n, err := New([]lenient.Rule{{ID: "m", Tools: []string{"t"}, Type: lenient.RuleMisnamedKey, Value: json.RawMessage(`["order","size"]`)}})
	if err != nil {
		b.Fatal(err)
	}
	for _, keys := range []int{1000, 8000} {
		var call strings.Builder
		call.WriteString("{")
		for i := range keys {
			fmt.Fprintf(&call, `"w%d_order":1,`, i)
		}
		call.WriteString(`"x":2}`)
		args := []byte(call.String())
		b.Run(fmt.Sprintf("keys=%d/normalize", keys), func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			for b.Loop() {
				if _, _, err := n.NormalizeJSON("t", args); err == nil {
					b.Fatal("not refused")
				}
			}
		})
		b.Run(fmt.Sprintf("keys=%d/encoding_json", keys), func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			for b.Loop() {
				var m map[string]any
				if err := json.Unmarshal(args, &m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
