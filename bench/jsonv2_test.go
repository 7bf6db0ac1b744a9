//go:build goexperiment.jsonv2 && !go1.27

package bench

import (
	jsonv2 "encoding/json/v2"

	"github.com/normgen/normgen/lenient"
)

// Built with GOEXPERIMENT=jsonv2, encoding/json runs on the v2 engine and
// encoding/json/v2 is measured too. From Go 1.27, where that is the
// default, jsonv2_go127_test.go does it: there encoding/json/v2 is API of
// Go 1.27, which a file of this go1.26 module may use only when its build
// constraint says go1.27.
func init() {
	addJSONv2(func(_ *lenient.Tool, data []byte, v any) error { return jsonv2.Unmarshal(data, v) })
}
