package lenientimpl

import (
	"strings"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// patch is written as normgen generates a struct (UnmarshalJSON and
// UnmarshalJSONReport, each decoding the value as a document of its own),
// for a struct of another package that holds it, which decodes it by
// that UnmarshalJSON.
type patch struct {
	Weight   float64
	Password string
	Meta     struct{ Color string }
}

var patchFields = Fields{Keys: [][]string{{"weight"}, {"password"}, {"meta"}}, Forms: []AbsentForms{0, 0, 0}}
var patchMetaFields = Fields{Keys: [][]string{{"color"}}, Forms: []AbsentForms{0}}

func (x *patch) UnmarshalJSON(data []byte) error {
	_, err := x.UnmarshalJSONReport(data)
	return err
}

func (x *patch) UnmarshalJSONReport(data []byte) ([]lenient.Fix, error) {
	var d Decoder
	if d.Start(data, true) {
		var it ObjectIter
		if d.Object(data, "", Strict, &it) {
			var seen [3]bool
			for d.Next(&it) {
				switch d.Field(&it, seen[:], &patchFields) {
				case 0:
					x.Weight = d.Float(it.Value, "weight", 64, 0)
				case 1:
					d.BeginSecret()
					x.Password = d.String(it.Value, "password", 0)
					d.EndSecret()
				case 2:
					d.Enter("meta")
					var mt ObjectIter
					if d.Object(it.Value, "", 0, &mt) {
						var seen [1]bool
						for d.Next(&mt) {
							if d.Field(&mt, seen[:], &patchMetaFields) == 0 {
								x.Meta.Color = d.String(mt.Value, "color", 0)
							}
						}
					}
					d.Leave()
				}
			}
		}
	}
	return d.Fixes(), d.Err()
}

// TestOwnJSONGenerated: a struct of another package whose decoder normgen
// generated (it has UnmarshalJSONReport) reports its problems at their
// paths in the call (patch.meta.color), as the struct's own package
// reports them, not as one refusal of the whole value naming paths of its
// own ("patch: {…} is refused: meta.color: …"), which quoted the value,
// a secret field's text included.
func TestOwnJSONGenerated(t *testing.T) {
	decode := func(doc string) ([]lenient.Fix, error) {
		var d Decoder
		if !d.Start([]byte(doc), true) {
			t.Fatalf("%s: not a document", doc)
		}
		var it ObjectIter
		d.Object([]byte(doc), "", Strict, &it)
		for d.Next(&it) {
			switch string(it.Key) {
			case "patch":
				var p patch
				d.OwnJSON(it.Value, "patch", &p)
			case "patches":
				var a ArrayIter
				if d.Array(it.Value, "patches", 0, &a) {
					d.Enter("patches")
					for a.Next() {
						d.EnterIndex(a.Index())
						var p patch
						d.OwnJSON(a.Value, "", &p)
						d.Leave()
					}
					d.Leave()
				}
			}
		}
		return d.Fixes(), d.Err()
	}
	for _, tc := range []struct{ doc, want string }{
		{`{"patch":{"weight":"x","password":"pw-SEKRIT","meta":{"color":5}}}`,
			`patch.weight: "x" is not a number (send 1.5 or "1.5"); patch.meta.color: 5 is not a string (send text in quotes, such as "5")`},
		{`{"patch":{"password":["pw-SEKRIT"]}}`,
			`patch.password: [secret, 13 bytes] is not a string (send text in quotes, such as "...")`},
		{`{"patch":"{\"weight\":1}"}`,
			`patch: "{\"weight\":1}" is not an object (send a JSON object)`},
		{`{"patches":[{},{"meta":[]}]}`,
			`patches[1].meta: [] is not an object (send a JSON object, or a string holding JSON object text)`},
		{`{"patch":{"weight":1,"weight":2}}`,
			`patch.weight: key "weight" is given twice; send it once`},
		{`{"patches":"[{\"weight\":1,\"weight\":2}]"}`,
			`patches[0].weight: key "weight" is given twice; send it once`},
	} {
		_, err := decode(tc.doc)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.doc, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "SEKRIT") {
			t.Errorf("%s: the error shows the secret: %v", tc.doc, err)
		}
	}
	// Its fixes are not the call's: the rule table makes none inside a
	// value decoded by its own method.
	fixes, err := decode(`{"patches":[{"weight":"1.5"}]}`)
	if err != nil || len(fixes) != 0 {
		t.Errorf("fixes %+v, err %v; want none", fixes, err)
	}
}

// TestIndexDefaultOutsideArray: a {{index}} default where no array is
// known (a struct decoded on its own by its generated UnmarshalJSON:
// json.Unmarshal into a []Step, or a struct of another package that holds
// one) is refused naming the field, where it was expanded with -1
// ("step--1"), a value no call sent and no array has; in an array it is
// the element's position.
func TestIndexDefaultOutsideArray(t *testing.T) {
	var d Decoder
	d.Start([]byte(`{}`), true)
	s := Expand("step-{{index}}", d.Index())
	d.DefaultedString("id", s)
	want := `id: is required here: its default, "step-{{index}}", needs the position of an item in an array, and this object is decoded outside one`
	if err := d.Err(); err == nil || err.Error() != want || s == "step--1" {
		t.Errorf("outside an array: %q, %v; want the error %s", s, err, want)
	}
	d = Decoder{}
	d.Start([]byte(`[{}]`), true)
	d.EnterIndex(3)
	s = Expand("step-{{index}}", d.Index())
	d.DefaultedString("id", s)
	if err := d.Err(); err != nil || s != "step-3" || len(d.Fixes()) != 1 || d.Fixes()[0].Param != "[3].id" {
		t.Errorf("in an array: %q, %v, %+v; want step-3 at [3].id", s, err, d.Fixes())
	}
}
