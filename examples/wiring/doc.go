// Package wiring holds the README's SDK wiring snippets as code that
// compiles and runs: each region between a "// README: NAME" line and a
// "// README: end" line is, dedented, the text of a README code block
// (the root module's readme_test.go compares them), and this package's
// tests call each server over an in-memory transport, with lenient
// arguments, bad ones and none at all.
package wiring
