package normalize

import (
	"context"
	"log/slog"

	"github.com/normgen/normgen/lenient"
)

// WithLogger sends the Normalizer's warnings to l (at level Warn), unless
// WithWarnings is given, and logs each fix it makes to l at level Debug
// (see LogFixes for the attributes). Without it both go to log/slog's
// default logger, read at each call (slog.SetDefault applies at once).
// Fixes are logged only where l is enabled for Debug, which is asked
// only for a call that needed fixes: a clean call costs nothing.
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// loggerWarn writes a warning to l.
func loggerWarn(l *slog.Logger) func(error) {
	return func(err error) { l.Warn(err.Error(), "component", "normgen normalize.Normalizer") }
}

// FixMessage is the message of the log records of fixes (LogFixes,
// WithLogger).
const FixMessage = "normgen fix"

// LogFixes returns a copy of tools whose Decode logs each fix it makes to
// l (log/slog's default logger, read at each call, when l is nil) at
// level Debug, as one record with the message FixMessage and the
// attributes tool, stage ("decoder"), path (the value's JSON path, as
// Fix.Param), kind, and from and to (the JSON texts, when the fix has
// them; [secret, N bytes] for a norm:"secret" field, as the decoders
// record it). Where l is not enabled for Debug nothing is built; a clean
// call costs an extra function call and nothing else (no allocation).
func LogFixes(tools []lenient.Tool, l *slog.Logger) []lenient.Tool {
	out := make([]lenient.Tool, len(tools))
	for i, t := range tools {
		out[i] = t
		if t.Decode == nil {
			continue
		}
		decode, name := t.Decode, t.Name
		out[i].Decode = func(args []byte) (any, []lenient.Fix, error) {
			v, fixes, err := decode(args)
			if len(fixes) > 0 {
				logDecoderFixes(l, name, fixes)
			}
			return v, fixes, err
		}
	}
	return out
}

// logDecoderFixes logs a generated decoder's fixes.
func logDecoderFixes(l *slog.Logger, tool string, fixes []lenient.Fix) {
	if l == nil {
		l = slog.Default()
	}
	ctx := context.Background()
	if !l.Enabled(ctx, slog.LevelDebug) {
		return
	}
	for _, f := range fixes {
		attrs := []slog.Attr{slog.String("tool", tool), slog.String("stage", string(StageDecoder)), slog.String("path", f.Param), slog.String("kind", string(f.Kind))}
		if f.From != nil {
			attrs = append(attrs, slog.String("from", string(f.From)))
		}
		if f.To != nil {
			attrs = append(attrs, slog.String("to", string(f.To)))
		}
		l.LogAttrs(ctx, slog.LevelDebug, FixMessage, attrs...)
	}
}

// logFixes logs a Normalizer's fixes (already hidden where secret) at
// level Debug: tool, stage ("normalizer"), path, kind (the fix kind the
// generated decoder records for the same change), rule (its id), from
// and to.
func (n *Normalizer) logFixes(rs *ruleSet, tool string, applied []Applied) {
	if len(applied) == 0 {
		return
	}
	l := n.logger
	if l == nil {
		l = slog.Default()
	}
	ctx := context.Background()
	if !l.Enabled(ctx, slog.LevelDebug) {
		return
	}
	kinds := rs.countedFixes(applied)
	for i, a := range applied {
		attrs := []slog.Attr{slog.String("tool", tool), slog.String("stage", string(StageNormalizer)), slog.String("path", a.Param), slog.String("kind", string(kinds[i].Kind)), slog.String("rule", a.RuleID)}
		if a.From != "" {
			attrs = append(attrs, slog.String("from", a.From))
		}
		if a.To != "" {
			attrs = append(attrs, slog.String("to", a.To))
		}
		l.LogAttrs(ctx, slog.LevelDebug, FixMessage, attrs...)
	}
}
