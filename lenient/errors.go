package lenient

import (
	"strings"

	"github.com/normgen/normgen/internal/jsonwire"
)

// Problem is one rejected value: where it is, what was received and what
// would have been accepted.
type Problem struct {
	// Path is the JSON path of the value ("limit", "steps[3].id"); empty
	// for the arguments object itself.
	Path string `json:"path"`
	// Value is the value received as JSON text, shortened; empty when the
	// problem is an absent value.
	Value string `json:"value,omitempty"`
	// Msg says what is wrong and what is accepted.
	Msg string `json:"message"`
	// Kind classifies the problem (see ProblemKind): read it, not Msg's
	// words, to sort problems.
	Kind ProblemKind `json:"kind,omitempty"`
	// Cause is the *SyntaxError or *DuplicateKeyError behind the problem,
	// if any (see Error.Unwrap).
	Cause error `json:"-"`
}

// String formats the problem as `path: value msg`.
func (p Problem) String() string {
	path := p.Path
	if path == "" {
		path = "arguments"
	}
	if p.Value == "" {
		return path + ": " + p.Msg
	}
	return path + ": " + p.Value + " " + p.Msg
}

// Error is a decode failure listing every bad field of one arguments
// object, so that a caller can fix all of them in one retry.
type Error struct {
	Problems []Problem // in the order the arguments were read
}

// Unwrap returns the *SyntaxError (malformed JSON, with its byte offset)
// or *DuplicateKeyError values behind the problems, for errors.As.
func (e *Error) Unwrap() []error {
	var errs []error
	for _, p := range e.Problems {
		if p.Cause != nil {
			errs = append(errs, p.Cause)
		}
	}
	return errs
}

// Error lists the problems, separated by "; ".
func (e *Error) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.String()
	}
	return strings.Join(msgs, "; ")
}

// SyntaxError is a JSON syntax error at a byte offset of the document.
type SyntaxError = jsonwire.SyntaxError

// DuplicateKeyError reports a key given twice in one JSON object.
type DuplicateKeyError = jsonwire.DuplicateKeyError
