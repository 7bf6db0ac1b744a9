//go:build go1.27 && goexperiment.jsonv2

package bench

import (
	jsonv2 "encoding/json/v2"

	"github.com/normgen/normgen/lenient"
)

// From Go 1.27 encoding/json runs on the v2 engine by default, and
// encoding/json/v2 is measured too (jsonv2_test.go does it for Go 1.26
// with GOEXPERIMENT=jsonv2).
func init() {
	addJSONv2(func(_ *lenient.Tool, data []byte, v any) error { return jsonv2.Unmarshal(data, v) })
}
