// Package misnamedcheck is a tool set for the misnamed-key refusal:
// fields that share words (issue_number, title, issue_state; page,
// perPage, page_number), aliases, defaults, required fields, nested
// structs, slices and maps of structs, a recursive struct and a closed
// object. Its tests check that the generated decoders and the normalizer
// over the generated rules refuse the same keys as misnamed or in
// another letter case, in the same words (rulecheck.RunMisnamed).
package misnamedcheck

import "time"

//go:generate go run github.com/normgen/normgen/cmd/normgen

// Label is a label in a map.
type Label struct {
	LabelName  string `json:"label_name,omitempty"`
	Name       string `json:"name,omitempty" norm:"alias=label"`
	LabelColor string `json:"label_color,omitempty" jsonschema:"default=red"`
	Color      string `json:"color,omitempty"`
}

// Item is an element of a slice.
type Item struct {
	ItemName  string   `json:"item_name,omitempty"`
	Name      string   `json:"name,omitempty"`
	ItemCount int      `json:"item_count,omitempty" jsonschema:"default=1"`
	Count     *int     `json:"count,omitempty"`
	Tags      []string `json:"tags,omitempty" norm:"wrap"`
	ItemID    string   `json:"item_id"`
}

// Filter is a nested struct.
type Filter struct {
	FilterState string `json:"filter_state,omitempty" jsonschema:"enum=open,enum=closed,default=open"`
	State       string `json:"state,omitempty"`
	StartDate   string `json:"start_date,omitempty"`
	EndDate     string `json:"end_date,omitempty"`
	Query       string `json:"query,omitempty"`
}

// IssueInput edits an issue.
//
//normgen:tool edit_issue
type IssueInput struct {
	Owner       string  `json:"owner"`
	Repo        string  `json:"repo" norm:"alias=repository"`
	IssueNumber int     `json:"issue_number,omitempty"`
	Title       string  `json:"title,omitempty"`
	IssueState  string  `json:"issue_state,omitempty" jsonschema:"enum=open,enum=closed,default=open"`
	OwnerType   string  `json:"owner_type,omitempty"`
	Body        *string `json:"body,omitempty" norm:"alias=description|issue_text"`
	CommentID   int64   `json:"comment_id,omitempty"`
	StyleID     int     `json:"style_id,omitempty"`
	Style       string  `json:"style,omitempty"`
	Urgent      bool    `json:"urgent,omitempty"`
	IssueType   string  `json:"issueType,omitempty"`
	Filter      *Filter `json:"filter,omitempty"`
}

// ListInput lists things.
//
//normgen:tool list_things
type ListInput struct {
	Page       int              `json:"page,omitempty" jsonschema:"default=1,minimum=1"`
	PerPage    int              `json:"perPage,omitempty" jsonschema:"default=30"`
	PageNumber *int             `json:"page_number,omitempty"`
	Query      string           `json:"query,omitempty"`
	QueryText  string           `json:"query_text,omitempty" norm:"alias=search_text"`
	MaxDepth   int              `json:"maxDepth,omitempty"`
	Hours      float64          `json:"hours,omitempty"`
	Items      []Item           `json:"items,omitempty"`
	Labels     map[string]Label `json:"labels,omitempty"`
	Filter     Filter           `json:"filter,omitempty"`
	Sort       string           `json:"sort,omitempty" jsonschema:"enum=asc,enum=desc"`
	FilePath   string           `json:"file_path,omitempty"`
	FileMode   string           `json:"file_mode,omitempty"`
	Title      string           `json:"title"`
}

// NoteInput has required fields sharing words with optional ones, and
// fields whose variants are off.
//
//normgen:tool add_note
type NoteInput struct {
	NoteTitle string `json:"note_title"`
	NoteBody  string `json:"note_body,omitempty" norm:"variants=off"`
	Body      string `json:"body,omitempty"`
	Title     string `json:"title,omitempty"`
	UserID    string `json:"user_id,omitempty"`
	// userId has user_id's letters: user-id, the variant both share,
	// reads as neither.
	UserID2  string `json:"userId,omitempty"`
	UserName string `json:"userName,omitempty"`
	Name     string `json:"name,omitempty" jsonschema:"default=anon"`
}

// Paging is embedded.
type Paging struct {
	PageToken string `json:"page_token,omitempty"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"default=start"`
}

// Window is a nested struct with time fields.
type Window struct {
	SinceTime time.Time     `json:"since_time,omitempty"`
	Since     *time.Time    `json:"since,omitempty"`
	TimeoutMS time.Duration `json:"timeout_ms,omitempty" norm:"unit=ms"`
	Timeout   time.Duration `json:"timeout,omitempty" norm:"unit=s"`
}

// Closed takes no unknown keys.
//
//normgen:unknown=error
type Closed struct {
	ClosedName string `json:"closed_name,omitempty"`
	Name       string `json:"name,omitempty"`
}

// AuthInput has secret, strict, empty=error, time fields, an embedded
// struct and a closed nested object.
//
//normgen:tool auth
type AuthInput struct {
	Paging
	APIKey     string            `json:"api_key,omitempty" norm:"secret"`
	KeyName    string            `json:"key_name,omitempty"`
	KeyCount   int               `json:"key_count,omitempty" norm:"empty=error"`
	StrictIDs  []int             `json:"strict_ids,omitempty" norm:"strict"`
	StrictMode bool              `json:"strict_mode,omitempty" norm:"strict"`
	Mode       string            `json:"mode,omitempty" jsonschema:"default=fast" norm:"secret"`
	Window     *Window           `json:"window,omitempty"`
	Windows    []Window          `json:"windows,omitempty"`
	Closed     *Closed           `json:"closed,omitempty"`
	Extra      map[string]Closed `json:"extra,omitempty"`
	Tags       []string          `json:"tags,omitempty" norm:"split=,"`
	TagNames   []string          `json:"tag_names,omitempty" norm:"wrap"`
	Owner      string            `json:"owner"`
}

// Node is recursive.
type Node struct {
	NodeName string  `json:"node_name,omitempty"`
	Name     string  `json:"name,omitempty" jsonschema:"default=n"`
	Children []*Node `json:"children,omitempty"`
}

// DeepInput nests structs in maps of slices and slices of slices.
//
//normgen:tool deep
type DeepInput struct {
	Groups map[string][]Item `json:"groups,omitempty"`
	Grid   [][]Item          `json:"grid,omitempty"`
	Root   *Node             `json:"root,omitempty"`
	Nodes  []Node            `json:"nodes,omitempty"`
	Search string            `json:"search_text,omitempty" norm:"alias=find_text"`
	Filter string            `json:"filter,omitempty"`
}
