package schema

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestDescribeNumber: a json.Number, which encoding/json reads from a
// number or from text that is one, is an error with its path in a tool's
// arguments (read as text, it refused 12.5 and took "abc"), and any value
// in a struct of another package, decoded by encoding/json (found by
// review).
func TestDescribeNumber(t *testing.T) {
	type args struct {
		Amount json.Number `json:"amount"`
	}
	_, err := Describe(reflect.TypeFor[args]())
	if err == nil || !strings.Contains(err.Error(), "amount: json.Number is not supported") {
		t.Errorf("Describe: %v, want amount: json.Number is not supported", err)
	}
	if d := describeStd(reflect.TypeFor[json.Number](), map[reflect.Type]bool{}); d.Kind != Any {
		t.Errorf("describeStd(json.Number): kind %v, want any", d.Kind)
	}
}
