// Package plain holds the benchmark types without methods, for the
// libraries that decode by reflection or by their own JIT (encoding/json,
// goccy/go-json, sonic, segmentio) and for mapstructure. The types of
// packages easy and norm have the same fields.
package plain

// Search is a search-like tool input of a dozen fields.
type Search struct {
	Path          string   `json:"path" mapstructure:"path"`
	Pattern       string   `json:"pattern" mapstructure:"pattern"`
	Owner         string   `json:"owner,omitempty" mapstructure:"owner"`
	Limit         int      `json:"limit,omitempty" mapstructure:"limit"`
	Offset        int      `json:"offset,omitempty" mapstructure:"offset"`
	MaxDepth      int32    `json:"max_depth,omitempty" mapstructure:"max_depth"`
	CountOnly     bool     `json:"count_only,omitempty" mapstructure:"count_only"`
	WholeWord     bool     `json:"whole_word,omitempty" mapstructure:"whole_word"`
	CaseSensitive bool     `json:"case_sensitive,omitempty" mapstructure:"case_sensitive"`
	MinScore      float64  `json:"min_score,omitempty" mapstructure:"min_score"`
	FileTypes     []string `json:"file_types,omitempty" mapstructure:"file_types"`
	IDs           []int64  `json:"ids,omitempty" mapstructure:"ids"`
}

// Review is a code-review tool input of 22 fields (submit a pull request
// review with inline comments); no test of the repository uses its shape.
type Review struct {
	Owner             string          `json:"owner" mapstructure:"owner"`
	Repo              string          `json:"repo" mapstructure:"repo"`
	PullNumber        int             `json:"pull_number" mapstructure:"pull_number"`
	CommitID          string          `json:"commit_id" mapstructure:"commit_id"`
	Event             string          `json:"event" mapstructure:"event"`
	Body              string          `json:"body,omitempty" mapstructure:"body"`
	Comments          []ReviewComment `json:"comments,omitempty" mapstructure:"comments"`
	Reviewers         []string        `json:"reviewers,omitempty" mapstructure:"reviewers"`
	TeamReviewers     []string        `json:"team_reviewers,omitempty" mapstructure:"team_reviewers"`
	Labels            []string        `json:"labels,omitempty" mapstructure:"labels"`
	Assignees         []string        `json:"assignees,omitempty" mapstructure:"assignees"`
	Draft             bool            `json:"draft,omitempty" mapstructure:"draft"`
	DismissStale      bool            `json:"dismiss_stale,omitempty" mapstructure:"dismiss_stale"`
	AutoMerge         bool            `json:"auto_merge,omitempty" mapstructure:"auto_merge"`
	Notify            bool            `json:"notify,omitempty" mapstructure:"notify"`
	MergeMethod       string          `json:"merge_method,omitempty" mapstructure:"merge_method"`
	RequiredApprovals int             `json:"required_approvals,omitempty" mapstructure:"required_approvals"`
	TimeoutSeconds    int64           `json:"timeout_seconds,omitempty" mapstructure:"timeout_seconds"`
	Milestone         int             `json:"milestone,omitempty" mapstructure:"milestone"`
	Confidence        float64         `json:"confidence,omitempty" mapstructure:"confidence"`
	BaseRef           string          `json:"base_ref,omitempty" mapstructure:"base_ref"`
	HeadRef           string          `json:"head_ref,omitempty" mapstructure:"head_ref"`
}

// ReviewComment is one inline comment of a Review.
type ReviewComment struct {
	Path       string `json:"path" mapstructure:"path"`
	Line       int    `json:"line" mapstructure:"line"`
	StartLine  int    `json:"start_line,omitempty" mapstructure:"start_line"`
	Side       string `json:"side,omitempty" mapstructure:"side"`
	Body       string `json:"body" mapstructure:"body"`
	Suggestion string `json:"suggestion,omitempty" mapstructure:"suggestion"`
}

// WriteFile is a file-writing tool input: one large string field.
type WriteFile struct {
	Path    string `json:"path" mapstructure:"path"`
	Content string `json:"content" mapstructure:"content"`
}

// Paths is a tool input holding an array of strings.
type Paths struct {
	Paths []string `json:"paths" mapstructure:"paths"`
}

// IDs is a tool input holding an array of integers.
type IDs struct {
	IDs []int64 `json:"ids" mapstructure:"ids"`
}
