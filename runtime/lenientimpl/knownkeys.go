package lenientimpl

// knownKeys lists every key of keys (a generated type's keys of each
// field, canonical name first), in order: the list Decoder.Unknown takes.
func knownKeys(keys [][]string) []string {
	n := 0
	for _, k := range keys {
		n += len(k)
	}
	all := make([]string, 0, n)
	for _, k := range keys {
		all = append(all, k...)
	}
	return all
}
