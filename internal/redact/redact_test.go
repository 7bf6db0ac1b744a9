package redact

import (
	"encoding/json"
	"testing"
)

// TestJSON: JSON is Text quoted as encoding/json reads it back.
func TestJSON(t *testing.T) {
	for _, n := range []int{0, 7, 12345} {
		var s string
		if err := json.Unmarshal(JSON(n), &s); err != nil || s != Text(n) {
			t.Errorf("JSON(%d) = %s reads as %q, %v; want %q", n, JSON(n), s, err, Text(n))
		}
	}
	if got := Text(7); got != "[secret, 7 bytes]" {
		t.Errorf("Text(7) = %q", got)
	}
}
