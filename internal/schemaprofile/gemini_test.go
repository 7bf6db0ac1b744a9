package schemaprofile_test

import (
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/schemaprofile"
)

// TestGeminiSaysWhatItCannotKeep checks that a constraint Gemini's Schema
// object has no keyword for is not dropped without a word: an integer's
// exclusive bound is the inclusive one it means, and a number's exclusive
// bound, a map's value schema and a closed object's "no other keys" are
// said in the description, where the model reads them (the decoder
// refuses a call that breaks them, so a schema silent about them would
// advertise what is refused).
func TestGeminiSaysWhatItCannotKeep(t *testing.T) {
	for _, c := range []struct{ name, portable, want string }{
		{"integer exclusive bounds are inclusive ones",
			`{"type":"integer","exclusiveMinimum":-10,"exclusiveMaximum":10}`,
			`{"type":"integer","maximum":9,"minimum":-9}`},
		{"the tighter of two bounds",
			`{"type":"integer","minimum":5,"exclusiveMinimum":0,"maximum":3,"exclusiveMaximum":100}`,
			`{"type":"integer","minimum":5,"maximum":3}`},
		{"a fractional exclusive bound of an integer",
			`{"type":"integer","exclusiveMinimum":-0.5e1,"exclusiveMaximum":2.5}`,
			`{"type":"integer","maximum":2,"minimum":-4}`},
		{"an integer's inclusive bounds are the integers they mean",
			// a host reading 1e-500 as a double reads 0, which the decoder refuses
			`{"type":"integer","minimum":1e-500,"maximum":99.5}`,
			`{"type":"integer","minimum":1,"maximum":99}`},
		{"past 2^53, the double inward of the bound",
			// 2^53+1 read as a double is 2^53, which the decoder refuses
			`{"type":"integer","minimum":9007199254740993,"maximum":-9007199254740993}`,
			`{"type":"integer","minimum":9007199254740994,"maximum":-9007199254740994}`},
		{"an exclusive bound past 2^53",
			`{"type":"integer","exclusiveMinimum":9007199254740992,"exclusiveMaximum":18014398509481990}`,
			`{"type":"integer","maximum":18014398509481988,"minimum":9007199254740994}`},
		{"a double past 2^53 is kept",
			`{"type":"integer","minimum":9007199254740994,"maximum":1e20}`,
			`{"type":"integer","minimum":9007199254740994,"maximum":1e20}`},
		{"a bound too large to write exactly is said",
			`{"type":"integer","exclusiveMinimum":1e400}`,
			`{"type":"integer","description":"Greater than 1e400."}`},
		{"a number's exclusive bounds are said",
			`{"type":"number","description":"The share","exclusiveMinimum":0,"exclusiveMaximum":1}`,
			`{"type":"number","description":"The share. Greater than 0 and less than 1."}`},
		{"with an inclusive bound beside it",
			`{"type":"number","minimum":0,"exclusiveMaximum":100}`,
			`{"type":"number","minimum":0,"description":"Less than 100."}`},
		{"in an anyOf's native branch",
			`{"anyOf":[{"type":"number","exclusiveMinimum":0},{"type":"string","pattern":"^x$"}]}`,
			`{"type":"number","description":"Greater than 0."}`},
		{"a map's values",
			`{"type":"object","description":"Labels.","additionalProperties":{"type":"integer","minimum":0}}`,
			`{"type":"object","description":"Labels. Each value: {\"type\":\"integer\",\"minimum\":0}."}`},
		{"a map's values, in their gemini form",
			`{"type":"object","additionalProperties":{"anyOf":[{"type":"integer","exclusiveMinimum":0},{"type":"string"}]}}`,
			`{"type":"object","description":"Each value: {\"type\":\"integer\",\"minimum\":1}."}`},
		{"a map of any values says nothing",
			`{"type":"object","additionalProperties":{}}`,
			`{"type":"object"}`},
		{"nor does true",
			`{"type":"object","additionalProperties":true}`,
			`{"type":"object"}`},
		{"a closed object",
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"description":"No other keys."}`},
		{"keywords of a type's own schema that Gemini refuses",
			`{"type":"integer","multipleOf":5,"minimum":0}`,
			`{"type":"integer","minimum":0,"description":"Must also match {\"multipleOf\":5}."}`},
		{"uniqueItems and a format Gemini does not take",
			`{"type":"array","items":{"type":"string","format":"uri"},"uniqueItems":true}`,
			`{"type":"array","items":{"type":"string","description":"Format: uri."},"description":"Must also match {\"uniqueItems\":true}."}`},
		{"a format Gemini takes",
			`{"type":"string","format":"date-time"}`,
			`{"type":"string","format":"date-time"}`},
		{"a string const is an enum of one",
			`{"type":"string","const":"fast"}`,
			`{"type":"string","enum":["fast"]}`},
		{"another const is said",
			`{"type":"integer","const":5}`,
			`{"type":"integer","description":"Exactly 5."}`},
		{"an enum without a type has its values' type",
			`{"enum":["red","green"]}`,
			`{"type":"string","enum":["red","green"]}`},
		{"and so has an anyOf's branch",
			`{"anyOf":[{"enum":["auto"]},{"type":"integer","minimum":1}]}`,
			`{"type":"string","enum":["auto"]}`},
		{"an enum of numbers is said",
			`{"type":"integer","enum":[1,5,9,null]}`,
			`{"type":"integer","description":"One of 1, 5, 9, null.","nullable":true}`},
		{"an enum of numbers without a type",
			`{"enum":[1,2.5]}`,
			`{"type":"number","description":"One of 1, 2.5."}`},
		{"oneOf, not and the like",
			`{"type":"object","properties":{"a":{"type":"string"}},"oneOf":[{"required":["a"]},{"required":["b"]}],"not":{"required":["c"]}}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"description":"Must also match {\"oneOf\":[{\"required\":[\"a\"]},{\"required\":[\"b\"]}],\"not\":{\"required\":[\"c\"]}}."}`},
		{"and vendor keys",
			`{"type":"string","x-google-enum":["a"],"x-order":1}`,
			`{"type":"string"}`},
		{"annotations go without a word",
			`{"type":"string","title":"T","examples":["x"],"deprecated":true,"readOnly":true,"$comment":"c"}`,
			`{"type":"string"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := schemaprofile.GeminiOf(jsonnode.ParseValid([]byte(c.portable)))
			if !jsonnode.SameJSON(got, jsonnode.ParseValid([]byte(c.want))) {
				t.Errorf("gemini of %s\n got %s\nwant %s", c.portable, got.Marshal(), c.want)
			}
		})
	}
}
