package schemabuild

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/normgen/normgen/internal/foreignfixture"
	"github.com/normgen/normgen/internal/schemacheck"
	"github.com/normgen/normgen/lenient"
)

// foreignHolder is a tool's input holding a struct of another package.
type foreignHolder struct {
	F foreignfixture.Holder `json:"f"`
}

// foreignValidator compiles the portable schema of foreignHolder once.
var foreignValidator = sync.OnceValues(func() (*jsonschema.Schema, error) {
	s, err := ForProfile(foreignHolder{}, lenient.ProfilePortable)
	if err != nil {
		return nil, err
	}
	text, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	return schemacheck.Compile(text)
})

// FuzzForeignSchema: the schema of a struct of another package
// (internal/foreignfixture's Holder: recursive types, named pointers,
// embedding, bytes, the json option string on every kind, types decoding
// themselves) takes every value encoding/json takes there, under the Go
// validator: it never refuses what encoding/json decodes. (The other way,
// what it admits and encoding/json refuses is class (i) where a schema
// cannot say it; gen's TestDescribersAgree holds the rest exactly.)
func FuzzForeignSchema(f *testing.F) {
	for _, seed := range []string{
		`{}`, `null`, `{"list":[[],[[null]]],"dict":{"a":{"b":null}},"a":[{"k":[]}]}`,
		`{"int_ptr":5,"tree":{"name":"a","kids":[{"kids":null}]}}`,
		`{"numbers":{"I8":-128,"U16":65535,"F32":1.5,"UP":7},"bytes":{"S":"QUJD","A":[1,2]}}`,
		`{"embeds":{"name":"x","I8":1,"Label":"l","x":3},"tagged":{"a":1,"-":true,"D":"d","B":"ignored"}}`,
		`{"upper":"abc","time":"2024-01-01T00:00:00Z","dur":5,"raw":[1],"num":"5","any":{},"map":{"a":[1,null]}}`,
		`{"quoted":{"i":"-12","u8":"255","f":"0x1p-2","b":"null","s":"\"x\\u00e9\"","p":"null","ip":5,"up":"\"a\"","lv":"5","t":{},"uptr":"9","sl":[1],"dur":"5"}}`,
		`{"quoted":{"f":"-Infinity","i":null,"s":"\"\\/\""}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, value string) {
		if !json.Valid([]byte(value)) {
			return
		}
		v, err := foreignValidator()
		if err != nil {
			t.Fatal(err)
		}
		call := `{"f":` + value + `}`
		var h foreignHolder
		if json.Unmarshal([]byte(call), &h) != nil {
			return
		}
		if !schemacheck.Valid(t, v, []byte(call)) {
			t.Errorf("%s: encoding/json takes it, the schema refuses it", call)
		}
	})
}
