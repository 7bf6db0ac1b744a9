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
