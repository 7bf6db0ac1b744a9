//go:build !go1.27

package runtimesize_test

// maxRatio is how much larger than the encoding/json program the
// generated one may be. Issue 26 asks for 1.10. Under Go 1.26 the
// generated program is 1.11x (3,266,969 bytes against 2,952,458; 1.1065):
// it was 2.32x (6.85 MB) before the stats page left lenient, 1.18x before
// the normalizer (and with it log/slog) left lenient for package
// normalize and time.Duration's arithmetic gave up math/big for 128-bit
// words. What is left beyond encoding/json is lenient's own code (the
// validator, the fast path, the decoder's methods) and encoding/binary
// and hash/maphash; Go 1.27's larger encoding/json makes the ratio 1.07x
// (maxratio_go127_test.go). This bound holds the gain with a little room
// and fails on a regression.
const maxRatio = 1.12
