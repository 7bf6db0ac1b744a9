package schemabuild

import (
	"encoding/json"
	"encoding/pem"
	"fmt"
	"testing"

	"github.com/normgen/normgen/internal/ajvcheck"
	"github.com/normgen/normgen/internal/schemacheck"
	"github.com/normgen/normgen/lenient"
)

// TestForeignBytes: a []byte in a struct of another package (pem.Block's
// Bytes), which encoding/json reads from base64 text or from an array of
// numbers from 0 to 255, takes in its schema exactly what encoding/json
// takes, under the Go validator and AJV, in the portable and typearray
// profiles. It was any string, and no array: "not base64!" was advertised
// and refused; then an array holding null was refused (found by review).
func TestForeignBytes(t *testing.T) {
	type args struct {
		Block pem.Block `json:"block"`
	}
	var instances []json.RawMessage
	var want []bool
	for _, v := range []string{`"QUJD"`, `"QUI="`, `"QQ=="`, `""`, `"QUJD\r\nRA=="`, `"\nQUJD\n"`, `null`, `[65,66]`, `[]`, `[0,255]`, `[65,null]`, `[null]`,
		`"QUJ"`, `"not base64!"`, `"QQ="`, `"QQ==QQ=="`, `"QUJD RA=="`, `"QUJD-_=="`, `[256]`, `[-1]`, `[1.5]`, `["A"]`, `5`, `true`, `{}`} {
		doc := json.RawMessage(fmt.Sprintf(`{"block":{"Type":"CERTIFICATE","Bytes":%s}}`, v))
		var a args
		instances = append(instances, doc)
		want = append(want, json.Unmarshal(doc, &a) == nil)
	}
	for _, p := range []lenient.Profile{lenient.ProfilePortable, lenient.ProfileTypeArray} {
		s, err := ForProfile(args{}, p)
		if err != nil {
			t.Fatal(err)
		}
		text, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		v := schemacheck.MustCompile(t, text)
		ajv := ajvcheck.Validate(t, []ajvcheck.Case{{Schema: text, Instances: instances}})[0]
		for i, x := range instances {
			if got := schemacheck.Valid(t, v, x); got != want[i] {
				t.Errorf("%s: %s valid %v, encoding/json takes it %v", p, x, got, want[i])
			}
			if ajv[i] != want[i] {
				t.Errorf("%s: AJV: %s valid %v, encoding/json takes it %v", p, x, ajv[i], want[i])
			}
		}
	}
}
