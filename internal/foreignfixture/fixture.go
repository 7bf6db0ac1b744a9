// Package foreignfixture declares types of a package other than the
// tools' that hold them, for the tests that hold normgen's two describers
// of what encoding/json takes in a struct of another package to one
// answer: the generator's, from go/types (gen's stdType), and package
// schema's, by reflection (schemabuild.For, the typed adapters, the
// fallback decoder).
package foreignfixture

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// List holds itself through a slice alone.
type List []List

// Dict holds itself through a map alone.
type Dict map[string]Dict

// A holds itself through B.
type A []B

// B holds itself through A.
type B map[string]A

// IntPtr is a named pointer type.
type IntPtr *int

// UpperPtr is a named pointer to a type read by its own UnmarshalText,
// which Go 1.26 reads by the element's kind and Go 1.27 by the method.
type UpperPtr *Upper

// TimePtr is a named pointer to a time.Time, which Go 1.26 reads as a
// struct and Go 1.27 as RFC 3339 text.
type TimePtr *time.Time

// EmbTimePtr is a named pointer to an unnamed struct that embeds a
// time.Time, whose UnmarshalJSON it promotes.
type EmbTimePtr *struct{ time.Time }

// EmbNum embeds a json.Number: Go 1.26 reads it as an object (its
// member "Number"), Go 1.27 as the number, by the UnmarshalJSONFrom
// that json.Number declares there and EmbNum promotes.
type EmbNum struct {
	json.Number
	X int `json:"x"`
}

// OwnTextNum embeds a json.Number and reads its text by a method of its
// own: Go 1.26 reads it by that method, Go 1.27 by the
// UnmarshalJSONFrom it promotes, which encoding/json/v2 looks for first.
type OwnTextNum struct{ json.Number }

// UnmarshalText takes any text.
func (*OwnTextNum) UnmarshalText([]byte) error { return nil }

// EmbNumDeep promotes the json.Number's methods from two levels down.
type EmbNumDeep struct{ EmbNum }

// Tree is a recursive struct.
type Tree struct {
	Name string `json:"name"`
	Kids []Tree `json:"kids"`
}

// Numbers holds each kind of number.
type Numbers struct {
	I8  int8
	U16 uint16
	I   int
	U   uint
	F32 float32
	F64 float64
	UP  uintptr
}

// Bytes holds bytes, as a slice and as an array.
type Bytes struct {
	S []byte
	A [2]byte
}

// Upper reads its text in upper case.
type Upper string

// UnmarshalText reads text.
func (u *Upper) UnmarshalText(b []byte) error {
	*u = Upper(strings.ToUpper(string(b)))
	return nil
}

// Label is a string type without methods.
type Label string

// hidden is a struct of an unexported type.
type hidden struct {
	H int `json:"h"`
}

// Embeds embeds a struct, a pointer to one, a non-struct type (one with
// an UnmarshalText would lend Embeds its method), and a
// pointer to a struct of an unexported type, which encoding/json cannot
// set (it fails on a call that gives h).
type Embeds struct {
	Tree
	*Numbers
	Label
	*hidden
	X int `json:"x"`
}

// Tagged has json tags of every kind.
type Tagged struct {
	A int    `json:"a,omitempty"`
	B string `json:"-"`
	C bool   `json:"-,"`
	D string `jsonschema:"description=d"`
	e int
}

// Level reads itself from JSON of its own.
type Level int

// UnmarshalJSON takes "low" or a number.
func (l *Level) UnmarshalJSON(b []byte) error {
	if string(b) == `"low"` {
		*l = 1
		return nil
	}
	return json.Unmarshal(b, (*int)(l))
}

// Quoted has fields tagged with the json option string, of every kind.
type Quoted struct {
	I   int64         `json:"i,string"`
	U8  uint8         `json:"u8,string"`
	F   float64       `json:"f,string"`
	B   bool          `json:"b,string"`
	S   string        `json:"s,string"`
	P   *int          `json:"p,string"`
	IP  IntPtr        `json:"ip,string"`
	Up  Upper         `json:"up,string"`
	Lv  Level         `json:"lv,string"`
	T   Tree          `json:"t,string"`
	UP  uintptr       `json:"uptr,string"`
	Sl  []int         `json:"sl,string"`
	Dur time.Duration `json:"dur,string"`
	N   json.Number   `json:"n,string"`
}

// Holder holds each of the above.
type Holder struct {
	List     List                  `json:"list"`
	Dict     Dict                  `json:"dict"`
	A        A                     `json:"a"`
	IntPtr   IntPtr                `json:"int_ptr"`
	Tree     *Tree                 `json:"tree"`
	Numbers  Numbers               `json:"numbers"`
	Bytes    Bytes                 `json:"bytes"`
	Embeds   Embeds                `json:"embeds"`
	Tagged   Tagged                `json:"tagged"`
	Upper    Upper                 `json:"upper"`
	Time     time.Time             `json:"time"`
	Dur      time.Duration         `json:"dur"`
	Raw      json.RawMessage       `json:"raw"`
	Num      json.Number           `json:"num"`
	Any      any                   `json:"any"`
	Map      map[string][]int      `json:"map"`
	Quoted   Quoted                `json:"quoted"`
	UpperP   UpperPtr              `json:"upper_ptr"`
	TimeP    TimePtr               `json:"time_ptr"`
	EmbTime  struct{ time.Time }   `json:"emb_time"`
	EmbTimeP EmbTimePtr            `json:"emb_time_ptr"`
	EmbNum   EmbNum                `json:"emb_num"`
	EmbNumD  *EmbNumDeep           `json:"emb_num_deep"`
	EmbNumU  struct{ json.Number } `json:"emb_num_unnamed"`
	OwnTNum  OwnTextNum            `json:"own_text_num"`
	Stringer fmt.Stringer          `json:"stringer"`
	Fixed    [1]int                `json:"fixed"`
	// (keys of a kind encoding/json reads: integers; of kinds Go 1.26
	// reads no key into, refusing every object, {} too, where Go 1.27
	// reads each key as a value of its kind)
	IntKeys   map[int8]string `json:"int_keys"`
	FloatKeys map[float64]int `json:"float_keys"`
	BoolKeys  map[bool]int    `json:"bool_keys"`
}
