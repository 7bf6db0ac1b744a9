module github.com/normgen/normgen/adapters

go 1.24.0

require (
	github.com/normgen/normgen v0.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
)

require golang.org/x/text v0.14.0 // indirect

replace github.com/normgen/normgen => ../
