// Package filesystem is an example MCP filesystem server whose tool inputs
// are made lenient by normgen: the tags below reproduce the built-in rules
// of the Go filesystem MCP server whose normalizer introduced the rules.json
// format (old_str for old_text, "yes" for force, edits as a raw array, a
// pipeline step with type and no id, ...), without a line of handler code.
package filesystem

//go:generate go run github.com/normgen/normgen/cmd/normgen

// EditFileInput is the input of edit_file: replace text in a file.
//
//normgen:tool edit_file
type EditFileInput struct {
	// Path is the file to edit, relative to the sandbox root.
	Path string `json:"path" norm:"alias=file_path|filepath|filename|file"`
	// OldText is the text to replace.
	OldText string `json:"old_text" norm:"alias=old_str|old_string"`
	// NewText is the replacement.
	NewText string `json:"new_text" norm:"alias=new_str|new_string"`
	// WholeWord matches OldText only between word boundaries.
	WholeWord bool `json:"whole_word,omitempty"`
	// CaseSensitive matches letter case exactly.
	CaseSensitive *bool `json:"case_sensitive,omitempty" jsonschema:"default=true"`
	// Force replaces every occurrence instead of requiring exactly one.
	Force bool `json:"force,omitempty"`
	// DryRun reports the change without writing it.
	DryRun bool `json:"dry_run,omitempty"`
}

// Edit is one replacement of multi_edit.
type Edit struct {
	// OldText is the text to replace.
	OldText string `json:"old_text" norm:"alias=old_str|old_string"`
	// NewText is the replacement.
	NewText string `json:"new_text" norm:"alias=new_str|new_string"`
}

// MultiEditInput is the input of multi_edit: several replacements in one file.
//
//normgen:tool multi_edit
type MultiEditInput struct {
	// Path is the file to edit.
	Path string `json:"path" norm:"alias=file_path|filepath|filename|file"`
	// Edits are applied in order; a JSON array or its text.
	Edits []Edit `json:"edits_json" norm:"alias=edits"`
	// Force replaces every occurrence of each edit.
	Force bool `json:"force,omitempty"`
	// DryRun reports the change without writing it.
	DryRun bool `json:"dry_run,omitempty"`
}

// SearchFilesInput is the input of search_files: find lines matching a pattern.
//
//normgen:tool search_files
type SearchFilesInput struct {
	// Path is the directory to search.
	Path string `json:"path" norm:"alias=file_path|filepath|dir|directory"`
	// Pattern is a regular expression (RE2 syntax).
	Pattern string `json:"pattern" norm:"alias=query|regex"`
	// Limit is the most matches to return.
	Limit *int `json:"limit,omitempty" jsonschema:"default=100,minimum=1"`
	// CountOnly returns the number of matches only.
	CountOnly bool `json:"count_only,omitempty"`
	// WholeWord matches the pattern only between word boundaries.
	WholeWord bool `json:"whole_word,omitempty"`
	// CaseSensitive matches letter case exactly.
	CaseSensitive *bool `json:"case_sensitive,omitempty" jsonschema:"default=true"`
	// IncludeContent includes the matching line's text.
	IncludeContent bool `json:"include_content,omitempty"`
	// IncludeContext includes the lines around each match.
	IncludeContext bool `json:"include_context,omitempty"`
	// Recursive searches subdirectories too.
	Recursive bool `json:"recursive,omitempty"`
	// ReturnLines includes line numbers.
	ReturnLines bool `json:"return_lines,omitempty"`
	// FileTypes restricts the search to these extensions (without dot).
	FileTypes []string `json:"file_types,omitempty" norm:"alias=extensions|ext,wrap"`
}

// ListDirectoryInput is the input of list_directory.
//
//normgen:tool list_directory
type ListDirectoryInput struct {
	// Path is the directory to list.
	Path string `json:"path" norm:"alias=file_path|filepath|dir|directory"`
	// Recursive lists subdirectories too.
	Recursive bool `json:"recursive,omitempty"`
}

// DeleteFileInput is the input of delete_file.
//
//normgen:tool delete_file
type DeleteFileInput struct {
	// Path is the file or empty directory to delete.
	Path string `json:"path" norm:"alias=file_path|filepath|filename|file"`
	// Permanent deletes instead of moving to the sandbox's .trash folder.
	Permanent bool `json:"permanent,omitempty"`
	// Force deletes a non-empty directory.
	Force bool `json:"force,omitempty"`
	// DryRun reports what would be deleted.
	DryRun bool `json:"dry_run,omitempty"`
}

// StepParams are the parameters of one pipeline step.
type StepParams struct {
	// Path is the file the step works on.
	Path string `json:"path,omitempty" norm:"alias=file_path|filepath|filename|file"`
	// Content is the text a write step writes.
	Content string `json:"content,omitempty" norm:"alias=text"`
	// Source and Destination are a copy or move step's paths.
	Source      string `json:"source,omitempty" norm:"alias=src|from"`
	Destination string `json:"destination,omitempty" norm:"alias=dest|dst|to|target"`
}

// Step is one step of a batch pipeline.
type Step struct {
	// ID names the step in the results; default step-N.
	ID string `json:"id,omitempty" jsonschema:"default=step-{{index}}"`
	// Action is read, write, copy, move or delete.
	Action string `json:"action" norm:"alias=type,value_alias=cat:read|cp:copy|mv:move|rm:delete|remove:delete|del:delete" jsonschema:"enum=read,enum=write,enum=copy,enum=move,enum=delete"`
	// Params are the step's parameters.
	Params StepParams `json:"params,omitempty"`
}

// Pipeline is the payload of batch_operations.
type Pipeline struct {
	// Name labels the pipeline.
	Name string `json:"name,omitempty"`
	// Steps run in order; the pipeline stops at the first failing step.
	Steps []Step `json:"steps"`
	// DryRun reports what each step would do.
	DryRun bool `json:"dry_run,omitempty"`
}

// BatchOperationsInput is the input of batch_operations: run a pipeline of
// file operations.
//
//normgen:tool batch_operations
type BatchOperationsInput struct {
	// Pipeline is the pipeline, as an object or its JSON text.
	Pipeline Pipeline `json:"pipeline_json" norm:"alias=pipeline"`
	// Force lets steps overwrite existing files.
	Force bool `json:"force,omitempty"`
	// DryRun reports what each step would do.
	DryRun bool `json:"dry_run,omitempty"`
}
