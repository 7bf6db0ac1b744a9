// Package cli holds what the normgen command (cmd/normgen) does besides
// declaring its flags and reading and writing its files and streams:
//
//   - its arguments: the checks of package directories and input files
//     (CheckDir, CheckFile), the expansion of repeatable path flags and
//     their globs (PathsFlag, ExpandPaths), the choice between a
//     command's two forms (Form, FormsUsage), -h anywhere (HelpAsked), a
//     first argument meant as a command word (CommandWord);
//   - generate: the files to write (Generate), written only when they
//     change (WriteFiles), or compared with the files on disk (Drift, with
//     UnifiedDiff);
//   - catalog -from, rules -catalog and normalize -catalog: a catalog
//     derived (DeriveCatalog, RulesJSON), a tool's normalized arguments
//     checked against its strict schema (ToolCheck), the note for a tool
//     no rule names (ToolCoverage), normalize's output (NormalizeOutput);
//   - check: the findings (Findings, FindingsJSON, FindingsSummary);
//   - stats and suggest: several log folders' statistics merged
//     (StatsView), call logs read as one (ReadCallLogs), suggest's
//     failure groups on the stats page (ErrorPatterns).
//
// Its functions return errors and the notes to print, in the command's
// words; they never write to stdout or stderr (a FlagSet's usage goes to
// its own output) and never exit, so the command keeps its output and its
// exit codes. The package is for cmd/normgen and makes no compatibility
// promise to other callers.
package cli
