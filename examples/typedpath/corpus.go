// Package typedpath checks the SDKs' typed handler paths as a property:
// every call that a generated decoder accepts reaches a typed handler of
// github.com/modelcontextprotocol/go-sdk (mcp.AddTool) and of
// github.com/mark3labs/mcp-go (mcp.NewTypedToolHandler, with
// server.WithInputSchemaValidation) with the generated schema, and the
// handler gets what a direct UnmarshalJSON gives, but for the classes the
// tests name. The calls are the shared corpus (testdata/corpus, through
// one generated tool per entry, declared here) and the rule checker's
// generated calls for the example packages' tools. The same calls go
// through normgen's own typed registrations (adapters/gosdk.AddTool,
// adapters/mcpgo.NewTypedToolHandler), which must give exactly what a
// direct UnmarshalJSON gives, refusals in the decoder's words, and never
// show a secret (SecretInput).
package typedpath

//go:generate go run github.com/normgen/normgen/cmd/normgen

// CorpusInt takes the corpus values of int.
//
//normgen:tool corpus_int
type CorpusInt struct {
	V int `json:"v"`
}

// CorpusInt8 takes the corpus values of int8.
//
//normgen:tool corpus_int8
type CorpusInt8 struct {
	V int8 `json:"v"`
}

// CorpusInt64 takes the corpus values of int64.
//
//normgen:tool corpus_int64
type CorpusInt64 struct {
	V int64 `json:"v"`
}

// CorpusUint8 takes the corpus values of uint8.
//
//normgen:tool corpus_uint8
type CorpusUint8 struct {
	V uint8 `json:"v"`
}

// CorpusUint64 takes the corpus values of uint64.
//
//normgen:tool corpus_uint64
type CorpusUint64 struct {
	V uint64 `json:"v"`
}

// CorpusFloat64 takes the corpus values of float64.
//
//normgen:tool corpus_float64
type CorpusFloat64 struct {
	V float64 `json:"v"`
}

// CorpusFloat32 takes the corpus values of float32.
//
//normgen:tool corpus_float32
type CorpusFloat32 struct {
	V float32 `json:"v"`
}

// CorpusFloat32Max takes the corpus values of float32_max0.1.
//
//normgen:tool corpus_float32_max
type CorpusFloat32Max struct {
	V float32 `json:"v" jsonschema:"maximum=0.1"`
}

// CorpusFloat64Max takes the corpus values of float64_max10.
//
//normgen:tool corpus_float64_max
type CorpusFloat64Max struct {
	V float64 `json:"v" jsonschema:"maximum=10"`
}

// CorpusBool takes the corpus values of bool.
//
//normgen:tool corpus_bool
type CorpusBool struct {
	V bool `json:"v"`
}

// CorpusBoolStrict takes the corpus values of bool_strict.
//
//normgen:tool corpus_bool_strict
type CorpusBoolStrict struct {
	V bool `json:"v" norm:"bool=strict"`
}

// CorpusString takes the corpus values of string.
//
//normgen:tool corpus_string
type CorpusString struct {
	V string `json:"v"`
}

// CorpusStrings takes the corpus values of []string.
//
//normgen:tool corpus_strings
type CorpusStrings struct {
	V []string `json:"v"`
}

// CorpusInts takes the corpus values of []int.
//
//normgen:tool corpus_ints
type CorpusInts struct {
	V []int `json:"v"`
}

// CorpusIntsWrap takes the corpus values of []int_wrap.
//
//normgen:tool corpus_ints_wrap
type CorpusIntsWrap struct {
	V []int `json:"v" norm:"wrap"`
}

// CorpusStringsSplit takes the corpus values of []string_split.
//
//normgen:tool corpus_strings_split
type CorpusStringsSplit struct {
	V []string `json:"v" norm:"split=,"`
}

// CorpusMap takes the corpus values of map[string]bool.
//
//normgen:tool corpus_map
type CorpusMap struct {
	V map[string]bool `json:"v"`
}

// CorpusPtrInt takes the corpus values of *int.
//
//normgen:tool corpus_ptr_int
type CorpusPtrInt struct {
	V *int `json:"v"`
}

// CorpusAny takes the corpus values of any.
//
//normgen:tool corpus_any
type CorpusAny struct {
	V any `json:"v"`
}

// SecretInput takes a login whose password, PIN and connection string
// are norm:"secret": what a typed registration answers (a refusal's
// text) never shows their values.
//
//normgen:tool secret_login
type SecretInput struct {
	User     string    `json:"user"`
	Password string    `json:"password" norm:"secret"`
	PIN      int       `json:"pin,omitempty" jsonschema:"minimum=1000" norm:"secret"`
	DB       *SecretDB `json:"db,omitempty"`
}

// SecretDB is a database to connect to; its DSN is secret.
type SecretDB struct {
	Host string `json:"host"`
	DSN  string `json:"dsn" norm:"secret"`
}
