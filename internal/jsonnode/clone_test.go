package jsonnode

import "testing"

// TestClone: a clone shares nothing with its original, and its Nodes,
// though allocated together, grow apart: appending to one's keys or
// values leaves its neighbours' as they were.
func TestClone(t *testing.T) {
	orig, err := Parse([]byte(`{"a":{"x":1,"y":[1,2]},"b":{"z":true},"c":[{"k":"v"},null]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := string(orig.Marshal())
	c := orig.Clone()
	if got := string(c.Marshal()); got != want {
		t.Fatalf("clone %s, want %s", got, want)
	}
	c.Get("a").Set("w", String("new"))
	c.Get("a").Get("y").Append(Scalar("3"))
	c.Get("c").Items()[0].Set("k2", String("v2"))
	c.Set("d", String("d"))
	if got := string(orig.Marshal()); got != want {
		t.Errorf("the original changed with its clone: %s", got)
	}
	if got, want := string(c.Marshal()), `{"a":{"x":1,"y":[1,2,3],"w":"new"},"b":{"z":true},"c":[{"k":"v","k2":"v2"},null],"d":"d"}`; got != want {
		t.Errorf("clone after changes %s, want %s", got, want)
	}
	if orig.Clone() == orig || (*Node)(nil).Clone() != nil {
		t.Error("Clone returned its receiver, or a Node for nil")
	}
}

// TestShallow: a shallow copy has keys of its own and shares its values.
func TestShallow(t *testing.T) {
	orig, err := Parse([]byte(`{"a":{"x":1},"b":2}`))
	if err != nil {
		t.Fatal(err)
	}
	s := orig.Shallow()
	s.Delete("b")
	s.Set("c", String("c"))
	if got := string(orig.Marshal()); got != `{"a":{"x":1},"b":2}` {
		t.Errorf("setting the copy's keys changed the original: %s", got)
	}
	s.Get("a").Set("y", String("y"))
	if got := string(orig.Marshal()); got != `{"a":{"x":1,"y":"y"},"b":2}` {
		t.Errorf("a value changed in place is not the original's too: %s", got)
	}
}
