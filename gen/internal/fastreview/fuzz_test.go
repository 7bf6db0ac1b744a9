package fastreview

import (
	"math/rand"
	"testing"
)

// FuzzFastAgrees decodes fuzzed documents into each type with the fast
// path on and off (TestCases' documents and generated ones as seeds).
func FuzzFastAgrees(f *testing.F) {
	for i, k := range kinds {
		for _, doc := range cases[k.name] {
			f.Add(uint8(i), []byte(doc))
		}
		g := &docGen{rng: rand.New(rand.NewSource(int64(i))), mess: 40}
		for n := 0; n < 6; n++ {
			f.Add(uint8(i), g.doc(k.typ))
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, doc []byte) {
		k := kinds[int(i)%len(kinds)]
		if d := differ(k, doc); d != "" {
			t.Fatal(d)
		}
	})
}

// FuzzGeneratedAgrees is FuzzFastAgrees over documents docGen makes from
// a fuzzed seed, clean (mess large) to broken (mess small).
func FuzzGeneratedAgrees(f *testing.F) {
	for i := range kinds {
		f.Add(uint8(i), int64(i), uint8(40))
		f.Add(uint8(i), int64(i), uint8(4))
	}
	f.Fuzz(func(t *testing.T, i uint8, seed int64, mess uint8) {
		k := kinds[int(i)%len(kinds)]
		g := &docGen{rng: rand.New(rand.NewSource(seed)), mess: 2 + int(mess)%200, ok: cleanMember(k)}
		doc := g.doc(k.typ)
		if d := differ(k, doc); d != "" {
			t.Fatal(d)
		}
	})
}
