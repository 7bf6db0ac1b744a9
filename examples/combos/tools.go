// Package combos holds tool input types with the tag combinations that
// change what an SDK's typed handler path does with a call: defaults
// beside aliases (on strings, pointers, enums with value aliases, strict
// and bool=strict fields, an embedded struct), defaults in structs held by
// value, by pointer, strictly and in slices, wrap, unknown=error, numbers
// of every width with bounds, maps, any and json.RawMessage.
//
// go-sdk's mcp.AddTool applies the input schema's defaults to the
// arguments before it decodes them; normgen's schema keeps each default a
// filler would misapply out of its reach, so these types decode through
// the typed handler as they decode directly (ExampleQueryInput; the
// examples/typedpath tests check every call of the shared corpus and of
// the rule checker's generator, on both SDKs).
package combos

import "encoding/json"

//go:generate go run github.com/normgen/normgen/cmd/normgen

// QueryInput runs a read-only query against one table.
//
//normgen:tool run_query
type QueryInput struct {
	// Schema is the database schema the table is in.
	Schema string `json:"schema,omitempty" jsonschema:"default=public" norm:"alias=schema_name|namespace"`
	// Table is the table to query.
	Table string `json:"table" norm:"alias=table_name"`
	// Limit is the most rows to return.
	Limit *int `json:"limit,omitempty" jsonschema:"default=100,minimum=1,maximum=10000" norm:"alias=max_rows"`
	// Columns are the columns to return; all of them when empty.
	Columns []string `json:"columns,omitempty" norm:"wrap,alias=column|fields"`
	// Order is the sort order.
	Order string `json:"order,omitempty" jsonschema:"enum=asc,enum=desc,default=asc" norm:"value_alias=ascending:asc|descending:desc"`
}

// CopyInput copies or moves files.
//
//normgen:tool copy_files
type CopyInput struct {
	// Op is what to do with each source.
	Op string `json:"op,omitempty" jsonschema:"enum=copy,enum=move,default=copy" norm:"alias=operation|action,value_alias=cp:copy|mv:move"`
	// Sources are the files to copy.
	Sources []string `json:"sources" norm:"wrap,alias=src|from"`
	// Dest is the target directory; the current one when absent.
	Dest *string `json:"dest,omitempty" norm:"alias=to|target"`
	// Overwrite replaces files that exist.
	Overwrite bool `json:"overwrite,omitempty" jsonschema:"default=false" norm:"bool=strict,alias=force"`
	// Mode is the permission bits of new files.
	Mode *uint16 `json:"mode,omitempty" jsonschema:"default=420,maximum=4095" norm:"alias=perm"`
	// Retries is how often a failed copy is tried again.
	Retries int8 `json:"retries,omitempty" jsonschema:"default=2,minimum=0" norm:"strict,alias=tries"`
}

// PipelineInput runs a pipeline of steps.
//
//normgen:tool run_pipeline
type PipelineInput struct {
	// Name names the run.
	Name string `json:"name" jsonschema:"minLength=1"`
	// Steps run in order.
	Steps []Step `json:"steps" norm:"alias=stages"`
	// Retry is how failed steps are retried.
	Retry Retry `json:"retry,omitempty"`
	// Notify says whom to tell when the run ends; nobody when absent.
	Notify *Notify `json:"notify,omitempty" norm:"alias=notification"`
	// Limits are the run's resource limits.
	Limits Limits `json:"limits,omitempty" norm:"strict"`
	// Env is the steps' environment.
	Env map[string]string `json:"env,omitempty"`
	// Weights weigh the steps by id.
	Weights map[string]int `json:"weights,omitempty" norm:"alias=weight"`
	// Meta is passed on to the run's record as it is.
	Meta any `json:"meta,omitempty"`
	// Extra is passed on to the runner as it is.
	Extra json.RawMessage `json:"extra,omitempty"`
	// Note is a free-form note.
	Note string `json:"note,omitempty" norm:"unescape"`
	// Timeout is the run's time limit in seconds.
	Timeout float32 `json:"timeout,omitempty" jsonschema:"default=30,exclusiveMinimum=0,maximum=3600" norm:"alias=timeout_s"`
}

// Step is one step of a pipeline.
type Step struct {
	// ID names the step; step-N (its position) when absent.
	ID string `json:"id,omitempty" jsonschema:"default=step-{{index}}"`
	// Kind is the kind of step.
	Kind string `json:"kind,omitempty" jsonschema:"enum=shell,enum=http,default=shell" norm:"alias=type"`
	// Cmd is the command or URL.
	Cmd string `json:"cmd" norm:"alias=command|run"`
	// Retries overrides the run's retry attempts for this step.
	Retries *int `json:"retries,omitempty" jsonschema:"default=1,minimum=0" norm:"alias=tries"`
}

// Retry is a retry policy.
type Retry struct {
	// Attempts is how often a step runs at most.
	Attempts int `json:"attempts,omitempty" jsonschema:"default=3,minimum=1,maximum=10"`
	// BackoffMS is the wait before each retry, in milliseconds.
	BackoffMS uint32 `json:"backoff_ms,omitempty" jsonschema:"default=500" norm:"alias=backoff"`
}

// Notify says whom to notify.
type Notify struct {
	// Channel is the chat channel.
	Channel string `json:"channel,omitempty" jsonschema:"default=#ops" norm:"alias=room"`
	// OnFailure notifies on failure only.
	OnFailure bool `json:"on_failure,omitempty" jsonschema:"default=true"`
}

// Limits are resource limits.
type Limits struct {
	// CPU is the number of cores.
	CPU float64 `json:"cpu,omitempty" jsonschema:"default=1.5"`
	// MemoryMB is the memory limit in MB.
	MemoryMB int `json:"memory_mb,omitempty" jsonschema:"default=512"`
}

// TicketInput files a ticket. Keys it does not know are errors.
//
//normgen:tool file_ticket
//normgen:unknown=error
type TicketInput struct {
	// Title is the ticket's one-line summary.
	Title string `json:"title" norm:"alias=summary|subject"`
	// Priority is the ticket's priority.
	Priority string `json:"priority,omitempty" jsonschema:"enum=low,enum=normal,enum=high,default=normal" norm:"alias=prio|severity,value_alias=p1:high|p3:low"`
	// Assignee is who works on it; nobody yet when absent.
	Assignee *string `json:"assignee,omitempty" norm:"alias=owner"`
	// Estimate is the effort in days.
	Estimate *float64 `json:"estimate,omitempty" jsonschema:"default=1,minimum=0" norm:"alias=points"`
	// Watchers are notified of changes.
	Watchers []string `json:"watchers,omitempty" norm:"wrap"`
	Common
}

// Common are the options every ticket tool takes.
type Common struct {
	// Project is the project the ticket is filed in.
	Project string `json:"project,omitempty" jsonschema:"default=core" norm:"alias=proj|repo"`
	// DryRun checks the ticket without filing it.
	DryRun bool `json:"dry_run,omitempty" norm:"bool=strict,alias=dryrun"`
}

// ResizeInput resizes an image.
//
//normgen:tool resize_image
type ResizeInput struct {
	// Width is the new width in pixels.
	Width uint16 `json:"width" norm:"alias=w"`
	// Height is the new height in pixels; 0 keeps the aspect ratio.
	Height uint16 `json:"height,omitempty" jsonschema:"default=0" norm:"alias=h"`
	// Scale multiplies both sides instead.
	Scale float32 `json:"scale,omitempty" jsonschema:"default=1,exclusiveMinimum=0,maximum=16"`
	// Quality is the encoder's quality.
	Quality int8 `json:"quality,omitempty" jsonschema:"default=85,minimum=1,maximum=100" norm:"alias=q"`
	// Seed seeds the dithering.
	Seed uint64 `json:"seed,omitempty"`
	// Offset shifts the crop; -1 centres it.
	Offset int64 `json:"offset,omitempty" jsonschema:"default=-1"`
	// Grayscale drops the colours.
	Grayscale *bool `json:"grayscale,omitempty" jsonschema:"default=false" norm:"alias=gray|bw"`
	// Format is the output format.
	Format string `json:"format,omitempty" jsonschema:"enum=png,enum=jpeg,enum=webp,default=png" norm:"alias=type"`
}
