// Package cli holds what the normgen command does besides reading its
// flags and writing its output: the checks and expansions of its path
// arguments, the drift check of generated files (a unified diff), the
// checks of normalized arguments against a catalog's strict schema, the
// notes on a rules file that names no rule for a tool, the stats view of
// several log folders merged, and the check command's summary.
//
// It is for cmd/normgen, which parses the flags, reads and writes the
// files and prints what these functions return: each returns an error or
// the lines to print, never writes to the process's stderr or exits, so
// that the command's words are its tests' and its own. It makes no
// compatibility promise to other callers.
package cli
