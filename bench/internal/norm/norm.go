// Package norm holds the benchmark types with normgen-generated lenient
// decoders (norm_normgen.go); the fields are those of package plain.
package norm

//go:generate go run github.com/normgen/normgen/cmd/normgen

// Search is a search-like tool input of a dozen fields.
//
//normgen:tool search
type Search struct {
	Path          string   `json:"path"`
	Pattern       string   `json:"pattern"`
	Owner         string   `json:"owner,omitempty"`
	Limit         int      `json:"limit,omitempty"`
	Offset        int      `json:"offset,omitempty"`
	MaxDepth      int32    `json:"max_depth,omitempty"`
	CountOnly     bool     `json:"count_only,omitempty"`
	WholeWord     bool     `json:"whole_word,omitempty"`
	CaseSensitive bool     `json:"case_sensitive,omitempty"`
	MinScore      float64  `json:"min_score,omitempty"`
	FileTypes     []string `json:"file_types,omitempty"`
	IDs           []int64  `json:"ids,omitempty"`
}

// Review is a code-review tool input of 22 fields (submit a pull request
// review with inline comments); no test of the repository uses its shape.
//
//normgen:tool submit_review
type Review struct {
	Owner             string          `json:"owner"`
	Repo              string          `json:"repo"`
	PullNumber        int             `json:"pull_number"`
	CommitID          string          `json:"commit_id"`
	Event             string          `json:"event"`
	Body              string          `json:"body,omitempty"`
	Comments          []ReviewComment `json:"comments,omitempty"`
	Reviewers         []string        `json:"reviewers,omitempty"`
	TeamReviewers     []string        `json:"team_reviewers,omitempty"`
	Labels            []string        `json:"labels,omitempty"`
	Assignees         []string        `json:"assignees,omitempty"`
	Draft             bool            `json:"draft,omitempty"`
	DismissStale      bool            `json:"dismiss_stale,omitempty"`
	AutoMerge         bool            `json:"auto_merge,omitempty"`
	Notify            bool            `json:"notify,omitempty"`
	MergeMethod       string          `json:"merge_method,omitempty"`
	RequiredApprovals int             `json:"required_approvals,omitempty"`
	TimeoutSeconds    int64           `json:"timeout_seconds,omitempty"`
	Milestone         int             `json:"milestone,omitempty"`
	Confidence        float64         `json:"confidence,omitempty"`
	BaseRef           string          `json:"base_ref,omitempty"`
	HeadRef           string          `json:"head_ref,omitempty"`
}

// ReviewComment is one inline comment of a Review.
type ReviewComment struct {
	Path       string `json:"path"`
	Line       int    `json:"line"`
	StartLine  int    `json:"start_line,omitempty"`
	Side       string `json:"side,omitempty"`
	Body       string `json:"body"`
	Suggestion string `json:"suggestion,omitempty"`
}

// WriteFile is a file-writing tool input: one large string field.
//
//normgen:tool write_file
type WriteFile struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// Paths is a tool input holding an array of strings.
//
//normgen:tool stat_paths
type Paths struct {
	Paths []string `json:"paths"`
}

// IDs is a tool input holding an array of integers.
//
//normgen:tool fetch_ids
type IDs struct {
	IDs []int64 `json:"ids"`
}
