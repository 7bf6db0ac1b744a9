//go:build goexperiment.jsonv2

package bench

import (
	jsonv2 "encoding/json/v2"

	"github.com/normgen/normgen/lenient"
)

// Built with GOEXPERIMENT=jsonv2, encoding/json runs on the v2 engine and
// encoding/json/v2 is measured too.
func init() {
	addCodec(codec{"encoding_json_v2", familyPlain, readsClean, func(_ *lenient.Tool, data []byte, v any) error {
		return jsonv2.Unmarshal(data, v)
	}, false}, "easyjson")
}
