package schemaprofile

// ParseEnumCase and MatchesEnumCase are parseEnumCase and
// matchesEnumCase, for the external tests (which import regexp and
// internal/leniency).
var ParseEnumCase, MatchesEnumCase = parseEnumCase, matchesEnumCase
