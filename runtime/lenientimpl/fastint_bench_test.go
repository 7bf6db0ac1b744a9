package lenientimpl

import "testing"

// BenchmarkFastInt reads integers with Fast.readInt and Fast.readUint: short
// literals (the commonest case), a negative one, a long one and a string
// form (intAt).
func BenchmarkFastInt(b *testing.B) {
	data := []byte(`[42,-678,12345678901234567,"99",0,                                  ]`)
	at := []int{1, 4, 9, 28, 33}
	b.Run("Int", func(b *testing.B) {
		f := Fast{data: data}
		for b.Loop() {
			for _, i := range at {
				f.i = i
				f.readInt(64, 0)
			}
		}
	})
	b.Run("Uint", func(b *testing.B) {
		f := Fast{data: data}
		for b.Loop() {
			for _, i := range at {
				f.i = i
				f.readUint(64, 0)
			}
		}
	})
	b.Run("ReadInts", func(b *testing.B) {
		list := []byte(`{"a":[1,2,3,45,678,9012,-3,4,5,6]}                   `)
		var f Fast
		var s []int
		for b.Loop() {
			f.begin(list)
			f.Object(0)
			f.Key(0)
			ReadInts(&f, &s, 64, 0)
		}
	})
}
