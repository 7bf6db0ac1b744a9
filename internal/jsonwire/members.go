package jsonwire

// Members are the spans of a root object's members, recorded while
// validating (Validate): the normalizer screens a call's members without
// scanning them again.
type Members struct {
	N  int        // members recorded
	OK bool       // every member recorded (false past len(M))
	M  [24]Member // the first N members
}

// Member locates one key (its text inside the quotes) and its value in
// the validated document.
type Member struct {
	K0, K1, V0, V1 int32
	Plain          bool // the key holds no escape and no byte outside ASCII
}

// Validate checks that data is exactly one JSON value (with surrounding
// white space) with no duplicate key in any object, as lenient.Valid
// does, and returns the members of a root object. (Members are returned,
// not written through a pointer: a pointer passed through a function
// value escapes, and the normalizer's clean call allocates nothing.) It is lenient's validator: the one validating scan, which
// also writes the tape the decoders read and so lives in lenient.
// Package lenient sets it when it is initialized (before any package that
// imports lenient is), as package testing installs internal/testlog's
// hooks.
var Validate func(data []byte) (Members, error)
