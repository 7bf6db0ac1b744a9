package fallback

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// Shapes of embedding, each decoded by the fallback and by encoding/json.
type RvA struct {
	X int    `json:"x,omitempty"`
	Y string `json:"y,omitempty"`
}

type RvB struct {
	X string `json:"x,omitempty"`
	Z int    `json:"z,omitempty"`
}

type RvC struct {
	RvA
	W int `json:"w,omitempty"`
}

type rvLower struct {
	P int `json:"p,omitempty"`
	//lint:ignore U1000 an unexported field, which every decoder leaves alone
	q int
}

type RvUntagged struct {
	Name string `json:",omitempty"`
	Age  int    `json:",omitempty"`
}

type RvTags []string

type RvDash struct {
	Hidden int `json:"-"`
	Shown  int `json:"shown,omitempty"`
}

type RvOptsOnly struct {
	K int `json:"k,omitempty"`
}

// tie at one depth, both tagged (as go vet warns): encoding/json drops
// x. Built by reflection, since vet flags the declaration.
var rvTieTaggedType = reflect.StructOf([]reflect.StructField{
	{Name: "RvA", Type: reflect.TypeOf(RvA{}), Anonymous: true},
	{Name: "RvB", Type: reflect.TypeOf(RvB{}), Anonymous: true},
})

// tie at one depth, neither tagged: encoding/json drops Name.
type RvName1 struct {
	Name string `json:",omitempty"`
}
type RvName2 struct {
	Name string `json:",omitempty"`
}
type rvTieUntagged struct {
	RvName1
	RvName2
}

// tie at one depth, one tagged: encoding/json takes the tagged one.
type RvName3 struct {
	Name string `json:"Name,omitempty"`
}
type rvTieOneTagged struct {
	RvName1
	RvName3
}

// deeper shadow: RvC.RvA.X at depth 2, RvB.X at depth 1: RvB's wins.
type rvDeep struct {
	RvC
	RvB
}

// outer field shadows both.
type rvOuter struct {
	RvC
	X bool `json:"x,omitempty"`
}

type rvUnexportedEmbed struct {
	rvLower
	V int `json:"v,omitempty"`
}

type rvNonStructEmbed struct {
	RvTags `json:",omitempty"`
	N      int `json:"n,omitempty"`
}

type rvDashEmbed struct {
	RvDash
	RvA `json:"-"`
}

type rvOptsOnlyEmbed struct {
	RvOptsOnly `json:",omitempty"`
}

type rvUntaggedFields struct {
	RvUntagged
}

type rvInContainers struct {
	Items []RvC            `json:"items,omitempty"`
	ByKey map[string]RvC   `json:"by_key,omitempty"`
	One   *RvC             `json:"one,omitempty"`
	PMap  map[string]*RvC  `json:"pmap,omitempty"`
	Deep  []map[string]RvC `json:"deep,omitempty"`
}

type rvTaggedEmbedSameName struct {
	RvA `json:"RvA,omitempty"`
	Y   int `json:"y,omitempty"`
}

// an embedded struct's Go name as a promoted field's name
type RvInner struct {
	RvA int `json:"RvA,omitempty"`
}
type rvGoNameClash struct {
	RvA
	RvInner
}

type rvPtrEmbed struct {
	*RvA
	W int `json:"w,omitempty"`
}

// two embedded pointers deep, beside a value
type rvPtrEmbedDeep struct {
	*rvPtrEmbedInner
	N int `json:"n,omitempty"`
}

// RvPtrInner embeds a pointer itself.
type RvPtrInner struct {
	*RvB
	V int `json:"v,omitempty"`
}

type rvPtrEmbedTwice struct {
	*RvPtrInner
	N int `json:"n,omitempty"`
}

type rvPtrEmbedInner struct {
	RvA
}

type rvPtrEmbedTagged struct {
	*RvA `json:"a,omitempty"`
	W    int `json:"w,omitempty"`
}

// TestEmbeddingShapes: on clean documents the fallback fills what
// encoding/json fills, for structs embedded in many ways: flattened at
// several depths with shadowing, of an unexported type, of a non-struct
// type, hidden by json "-", tagged with options only, with an embedded
// struct's Go name used as a wire name, under a json name, inside slices,
// maps and pointers.
func TestEmbeddingShapes(t *testing.T) {
	cases := []struct {
		typ  any
		docs []string
	}{
		{&RvC{}, []string{`{"x":1,"y":"a","w":2}`, `{}`, `{"RvA":{"x":1}}`}},
		{&rvDeep{}, []string{`{"x":"s","y":"a","w":1,"z":2}`, `{"x":1}`}},
		{&rvOuter{}, []string{`{"x":true,"y":"a"}`, `{"x":1}`}},
		{&rvUnexportedEmbed{}, []string{`{"p":1,"v":2}`, `{"q":1}`}},
		{&rvNonStructEmbed{}, []string{`{"RvTags":["a"],"n":1}`, `{}`}},
		{&rvDashEmbed{}, []string{`{"shown":1}`, `{"Hidden":1}`, `{"x":1}`, `{"RvA":{"x":1}}`}},
		{&rvOptsOnlyEmbed{}, []string{`{"k":1}`, `{"RvOptsOnly":{"k":1}}`}},
		{&rvUntaggedFields{}, []string{`{"Name":"a","Age":3}`}},
		{&rvInContainers{}, []string{`{"items":[{"x":1,"w":2}],"by_key":{"k":{"y":"a"}},"one":{"x":3},"pmap":{"k":{"x":6},"n":null},"deep":[{"k":{"x":7}}]}`}},
		{&rvTaggedEmbedSameName{}, []string{`{"RvA":{"x":1,"y":"a"},"y":2}`}},
		{&rvGoNameClash{}, []string{`{"x":1,"RvA":2}`}},
		{&rvPtrEmbedTagged{}, []string{`{"a":{"x":1},"w":2}`, `{"a":null}`}},
		{&rvPtrEmbed{}, []string{`{"x":1,"y":"a","w":2}`, `{"w":2}`, `{}`, `{"x":1}`}},
		{&rvPtrEmbedTwice{}, []string{`{"x":"s","z":1,"v":2,"n":3}`, `{"v":2}`, `{"n":3}`, `{}`}},
	}
	for _, c := range cases {
		typ := reflect.TypeOf(c.typ).Elem()
		for _, doc := range c.docs {
			want := reflect.New(typ)
			wantErr := json.Unmarshal([]byte(doc), want.Interface())
			got := reflect.New(typ)
			gotErr := Decode([]byte(doc), got.Interface())
			gs, ws := show(got.Elem()), show(want.Elem())
			if (gotErr == nil) != (wantErr == nil) || !reflect.DeepEqual(got.Interface(), want.Interface()) {
				t.Errorf("%s %s:\n fallback %s err=%v\n json     %s err=%v", typ, doc, gs, gotErr, ws, wantErr)
			}
		}
	}
}

// show is v and its JSON (which follows pointers).
func show(v reflect.Value) string {
	b, _ := json.Marshal(v.Interface())
	return fmt.Sprintf("%#v %s", v.Interface(), b)
}

// TestEmbeddingRefused: where encoding/json drops a wire name two
// embedded fields share at one depth (or takes the tagged one), and where
// it cannot set an embedded pointer to a struct of an unexported type,
// the generator refuses the type ("wire name ... is also used by field
// ...", "embedded pointer to a struct of an unexported type"). The
// fallback refuses it too, instead of filling the first field of the name
// (rvTieTagged decoded {"x":1} into RvA.X, which encoding/json leaves
// zero; rvTieOneTagged filled RvName1.Name, not the tagged RvName3.Name).
func TestEmbeddingRefused(t *testing.T) {
	for _, c := range []struct {
		typ  any
		want string
	}{
		{reflect.New(rvTieTaggedType).Interface(), `wire name "x"`},
		{&rvTieUntagged{}, `wire name "Name"`},
		{&rvTieOneTagged{}, `wire name "Name"`},
		{&rvPtrEmbedDeep{}, "embedded pointer to a struct of an unexported type"},
	} {
		err := Decode([]byte(`{}`), c.typ)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%T: %v, want an error saying %s", c.typ, err, c.want)
		}
	}
}
