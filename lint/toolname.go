package lint

import (
	"sort"
	"strings"
)

// ToolNameProblem says which hosts refuse a tool named name, with each
// host's rule (the rules check -host applies: `^[a-zA-Z0-9_-]{1,64}$` for
// the Claude API and OpenAI, Gemini's, Copilot's), or "" when every host
// takes it. Hosts sharing a rule are named together: "claude, openai,
// openai-strict: ^[a-zA-Z0-9_-]{1,64}$; gemini: a letter or _ first, ...".
func ToolNameProblem(name string) string {
	byRule := map[string][]string{}
	var rules []string
	for _, h := range namedHosts() {
		r := rulesOf[h]
		if r.toolName == nil || r.toolName.MatchString(name) {
			continue
		}
		if byRule[r.toolNameRule] == nil {
			rules = append(rules, r.toolNameRule)
		}
		byRule[r.toolNameRule] = append(byRule[r.toolNameRule], string(h))
	}
	sort.SliceStable(rules, func(i, j int) bool { return len(byRule[rules[i]]) > len(byRule[rules[j]]) })
	var parts []string
	for _, rule := range rules {
		parts = append(parts, strings.Join(byRule[rule], ", ")+": "+rule)
	}
	return strings.Join(parts, "; ")
}
