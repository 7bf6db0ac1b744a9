package lenientimpl

import (
	"fmt"
	"slices"
	"testing"

	"github.com/normgen/normgen/lenient"
)

// TestFieldsKnown: Decoder.Field, which makes the list of known keys only
// for an unknown key, reads unknown keys as Take and Unknown with
// knownKeys(Keys) on each member do: the same errors and fixes; and
// Fast.UnknownIn gives up where Unknown with the list of known keys
// would be refused (a key in another letter case) on a key no field has,
// and on every key a field has (generated code calls it with no field's
// name; with an alias only where AliasIn refused it).
func TestFieldsKnown(t *testing.T) {
	keys := [][]string{{"query", "q"}, {"max_results", "maxResults", "max-results", "MaxResults"}, {"path"}}
	known := knownKeys(keys)
	docs := []string{
		`{"query":"a","other":1}`,
		`{"Query":"a"}`,
		`{"MAX_RESULTS":2,"path":"p"}`,
		`{"q":"a","maxresults":3}`,
		`{"nmae":"x","path":"p","query":1}`,
		`{"\u212aey":1}`,
		`{}`,
	}
	for _, mode := range []Mode{0, RejectUnknown} {
		without := Fields{Keys: keys, Forms: make([]AbsentForms, len(keys)), Unknown: mode}
		without.Forms[0] = Required
		for _, doc := range docs {
			// field is Decoder.Field, or, with take, Take on each
			// field's keys and Unknown with the list of every key.
			read := func(take bool) string {
				var d Decoder
				if !d.Start([]byte(doc), true) {
					return "not started"
				}
				var it ObjectIter
				if !d.Object([]byte(doc), "", Strict, &it) {
					return fmt.Sprint(d.Err())
				}
				seen := make([]bool, len(keys))
				var got []int
				for d.Next(&it) {
					if !take {
						got = append(got, d.Field(&it, seen, &without))
						continue
					}
					i := slices.IndexFunc(keys, func(ks []string) bool { return slices.Contains(ks, string(it.Key)) })
					switch {
					case i < 0:
						d.unknown(it.Key, mode, known, keys, nil)
					case !d.take(&seen[i], &it, keys[i], without.Forms[i]):
						i = -1
					}
					got = append(got, i)
				}
				d.MissingIn(seen, &without)
				return fmt.Sprint(got, d.Err(), d.Fixes())
			}
			if a, b := read(true), read(false); a != b {
				t.Errorf("mode %d, %s: Take and Unknown %s, Decoder.Field %s", mode, doc, a, b)
			}
			var f, g Fast
			if !f.begin([]byte(doc)) || !f.Object(Strict) || !g.begin([]byte(doc)) || !g.Object(Strict) {
				t.Fatal("begin")
			}
			for i := 0; ; i++ {
				k, ok := f.Key(i)
				gk, _ := g.Key(i)
				if !ok {
					break
				}
				fk, _ := foldedKey(k, known, nil)
				a, b := fk == "" && f.Unknown(k), g.UnknownIn(gk, &without)
				if slices.Contains(known, string(k)) {
					a = false
				}
				if a != b {
					t.Errorf("%s, key %s: UnknownIn %v, want %v", doc, k, b, a)
				}
				break // one member: the fast path gives up or skips it
			}
		}
	}
}

// TestAliasIn: Fast.AliasIn gives the field's name for an alias (recording
// the fix where fixes are reported, as Alias does), nil for a field's own
// name, a key no field has, a key in another letter case, and an alias
// the fast path may not take (fixes recorded, not reported: the Decoder
// records them), on which UnknownIn then gives up.
func TestAliasIn(t *testing.T) {
	fields := Fields{Keys: [][]string{{"query", "q"}, {"max_results", "maxResults", "MaxResults"}}}
	for _, tc := range []struct {
		key, want string
		fixes     int
	}{
		{"q", "query", 1},
		{"maxResults", "max_results", 1},
		{"MaxResults", "max_results", 1},
		{"query", "", 0},
		{"Q", "", 0},
		{"other", "", 0},
	} {
		var f Fast
		doc := []byte(`{"` + tc.key + `":1}`)
		if !f.Start(doc, true) || !f.Object(Strict) {
			t.Fatal("start")
		}
		k, _ := f.Key(0)
		if got := string(f.AliasIn(k, &fields)); got != tc.want || len(f.Fixes()) != tc.fixes {
			t.Errorf("AliasIn(%q) = %q with %d fixes; want %q with %d", tc.key, got, len(f.Fixes()), tc.want, tc.fixes)
		}
		if tc.fixes == 1 && (f.Fixes()[0].Kind != lenient.FixAlias || f.Fixes()[0].Param != tc.want) {
			t.Errorf("AliasIn(%q) recorded %+v; want an alias fix to %s", tc.key, f.Fixes()[0], tc.want)
		}
		var g Fast
		if !g.begin(doc) || !g.Object(Strict) {
			t.Fatal("begin")
		}
		g.record = true
		k, _ = g.Key(0)
		if name := g.AliasIn(k, &fields); name != nil {
			t.Errorf("AliasIn(%q) with fixes recorded, not reported = %q; want nil (the Decoder records the fix)", tc.key, name)
		}
		if tc.want != "" && g.UnknownIn(k, &fields) {
			t.Errorf("UnknownIn(%q), an alias AliasIn refused: true; want the fast path to give up", tc.key)
		}
	}
}

// TestUnknownInNearKey: an unknown key of a closed object asks for the
// accepted key it is a near spelling of, but not where the object gives
// that key's field, by that key or by an alias of it: asking would have
// the field sent twice.
func TestUnknownInNearKey(t *testing.T) {
	fields := Fields{Keys: [][]string{{"name", "title"}, {"size"}}, Forms: []AbsentForms{0, 0}, Unknown: RejectUnknown}
	for _, tc := range []struct{ doc, want string }{
		{`{"nmae":"b"}`, `nmae: is not a known key; did you mean name? (accepted: name, title, size)`},
		{`{"title":"a","nmae":"b"}`, `nmae: is not a known key (accepted: name, title, size)`},
		{`{"nmae":"b","name":"a"}`, `nmae: is not a known key (accepted: name, title, size)`},
	} {
		var d Decoder
		var it ObjectIter
		if !d.Begin([]byte(tc.doc)) || !d.Object([]byte(tc.doc), "", Strict, &it) {
			t.Fatal(d.Err())
		}
		for d.Next(&it) {
			if slices.ContainsFunc(fields.Keys, func(ks []string) bool { return slices.Contains(ks, string(it.Key)) }) {
				continue
			}
			d.UnknownIn(&it, &fields)
		}
		if got := fmt.Sprint(d.Err()); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.doc, got, tc.want)
		}
	}
}

// TestLeftOutPerObject: the table of an object's keys that the misnamed
// check reads once per object (keysOf) says a field is left out exactly
// where reading the object member by member (each of the field's keys,
// each time it is given, by leftOut) says so: keys given twice, values
// that read as left out under some forms and not others, spaces.
func TestLeftOutPerObject(t *testing.T) {
	values := []string{`null`, `""`, `"null"`, ` null `, `"x"`, `0`, `[]`, `{}`, `"\u006eull"`, `"NULL"`}
	keys := []string{"a", "b", "c"}
	f := Fields{Keys: [][]string{{"a", "b"}, {"c"}}, Forms: make([]AbsentForms, 2), Left: make([]AbsentForms, 2)}
	// reference: the field's keys read member by member
	byMember := func(data []byte, i int) bool {
		forms := f.Forms[i] | f.Left[i]
		var o ObjectIter
		o.Reset(data)
		for o.Next() {
			if slices.Contains(f.Keys[i], string(o.Key)) {
				if left, _ := leftOut(trimSpace(o.Value), forms); !left {
					return false
				}
			}
		}
		return true
	}
	docs := 0
	for n := range 3 {
		var build func(prefix string, depth int)
		build = func(prefix string, depth int) {
			if depth == n {
				doc := []byte("{" + prefix + "}")
				for forms := range AbsentForms(4) {
					for left := range AbsentForms(4) {
						f.Forms[0], f.Left[0], f.Forms[1] = forms, left, left
						var d Decoder
						for i := range f.Keys {
							if got, want := d.leftOut(doc, &f, i), byMember(doc, i); got != want {
								t.Fatalf("%s, field %d, forms %d|%d: leftOut %v, want %v", doc, i, forms, left, got, want)
							}
						}
					}
				}
				docs++
				return
			}
			for _, k := range keys {
				for _, v := range values {
					sep := ""
					if prefix != "" {
						sep = ","
					}
					build(prefix+sep+`"`+k+`":`+v, depth+1)
				}
			}
		}
		build("", 0)
	}
	if docs < 900 {
		t.Fatalf("only %d objects", docs)
	}
}
