// Package normalize is normgen's rule normalizer, for servers that decode
// tool arguments themselves (with encoding/json or an SDK) rather than
// through generated decoders: New builds a Normalizer from rules (the
// rules.json format: LoadRules, LoadRulesFile, ValidateRules; each
// generated tool's Rules), and Normalizer.NormalizeJSON and Normalize fix
// a call's arguments as the generated decoders would read them, recording
// what they changed (Applied). Both run one rule engine on one JSON tree
// (internal/jsonnode): Normalize makes the members of the map the rules
// read into that tree and writes the changes back into the map in place.
// A Normalizer keeps statistics (Stats,
// written to a file with WithLogDir and merged with MergeStats), can log
// each call (WithCallLog) and each fix (WithLogger, log/slog), hides
// secret values (lenient.RuleSecret) in all of them, and counts calls for
// a metrics library (WithMetrics).
//
// Metrics is that hook: Instrument wraps a generated tool list's Decode
// to count calls the same way, and LogFixes to log their fixes, so that a
// server sees the decoders' fixes and the normalizer's alike (the same
// paths, kinds and log records). normgen's otel module implements Metrics
// with OpenTelemetry; this package does not depend on it. The stats page
// is package normalize/statsview.
//
// Generated code does not import this package; a server that uses only
// generated decoders links none of it (no log/slog, no os).
//
// Upgrading from a release where these lived in package lenient: import
// github.com/normgen/normgen/normalize and rename lenient.NewNormalizer to
// normalize.New; every other name (Normalizer, Option and the With
// options, Applied, Stats, LoadRules, ValidateRules, Metrics, Instrument,
// LogFixes, ...) keeps its name under normalize. Rule, RuleType and the
// rule type constants stay in lenient, where generated code declares its
// rule tables; Rule.TargetPath is no longer exported.
package normalize
