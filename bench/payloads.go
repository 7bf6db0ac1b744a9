// Package bench compares normgen's generated lenient decoders with the Go
// JSON libraries a user would pick instead (encoding/json, easyjson,
// goccy/go-json, sonic, segmentio/encoding, map[string]any plus
// mapstructure's WeakDecode) on the same payloads, in one run.
//
// It is a module of its own so that the root module gains no dependency.
// The benchmarks are in bench_test.go; cmd/table turns their output into
// the README's table (run.sh runs both).
package bench

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Sizes are the payload sizes of the large cases, by name.
var Sizes = []struct {
	Name  string
	Bytes int
}{
	{"1KB", 1 << 10},
	{"64KB", 64 << 10},
	{"1MB", 1 << 20},
}

// SearchClean is the search-like call as a client that follows the schema
// sends it.
var SearchClean = []byte(`{"path":"src/internal","pattern":"TODO|FIXME","owner":"someone@example.com","limit":100,"offset":20,` +
	`"max_depth":5,"count_only":false,"whole_word":true,"case_sensitive":false,"min_score":0.75,` +
	`"file_types":["go","md","txt"],"ids":[1,2,3,4503599627370497]}`)

// SearchStringScalars is SearchClean with every scalar sent as a string.
var SearchStringScalars = []byte(`{"path":"src/internal","pattern":"TODO|FIXME","owner":"someone@example.com","limit":"100","offset":"20",` +
	`"max_depth":"5","count_only":"false","whole_word":"true","case_sensitive":"false","min_score":"0.75",` +
	`"file_types":["go","md","txt"],"ids":[1,2,3,4503599627370497]}`)

// SearchStringified is SearchStringScalars with both arrays sent as JSON
// text too (only normgen reads it).
var SearchStringified = []byte(`{"path":"src/internal","pattern":"TODO|FIXME","owner":"someone@example.com","limit":"100","offset":"20",` +
	`"max_depth":"5","count_only":"false","whole_word":"true","case_sensitive":"false","min_score":"0.75",` +
	`"file_types":"[\"go\",\"md\",\"txt\"]","ids":"[1,2,3,4503599627370497]"}`)

// ReviewClean is a submit-review call with 22 top-level keys and three
// inline comments (about 2 KB).
var ReviewClean = []byte(`{"owner":"acme","repo":"payments-service","pull_number":4817,` +
	`"commit_id":"9f2c1e7b4d0a8c3f5e6b7a9d1c2e3f4a5b6c7d8e","event":"REQUEST_CHANGES",` +
	`"body":"Thanks for the refactor! Two blocking issues:\n\n1. the retry loop never backs off;\n2. ` +
	`` + "`Close`" + ` can race with ` + "`Flush`" + `.\n\nSee the inline comments \u2014 happy to pair on it.",` +
	`"comments":[` +
	`{"path":"internal/ledger/retry.go","line":88,"start_line":80,"side":"RIGHT","body":"This sleeps a fixed 100ms; ` +
	`use the exponential backoff from ` + "`internal/backoff`" + ` so a flapping DB does not get hammered.",` +
	`"suggestion":"\tdelay := backoff.Next(attempt)\n\ttime.Sleep(delay)\n"},` +
	`{"path":"internal/ledger/writer.go","line":142,"side":"RIGHT","body":"` + "`w.mu`" + ` is released before ` +
	`` + "`w.buf`" + ` is swapped, so a concurrent Flush can write a half-filled buffer. Hold the lock until the swap."},` +
	`{"path":"docs/README.md","line":12,"side":"LEFT","body":"nit: \"Zahlungsdienst\" \u2192 \"payment service\" (the rest of the doc is English)."}],` +
	`"reviewers":["alice","bob","carol"],"team_reviewers":["payments-core"],` +
	`"labels":["needs-changes","concurrency","backend"],"assignees":["dave"],` +
	`"draft":false,"dismiss_stale":true,"auto_merge":false,"notify":true,"merge_method":"squash",` +
	`"required_approvals":2,"timeout_seconds":86400,"milestone":31,"confidence":0.85,` +
	`"base_ref":"main","head_ref":"feature/ledger-retry"}`)

// ReviewStringScalars is ReviewClean with the top-level scalars sent as
// strings.
var ReviewStringScalars = []byte(strings.NewReplacer(
	`"pull_number":4817`, `"pull_number":"4817"`,
	`"draft":false`, `"draft":"false"`,
	`"dismiss_stale":true`, `"dismiss_stale":"true"`,
	`"auto_merge":false`, `"auto_merge":"false"`,
	`"notify":true`, `"notify":"true"`,
	`"required_approvals":2`, `"required_approvals":"2"`,
	`"timeout_seconds":86400`, `"timeout_seconds":"86400"`,
	`"milestone":31`, `"milestone":"31"`,
	`"confidence":0.85`, `"confidence":"0.85"`,
).Replace(string(ReviewClean)))

// fileChunk is source text as editing tools send it: tabs, newlines,
// quotes, backslashes and non-ASCII text in comments and strings.
const fileChunk = "// Package greet says hello — in several languages, naïvely.\n" +
	"package greet\n\n" +
	"import (\n\t\"fmt\"\n\t\"strings\"\n)\n\n" +
	"// Greetings maps a language to its greeting: 日本語, Ελληνικά, русский, café.\n" +
	"var Greetings = map[string]string{\n" +
	"\t\"ja\": \"こんにちは\",\n\t\"el\": \"Γειά σου\",\n\t\"ru\": \"Привет\",\n\t\"fr\": \"Bonjour, ça va ?\",\n" +
	"\t\"en\": \"Hello, \\\"world\\\"\",\n}\n\n" +
	"// Path joins parts with a backslash, as Windows does: C:\\Users\\me.\n" +
	"func Path(parts ...string) string {\n\treturn strings.Join(parts, \"\\\\\")\n}\n\n" +
	"func Say(lang string) string {\n\tif g, ok := Greetings[lang]; ok {\n\t\treturn fmt.Sprintf(\"%s ✓\\n\", g)\n\t}\n" +
	"\treturn \"Hello\\tthere\" // fallback: English\n}\n\n"

// marshal encodes v as a JSON client does: without encoding/json's HTML
// escaping of <, > and &.
func marshal(v any) []byte {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// WriteFileJSON is a write_file call whose content is about size bytes of
// source text (escapes and non-ASCII included).
func WriteFileJSON(size int) []byte {
	var c strings.Builder
	for c.Len() < size {
		c.WriteString(fileChunk)
	}
	content := c.String()
	for {
		p := marshal(map[string]string{"path": "internal/greet/greet.go", "content": content})
		if len(p) <= size || len(content) < 16 {
			return p
		}
		// Trim to the size, at a rune boundary.
		cut := len(content) - (len(p) - size)
		for cut > 0 && content[cut]&0xC0 == 0x80 {
			cut--
		}
		content = content[:cut]
	}
}

// PathsJSON is a stat_paths call whose array of file paths is about size
// bytes; one path in ten holds non-ASCII text or a space.
func PathsJSON(size int) []byte {
	return marshal(map[string][]string{"paths": paths(size)})
}

// PathsTextJSON is PathsJSON with the same array sent as JSON text (the
// payload is longer: every quote is escaped).
func PathsTextJSON(size int) []byte {
	return marshal(map[string]string{"paths": string(marshal(paths(size)))})
}

func paths(size int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	dirs := []string{"src", "internal/ledger", "cmd/server", "docs", "pkg/api/v2", "testdata/golden"}
	odd := []string{"notes/café menu.md", "docs/日本語/読んでね.txt", "assets/logo (final).svg"}
	var out []string
	n := 10 // {"paths":[]}
	for n < size {
		var p string
		if r.IntN(10) == 0 {
			p = odd[r.IntN(len(odd))]
		} else {
			p = dirs[r.IntN(len(dirs))] + "/file_" + strconv.Itoa(r.IntN(10000)) + ".go"
		}
		n += len(p) + 3
		out = append(out, p)
	}
	return out
}

// IDsJSON is a fetch_ids call whose array of integers (of 1 to 16
// digits, some negative) is about size bytes.
func IDsJSON(size int) []byte {
	return marshal(map[string][]int64{"ids": ids(size)})
}

// IDsTextJSON is IDsJSON with the same array sent as JSON text.
func IDsTextJSON(size int) []byte {
	return marshal(map[string]string{"ids": string(marshal(ids(size)))})
}

func ids(size int) []int64 {
	r := rand.New(rand.NewPCG(3, 4))
	var out []int64
	n := 8 // {"ids":[]}
	for n < size {
		v := r.Int64N(int64(1) << (1 + r.IntN(52)))
		if r.IntN(8) == 0 {
			v = -v
		}
		n += len(strconv.FormatInt(v, 10)) + 1
		out = append(out, v)
	}
	return out
}
