module github.com/normgen/normgen/cmd/normgen

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/normgen/normgen v0.0.0
	github.com/normgen/normgen/gen v0.0.0
)

require (
	github.com/bahlo/generic-list-go v0.2.0 // indirect
	github.com/buger/jsonparser v1.1.2 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/invopop/jsonschema v0.14.0 // indirect
	github.com/pb33f/ordered-map/v2 v2.3.1 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	go.yaml.in/yaml/v4 v4.0.0-rc.2 // indirect
	golang.org/x/mod v0.41.0 // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/text v0.14.0 // indirect
	golang.org/x/tools v0.50.0 // indirect
)

replace (
	github.com/normgen/normgen => ../../
	github.com/normgen/normgen/gen => ../../gen
)
