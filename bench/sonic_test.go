//go:build amd64

package bench

import (
	"github.com/bytedance/sonic"

	"github.com/normgen/normgen/lenient"
)

// sonic's JIT decoder runs on amd64; elsewhere the module builds without it.
func init() {
	addCodec(codec{"sonic", familyPlain, readsClean, func(_ *lenient.Tool, data []byte, v any) error {
		return sonic.Unmarshal(data, v)
	}, false}, "segmentio")
}
