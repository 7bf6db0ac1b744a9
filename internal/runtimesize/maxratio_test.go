//go:build !go1.27

package runtimesize_test

// maxRatio is how much larger than the encoding/json program the
// generated one may be. Issue 26 asks for 1.10. Under Go 1.26 the
// generated program is 1.18x (3.49 MB against 2.95 MB; it was 2.32x,
// 6.85 MB, before the stats page left lenient and lenient dropped its
// regexps). What is left is mostly log/slog, which lenient's normalizer
// and Instrument warn through: its package initialisation installs the
// default handler, which links log and time's formatting (about 0.24 MB;
// a build of lenient without it is 1.09x); log/slog leaves lenient with
// the normalizer (issue 26's normalize package). math/big, which
// time.Duration's exact arithmetic uses, could give way to 128-bit
// arithmetic. Until then this bound holds the gain and fails on a
// regression.
const maxRatio = 1.20
