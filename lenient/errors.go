package lenient

import (
	"strings"
	"unicode/utf8"
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
	// cause is the *SyntaxError or *DuplicateKeyError behind the problem,
	// if any (see Error.Unwrap).
	cause error
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
		if p.cause != nil {
			errs = append(errs, p.cause)
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

// maxShown bounds how much of a received value a message repeats.
const maxShown = 48

// shorten returns JSON text cut to maxShown bytes on a rune boundary.
func shorten(v []byte) string {
	if len(v) <= maxShown {
		return string(v)
	}
	cut := maxShown
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return string(v[:cut]) + "…"
}
