package jsonwire

import (
	"strconv"
	"testing"
)

// checkKeySet adds keys one by one to a keySet and to a map and compares
// their answers.
func checkKeySet(t *testing.T, keys [][]byte) {
	t.Helper()
	var s keySet
	m := map[string]bool{}
	for i, k := range keys {
		want := m[string(k)]
		m[string(k)] = true
		if got := s.Add(k); got != want {
			t.Fatalf("key %d %q: Add = %v, a map says %v", i, k, got, want)
		}
	}
	if s.Len() != len(m) {
		t.Fatalf("Len = %d, want %d", s.Len(), len(m))
	}
}

func TestKeySet(t *testing.T) {
	var keys [][]byte
	for i := range 1000 {
		keys = append(keys, []byte("key_"+strconv.Itoa(i)))
	}
	checkKeySet(t, keys)                                                      // grows several times
	checkKeySet(t, append(keys[:300:300], keys[17], keys[299], keys[0]))      // duplicates after growing
	checkKeySet(t, [][]byte{{}, []byte("a"), {}, []byte("\x00"), []byte("")}) // empty keys
}

// FuzzKeySet: a keySet answers as a map does on arbitrary key lists (the
// input is split into keys at each 0xff byte).
func FuzzKeySet(f *testing.F) {
	f.Add([]byte("a\xffb\xffa"))
	f.Add([]byte("\xff\xff\xff"))
	f.Add([]byte("path\xffpattern\xfflimit\xffoffset\xffpath"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var keys [][]byte
		start := 0
		for i, c := range b {
			if c == 0xff {
				keys = append(keys, b[start:i])
				start = i + 1
			}
		}
		keys = append(keys, b[start:])
		checkKeySet(t, keys)
	})
}

// BenchmarkDuplicateCheck: the duplicate check of a 22-key object past
// the first 16 keys, with a map (as the validator does now) and a keySet.
func BenchmarkDuplicateCheck(b *testing.B) {
	var keys [][]byte
	for _, k := range []string{"owner", "repo", "pull_number", "commit_id", "event", "body", "comments", "reviewers",
		"team_reviewers", "labels", "assignees", "draft", "dismiss_stale", "auto_merge", "notify", "merge_method",
		"required_approvals", "timeout_seconds", "milestone", "confidence", "base_ref", "head_ref"} {
		keys = append(keys, []byte(k))
	}
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			many := make(map[string]struct{}, 2*smallKeys)
			for _, k := range keys {
				if _, dup := many[string(k)]; dup {
					b.Fatal("dup")
				}
				many[string(k)] = struct{}{}
			}
		}
	})
	b.Run("keySet", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var s keySet
			for _, k := range keys {
				if s.Add(k) {
					b.Fatal("dup")
				}
			}
		}
	})
}
