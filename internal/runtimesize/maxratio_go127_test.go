//go:build go1.27

package runtimesize_test

// maxRatio is issue 26's bound, which the generated program meets under
// Go 1.27 (1.08x: 4.26 MB against 3.92 MB; Go 1.27's encoding/json is
// larger). See maxratio_test.go for Go 1.26.
const maxRatio = 1.10
