module github.com/normgen/normgen/adapters/gosdk

go 1.26.0

require (
	github.com/modelcontextprotocol/go-sdk v1.1.0
	github.com/normgen/normgen v0.0.0
	github.com/normgen/normgen/adapters v0.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
)

require (
	github.com/bahlo/generic-list-go v0.2.0 // indirect
	github.com/buger/jsonparser v1.1.2 // indirect
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/invopop/jsonschema v0.14.0 // indirect
	github.com/pb33f/ordered-map/v2 v2.3.1 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	go.yaml.in/yaml/v4 v4.0.0-rc.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace (
	github.com/normgen/normgen => ../../
	github.com/normgen/normgen/adapters => ../
)
