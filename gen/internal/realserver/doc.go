// Package realserver runs normgen on real servers' code, as it is, and
// their own tests against the generated decoders. Its test needs the
// network (the Go module proxy) and minutes, so it runs only when asked:
//
//	NORMGEN_MCP_GRAFANA=1 go test ./gen/internal/realserver -v
//
// TestMCPGrafana downloads grafana/mcp-grafana v1.6.3 through the module
// proxy into a temporary directory, generates for its tools and tools/sql
// packages unmodified, in one run with no option (normgen ./tools
// ./tools/sql: the tool input types its MustTool calls name, tools/sql's
// registered in tools; the model of required fields is taken from the
// server's own jsonschema.Reflector, which sets
// RequiredFromJSONSchemaTags, and each tool's name from its MustTool
// call), builds them, runs the server's unit tests (which decode through
// the generated UnmarshalJSON), compares each tool's generated schema with
// the one the server's own ConvertTool builds (the same required lists, and
// at most 1.26x its bytes), and each tool's name in the catalog with the
// one the server's code gives the tool it registers. With NORMGEN_CATALOGS=DIR
// it writes both catalogs there (server.json, normgen.json).
package realserver
