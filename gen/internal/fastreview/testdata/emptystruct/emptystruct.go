// Package emptystruct has a struct with no fields, whose decodeNormgen
// does not compile.
package emptystruct

// Nothing has no field.
type Nothing struct{}

// Input holds one.
//
//normgen:tool emptystruct
type Input struct {
	N Nothing `json:"n,omitempty"`
}
