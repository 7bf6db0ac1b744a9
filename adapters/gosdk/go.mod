module github.com/normgen/normgen/adapters/gosdk

go 1.24.0

require (
	github.com/google/jsonschema-go v0.4.3
	github.com/modelcontextprotocol/go-sdk v1.1.0
	github.com/normgen/normgen v0.0.0
	github.com/normgen/normgen/adapters v0.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
)

require (
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace (
	github.com/normgen/normgen => ../../
	github.com/normgen/normgen/adapters => ../
)
