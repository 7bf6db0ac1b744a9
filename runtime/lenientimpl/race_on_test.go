//go:build race

package lenientimpl

// raceEnabled reports a -race build: sync.Pool drops a share of what it is
// given there on purpose, so allocation counts of pooled paths vary.
const raceEnabled = true
