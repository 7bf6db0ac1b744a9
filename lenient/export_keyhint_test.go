package lenient

// Misspelling is misspelling, for the tests of package lenient_test.
var Misspelling = misspelling
