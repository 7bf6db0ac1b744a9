// Package typed shows normgen on a server written the way go-sdk users
// write one: input structs with go-sdk description tags
// (`jsonschema:"the task's title"`), registered with typed handlers
// through mcp.AddTool. The generated schema is the tool's InputSchema
// and the generated UnmarshalJSON is what the SDK's json.Unmarshal calls,
// so the handler receives lenient input as a plain typed value.
package typed

//go:generate go run github.com/normgen/normgen/cmd/normgen

// AddTaskInput adds a task to the list.
//
//normgen:tool add_task
type AddTaskInput struct {
	Title    string   `json:"title" jsonschema:"the task's title, as the user said it" norm:"alias=name|text"`
	Priority int      `json:"priority,omitempty" jsonschema:"description=1 (highest) to 5,default=3,minimum=1,maximum=5"`
	Done     bool     `json:"done,omitempty" jsonschema:"whether the task is already done"`
	Tags     []string `json:"tags,omitempty" jsonschema:"labels, such as home or work" norm:"alias=labels"`
	ParentID int64    `json:"parent_id,omitempty" jsonschema:"the id of the parent task; 0 for none"`
	Estimate *float64 `json:"estimate_hours,omitempty" jsonschema:"hours the task should take"`
}
