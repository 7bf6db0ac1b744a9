package lenientimpl

import "github.com/normgen/normgen/internal/jsonwire"

// Misspelling is misspelling, for the tests of package lenient_test.
var Misspelling = jsonwire.Misspelling
