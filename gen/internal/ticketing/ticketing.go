// Package ticketing is a realistic tool set for a ticket tracker and its
// CI, unlike the golden cases: a nested retry policy with its own
// defaults, pipeline steps with {{index}} ids and aliases, wrapped labels,
// unescaped text, maps of structs, structs in slices in structs, and value
// aliases. Its generated rules are checked against its generated decoder
// (rules_test.go).
package ticketing

import "time"

//go:generate go run github.com/normgen/normgen/cmd/normgen

// Retry is a retry policy.
type Retry struct {
	Attempts  int     `json:"attempts,omitempty" jsonschema:"default=3,minimum=1,maximum=10" norm:"alias=max_attempts|tries"`
	BackoffMS uint32  `json:"backoff_ms,omitempty" jsonschema:"default=500"`
	Factor    float64 `json:"factor,omitempty" jsonschema:"default=2"`
	OnTimeout bool    `json:"on_timeout,omitempty"`
}

// Step is one step of a pipeline.
type Step struct {
	ID      string            `json:"id,omitempty" jsonschema:"default=step-{{index}}"`
	Run     string            `json:"run" norm:"alias=cmd|command,unescape"`
	Kind    string            `json:"kind,omitempty" jsonschema:"enum=shell,enum=docker,enum=approval,default=shell" norm:"value_alias=sh:shell|bash:shell|container:docker"`
	Retry   *Retry            `json:"retry,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Needs   []string          `json:"needs,omitempty" norm:"wrap"`
	Timeout *int              `json:"timeout_s,omitempty" jsonschema:"minimum=1"`
	Allow   bool              `json:"allow_failure,omitempty" norm:"bool=strict"`
}

// Service is a service container a pipeline starts.
type Service struct {
	Image string   `json:"image"`
	Ports []uint16 `json:"ports,omitempty" norm:"wrap"`
	Ready *Retry   `json:"ready,omitempty"`
}

// RunPipelineInput starts a CI pipeline.
//
//normgen:tool run_pipeline
type RunPipelineInput struct {
	Project  string             `json:"project" norm:"alias=repo|repository"`
	Ref      string             `json:"ref,omitempty" jsonschema:"default=main"`
	Steps    []Step             `json:"steps" jsonschema:"minItems=1"`
	Retry    Retry              `json:"retry,omitempty"`
	Services map[string]Service `json:"services,omitempty"`
	Matrix   map[string][]int   `json:"matrix,omitempty"`
	DryRun   bool               `json:"dry_run,omitempty"`
	Priority *int8              `json:"priority,omitempty"`
}

// Link is a link between tickets.
type Link struct {
	Kind   string `json:"kind" norm:"value_alias=dup:duplicates|blocks:blocked_by" jsonschema:"enum=duplicates,enum=blocked_by,enum=relates"`
	Ticket uint64 `json:"ticket" norm:"alias=id"`
}

// Field is a custom field value with its own history.
type Field struct {
	Value   string   `json:"value"`
	History []string `json:"history,omitempty" norm:"wrap"`
}

// CreateTicketInput files a ticket.
//
//normgen:tool create_ticket
type CreateTicketInput struct {
	Title    string           `json:"title" norm:"alias=summary"`
	Body     string           `json:"body,omitempty" norm:"alias=description,unescape"`
	Labels   []string         `json:"labels,omitempty" norm:"wrap"`
	Assignee *string          `json:"assignee,omitempty"`
	Estimate *float32         `json:"estimate_h,omitempty" jsonschema:"minimum=0"`
	Links    []Link           `json:"links,omitempty"`
	Fields   map[string]Field `json:"fields,omitempty"`
	Watchers []int64          `json:"watchers,omitempty" norm:"wrap"`
	Urgent   bool             `json:"urgent,omitempty"`
	Severity string           `json:"severity,omitempty" jsonschema:"enum=low,enum=high,default=low" norm:"value_alias=lo:low|hi:high"`

	// Enums of an array's items and of a map's values.
	Areas  []string          `json:"areas,omitempty" jsonschema:"enum=api,enum=ui,enum=db"`
	Triage map[string]string `json:"triage,omitempty" jsonschema:"enum=now,enum=later"`
}

// Checkpoint is a stage of a nested workflow.
type Checkpoint struct {
	Name   string         `json:"name,omitempty" jsonschema:"default=cp-{{index}}"`
	Checks []Check        `json:"checks,omitempty"`
	Gate   *Retry         `json:"gate,omitempty"`
	Owners [][]string     `json:"owners,omitempty"`
	Limits map[string]int `json:"limits,omitempty"`
}

// CheckpointDefaults is what a checkpoint that sets nothing gets: a
// Checkpoint's fields, with a name of its own (a Checkpoint's
// "cp-{{index}}" has no index outside the checkpoints array, and normgen
// reports a struct with such a default that is also reached outside one).
type CheckpointDefaults struct {
	Name   string         `json:"name,omitempty" jsonschema:"default=cp-default"`
	Checks []Check        `json:"checks,omitempty"`
	Gate   *Retry         `json:"gate,omitempty"`
	Owners [][]string     `json:"owners,omitempty"`
	Limits map[string]int `json:"limits,omitempty"`
}

// Check is one check of a checkpoint, two slices deep.
type Check struct {
	ID    string `json:"id,omitempty" jsonschema:"default=check-{{index}}"`
	Count int16  `json:"count,omitempty" norm:"alias=n"`
	Note  string `json:"note,omitempty" norm:"unescape"`
}

// UpdateWorkflowInput replaces a ticket workflow.
//
//normgen:tool update_workflow
type UpdateWorkflowInput struct {
	Workflow    string              `json:"workflow"`
	Checkpoints []Checkpoint        `json:"checkpoints,omitempty"`
	Default     *CheckpointDefaults `json:"default,omitempty"`
	Strict      []int               `json:"strict_ids,omitempty" norm:"strict"`
}

// SnoozeTicketInput hides a ticket for a while.
//
//normgen:tool snooze_ticket
type SnoozeTicketInput struct {
	Ticket uint64 `json:"ticket" norm:"alias=id"`
	// For is how long, in hours when a number.
	For time.Duration `json:"for" norm:"unit=h"`
	// Notify says whether watchers hear of it.
	Notify bool `json:"notify,omitempty"`
}
